TOOL_NAME = "fx_raise"


def execute(arguments, context):
    raise ValueError("the stand-in tool failed on purpose")
