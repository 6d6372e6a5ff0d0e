import os

TOOL_NAME = "fx_crash"


def execute(arguments, context):
    os._exit(3)
