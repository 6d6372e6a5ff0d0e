import json

from reference import ROOT, input_bytes


def test_summary_matches_the_data():
    sensors = json.loads(input_bytes())["sensors"]
    summary = json.loads((ROOT / "summary.json").read_text())
    assert sorted(summary) == sorted(sensors)
    for name, values in sensors.items():
        got = summary[name]
        assert got["count"] == len(values)
        assert abs(got["mean"] - round(sum(values) / len(values), 3)) < 1e-9
        assert abs(got["min"] - round(min(values), 3)) < 1e-9
        assert abs(got["max"] - round(max(values), 3)) < 1e-9
