"""Round 11 of the Python cases, HTTP clients, a representative day: `/api11/NAME` bodies written here in the style
of the APIs called most (GitHub, Stripe, OpenAI, Anthropic, Slack, AWS S3 and DynamoDB, Google Sheets, Twilio,
nginx in front of a service, and a team's own FastAPI and Django backends), served on 127.0.0.1 (port
rewritten to 8043) by round 9's handler with this round's prefix and bodies, and fetched with urllib, requests,
httpx and curl in the forms tools return them; and the clients' everyday errors (a refused connection to a local
service, read timeouts, raise_for_status, curl -f, a script whose raise_for_status meets a 429).
httpx is Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py. The truth and its reason are
stated next to each case, by the principles in ../../LABELLING.md."""
import json
import re
import subprocess
import sys
import urllib.request

from common import COMMAND_ENV, HTTPX_PRELUDE, SCRATCH, caught, run_httpx, write_file
from round2_http import httpx_items, requests_bodies, urllib_bodies
from round8_http import api_server
from round9_http import _Api9Handler

R11 = f"{SCRATCH}/r11"
WHERE = "body written in round11_http.py"

_NGINX_504 = (
    "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n"
    "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)
_DJANGO_CSRF_403 = (
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta http-equiv=\"content-type\" content=\"text/html; charset=utf-8\">\n"
    "  <meta name=\"robots\" content=\"NONE,NOARCHIVE\">\n  <title>403 Forbidden</title>\n</head>\n<body>\n"
    "<div id=\"summary\">\n  <h1>Forbidden <span>(403)</span></h1>\n  <p>CSRF verification failed. Request aborted.</p>\n"
    "  <p>This site needs a CSRF cookie when forms are submitted. The cookie is required for security, so that a third-party site cannot send requests in your name.</p>\n"
    "</div>\n</body>\n</html>\n"
)
_S3_NO_SUCH_KEY = (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>"
    "<Key>exports/2026-01/invoices.csv</Key><RequestId>7QF2M8XKD3HZ1PNB</RequestId>"
    "<HostId>q8Lm2Zx4Vt9Rk1Yw7Hs3Nc6Pb0Jd5Ga8Qe2Tu4Oi6Wy1Xr3Sv5Mn7Kl9Jh0Gf2Dc4Ba6=</HostId></Error>"
)
# (status, content type, body, extra headers); a body that is not a string is sent as JSON
API11_BODIES = {
    "github-404-pull": (404, "application/json; charset=utf-8", {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/pulls/pulls#get-a-pull-request", "status": "404"}, []),
    "github-405-not-mergeable": (405, "application/json; charset=utf-8", {"message": "Pull Request is not mergeable", "documentation_url": "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request", "status": "405"}, []),
    "github-check-runs-ok": (200, "application/json; charset=utf-8", {"total_count": 2, "check_runs": [
        {"id": 33120458817, "name": "test (3.12)", "head_sha": "9f3c2e1ab47d", "status": "completed", "conclusion": "success", "output": {"title": "412 passed, 0 failed", "summary": "Includes the new test_retry_on_connection_reset and test_raises_on_401."}},
        {"id": 33120458902, "name": "lint", "head_sha": "9f3c2e1ab47d", "status": "completed", "conclusion": "success", "output": {"title": "0 errors, 0 warnings", "summary": "ruff check: All checks passed!"}},
    ]}, []),
    "stripe-402-card-declined": (402, "application/json", {"error": {"charge": "ch_3QmT7vLpZ2xK9aR41Hq8Wd0C", "code": "card_declined", "decline_code": "insufficient_funds", "doc_url": "https://stripe.com/docs/error-codes/card-declined", "message": "Your card has insufficient funds.", "type": "card_error"}}, [("Request-Id", "req_Vn3LpQ8tZk2Rxm")]),
    "stripe-429-lock-timeout": (429, "application/json", {"error": {"code": "lock_timeout", "doc_url": "https://stripe.com/docs/error-codes/lock-timeout", "message": "This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request.", "type": "invalid_request_error"}}, [("Request-Id", "req_H4kW9sPz1YbNcT")]),
    "stripe-refund-succeeded": (200, "application/json", {"id": "re_3QmT7vLpZ2xK9aR40Zk5Yb2F", "object": "refund", "amount": 4999, "charge": "ch_3QmT7vLpZ2xK9aR40Lm8Nc1E", "currency": "usd", "failure_reason": None, "metadata": {"ticket": "SUP-2291", "note": "double charge after a 502 on checkout"}, "reason": "duplicate", "status": "succeeded"}, []),
    "openai-chat-ok-incident": (200, "application/json", {"id": "chatcmpl-B7x2Lq9ZkT4mRw1Nv8Hs3Yc0", "object": "chat.completion", "created": 1767348000, "model": "gpt-4o-mini-2024-07-18", "choices": [{"index": 0, "message": {"role": "assistant", "content": "Summary: the 502 Bad Gateway errors began at 09:14 when the upstream connection pool was exhausted. Retries succeeded and no requests failed after 09:20.", "refusal": None}, "logprobs": None, "finish_reason": "stop"}],
                                "usage": {"prompt_tokens": 412, "completion_tokens": 38, "total_tokens": 450}}, []),
    "anthropic-529-overloaded": (529, "application/json", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}, []),
    "anthropic-400-max-tokens": (400, "application/json", {"type": "error", "error": {"type": "invalid_request_error", "message": "max_tokens: Field required"}}, []),
    "slack-invalid-auth": (200, "application/json; charset=utf-8", {"ok": False, "error": "invalid_auth"}, []),
    "s3-no-such-key": (404, "application/xml", _S3_NO_SUCH_KEY, []),
    "dynamodb-throttling": (400, "application/x-amz-json-1.0", {"__type": "com.amazonaws.dynamodb.v20120810#ThrottlingException", "message": "Rate of requests exceeds the allowed throughput."}, []),
    "sheets-429-per-minute": (429, "application/json; charset=UTF-8", {"error": {"code": 429, "message": "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'sheets.googleapis.com' for consumer 'project_number:418203377215'.", "status": "RESOURCE_EXHAUSTED"}}, [("Retry-After", "60")]),
    "twilio-400-to-number": (400, "application/json", {"code": 21211, "message": "The 'To' number +1555012 is not a valid phone number.", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400}, []),
    "fastapi-422-quantity": (422, "application/json", {"detail": [{"type": "greater_than", "loc": ["body", "items", 0, "quantity"], "msg": "Input should be greater than 0", "input": 0, "ctx": {"gt": 0}}]}, []),
    "fastapi-401-credentials": (401, "application/json", {"detail": "Could not validate credentials"}, [("WWW-Authenticate", "Bearer")]),
    "django-403-csrf": (403, "text/html; charset=utf-8", _DJANGO_CSRF_403, []),
    "nginx-504": (504, "text/html", _NGINX_504, []),
}

# truth and reason of each /api11 body, by LABELLING.md
API11_TRUTH = {
    # transient by rule 4: rate limits, throttling and the statuses the SDKs retry
    "stripe-429-lock-timeout": ("transient", "429: another request holds the object's lock; the body says to retry"),
    "anthropic-529-overloaded": ("transient", "529: the API is overloaded for now"),
    "dynamodb-throttling": ("transient", "throttling: the request rate exceeds the provisioned throughput for now"),
    "sheets-429-per-minute": ("transient", "429: a per-minute quota; it resets within a minute"),
    "nginx-504": ("transient", "504: gateway timeout"),
    # fixable by rule 5: the body names the field or parameter and what is wrong with it
    "anthropic-400-max-tokens": ("fixable", "names the missing required field max_tokens"),
    "twilio-400-to-number": ("fixable", "names the To number and that it is not a valid phone number"),
    "fastapi-422-quantity": ("fixable", "names body.items[0].quantity and that it must be greater than 0"),
    # unrecoverable by rule 2 and the spent-credit row: credentials, permissions, a declined card
    "fastapi-401-credentials": ("unrecoverable", "401: the token could not be validated"),
    "django-403-csrf": ("unrecoverable", "403: forbidden (CSRF verification failed)"),
    "slack-invalid-auth": ("unrecoverable", "the token is invalid (invalid_auth)"),
    "stripe-402-card-declined": ("unrecoverable", "402: the card was declined for insufficient funds; only the customer can change that"),
    # ambiguous by rule 6
    "github-404-pull": ("ambiguous", "404: the pull request is not found; which one is meant is not said"),
    "github-405-not-mergeable": ("ambiguous", "405: the pull request is not mergeable; why (conflicts, checks, reviews) is not said"),
    "s3-no-such-key": ("ambiguous", "404: the object key does not exist; which key is meant is not said"),
    # none by rule 1
    "stripe-refund-succeeded": ("none", "200: the refund succeeded; failure_reason is null and the 502 is a note"),
    "github-check-runs-ok": ("none", "200: the check runs that were asked for, all successful; the error words are test names and zero counts"),
    "openai-chat-ok-incident": ("none", "200: the completion that was asked for; the error words are its summary of an incident"),
}
BY_URLLIB = ["github-404-pull", "github-405-not-mergeable", "s3-no-such-key", "django-403-csrf", "twilio-400-to-number", "stripe-refund-succeeded"]
BY_REQUESTS = ["stripe-402-card-declined", "stripe-429-lock-timeout", "fastapi-422-quantity", "fastapi-401-credentials", "sheets-429-per-minute", "github-check-runs-ok"]
BY_HTTPX = ["anthropic-529-overloaded", "anthropic-400-max-tokens", "dynamodb-throttling", "slack-invalid-auth", "nginx-504", "openai-chat-ok-incident"]


class _Api11Handler(_Api9Handler):
    """Round 9's handler (GET, POST and PATCH) with /api11 and API11_BODIES."""
    prefix, bodies = "api11", API11_BODIES


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, api, silent = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api11", api)
    r = client.get(f"{base}/api11/nginx-504", params={"since": "2026-01-01"})
    fail("r11-raise-for-status-504-nginx", r.raise_for_status, "raise_for_status() of an nginx 504 page")
    fail("r11-read-timeout-local-metrics", lambda: client.get(f"http://127.0.0.1:{silent}/api/metrics/summary", timeout=0.5), "Client.get(timeout=0.5) of a local service that accepts but never answers", ("str", "named", "repr"))
print(json.dumps({"version": httpx.__version__, "out": out}))
'''

# the script an exec tool runs: it creates a Stripe-style payment intent and lets raise_for_status escape
CHARGE_SCRIPT = """import os
import sys

import requests

BASE = sys.argv[1]


def create_payment_intent(amount, currency, customer):
    response = requests.post(
        f"{BASE}/api11/stripe-429-lock-timeout",
        data={"amount": amount, "currency": currency, "customer": customer},
        headers={"Authorization": f"Bearer {os.environ.get('STRIPE_SECRET_KEY', 'sk_test_placeholder')}"},
        timeout=15,
    )
    response.raise_for_status()
    return response.json()


intent = create_payment_intent(2500, "usd", "cus_Qm4Tz8LpW2xR")
print(intent["id"], intent["status"])
"""


def http11(c):
    import requests

    server, base = api_server(c, _Api11Handler, 8043)
    urllib_bodies(c, base, "api11", API11_TRUTH, BY_URLLIB, WHERE)

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api11", API11_TRUTH, BY_REQUESTS, WHERE, json={"items": [{"sku": "TSHIRT-M", "quantity": 0}], "range": "Orders!A1:F200"}, headers={"Authorization": "Bearer test_placeholder"})

    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX), str(c.silent))
    if httpx is not None:
        result, hx = httpx
        httpx_items(c, result["out"], API11_TRUTH, {
            # transient by rule 4: a 504 (raise_for_status names the status)
            "r11-raise-for-status-504-nginx": ("transient", "504: gateway timeout"),
            # transient by rule 4: a network read timeout
            "r11-read-timeout-local-metrics": ("transient", "network read timeout"),
        }, hx, where=WHERE)

    source = "python-requests"
    # transient by rule 4: connection refused (the local backend is not up)
    e = caught(lambda: requests.post(f"http://127.0.0.1:{c.closed}/api/v1/orders", json={"customer_id": 42, "items": [{"sku": "TSHIRT-M", "quantity": 2}]}, timeout=5))
    c.add_forms(source, "r11-local-orders-refused", e, "transient", "connection refused by the local backend's port", f"{how} post() of an order to a local port where nothing listens", which=("str", "named"))
    # transient by rule 4: a network read timeout
    e = caught(lambda: requests.get(f"http://127.0.0.1:{c.silent}/api/reports/export/", params={"format": "csv", "month": "2025-12"}, timeout=(3.05, 0.5)))
    c.add_forms(source, "r11-export-read-timeout", e, "transient", "network read timeout", f"{how} get(timeout=(3.05, 0.5)) of a local service that accepts but never answers", which=("str", "named"))

    source = "python-urllib"
    # transient by rule 4: connection refused (a local model server is not running)
    request = urllib.request.Request(f"http://127.0.0.1:{c.closed}/api/generate", data=json.dumps({"model": "llama3.1", "prompt": "hello", "stream": False}).encode(), headers={"Content-Type": "application/json"})
    e = caught(lambda: urllib.request.urlopen(request, timeout=5))
    c.add_forms(source, "r11-local-generate-refused", e, "transient", "connection refused by the local service's port", "urllib.request.urlopen of a POST to a local port where nothing listens")

    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", f"http://127.0.0.1:{c.closed}/healthz"], capture_output=True, text=True, env=COMMAND_ENV)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr.replace(f"port {c.closed}", "port 8001"))
    # transient by the shell rule: a refused connection
    c.add("python-subprocess", "r11-curl-healthz-refused", "stderr", text, "transient", "the command reports a refused connection", f"{curl} -sS of /healthz on a local port where nothing listens, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
    run = subprocess.run(["curl", "-fsS", "-H", "Authorization: Bearer expired", f"{base}/api11/fastapi-401-credentials"], capture_output=True, text=True, env=COMMAND_ENV)
    # unrecoverable by rule 2: the command reports a 401
    c.add("python-subprocess", "r11-curl-fail-401", "stderr", run.stderr, "unrecoverable", "401 reported by the command: the credentials are refused", f"{curl} -fsS of a FastAPI-style 401 ({WHERE}), stderr, exit {run.returncode}")

    write_file(f"{R11}/charge.py", CHARGE_SCRIPT)
    run = subprocess.run([sys.executable, "charge.py", base], capture_output=True, text=True, cwd=R11, env=COMMAND_ENV, timeout=30)
    # transient by rule 4: the script's raise_for_status reports a 429
    c.add("python-traceback", "r11-requests-http-error-429-stripe", "traceback", run.stderr, "transient", "the script's request got 429 Too Many Requests", f"python3 charge.py (requests {requests.__version__}) against a Stripe-style 429 lock_timeout, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()
