import csv
import json

from reference import ROOT, input_bytes


def letter(score):
    for bound, mark in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if score >= bound:
            return mark
    return "F"


def test_grades_match_the_data():
    data = json.loads(input_bytes())
    w = data["weights"]
    want = []
    for s in data["students"]:
        score = round(w["homework"] * sum(s["homework"]) / len(s["homework"]) + w["exam"] * s["exam"], 1)
        want.append({"name": s["name"], "score": "%.1f" % score, "letter": letter(score)})
    with open(ROOT / "grades.csv", newline="") as f:
        got = list(csv.DictReader(f))
    assert got == want
