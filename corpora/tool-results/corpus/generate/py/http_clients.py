"""HTTP clients against the local servers of servers.py: urllib, requests, urllib3, http.client, asyncio and httpx
fetch the bodies of `/api/NNN` and `/api2/NAME` … `/api7/NAME` in the forms tools return them, and fail in their
own ways (statuses, refused, reset and dropped connections, timeouts, redirect loops, broken bodies, retries that
run out, malformed URLs and headers, untrusted certificates). httpx is Debian's python3-httpx, installed for
/usr/bin/python3 only, so its calls run in a /usr/bin/python3 subprocess that prints the forms as JSON. The truth
and its reason are stated next to each case or in api_bodies.py, by the principles in ../../LABELLING.md."""
import asyncio
import http.client
import json
import re
import socket
import urllib.request

import servers
from api_bodies import (API2_BY_HTTPX, API2_BY_REQUESTS, API2_BY_URLLIB, API2_HTTPX_BARE, API2_TRUTH, API3_BY_HTTPX,
                        API3_BY_REQUESTS, API3_BY_URLLIB, API3_TRUTH, API4_BY_HTTPX, API4_BY_REQUESTS, API4_BY_URLLIB,
                        API4_HTTPX_BARE, API4_TRUTH, API5_BY_HTTPX, API5_BY_REQUESTS, API5_BY_URLLIB, API5_TRUTH,
                        API6_BY_HTTPX, API6_BY_REQUESTS, API6_BY_URLLIB, API6_TRUTH, API7_BY_HTTPX, API7_BY_REQUESTS,
                        API7_BY_URLLIB, API7_TRUTH, API_STATUS, BARE_STATUS, api_body_forms, httpx_items, requests_bodies,
                        urllib_bodies)
from common import HTTPX_PRELUDE, caught, run_httpx, run_python, self_signed_cert
from scratch import R4


def http_urllib(c, base):
    source = "python-urllib"
    for status, (truth, reason) in BARE_STATUS.items():
        e = caught(lambda: urllib.request.urlopen(f"{base}/bare/{status}", timeout=5))
        c.add_forms(source, f"http-{status}", e, truth, reason, f"urllib.request.urlopen of /bare/{status} on a local http.server")
        c.add(source, f"http-{status}", "body", e.read().decode(), truth, reason, f"the body of urllib's HTTPError: CPython http.server send_error({status})")
        run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"{base}/bare/{status}")
        c.add(source, f"http-{status}", "traceback", run.stderr, truth, reason, f"python3 -c 'urllib.request.urlopen(...)' uncaught, stderr, exit {run.returncode}")
    for status, (truth, reason) in API_STATUS.items():
        e = caught(lambda: urllib.request.urlopen(f"{base}/api/{status}", timeout=5))
        c.add(source, f"api-{status}", "body", e.read().decode(), truth, reason, f"the body of urllib's HTTPError from /api/{status} (body written in servers.py)")
    ok = urllib.request.urlopen(f"{base}/ok", timeout=5).read().decode()
    c.add(source, "ok", "body", ok, "none", "a 200 body; its empty errors list is not a failure", "urllib.request.urlopen of /ok")


