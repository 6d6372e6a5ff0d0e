"""urllib against the local server.

`uncaught NNN`: requests /status/NNN and lets the HTTPError escape, so CPython prints its own traceback on
stderr and exits 1. `texts`: prints JSON with, per status, the forms a tool would return (`str(e)`, `repr(e)`,
`Name: message`) and the body of a successful request.
"""
import json
import sys
import urllib.error
import urllib.request

from local_server import start

STATUSES = (503, 404, 401, 429, 400)


def texts(base):
    out = {}
    for status in STATUSES:
        try:
            urllib.request.urlopen(f"{base}/status/{status}", timeout=5)
        except urllib.error.HTTPError as e:
            out[str(status)] = {"str": str(e), "repr": repr(e), "named": f"{type(e).__name__}: {e}"}
    with urllib.request.urlopen(f"{base}/items", timeout=5) as response:
        out["ok_body"] = response.read().decode()
    return out


def main():
    _server, base = start()
    if sys.argv[1] == "uncaught":
        urllib.request.urlopen(f"{base}/status/{sys.argv[2]}", timeout=5)
    else:
        print(json.dumps(texts(base)))


main()
