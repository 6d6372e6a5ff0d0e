"""Error texts from requests and pydantic, printed as JSON.

`requests`: `raise_for_status()` against the local server for each status, a read timeout against a listener
that never answers, and a connection to a closed port. `pydantic`: a model validation failure.
Each form is `str(e)` or `Name: message`, the two ways tools usually return an exception.
Exits 3 with one line on stderr when the library named on the command line cannot be imported, so the test
can skip that group and say why.
"""
import json
import sys

from local_server import closed_port, silent_listener, start


def forms(e):
    return {"str": str(e), "named": f"{type(e).__name__}: {e}"}


def requests_texts(requests):
    _server, base = start()
    out = {}
    for status in (503, 404, 401, 429, 400):
        response = requests.get(f"{base}/status/{status}", timeout=5)
        try:
            response.raise_for_status()
        except requests.HTTPError as e:
            out[str(status)] = forms(e)
    ok = requests.get(f"{base}/items", timeout=5)
    out["ok_body"] = ok.text
    listener = silent_listener()
    try:
        requests.get(f"http://127.0.0.1:{listener.getsockname()[1]}/", timeout=0.2)
    except requests.Timeout as e:
        out["read_timeout"] = forms(e)
    listener.close()
    try:
        requests.get(f"http://127.0.0.1:{closed_port()}/", timeout=5)
    except requests.ConnectionError as e:
        out["connection_refused"] = forms(e)
    return out


def pydantic_texts(pydantic):
    class Query(pydantic.BaseModel):
        limit: int

    try:
        Query(limit="ten")
    except pydantic.ValidationError as e:
        return {"validation": forms(e)}
    return {}


def main():
    library = sys.argv[1]
    try:
        module = __import__(library)
    except ImportError as e:
        print(f"{library} is not importable: {e}", file=sys.stderr)
        sys.exit(3)
    texts = requests_texts(module) if library == "requests" else pydantic_texts(module)
    print(json.dumps(texts))


main()