def http_requests(c, base):
    import requests

    source = "python-requests"
    how = f"requests {requests.__version__}"
    for status, (truth, reason) in BARE_STATUS.items():
        response = requests.get(f"{base}/bare/{status}", timeout=5)
        e = caught(response.raise_for_status)
        c.add_forms(source, f"http-{status}", e, truth, reason, f"{how} raise_for_status() of /bare/{status}", which=("str", "named"))
    for status, (truth, reason) in API_STATUS.items():
        response = requests.get(f"{base}/api/{status}", timeout=5)
        c.add(source, f"api-{status}", "body", response.text, truth, reason, f"{how} response.text of /api/{status} (body written in servers.py)")
        c.add(source, f"api-{status}", "status-body", f"{response.status_code} {response.reason}: {response.text}", truth, reason, f"{how} f'{{status_code}} {{reason}}: {{text}}' of /api/{status}")
    ok = requests.get(f"{base}/ok", timeout=5)
    c.add(source, "ok", "body", ok.text, "none", "a 200 body; its empty errors list is not a failure", f"{how} response.text of /ok")
    refused = caught(lambda: requests.get(f"http://127.0.0.1:{c.closed}/v1/items", timeout=5))
    c.add_forms(source, "connection-refused", refused, "transient", "connection refused", f"{how} get() to a closed port", which=("str", "named"))
    reset = caught(lambda: requests.get(f"http://127.0.0.1:{c.reset}/v1/items", timeout=5))
    c.add_forms(source, "connection-reset", reset, "transient", "connection reset by the peer", f"{how} get() to a listener that resets", which=("str", "named"))
    closed = caught(lambda: requests.get(f"http://127.0.0.1:{c.closing}/v1/items", timeout=5))
    c.add_forms(source, "remote-closed", closed, "transient", "the server dropped the connection without answering", f"{how} get() to a listener that closes", which=("str", "named"))
    timeout = caught(lambda: requests.get(f"http://127.0.0.1:{c.silent}/v1/items", timeout=0.3))
    c.add_forms(source, "read-timeout", timeout, "transient", "network read timeout", f"{how} get(timeout=0.3) to a listener that never answers", which=("str", "named"))
    schema = caught(lambda: requests.get("api.example.com/v1/items", timeout=5))
    c.add_forms(source, "missing-schema", schema, "fixable", "the URL argument lacks a scheme and the text says which", f"{how} get() of a URL without scheme (no connection made)", which=("str", "named"))
    invalid = caught(lambda: requests.get("http://", timeout=5))
    c.add_forms(source, "invalid-url", invalid, "fixable", "the URL argument has no host; the text says so", f"{how} get('http://') (no connection made)", which=("str", "named"))


def urllib_public_api_bodies(c, base):
    urllib_bodies(c, base, "api2", API2_TRUTH, API2_BY_URLLIB)


def requests_redirects_chunks_and_retries(c, base):
    import requests
    import urllib3
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api2", API2_TRUTH, API2_BY_REQUESTS)
    c.add_forms(source, "too-many-redirects", caught(lambda: requests.get(f"{base}/loop", timeout=5)), "ambiguous", "the server redirects in a loop; no argument is named", f"{how} get() of a URL that redirects to itself", which=("str", "named"))
    c.add_forms(source, "chunked-encoding", caught(lambda: requests.get(f"{base}/chunked-broken", timeout=5)), "transient", "the connection dropped in the middle of a chunked body", f"{how} get() of a chunked body cut short by the server", which=("str", "named"))
    login = requests.get(f"{base}/api2/login-page", timeout=5)
    c.add_forms(source, "json-on-html", caught(login.json), "ambiguous", "a JSON parse error of an HTML page the call received; why it got HTML is not said", f"{how} response.json() of a 200 HTML login page", which=("str", "named"))
    session = requests.Session()
    session.mount("http://", HTTPAdapter(max_retries=Retry(total=2, backoff_factor=0, status_forcelist=[503])))
    c.add_forms(source, "retries-exhausted-503", caught(lambda: session.get(f"{base}/bare/503", timeout=5)), "transient", "the retries on 503 ran out; the service is unavailable for now", f"{how} Session with HTTPAdapter(Retry(total=2, status_forcelist=[503])) get() of /bare/503", which=("str", "named"))
    c.add_forms(source, "invalid-header", caught(lambda: requests.get(f"{base}/ok", headers={"Authorization": "Bearer sk-test-123\n"}, timeout=5)), "fixable", "quotes the header value and the character it must not contain", f"{how} get() with a header value ending in a newline (no request made)", which=("str", "named"))

    source = "python-urllib3"
    how = f"urllib3 {urllib3.__version__}"
    pool = urllib3.PoolManager()
    c.add_forms(source, "max-retries-refused", caught(lambda: pool.request("GET", f"http://127.0.0.1:{c.closed}/v1/items", retries=urllib3.Retry(total=1, backoff_factor=0))), "transient", "connection refused after the retries", f"{how} PoolManager.request with Retry(total=1) to a closed port", which=("str", "named"))
    c.add_forms(source, "new-connection-refused", caught(lambda: pool.request("GET", f"http://127.0.0.1:{c.closed}/v1/items", retries=False)), "transient", "connection refused", f"{how} PoolManager.request(retries=False) to a closed port", which=("str", "named", "repr"))
    c.add_forms(source, "too-many-429", caught(lambda: pool.request("GET", f"{base}/api2/rate-limit-retry-after", retries=urllib3.Retry(total=1, backoff_factor=0, status_forcelist=[429], respect_retry_after_header=False))), "transient", "rate limited (429) after the retries", f"{how} PoolManager.request with Retry(total=1, status_forcelist=[429]) of a 429", which=("str", "named"))


