TOOL_NAME = "fx_create_invoice"


def execute(arguments, context):
    return {
        "invoice_id": "INV-1",
        "amount_usd": arguments.get("amount_usd"),
        "steps_before": len(context.history),
        "perturbed_before": [r.tool_name for r in context.history if r.is_perturbed],
        "user_input": context.user_input,
        "probe": context.get("anything", "default"),
    }
