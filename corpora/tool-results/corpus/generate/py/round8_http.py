"""Round 8 of the Python cases, HTTP clients: `/api8/NAME` bodies written here in the style of public APIs (X,
an AWS API Gateway, HAProxy, Fastly, DigitalOcean, HubSpot, Cloudflare, Mailgun, Salesforce, Zendesk,
Replicate, Auth0, a Docker registry, OpenRouter, the npm registry, PostgREST and Datadog), served by a handler
of this module on 127.0.0.1 (port rewritten to 8040) and fetched with urllib, requests, httpx and curl in the
forms tools return them; and the clients' own errors for everyday calls (a reset under urllib3, raise_for_status
of httpx, arguments of the wrong type to requests and urllib, an uncaught connection error in a script). httpx
is Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py. The truth and its reason are stated
next to each case, by the principles in ../../LABELLING.md."""
import datetime
import http.server
import json
import subprocess
import sys
import threading
import urllib.request

import servers
from common import COMMAND_ENV, HTTPX_PRELUDE, SCRATCH, caught, run_httpx, write_file
from round2_http import httpx_items, requests_bodies, urllib_bodies

R8 = f"{SCRATCH}/r8"
WHERE = "body written in round8_http.py"

_HAPROXY_503 = "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n"
_FASTLY_503 = (
    "<!DOCTYPE html>\n<html>\n  <head>\n    <title>503 Backend fetch failed</title>\n  </head>\n  <body>\n"
    "    <h1>Error 503 Backend fetch failed</h1>\n    <p>Backend fetch failed</p>\n    <h3>Error 54113</h3>\n"
    "    <p>Details: cache-fra-etou8220147-FRA 1767348000 1208845529</p>\n    <hr>\n    <p>Varnish cache server</p>\n  </body>\n</html>\n"
)
# (status, content type, body, extra headers); a body that is not a string is sent as JSON
API8_BODIES = {
    "x-429": (429, "application/json; charset=utf-8", {"title": "Too Many Requests", "detail": "Too Many Requests", "type": "about:blank", "status": 429}, [("x-rate-limit-limit", "50"), ("x-rate-limit-remaining", "0"), ("x-rate-limit-reset", "1767348900")]),
    "apigw-502": (502, "application/json", {"message": "Internal server error"}, [("x-amzn-ErrorType", "InternalServerErrorException")]),
    "haproxy-503": (503, "text/html", _HAPROXY_503, [("Cache-Control", "no-cache")]),
    "fastly-503": (503, "text/html; charset=utf-8", _FASTLY_503, [("Retry-After", "5"), ("X-Served-By", "cache-fra-etou8220147-FRA")]),
    "digitalocean-500": (500, "application/json", {"id": "server_error", "message": "Server was unable to give you a response.", "request_id": "4e3c1b2a-9d8f-4a7e-b6c5-d4e3f2a1b0c9"}, []),
    "hubspot-429-secondly": (429, "application/json;charset=utf-8", {"status": "error", "message": "You have reached your secondly limit.", "errorType": "RATE_LIMIT", "correlationId": "c033cdaa-2c40-4a64-ae48-b4cec88dad24", "policyName": "SECONDLY"}, []),
    "cloudflare-dns-400": (400, "application/json", {"success": False, "errors": [{"code": 9005, "message": "Content for A record must be a valid IPv4 address."}], "messages": [], "result": None}, []),
    "mailgun-400-to": (400, "application/json", {"message": "to parameter is missing"}, []),
    "salesforce-required-field": (400, "application/json;charset=UTF-8", [{"message": "Required fields are missing: [LastName]", "errorCode": "REQUIRED_FIELD_MISSING", "fields": ["LastName"]}], []),
    "zendesk-422-requester-email": (422, "application/json; charset=utf-8", {"error": "RecordInvalid", "description": "Record validation errors", "details": {"requester": [{"description": "Requester: Email is not properly formatted", "error": "InvalidValue"}]}}, []),
    "replicate-422-width": (422, "application/problem+json", {"type": "https://replicate.com/docs/reference/http#errors", "title": "Input validation failed", "status": 422, "detail": "- input.width: Input should be a multiple of 8\n", "invalid_fields": [{"type": "multiple_of", "field": "input.width", "description": "Input should be a multiple of 8"}]}, []),
    "auth0-401-expired": (401, "application/json; charset=utf-8", {"statusCode": 401, "error": "Unauthorized", "message": "Expired token received for JSON Web Token validation", "attributes": {"error": "Expired token received for JSON Web Token validation"}}, [("WWW-Authenticate", 'Bearer error="invalid_token", error_description="Expired token received for JSON Web Token validation"')]),
    "digitalocean-403": (403, "application/json", {"id": "forbidden", "message": "You are not authorized to perform this operation.", "request_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"}, []),
    "registry-401": (401, "application/json", {"errors": [{"code": "UNAUTHORIZED", "message": "authentication required", "detail": [{"Type": "repository", "Class": "", "Name": "team/billing-api", "Action": "pull"}]}]}, [("WWW-Authenticate", 'Bearer realm="https://auth.registry.example.com/token",service="registry.example.com",scope="repository:team/billing-api:pull"')]),
    "openrouter-402": (402, "application/json", {"error": {"message": "Insufficient credits. This account never purchased credits. Make sure your key is on the correct account or org, and if so, purchase more at https://openrouter.ai/settings/credits", "code": 402}}, []),
    "npm-404": (404, "application/json", {"error": "Not found"}, []),
    "registry-manifest-unknown": (404, "application/json", {"errors": [{"code": "MANIFEST_UNKNOWN", "message": "manifest unknown", "detail": {"Tag": "v2.4.1"}}]}, [("Docker-Distribution-Api-Version", "registry/2.0")]),
    "postgrest-409-duplicate": (409, "application/json; charset=utf-8", {"code": "23505", "details": "Key (email)=(ada@example.com) already exists.", "hint": None, "message": "duplicate key value violates unique constraint \"contacts_email_key\""}, []),
    "datadog-monitors-ok": (200, "application/json", [
        {"id": 148210, "name": "[checkout-api] 5xx error rate above 2%", "type": "query alert", "overall_state": "OK", "query": "sum(last_5m):sum:trace.http.request.errors{service:checkout-api}.as_count() / sum:trace.http.request.hits{service:checkout-api}.as_count() > 0.02"},
        {"id": 148211, "name": "[payments-db] connection timeouts", "type": "log alert", "overall_state": "OK", "query": "logs(\"service:payments-db \\\"connection timed out\\\"\").index(\"*\").rollup(\"count\").last(\"10m\") > 5"},
    ], []),
}

