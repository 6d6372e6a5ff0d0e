"""Round 4 of the Python cases, HTTP clients: the `/api4/NAME` bodies of servers.py (written there in the style
of OpenAI, Google Cloud, Anthropic, nginx, FastAPI, GitHub, GitLab and Sentry) fetched with urllib, requests
and httpx in the forms tools return them, and the clients' own errors for a connect timeout, a reset, a body
cut short, a URL with an unknown scheme, an empty 204 body read as JSON, an unfollowed redirect and a
self-signed certificate. httpx is Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py. The
truth and its reason are stated next to each case, by the principles in ../../LABELLING.md."""
import json
import re
import socket
import urllib.request

import servers
from common import HTTPX_PRELUDE, SCRATCH, caught, run_httpx
from round2 import _self_signed
from round2_http import httpx_items, requests_bodies, urllib_bodies

R4 = f"{SCRATCH}/r4"

# truth and reason of each /api4 body, by LABELLING.md
API4_TRUTH = {
    "openai-tpm-429": ("transient", "429: the tokens-per-minute rate limit is reached; try again in 2.5 s"),
    "gcp-unavailable-503": ("transient", "503 UNAVAILABLE: the service is unavailable for now"),
    "anthropic-api-error-500": ("transient", "500 api_error: a server error the SDKs retry"),
    "nginx-504": ("transient", "504: the gateway timed out waiting for the upstream"),
    "fastapi-422-int": ("fixable", "names the query parameter page, its value 'first' and that an integer is needed"),
    "github-422-missing-field": ("fixable", "names the missing field title of the issue"),
    "github-bad-credentials": ("unrecoverable", "401 Bad credentials: the token is refused"),
    "gitlab-403": ("unrecoverable", "403: access is forbidden"),
    "openai-invalid-key": ("unrecoverable", "401 invalid_api_key: the API key is refused"),
    "sentry-issues-ok": ("none", "200: the issues list that was asked for; its titles name errors"),
}
BY_URLLIB = ["gcp-unavailable-503", "github-422-missing-field", "openai-invalid-key"]
BY_REQUESTS = ["openai-tpm-429", "nginx-504", "github-bad-credentials"]
BY_HTTPX = ["anthropic-api-error-500", "fastapi-422-int", "gitlab-403", "sentry-issues-ok"]
HTTPX_BARE = {
    502: ("transient", "502: bad gateway"),
    504: ("transient", "504: gateway timeout"),
}


def _addresses(text):
    """Object addresses in reprs (`at 0x7f...`) change on every run; they are fixed to one value."""
    return re.sub(r" at 0x[0-9a-f]+", " at 0x7f0000000000", text)


def _full_backlog():
    """A listener with a backlog of 0 whose one queued slot is taken: further connects get no SYN-ACK and time
    out. Returns the listener and the socket that holds the slot (both kept open while the cases run)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    holder = socket.create_connection(listener.getsockname(), timeout=2)
    return listener, holder


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, stalled = sys.argv[1], sys.argv[2]
api, bare = json.loads(sys.argv[3]), json.loads(sys.argv[4])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api4", api)
    for status in bare:
        r = client.get(f"{base}/bare/{status}")
        fail(f"http-{status}", r.raise_for_status, f"raise_for_status() of /bare/{status}")
    r = client.get(f"{base}/redirect4/sentry-issues-ok")
    fail("redirect-not-followed", r.raise_for_status, "raise_for_status() of a 301 with follow_redirects left False (the default)")
fail("connect-timeout", lambda: httpx.get(f"http://127.0.0.1:{stalled}/v1/items", timeout=httpx.Timeout(5, connect=0.5)), "get(timeout=Timeout(5, connect=0.5)) to a listener whose backlog is full", ("str", "named", "repr"))
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def http4(c):
    base = c.base
    stalled, holder = _full_backlog()
    c.port(stalled.getsockname()[1], 8030)

    source = "python-urllib"
    urllib_bodies(c, base, "api4", API4_TRUTH, BY_URLLIB)
    # transient by rule 4: a connection reset by the peer
    c.add_forms(source, "connection-reset", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.reset}/v1/export", timeout=5)), "transient", "connection reset by the peer", "urllib.request.urlopen to a listener that resets")

    import requests

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api4", API4_TRUTH, BY_REQUESTS)
    e = caught(lambda: requests.get(f"http://127.0.0.1:{stalled.getsockname()[1]}/v1/items", timeout=(0.5, 5)))
    for form, text in (("str", str(e)), ("named", f"{type(e).__name__}: {e}")):
        # transient by rule 3/4: a network connect timeout, not a timeout of the work
        c.add(source, "connect-timeout", form, _addresses(text), "transient", "the network connect timed out", f"{how} get(timeout=(0.5, 5)) to a listener whose backlog is full (object address fixed)")
    c.add_forms(source, "short-body", caught(lambda: requests.get(f"{base}/short-body", timeout=5)), "transient", "the connection dropped in the middle of the body", f"{how} get() of a body cut short by the server (Content-Length 120, 18 bytes sent)", which=("str", "named"))
    c.add_forms(source, "invalid-schema", caught(lambda: requests.get("htps://api.example.com/v1/items", timeout=5)), "fixable", "quotes the URL whose scheme htps has no adapter; the scheme is the value to change", f"{how} get() of a URL with a misspelled scheme (no connection made)", which=("str", "named"))
    empty = requests.get(f"{base}/api4/no-content-204", timeout=5)
    c.add_forms(source, "json-empty-body", caught(empty.json), "ambiguous", "a JSON parse error of an empty body the call received; why it is empty is not said", f"{how} response.json() of a 204 No Content", which=("str", "named"))
    cert, key = _self_signed(f"{R4}/tls", "reports.internal.example", "DNS:reports.internal.example,IP:127.0.0.1")
    tls, tls_port = servers.tls_server(cert, key)
    c.port(tls_port, 8031)
    e = caught(lambda: requests.get(f"https://127.0.0.1:{tls_port}/ok", timeout=5))
    for form, text in (("str", str(e)), ("named", f"{type(e).__name__}: {e}")):
        c.add(source, "ssl-self-signed", form, text, "ambiguous", "the server's certificate is not trusted; trusting it, another endpoint or stopping depends on context", f"{how} get() of a local TLS server with a self-signed certificate (openssl req -x509)")
    tls.socket.close()

    httpx = run_httpx(HTTPX_CODE, base, str(stalled.getsockname()[1]), json.dumps(BY_HTTPX), json.dumps(list(HTTPX_BARE)))
    if httpx is not None:
        result, how = httpx
        truth = {
            "connect-timeout": ("transient", "the network connect timed out"),
            # fixable by rule 5: the URL is the value to change and the text gives the location to use
            "redirect-not-followed": ("fixable", "the URL was moved; the text gives the redirect location to call instead"),
        }
        truth.update({f"http-{status}": v for status, v in HTTPX_BARE.items()})
        httpx_items(c, result["out"], API4_TRUTH, truth, how, text=_addresses)
    holder.close()
    stalled.close()
