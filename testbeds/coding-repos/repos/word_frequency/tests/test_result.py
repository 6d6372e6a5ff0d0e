import json
import re
from collections import Counter

from reference import ROOT, input_bytes


def test_top_words_match_the_data():
    counts = Counter()
    for doc in json.loads(input_bytes())["documents"]:
        counts.update(re.findall(r"[a-z]+", doc.lower()))
    want = [[w, c] for w, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]]
    assert json.loads((ROOT / "top_words.json").read_text()) == want