# truth and reason of each /api8 body, by LABELLING.md
API8_TRUTH = {
    # transient by rule 4: rate limits and the statuses the SDKs retry, from the API or a gateway or proxy
    "x-429": ("transient", "429: too many requests; the rate-limit window resets"),
    "apigw-502": ("transient", "502: bad gateway (the gateway's integration failed)"),
    "haproxy-503": ("transient", "503: no backend server is available for now"),
    "fastly-503": ("transient", "503: the cache could not fetch from the backend"),
    "digitalocean-500": ("transient", "500: server error that SDKs retry"),
    "hubspot-429-secondly": ("transient", "429: the per-second rate limit is reached"),
    # fixable by rule 5: the body names the field or parameter and what it must be
    "cloudflare-dns-400": ("fixable", "names the content of the A record and that it must be a valid IPv4 address"),
    "mailgun-400-to": ("fixable", "names the missing parameter to"),
    "salesforce-required-field": ("fixable", "names the missing required field LastName"),
    "zendesk-422-requester-email": ("fixable", "names the requester's email and that it is not properly formatted"),
    "replicate-422-width": ("fixable", "names input.width and that it must be a multiple of 8"),
    # unrecoverable by rule 2 and the spent-credit row: credentials, permissions, credits
    "auth0-401-expired": ("unrecoverable", "401: the token has expired; no argument of the call fixes it"),
    "digitalocean-403": ("unrecoverable", "403: the token is not authorized for the operation"),
    "registry-401": ("unrecoverable", "401: the registry requires authentication to pull"),
    "openrouter-402": ("unrecoverable", "402: the account has no credits; buying them needs the user"),
    # ambiguous by rule 6
    "npm-404": ("ambiguous", "404: the package is not found; which name is meant is not said"),
    "registry-manifest-unknown": ("ambiguous", "404: the image tag v2.4.1 is not found; which tag is meant is not said"),
    "postgrest-409-duplicate": ("ambiguous", "409: the email conflicts with a stored contact (unique constraint); update, skip or stop depends on context"),
    # none by rule 1
    "datadog-monitors-ok": ("none", "200: the monitors that were asked for, all in state OK; errors and timeouts are their names and queries"),
}
BY_URLLIB = ["x-429", "apigw-502", "cloudflare-dns-400", "auth0-401-expired", "npm-404", "datadog-monitors-ok"]
BY_REQUESTS = ["haproxy-503", "mailgun-400-to", "salesforce-required-field", "digitalocean-403", "postgrest-409-duplicate", "registry-manifest-unknown"]
BY_HTTPX = ["fastly-503", "digitalocean-500", "zendesk-422-requester-email", "replicate-422-width", "registry-401", "openrouter-402"]


