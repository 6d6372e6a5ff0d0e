import os
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def input_bytes():
    """The task's input: the service's copy when the checker's secret is set, else the fetched file."""
    secret = os.environ.get("CODING_CHECK_SECRET")
    if secret:
        url = (ROOT / "service_url.txt").read_text().strip()
        request = urllib.request.Request(url, headers={"X-Check-Secret": secret})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read()
    return (ROOT / "edges.txt").read_bytes()
