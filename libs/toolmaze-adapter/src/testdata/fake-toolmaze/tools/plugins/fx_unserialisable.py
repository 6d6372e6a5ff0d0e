TOOL_NAME = "fx_unserialisable"


def execute(arguments, context):
    return {"tags": {1, 2}}
