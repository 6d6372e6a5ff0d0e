import time

TOOL_NAME = "fx_sleep"


def execute(arguments, context):
    time.sleep(float(arguments.get("seconds", 5)))
    return {"slept": True}
