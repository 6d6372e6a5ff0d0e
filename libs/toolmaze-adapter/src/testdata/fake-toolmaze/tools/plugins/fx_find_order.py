TOOL_NAME = "fx_find_order"


def execute(arguments, context):
    order_id = arguments.get("order_id")
    print("fx_find_order: looking up %s" % order_id)
    if order_id == "O-1":
        return {"order_id": "O-1", "sku": "A1", "qty": 2}
    return {"error": "order %s not found" % order_id}
