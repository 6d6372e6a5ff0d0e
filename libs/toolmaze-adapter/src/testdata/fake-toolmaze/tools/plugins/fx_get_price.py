TOOL_NAME = "fx_get_price"


def execute(arguments, context):
    return {"sku": arguments.get("sku"), "price_usd": 10.0, "label": "prix unitaire \u2013 caf\u00e9"}