class _Api8Handler(servers._Handler):
    """servers.py's handler, plus `/PREFIX/NAME` answering with BODIES[NAME] (round 8: /api8 and API8_BODIES; a
    later round subclasses it with its own prefix and bodies)."""
    prefix, bodies = "api8", API8_BODIES

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == self.prefix and len(parts) == 2 and parts[1] in self.bodies:
            self._send_entry(self.bodies[parts[1]])
        else:
            super().do_GET()


def api_server(c, handler, canonical_port):
    """Serves `handler` on a free port (rewritten to `canonical_port`); returns the server and its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    c.port(server.server_port, canonical_port)
    return server, f"http://127.0.0.1:{server.server_port}"


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, api = sys.argv[1], json.loads(sys.argv[2])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api8", api)
    r = client.get(f"{base}/api8/digitalocean-500")
    fail("raise-for-status-500", r.raise_for_status, "raise_for_status() of a 500 response")
print(json.dumps({"version": httpx.__version__, "out": out}))
'''

# the script an exec tool runs: it lets requests' ConnectionError escape
SYNC_SCRIPT = """import sys

import requests


def fetch_orders(base):
    response = requests.get(f"{base}/v1/orders?status=open", timeout=10)
    response.raise_for_status()
    return response.json()


orders = fetch_orders(sys.argv[1])
print(f"{len(orders)} open orders")
"""


def http8(c):
    server, base = api_server(c, _Api8Handler, 8040)
    urllib_bodies(c, base, "api8", API8_TRUTH, BY_URLLIB, WHERE)

    import requests
    import urllib3

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api8", API8_TRUTH, BY_REQUESTS, WHERE)

    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX))
    if httpx is not None:
        result, hx = httpx
        # transient by rule 4: a 500 (raise_for_status names the status)
        httpx_items(c, result["out"], API8_TRUTH, {"raise-for-status-500": ("transient", "500: server error that SDKs retry")}, hx, where=WHERE)

    # fixable: names the timeout value and the types it must have
    e = caught(lambda: requests.get(f"{base}/ok", timeout="5"))
    c.add_forms("python-requests", "timeout-as-string", e, "fixable", "names the timeout value and that it must be an int, float or None", f"{how} get(timeout='5') (no request made)", which=("str", "named"))
    # fixable by rule 5: a TypeError about the call's own json argument (a datetime it cannot serialize)
    e = caught(lambda: requests.post(f"{base}/v1/reminders", json={"title": "Renew TLS certificate", "remind_at": datetime.datetime(2026, 2, 1, 9, 0)}, timeout=5))
    c.add_forms("python-requests", "json-datetime", e, "fixable", "the json argument holds a datetime, which the text names as not JSON serializable", f"{how} post(json=...) with a datetime value (no request made)", which=("str", "named"))
    # fixable by rule 5: a TypeError about the call's own data argument; the text says which types it takes
    e = caught(lambda: urllib.request.urlopen(f"{base}/v1/reminders", data="title=Renew+TLS+certificate", timeout=5))
    c.add_forms("python-urllib", "post-data-str", e, "fixable", "names the POST data argument and the types it must have (bytes, not str)", "urllib.request.urlopen(url, data=str)")

    # transient by rule 4: connection reset by the peer
    pool = urllib3.PoolManager()
    e = caught(lambda: pool.request("GET", f"http://127.0.0.1:{c.reset}/v1/invoices?page=2", retries=False, timeout=5))
    c.add_forms("python-urllib3", "connection-reset", e, "transient", "connection reset by the peer", f"urllib3 {urllib3.__version__} PoolManager.request(retries=False) to a listener that resets", which=("str", "named"))

    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", "--fail-with-body", f"{base}/api8/hubspot-429-secondly"], capture_output=True, text=True, env=COMMAND_ENV)
    # transient by the shell rule and rule 4: a 429 rate limit reported by the command, with the body
    c.add("python-subprocess", "curl-fail-with-body-429", "output", run.stdout + "\n" + run.stderr, *API8_TRUTH["hubspot-429-secondly"],
          f"{curl} -sS --fail-with-body of /api8/hubspot-429-secondly ({WHERE}), stdout and stderr, exit {run.returncode}")

    write_file(f"{R8}/sync_orders.py", SYNC_SCRIPT)
    run = subprocess.run([sys.executable, "sync_orders.py", f"http://127.0.0.1:{c.closed}"], capture_output=True, text=True, cwd=R8, env=COMMAND_ENV, timeout=30)
    # transient by the shell rule: the script's request was refused (connection refused)
    c.add("python-traceback", "requests-connection-refused", "traceback", run.stderr, "transient", "the script's request got connection refused", f"python3 sync_orders.py (requests {requests.__version__}) to a closed port, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()
