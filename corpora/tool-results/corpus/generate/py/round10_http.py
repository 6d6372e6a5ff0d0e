"""Round 10 of the Python cases, HTTP clients, a representative day: `/api10/NAME` bodies written here in the style
of the APIs called most (GitHub, Stripe, OpenAI, Slack, Google, an AWS API Gateway, nginx in front of a service
and a FastAPI backend of one's own), served on 127.0.0.1 (port rewritten to 8042) by round 9's handler with this
round's prefix and bodies, and fetched with urllib, requests, httpx and curl in the forms tools return them; and
the clients' everyday errors (a refused connection to a local dev server, a read timeout, raise_for_status,
response.json() of an HTML error page, a script whose raise_for_status meets a 401). httpx is Debian's
python3-httpx for /usr/bin/python3, run as in round2_http.py. The truth and its reason are stated next to each
case, by the principles in ../../LABELLING.md."""
import json
import re
import subprocess
import sys
import urllib.request

from common import COMMAND_ENV, HTTPX_PRELUDE, SCRATCH, caught, run_httpx, write_file
from round2_http import httpx_items, requests_bodies, urllib_bodies
from round8_http import api_server
from round9_http import _Api9Handler

R10 = f"{SCRATCH}/r10"
WHERE = "body written in round10_http.py"

