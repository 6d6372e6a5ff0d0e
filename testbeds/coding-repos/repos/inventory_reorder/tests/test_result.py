import csv
import io

from reference import ROOT, input_bytes


def test_reorder_list_matches_the_data():
    want = []
    for row in csv.DictReader(io.StringIO(input_bytes().decode())):
        stock, use, lead = int(row["stock"]), int(row["daily_use"]), int(row["lead_days"])
        if stock < use * (lead + 2):
            want.append("%s %d" % (row["sku"], use * 30 - stock))
    got = (ROOT / "reorder.txt").read_text().split("\n")
    assert [line for line in got if line.strip()] == sorted(want)
