"""Round 2 of the Python cases, HTTP clients: the `/api2/NAME` bodies of servers.py (written there in the style
of public APIs) fetched with urllib, requests and httpx in the forms tools return them, and the clients' own
errors (redirect loops, broken chunked bodies, retries exhausted, invalid headers). httpx is Debian's
python3-httpx, installed for /usr/bin/python3 only, so its calls run in a /usr/bin/python3 subprocess that
prints the forms as JSON."""
import json
import urllib.error
import urllib.request

from common import caught, run_httpx

# truth and reason of each /api2 body, by LABELLING.md
API2_TRUTH = {
    "rate-limit-retry-after": ("transient", "429 rate limit with a retry delay of 2 seconds"),
    "quota-daily": ("unrecoverable", "the daily quota is exhausted until a reset 14 hours away"),
    "quota-monthly": ("unrecoverable", "the quota is exhausted until the monthly reset; plan and billing need the user"),
    "stripe-param": ("fixable", "names the parameter amount and that it must be an integer"),
    "google-field-violations": ("fixable", "names page_size and its valid range"),
    "problem-invalid-params": ("fixable", "names age and color and what each must be"),
    "graphql-validation": ("fixable", "names the unknown field emial and suggests email"),
    "rails-422-taken": ("ambiguous", "the email conflicts with stored data (already taken)"),
    "bare-400-json": ("ambiguous", "a bare 400 names no field or value"),
    "bare-422-message": ("ambiguous", "a 422 that names no field"),
    "expired-token": ("unrecoverable", "401: the access token expired; no argument fixes that"),
    "insufficient-scope": ("unrecoverable", "403: the token lacks a required scope"),
    "payment-required": ("unrecoverable", "402: the credit balance is too low; billing needs the user"),
    "not-found-github": ("ambiguous", "404: missing resource; the next step depends on context"),
    "gone": ("ambiguous", "410: the resource was deleted; what to do instead depends on context"),
    "conflict-version": ("ambiguous", "409: a version conflict with stored data; re-read or give up depends on context"),
    "method-allowed-named": ("fixable", "405 that names the allowed methods GET and HEAD"),
    "payload-too-large": ("fixable", "413 that names the body size and the maximum allowed"),
    "unsupported-media": ("fixable", "415 that names the content type to use, application/json"),
    "server-error-request-id": ("transient", "500: server error that SDKs retry"),
    "cloudflare-502": ("transient", "502: bad gateway, try again in a few minutes"),
    "maintenance-503": ("transient", "503: back in a few minutes"),
    "overloaded-529": ("transient", "529 overloaded: a server status the SDKs retry"),
    "ok-errors-empty": ("none", "a 200 body whose errors list is empty"),
    "ok-error-free": ("none", "a 200 body whose status word is error_free"),
    "ok-error-null": ("none", "a 200 body of a succeeded job; error is null and last_error is history"),
    "ok-error-guide": ("none", "a fetched documentation page about error handling"),
    "ok-issue-traceback": ("none", "the issue was fetched; the traceback is its text, not an error of the call"),
    "ok-check-failure": ("none", "the call fetched the status it was asked for; the failure is the data, not the call"),
}
BY_URLLIB = ["rate-limit-retry-after", "quota-monthly", "problem-invalid-params", "bare-422-message", "insufficient-scope", "gone", "payload-too-large", "cloudflare-502", "ok-error-guide", "ok-error-null"]
BY_REQUESTS = ["quota-daily", "stripe-param", "graphql-validation", "rails-422-taken", "expired-token", "not-found-github", "method-allowed-named", "server-error-request-id", "maintenance-503", "ok-errors-empty", "ok-check-failure"]
BY_HTTPX = ["google-field-violations", "bare-400-json", "payment-required", "conflict-version", "unsupported-media", "overloaded-529", "ok-error-free", "ok-issue-traceback"]
HTTPX_BARE = {
    401: ("unrecoverable", "401: the credentials are refused; no argument fixes that"),
    403: ("unrecoverable", "403: access is forbidden"),
    429: ("transient", "429: rate limited"),
    503: ("transient", "503: service unavailable"),
}


SERVERS_PY = "body written in servers.py"


def api_body_forms(c, source, api, truths, name, status, reason_phrase, body, how, where=SERVERS_PY):
    """The body of /API/NAME as a tool returns it, and `STATUS REASON: body` where the status is an error; the
    truth and reason are truths[NAME]; `where` says where the body was written."""
    truth, reason = truths[name]
    c.add(source, f"api-{name}", "body", body, truth, reason, f"{how} of /{api}/{name} ({where})")
    if status >= 400:
        c.add(source, f"api-{name}", "status-body", f"{status} {reason_phrase}: {body}", truth, reason, f"{how}, f'{{status}} {{reason}}: {{body}}' of /{api}/{name}")


def urlopen_body(url):
    """The status, reason and body of a GET with urllib, whether the server answered a success or an HTTPError."""
    try:
        response = urllib.request.urlopen(url, timeout=5)
        return response.status, response.reason, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.reason, e.read().decode()


def urllib_bodies(c, base, api, truths, names, where=SERVERS_PY):
    """/API/NAME of each name fetched with urlopen: the body of the response or of the HTTPError."""
    for name in names:
        api_body_forms(c, "python-urllib", api, truths, name, *urlopen_body(f"{base}/{api}/{name}"), "urllib.request.urlopen, body of the response or HTTPError", where)


def requests_bodies(c, base, api, truths, names, where=SERVERS_PY, json=None, headers=None):
    """/API/NAME of each name fetched with requests: response.text of a GET, or of a POST of `json` when given."""
    import requests

    for name in names:
        url = f"{base}/{api}/{name}"
        if json is None:
            response, call = requests.get(url, timeout=5), "response.text"
        else:
            response, call = requests.post(url, json=json, headers=headers, timeout=5), "post(json=...) response.text"
        api_body_forms(c, "python-requests", api, truths, name, response.status_code, response.reason, response.text, f"requests {requests.__version__} {call}", where)


def httpx_items(c, items, api_truths, truths, how, text=lambda t: t, where=SERVERS_PY):
    """The forms printed by an HTTPX_CODE script: an item with a name is a body of api_truths, the others are
    errors of truths by case; text() fixes what changes between runs; `where` says where the bodies were written."""
    for item in items:
        t, reason = api_truths[item["name"]] if "name" in item else truths[item["case"]]
        for form, value in item["forms"].items():
            call = item["how"].replace(SERVERS_PY, where)
            if form == "status-body":
                call = call.replace("response.text of", "f'{status_code} {reason_phrase}: {text}' of")
            c.add("python-httpx", item["case"], form, text(value), t, reason, f"{how} {call}")


def urllib2(c, base):
    urllib_bodies(c, base, "api2", API2_TRUTH, BY_URLLIB)


def requests2(c, base):
    import requests
    import urllib3
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api2", API2_TRUTH, BY_REQUESTS)
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


HTTPX_CODE = r'''
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


def httpx2(c, base):
    httpx = run_httpx(HTTPX_CODE, base, str(c.closed), str(c.silent), str(c.reset), str(c.closing), json.dumps(BY_HTTPX), json.dumps(list(HTTPX_BARE)))
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
    truth.update({f"http-{status}": v for status, v in HTTPX_BARE.items()})
    httpx_items(c, result["out"], API2_TRUTH, truth, how)