_NGINX_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
    "<hr><center>nginx/1.24.0 (Ubuntu)</center>\r\n</body>\r\n</html>\r\n"
)
# (status, content type, body, extra headers); a body that is not a string is sent as JSON
API10_BODIES = {
    "github-404-repo": (404, "application/json; charset=utf-8", {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository", "status": "404"}, []),
    "github-401-bad-credentials": (401, "application/json; charset=utf-8", {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"}, []),
    "github-422-issue-title": (422, "application/json; charset=utf-8", {"message": "Validation Failed", "errors": [{"resource": "Issue", "code": "missing_field", "field": "title"}], "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue", "status": "422"}, []),
    "github-workflow-runs-ok": (200, "application/json; charset=utf-8", {"total_count": 2, "workflow_runs": [
        {"id": 12873460211, "name": "CI", "head_branch": "fix/retry-on-503", "event": "pull_request", "status": "completed", "conclusion": "success", "display_title": "Retry uploads on 503 and ECONNRESET", "run_number": 1842},
        {"id": 12873391876, "name": "CI", "head_branch": "main", "event": "push", "status": "completed", "conclusion": "success", "display_title": "Fix TimeoutError in webhook worker", "run_number": 1841},
    ]}, []),
    "stripe-400-amount": (400, "application/json", {"error": {"code": "parameter_missing", "doc_url": "https://stripe.com/docs/error-codes/parameter-missing", "message": "Missing required param: amount.", "param": "amount", "request_log_url": "https://dashboard.stripe.com/test/logs/req_Q2w8LmZ4pK1xRt?t=1767348000", "type": "invalid_request_error"}}, [("Request-Id", "req_Q2w8LmZ4pK1xRt")]),
    "stripe-404-customer": (404, "application/json", {"error": {"code": "resource_missing", "doc_url": "https://stripe.com/docs/error-codes/resource-missing", "message": "No such customer: 'cus_RkT4mZp9XwQ2aL'", "param": "customer", "request_log_url": "https://dashboard.stripe.com/test/logs/req_a7Hc3NvB9eYu0T?t=1767348060", "type": "invalid_request_error"}}, [("Request-Id", "req_a7Hc3NvB9eYu0T")]),
    "openai-401-key": (401, "application/json; charset=utf-8", {"error": {"message": "Incorrect API key provided: sk-proj-********************Xk3q. You can find your API key at https://platform.openai.com/account/api-keys.", "type": "invalid_request_error", "param": None, "code": "invalid_api_key"}}, []),
    "openai-429-quota": (429, "application/json; charset=utf-8", {"error": {"message": "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.", "type": "insufficient_quota", "param": None, "code": "insufficient_quota"}}, []),
    "openai-429-tpm": (429, "application/json; charset=utf-8", {"error": {"message": "Rate limit reached for gpt-4o in organization org-Tq8xV2mLpR4nZs on tokens per min (TPM): Limit 30000, Used 28912, Requested 2417. Please try again in 2.658s. Visit https://platform.openai.com/account/rate-limits to learn more.", "type": "tokens", "param": None, "code": "rate_limit_exceeded"}}, [("retry-after", "3")]),
    "openai-400-context": (400, "application/json; charset=utf-8", {"error": {"message": "This model's maximum context length is 128000 tokens. However, your messages resulted in 131406 tokens. Please reduce the length of the messages.", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}, []),
    "google-403-scopes": (403, "application/json; charset=UTF-8", {"error": {"code": 403, "message": "Request had insufficient authentication scopes.", "errors": [{"message": "Insufficient Permission", "domain": "global", "reason": "insufficientPermissions"}], "status": "PERMISSION_DENIED", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT", "domain": "googleapis.com", "metadata": {"service": "sheets.googleapis.com", "method": "google.apps.sheets.v4.SpreadsheetsService.BatchUpdateSpreadsheet"}}]}}, []),
    "fastapi-422-email": (422, "application/json", {"detail": [{"type": "missing", "loc": ["body", "email"], "msg": "Field required", "input": {"name": "Ada Lovelace", "role": "admin"}}]}, []),
    "fastapi-404": (404, "application/json", {"detail": "Not Found"}, []),
    "fastapi-500": (500, "text/plain; charset=utf-8", "Internal Server Error", []),
    "nginx-502": (502, "text/html", _NGINX_502, []),
    "apigw-504": (504, "application/json", {"message": "Endpoint request timed out"}, [("x-amzn-ErrorType", "InternalServerErrorException")]),
    "slack-429": (429, "application/json; charset=utf-8", {"ok": False, "error": "ratelimited"}, [("Retry-After", "30")]),
    "slack-channel-not-found": (200, "application/json; charset=utf-8", {"ok": False, "error": "channel_not_found"}, []),
    "slack-post-ok-warning": (200, "application/json; charset=utf-8", {"ok": True, "channel": "C08A1B2C3D4", "ts": "1767348000.000200", "message": {"type": "message", "user": "U07Q2R8LMNB", "ts": "1767348000.000200",
                              "text": "billing-api deploy failed its health check and was rolled back to v2.4.0; 0 errors since the rollback."}, "warning": "missing_charset", "response_metadata": {"warnings": ["missing_charset"]}}, []),
}

# truth and reason of each /api10 body, by LABELLING.md
API10_TRUTH = {
    # transient by rule 4: rate limits and the statuses the SDKs retry, from the API, a gateway or a proxy
    "openai-429-tpm": ("transient", "429: the tokens-per-minute rate limit is reached; try again in seconds"),
    "fastapi-500": ("transient", "500: server error that SDKs retry"),
    "nginx-502": ("transient", "502: bad gateway"),
    "apigw-504": ("transient", "504: the gateway's request to the backend timed out"),
    "slack-429": ("transient", "429: rate limited"),
    # fixable by rule 5: the body names the field or parameter and what is wrong with it
    "stripe-400-amount": ("fixable", "names the missing required parameter amount"),
    "github-422-issue-title": ("fixable", "names the missing field title of the issue"),
    "openai-400-context": ("fixable", "names the messages parameter, the context limit and that the messages must be shorter"),
    "fastapi-422-email": ("fixable", "names the missing required body field email"),
    # unrecoverable by rule 2: credentials, permissions, a spent quota
    "github-401-bad-credentials": ("unrecoverable", "401: bad credentials; no argument of the call fixes it"),
    "openai-401-key": ("unrecoverable", "401: the API key is incorrect"),
    "google-403-scopes": ("unrecoverable", "403: the token lacks the scopes the call needs"),
    "openai-429-quota": ("unrecoverable", "the quota of the plan is used up; the billing needs the user"),
    # ambiguous by rule 6
    "github-404-repo": ("ambiguous", "404: the repository is not found (or not visible); which one is meant is not said"),
    "stripe-404-customer": ("ambiguous", "404: no such customer; which id is meant is not said"),
    "fastapi-404": ("ambiguous", "404: a bare Not Found; the next step depends on context"),
    "slack-channel-not-found": ("ambiguous", "the channel is not found; which one is meant is not said"),
    # none by rule 1
    "github-workflow-runs-ok": ("none", "200: the workflow runs that were asked for, all successful; the error words are commit titles"),
    "slack-post-ok-warning": ("none", "200: the message was posted (ok true); the warning is about a missing charset and the text reports a rollback"),
}
BY_URLLIB = ["github-404-repo", "github-401-bad-credentials", "fastapi-422-email", "nginx-502", "slack-channel-not-found", "github-workflow-runs-ok"]
BY_REQUESTS = ["stripe-400-amount", "stripe-404-customer", "openai-401-key", "openai-429-quota", "fastapi-500", "slack-429", "google-403-scopes"]
BY_HTTPX = ["openai-429-tpm", "openai-400-context", "github-422-issue-title", "apigw-504", "fastapi-404", "slack-post-ok-warning"]


class _Api10Handler(_Api9Handler):
    """Round 9's handler (GET, POST and PATCH) with /api10 and API10_BODIES."""
    prefix, bodies = "api10", API10_BODIES


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, api, closed = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api10", api)
    r = client.post(f"{base}/api10/openai-429-tpm", json={"model": "gpt-4o", "messages": [{"role": "user", "content": "Summarize the incident report."}]})
    fail("raise-for-status-429-tpm", r.raise_for_status, "raise_for_status() of a 429 rate-limit response to a chat completion POST")
    fail("dev-server-refused", lambda: client.get(f"http://127.0.0.1:{closed}/health"), "Client.get of /health on a local port where nothing listens")
print(json.dumps({"version": httpx.__version__, "out": out}))
'''

# the script an exec tool runs: it lists a repository's open issues and lets raise_for_status escape
ISSUES_SCRIPT = """import os
import sys

import requests

BASE = sys.argv[1]


def open_issues(repo):
    response = requests.get(
        f"{BASE}/api10/github-401-bad-credentials",
        params={"repo": repo, "state": "open", "per_page": 50},
        headers={"Authorization": f"Bearer {os.environ.get('GITHUB_TOKEN', 'ghp_expired')}", "Accept": "application/vnd.github+json"},
        timeout=10,
    )
    response.raise_for_status()
    return response.json()


for issue in open_issues("acme/billing-api"):
    print(issue["number"], issue["title"])
"""


def http10(c):
    import requests

    server, base = api_server(c, _Api10Handler, 8042)
    urllib_bodies(c, base, "api10", API10_TRUTH, BY_URLLIB, WHERE)

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api10", API10_TRUTH, BY_REQUESTS, WHERE, json={"customer": "cus_RkT4mZp9XwQ2aL", "currency": "usd"}, headers={"Authorization": "Bearer sk_test_placeholder"})

    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX), str(c.closed))
    if httpx is not None:
        result, hx = httpx
        httpx_items(c, result["out"], API10_TRUTH, {
            # transient by rule 4: a 429 (raise_for_status names the status)
            "raise-for-status-429-tpm": ("transient", "429: too many requests"),
            # transient by rule 4: connection refused
            "dev-server-refused": ("transient", "connection refused by the local dev server's port"),
        }, hx, where=WHERE)

    source = "python-requests"
    # transient by rule 4: connection refused (the local dev server is not up)
    e = caught(lambda: requests.post(f"http://127.0.0.1:{c.closed}/api/v1/auth/login", json={"email": "ada@example.com", "password": "correct-horse"}, timeout=5))
    c.add_forms(source, "dev-server-login-refused", e, "transient", "connection refused by the local dev server's port", f"{how} post() of a login to a local port where nothing listens", which=("str", "named"))
    # ambiguous by rule 6: 404 (raise_for_status names only the status and the URL)
    e = caught(requests.get(f"{base}/api10/github-404-repo", params={"per_page": 100}, timeout=5).raise_for_status)
    c.add_forms(source, "raise-for-status-404-repo", e, "ambiguous", "404: the resource is not found; which one is meant is not said", f"{how} raise_for_status() of a GitHub-style 404 ({WHERE})", which=("str", "named"))
    # ambiguous by rule 6: a JSON parse error of the body the tool read (an HTML 502 page)
    e = caught(requests.get(f"{base}/api10/nginx-502", timeout=5).json)
    c.add_forms(source, "json-of-html-502", e, "ambiguous", "a JSON parse error of the response the tool read; the status behind it is not said", f"{how} response.json() of an nginx 502 HTML page ({WHERE})", which=("str", "named"))

    # transient by rule 4: a network read timeout
    e = caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.silent}/api/v1/reports/monthly?year=2025", timeout=0.5))
    c.add_forms("python-urllib", "reports-read-timeout", e, "transient", "network read timeout", "urllib.request.urlopen(timeout=0.5) of a local service that accepts but never answers")

    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "-d", '{"query": "status:open"}', f"http://127.0.0.1:{c.closed}/api/search"], capture_output=True, text=True, env=COMMAND_ENV)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr.replace(f"port {c.closed}", "port 8001"))
    # transient by the shell rule: a refused connection
    c.add("python-subprocess", "curl-post-refused", "stderr", text, "transient", "the command reports a refused connection", f"{curl} -sS -X POST to a local port where nothing listens, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
    run = subprocess.run(["curl", "-fsS", "-H", "Accept: application/vnd.github+json", f"{base}/api10/github-404-repo"], capture_output=True, text=True, env=COMMAND_ENV)
    # ambiguous by rule 6: a 404 reported by the command
    c.add("python-subprocess", "curl-fail-404-github-repo", "stderr", run.stderr, "ambiguous", "404 reported by the command; which resource is meant is not said", f"{curl} -fsS of a GitHub-style 404 ({WHERE}), stderr, exit {run.returncode}")

    write_file(f"{R10}/list_issues.py", ISSUES_SCRIPT)
    run = subprocess.run([sys.executable, "list_issues.py", base], capture_output=True, text=True, cwd=R10, env=COMMAND_ENV, timeout=30)
    # unrecoverable by rule 2: the script's request got a 401
    c.add("python-traceback", "requests-http-error-401", "traceback", run.stderr, "unrecoverable", "the script's request got 401 Unauthorized", f"python3 list_issues.py (requests {requests.__version__}) against a GitHub-style 401, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()