API2_HTTPX = r'''
import json, sys
import httpx
base, closed, silent, reset, closing = sys.argv[1:6]
api, bare = json.loads(sys.argv[6]), json.loads(sys.argv[7])
out = []
def forms(e, which=("str", "named", "repr")):
    f = {"str": str(e), "named": f"{type(e).__name__}: {e}", "repr": repr(e)}
    return {k: f[k] for k in which}
def fail(case, call, how, which=("str", "named", "repr")):
    try:
        call()
    except Exception as e:
        out.append({"case": case, "forms": forms(e, which), "how": how})
        return
    raise AssertionError(case + " did not fail")
client = httpx.Client(timeout=5)
for name in api:
    r = client.get(f"{base}/api2/{name}")
    out.append({"case": f"api-{name}", "forms": {"body": r.text, "status-body": f"{r.status_code} {r.reason_phrase}: {r.text}"} if r.status_code >= 400 else {"body": r.text}, "how": f"response.text of /api2/{name} (body written in servers.py)", "name": name})
for status in bare:
    r = client.get(f"{base}/bare/{status}")
    fail(f"http-{status}", r.raise_for_status, f"raise_for_status() of /bare/{status}", ("str", "named"))
fail("connect-error", lambda: client.get(f"http://127.0.0.1:{closed}/v1/items"), "get() to a closed port")
fail("read-timeout", lambda: httpx.get(f"http://127.0.0.1:{silent}/v1/items", timeout=0.3), "get(timeout=0.3) to a listener that never answers")
fail("read-error-reset", lambda: client.get(f"http://127.0.0.1:{reset}/v1/items"), "get() to a listener that resets")
fail("server-disconnected", lambda: client.get(f"http://127.0.0.1:{closing}/v1/items"), "get() to a listener that closes without answering")
fail("incomplete-chunked", lambda: client.get(f"{base}/chunked-broken"), "get() of a chunked body cut short by the server")
fail("unsupported-protocol", lambda: client.get("ftp://files.example.com/export.csv"), "get() of an ftp:// URL (no connection made)")
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def httpx_errors_and_public_api_bodies(c, base):
    httpx = run_httpx(API2_HTTPX, base, str(c.closed), str(c.silent), str(c.reset), str(c.closing), json.dumps(API2_BY_HTTPX), json.dumps(list(API2_HTTPX_BARE)))
    if httpx is None:
        return  # python3-httpx is not installed for /usr/bin/python3
    result, how = httpx
    truth = {
        "connect-error": ("transient", "connection refused"),
        "read-timeout": ("transient", "network read timeout"),
        "read-error-reset": ("transient", "connection reset by the peer"),
        "server-disconnected": ("transient", "the server dropped the connection without answering"),
        "incomplete-chunked": ("transient", "the connection dropped in the middle of a chunked body"),
        "unsupported-protocol": ("fixable", "the URL argument has a scheme httpx cannot fetch; the text quotes it"),
    }
    truth.update({f"http-{status}": v for status, v in API2_HTTPX_BARE.items()})
    httpx_items(c, result["out"], API2_TRUTH, truth, how)


API3_HTTPX = r'''
import json, sys
import httpx
base, names = sys.argv[1], json.loads(sys.argv[2])
out = []
with httpx.Client(timeout=5) as client:
    for name in names:
        r = client.get(f"{base}/api3/{name}")
        out.append({"name": name, "status": r.status_code, "phrase": r.reason_phrase, "body": r.text})
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def azure_slack_twilio_and_shopify_bodies(c):
    base = c.base
    urllib_bodies(c, base, "api3", API3_TRUTH, API3_BY_URLLIB)

    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api3", API3_TRUTH, API3_BY_REQUESTS)
    session = requests.Session()
    session.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0, status_forcelist=[429], respect_retry_after_header=False)))
    c.add_forms(source, "retries-exhausted-429", caught(lambda: session.get(f"{base}/api3/discord-429", timeout=5)), "transient", "the retries on 429 ran out; the rate limit clears by itself", f"{how} Session with HTTPAdapter(Retry(total=3, status_forcelist=[429])) get() of a 429", which=("str", "named"))
    session.close()

    httpx = run_httpx(API3_HTTPX, base, json.dumps(API3_BY_HTTPX))
    if httpx is None:
        return  # python3-httpx is not installed for /usr/bin/python3
    result, how = httpx
    for item in result["out"]:
        api_body_forms(c, "python-httpx", "api3", API3_TRUTH, item["name"], item["status"], item["phrase"], item["body"], f"{how} response.text")


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


