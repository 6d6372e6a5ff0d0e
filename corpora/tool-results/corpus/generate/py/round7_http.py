"""Round 7 of the Python cases, HTTP clients: the `/api7/NAME` bodies of servers.py (written there in the style
of Mistral, Vercel, Azure OpenAI, Elasticsearch, OpenAI, SendGrid, Anthropic, Google Gemini, Jira, Django REST
framework and PagerDuty) fetched with urllib, requests and httpx in the forms tools return them, and the
clients' own errors for calls that get no connection or no answer in time (http.client, a urllib POST, a
requests PUT). httpx is Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py. The truth and its
reason are stated next to each case, by the principles in ../../LABELLING.md."""
import http.client
import json
import urllib.request

from common import HTTPX_PRELUDE, caught, run_httpx
from round2_http import httpx_items, requests_bodies, urllib_bodies

# truth and reason of each /api7 body, by LABELLING.md
API7_TRUTH = {
    # transient by rule 4: rate limits, overload and the statuses the SDKs retry
    "mistral-429": ("transient", "429: the request rate limit is exceeded; repeat after a short wait"),
    "vercel-504": ("transient", "504: the deployment's function did not answer in time behind the gateway"),
    "azure-openai-500": ("transient", "500: server error that SDKs retry"),
    "elastic-429-rejected": ("transient", "429: the cluster rejected the request under load; repeat later"),
    # fixable by rule 5: the body names the parameter or field and what is wrong with it
    "openai-unknown-parameter": ("fixable", "names the unrecognized request argument max_token"),
    "sendgrid-400-from": ("fixable", "names the field from.email and that it must be a valid address"),
    "anthropic-max-tokens-400": ("fixable", "names the missing required field max_tokens"),
    # unrecoverable by rule 2: credentials and permissions
    "anthropic-permission-403": ("unrecoverable", "403: the API key has no permission for the resource"),
    "sendgrid-401": ("unrecoverable", "401: authorization is required; the credentials are missing or refused"),
    "gemini-api-key-invalid": ("unrecoverable", "the API key is not valid (API_KEY_INVALID); no argument of the call fixes the credentials"),
    # ambiguous by rule 6
    "jira-404-issue": ("ambiguous", "404: the issue does not exist or is not visible; which one is meant is not said"),
    "drf-405": ("ambiguous", "405: DELETE is not allowed and the body names no allowed method"),
    # none by rule 1
    "pagerduty-incidents-ok": ("none", "200: the incident list that was asked for; the errors and timeouts are titles of resolved incidents"),
}
BY_URLLIB = ["mistral-429", "sendgrid-400-from", "anthropic-permission-403", "jira-404-issue", "pagerduty-incidents-ok"]
BY_REQUESTS = ["vercel-504", "elastic-429-rejected", "openai-unknown-parameter", "sendgrid-401"]
BY_HTTPX = ["azure-openai-500", "anthropic-max-tokens-400", "gemini-api-key-invalid", "drf-405"]


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, api = sys.argv[1], json.loads(sys.argv[2])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api7", api)
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def http7(c):
    base = c.base
    urllib_bodies(c, base, "api7", API7_TRUTH, BY_URLLIB)
    requests_bodies(c, base, "api7", API7_TRUTH, BY_REQUESTS)
    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX))
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
