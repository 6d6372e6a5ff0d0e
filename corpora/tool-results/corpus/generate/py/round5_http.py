"""Round 5 of the Python cases, HTTP clients: the `/api5/NAME` bodies of servers.py (written there in the style
of Stripe, Kong, Google Cloud Storage, Azure, OpenAI, Jira, Django REST framework, GitHub, Atlassian and an AWS
load balancer) fetched with urllib, requests and httpx in the forms tools return them, and the clients' own
errors for a dropped connection (http.client, asyncio), a POST reset by the peer, a POST that gets no answer
and a URL with a malformed port. httpx is Debian's python3-httpx for /usr/bin/python3, run as in
round2_http.py. The truth and its reason are stated next to each case, by the principles in
../../LABELLING.md."""
import asyncio
import http.client
import json

from common import HTTPX_PRELUDE, caught, run_httpx
from round2_http import httpx_items, requests_bodies, urllib_bodies

# truth and reason of each /api5 body, by LABELLING.md
API5_TRUTH = {
    # transient by rule 4: rate limits and server errors the SDKs retry
    "stripe-rate-limit-429": ("transient", "429: too many requests too quickly; back off and repeat"),
    "kong-502": ("transient", "502: the gateway got an invalid answer from the upstream"),
    "gcs-backend-error-500": ("transient", "500 backendError: a server error that SDKs retry"),
    "azure-too-many-requests": ("transient", "429 TooManyRequests: throttled for the current window (Retry-After 17)"),
    # fixable by rule 5: the body names the field and what a valid value is
    "openai-param-range": ("fixable", "names temperature, its value 3.5 and the maximum 2"),
    "jira-field-error": ("fixable", "names the field priority and lists its valid values"),
    "drf-date-format": ("fixable", "names due_date and the format YYYY-MM-DD it must have"),
    # unrecoverable by rule 2: credentials, permissions and a spent billing limit
    "stripe-invalid-key": ("unrecoverable", "401: the API key is refused"),
    "github-not-accessible": ("unrecoverable", "403: the integration's token may not access this resource"),
    "atlassian-401": ("unrecoverable", "401: the client is not authenticated"),
    "openai-billing-limit": ("unrecoverable", "the billing hard limit is reached; only the account owner can raise it"),
    # ambiguous by rule 6
    "stripe-no-such-customer": ("ambiguous", "404: the customer id does not exist; which one is meant is not said"),
    "github-empty-repo-409": ("ambiguous", "409: the repository is empty; what to do instead depends on context"),
    "alb-400": ("ambiguous", "a bare 400 page of a load balancer names no field"),
    # none by rule 1
    "github-runs-ok": ("none", "200: the workflow runs that were asked for; a failed run and error names are its data"),
}
BY_URLLIB = ["kong-502", "azure-too-many-requests", "jira-field-error", "atlassian-401", "stripe-no-such-customer"]
BY_REQUESTS = ["stripe-rate-limit-429", "openai-param-range", "github-not-accessible", "openai-billing-limit", "alb-400", "github-runs-ok"]
BY_HTTPX = ["gcs-backend-error-500", "drf-date-format", "stripe-invalid-key", "github-empty-repo-409"]


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, silent, api = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api5", api)
fail("post-read-timeout", lambda: httpx.post(f"http://127.0.0.1:{silent}/v1/charges", json={"amount": 1200, "currency": "eur"}, timeout=httpx.Timeout(5, read=0.3)), "post(json=..., timeout=Timeout(5, read=0.3)) to a listener that never answers", ("str", "named", "repr"))
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def http5(c):
    base = c.base
    urllib_bodies(c, base, "api5", API5_TRUTH, BY_URLLIB)

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
    requests_bodies(c, base, "api5", API5_TRUTH, BY_REQUESTS)
    # transient by rule 4: a reset during a POST
    c.add_forms(source, "post-connection-reset", caught(lambda: requests.post(f"http://127.0.0.1:{c.reset}/v1/webhooks", json={"url": "https://hooks.example.com/deploy", "events": ["push"]}, timeout=5)), "transient", "connection reset by the peer during a POST", f"{how} post(json=...) to a listener that resets", which=("str", "named"))
    # fixable by rule 5: the URL argument is malformed and the text quotes it
    c.add_forms(source, "invalid-port", caught(lambda: requests.get("http://api.example.com:80a/v1/orders", timeout=5)), "fixable", "quotes the URL whose port 80a is not a number; the URL is the value to change", f"{how} get() of a URL with a non-numeric port (no connection made)", which=("str", "named"))

    httpx = run_httpx(HTTPX_CODE, base, str(c.silent), json.dumps(BY_HTTPX))
    if httpx is not None:
        result, how = httpx
        truth = {
            # transient by rule 3/4: a network read timeout, not a timeout of the work
            "post-read-timeout": ("transient", "network read timeout waiting for the answer to a POST"),
        }
        httpx_items(c, result["out"], API5_TRUTH, truth, how)