API4_HTTPX = HTTPX_PRELUDE + r'''
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


def openai_google_github_bodies_and_connect_timeouts(c):
    base = c.base
    stalled, holder = _full_backlog()
    c.port(stalled.getsockname()[1], 8030)

    source = "python-urllib"
    urllib_bodies(c, base, "api4", API4_TRUTH, API4_BY_URLLIB)
    # transient by rule 4: a connection reset by the peer
    c.add_forms(source, "connection-reset", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.reset}/v1/export", timeout=5)), "transient", "connection reset by the peer", "urllib.request.urlopen to a listener that resets")

    import requests

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api4", API4_TRUTH, API4_BY_REQUESTS)
    e = caught(lambda: requests.get(f"http://127.0.0.1:{stalled.getsockname()[1]}/v1/items", timeout=(0.5, 5)))
    for form, text in (("str", str(e)), ("named", f"{type(e).__name__}: {e}")):
        # transient by rule 3/4: a network connect timeout, not a timeout of the work
        c.add(source, "connect-timeout", form, _addresses(text), "transient", "the network connect timed out", f"{how} get(timeout=(0.5, 5)) to a listener whose backlog is full (object address fixed)")
    c.add_forms(source, "short-body", caught(lambda: requests.get(f"{base}/short-body", timeout=5)), "transient", "the connection dropped in the middle of the body", f"{how} get() of a body cut short by the server (Content-Length 120, 18 bytes sent)", which=("str", "named"))
    c.add_forms(source, "invalid-schema", caught(lambda: requests.get("htps://api.example.com/v1/items", timeout=5)), "fixable", "quotes the URL whose scheme htps has no adapter; the scheme is the value to change", f"{how} get() of a URL with a misspelled scheme (no connection made)", which=("str", "named"))
    empty = requests.get(f"{base}/api4/no-content-204", timeout=5)
    c.add_forms(source, "json-empty-body", caught(empty.json), "ambiguous", "a JSON parse error of an empty body the call received; why it is empty is not said", f"{how} response.json() of a 204 No Content", which=("str", "named"))
    cert, key = self_signed_cert(f"{R4}/tls", "reports.internal.example", "DNS:reports.internal.example,IP:127.0.0.1")
    tls, tls_port = servers.tls_server(cert, key)
    c.port(tls_port, 8031)
    e = caught(lambda: requests.get(f"https://127.0.0.1:{tls_port}/ok", timeout=5))
    for form, text in (("str", str(e)), ("named", f"{type(e).__name__}: {e}")):
        c.add(source, "ssl-self-signed", form, text, "ambiguous", "the server's certificate is not trusted; trusting it, another endpoint or stopping depends on context", f"{how} get() of a local TLS server with a self-signed certificate (openssl req -x509)")
    tls.socket.close()

    httpx = run_httpx(API4_HTTPX, base, str(stalled.getsockname()[1]), json.dumps(API4_BY_HTTPX), json.dumps(list(API4_HTTPX_BARE)))
    if httpx is not None:
        result, how = httpx
        truth = {
            "connect-timeout": ("transient", "the network connect timed out"),
            # fixable by rule 5: the URL is the value to change and the text gives the location to use
            "redirect-not-followed": ("fixable", "the URL was moved; the text gives the redirect location to call instead"),
        }
        truth.update({f"http-{status}": v for status, v in API4_HTTPX_BARE.items()})
        httpx_items(c, result["out"], API4_TRUTH, truth, how, text=_addresses)
    holder.close()
    stalled.close()


API5_HTTPX = HTTPX_PRELUDE + r'''
base, silent, api = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api5", api)
fail("post-read-timeout", lambda: httpx.post(f"http://127.0.0.1:{silent}/v1/charges", json={"amount": 1200, "currency": "eur"}, timeout=httpx.Timeout(5, read=0.3)), "post(json=..., timeout=Timeout(5, read=0.3)) to a listener that never answers", ("str", "named", "repr"))
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def stripe_kong_jira_bodies_and_dropped_connections(c):
    base = c.base
    urllib_bodies(c, base, "api5", API5_TRUTH, API5_BY_URLLIB)

    source = "python-http-client"

    def get_from_closing():
        conn = http.client.HTTPConnection("127.0.0.1", c.closing, timeout=5)
        conn.request("GET", "/v1/invoices?status=open")
        conn.getresponse()

    # transient by rule 4: the server closed the connection without answering
    c.add_forms(source, "remote-disconnected", caught(get_from_closing), "transient", "the remote end closed the connection without a response", "http.client.HTTPConnection request/getresponse to a listener that closes")

    source = "python-asyncio"

    async def open_refused():
        await asyncio.open_connection("127.0.0.1", c.closed)

    # transient by rule 4: connection refused
    c.add_forms(source, "open-connection-refused", caught(lambda: asyncio.run(open_refused())), "transient", "connection refused", "asyncio.open_connection to a closed port")

    import requests

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api5", API5_TRUTH, API5_BY_REQUESTS)
    # transient by rule 4: a reset during a POST
    c.add_forms(source, "post-connection-reset", caught(lambda: requests.post(f"http://127.0.0.1:{c.reset}/v1/webhooks", json={"url": "https://hooks.example.com/deploy", "events": ["push"]}, timeout=5)), "transient", "connection reset by the peer during a POST", f"{how} post(json=...) to a listener that resets", which=("str", "named"))
    # fixable by rule 5: the URL argument is malformed and the text quotes it
    c.add_forms(source, "invalid-port", caught(lambda: requests.get("http://api.example.com:80a/v1/orders", timeout=5)), "fixable", "quotes the URL whose port 80a is not a number; the URL is the value to change", f"{how} get() of a URL with a non-numeric port (no connection made)", which=("str", "named"))

    httpx = run_httpx(API5_HTTPX, base, str(c.silent), json.dumps(API5_BY_HTTPX))
    if httpx is not None:
        result, how = httpx
        truth = {
            # transient by rule 3/4: a network read timeout, not a timeout of the work
            "post-read-timeout": ("transient", "network read timeout waiting for the answer to a POST"),
        }
        httpx_items(c, result["out"], API5_TRUTH, truth, how)


