import json

from reference import ROOT, input_bytes


def expected():
    totals = {}
    for order in json.loads(input_bytes()):
        totals[order["region"]] = totals.get(order["region"], 0) + order["amount_cents"]
    top = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    return {"totals": totals, "top_region": top}


def test_result_matches_the_data():
    result = json.loads((ROOT / "result.json").read_text())
    want = expected()
    assert result["totals"] == want["totals"]
    assert result["top_region"] == want["top_region"]