# The httpx script of a set that fetches only its bodies: `/PREFIX/NAME` of each name, PREFIX and the names given.
HTTPX_BODIES = HTTPX_PRELUDE + r'''
base, prefix, api = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, prefix, api)
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def gemini_envoy_notion_bodies_and_post_timeouts(c):
    base = c.base
    urllib_bodies(c, base, "api6", API6_TRUTH, API6_BY_URLLIB)

    import requests
    import urllib3

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api6", API6_TRUTH, API6_BY_REQUESTS)
    # transient by rule 3/4: a network read timeout, not a timeout of the work (the silent listener accepts and
    # never answers; the small body fits the socket buffers, so nothing is reset while the client sends)
    e = caught(lambda: requests.post(f"http://127.0.0.1:{c.silent}/v1/messages", json={"channel": "C024BE91L", "text": "Deploy finished"}, timeout=(5, 0.3)))
    c.add_forms(source, "post-read-timeout", e, "transient", "network read timeout waiting for the answer to a POST", f"{how} post(json=..., timeout=(5, 0.3)) to a listener that never answers", which=("str", "named"))

    source = "python-urllib3"
    how = f"urllib3 {urllib3.__version__}"
    pool = urllib3.PoolManager()
    # transient by rule 4: the read timed out on every try
    e = caught(lambda: pool.request("GET", f"http://127.0.0.1:{c.silent}/v1/reports/weekly", timeout=urllib3.Timeout(connect=5, read=0.3), retries=urllib3.Retry(total=1, backoff_factor=0)))
    c.add_forms(source, "read-timeout-retries", e, "transient", "the network read timed out, also on the retry", f"{how} PoolManager.request with Retry(total=1) and Timeout(read=0.3) to a listener that never answers", which=("str", "named"))

    httpx = run_httpx(HTTPX_BODIES, base, "api6", json.dumps(API6_BY_HTTPX))
    if httpx is not None:
        result, how = httpx
        httpx_items(c, result["out"], API6_TRUTH, {}, how)


def mistral_vercel_sendgrid_bodies_and_unanswered_calls(c):
    base = c.base
    urllib_bodies(c, base, "api7", API7_TRUTH, API7_BY_URLLIB)
    requests_bodies(c, base, "api7", API7_TRUTH, API7_BY_REQUESTS)
    httpx = run_httpx(HTTPX_BODIES, base, "api7", json.dumps(API7_BY_HTTPX))
    if httpx is not None:
        result, how = httpx
        httpx_items(c, result["out"], API7_TRUTH, {}, how)

    def health_check():
        conn = http.client.HTTPConnection("127.0.0.1", c.closed, timeout=5)
        conn.request("GET", "/v1/health")

    # transient by rule 4: connection refused
    c.add_forms("python-http-client", "connection-refused", caught(health_check), "transient", "connection refused", "http.client.HTTPConnection.request('GET', '/v1/health') to a closed port")

    # transient by rule 3/4: a network read timeout, not a timeout of the work (the silent listener accepts and
    # never answers; the small body fits the socket buffers)
    post = urllib.request.Request(f"http://127.0.0.1:{c.silent}/v1/chat/completions", data=json.dumps({"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Summarize the release notes"}]}).encode(),
                                  headers={"Content-Type": "application/json"}, method="POST")
    c.add_forms("python-urllib", "post-read-timeout", caught(lambda: urllib.request.urlopen(post, timeout=0.3)), "transient", "network read timeout waiting for the answer to a POST", "urllib.request.urlopen(Request(..., method='POST'), timeout=0.3) to a listener that never answers", which=("str", "named"))

    import requests

    how = f"requests {requests.__version__}"
    # transient by rule 4: connection refused
    e = caught(lambda: requests.put(f"http://127.0.0.1:{c.closed}/api/v2/documents/7f3a9c/content", json={"text": "Quarterly report draft"}, timeout=5))
    c.add_forms("python-requests", "put-connection-refused", e, "transient", "connection refused", f"{how} put(json=...) to a closed port", which=("str", "named"))
