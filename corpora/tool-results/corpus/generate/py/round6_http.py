"""Round 6 of the Python cases, HTTP clients: the `/api6/NAME` bodies of servers.py (written there in the style
of Google Gemini, Envoy, Slack, Hugging Face, GitLab, Traefik, Stripe, Notion, Kubernetes, Atlassian
Statuspage, Shopify, Google Cloud and Express) fetched with urllib, requests and httpx in the forms tools
return them, and the clients' own errors for a POST that gets no answer in time (requests) and a GET whose
read times out after a retry (urllib3). httpx is Debian's python3-httpx for /usr/bin/python3, run as in
round2_http.py. The truth and its reason are stated next to each case, by the principles in
../../LABELLING.md."""
import json

from common import HTTPX_PRELUDE, caught, run_httpx
from round2_http import httpx_items, requests_bodies, urllib_bodies

# truth and reason of each /api6 body, by LABELLING.md
API6_TRUTH = {
    # transient by rule 4: statuses the SDKs retry, overload and throttling
    "gemini-503-overloaded": ("transient", "503 UNAVAILABLE: the model is overloaded; try again later"),
    "envoy-504": ("transient", "504: the proxy's upstream request timed out"),
    "traefik-502": ("transient", "502: bad gateway"),
    "shopify-429-throttled": ("transient", "429: more than 2 calls per second; slow down and repeat"),
    # fixable by rule 5: the body names the field or parameter and what it must be
    "slack-invalid-arguments": ("fixable", "names the missing required field channel"),
    "stripe-missing-param": ("fixable", "names the missing required parameter currency"),
    "google-invalid-enum": ("fixable", "names the field requests[0].features[0].type, its invalid value TEXT_DETECT and the enum type it must be of"),
    # unrecoverable by rule 2: credentials and permissions
    "huggingface-401": ("unrecoverable", "401: the credentials in the Authorization header are refused"),
    "notion-restricted-403": ("unrecoverable", "403: the token has no access to this resource"),
    "gcp-permission-denied-403": ("unrecoverable", "403: the service account lacks the permission storage.objects.create"),
    # ambiguous by rule 6
    "gitlab-404-project": ("ambiguous", "404: the project is not found; which one is meant is not said"),
    "k8s-409-already-exists": ("ambiguous", "409: the deployment already exists; update it, rename or stop depends on context"),
    "express-400-text": ("ambiguous", "a bare 400 names no field or value"),
    # none by rule 1
    "statuspage-ok": ("none", "200: the status page that was asked for; all systems are operational and the incident about error rates is resolved"),
}
BY_URLLIB = ["gemini-503-overloaded", "envoy-504", "slack-invalid-arguments", "huggingface-401", "gitlab-404-project"]
BY_REQUESTS = ["traefik-502", "stripe-missing-param", "notion-restricted-403", "k8s-409-already-exists", "statuspage-ok"]
BY_HTTPX = ["shopify-429-throttled", "google-invalid-enum", "gcp-permission-denied-403", "express-400-text"]


HTTPX_CODE = HTTPX_PRELUDE + r'''
base, api = sys.argv[1], json.loads(sys.argv[2])
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api6", api)
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


def http6(c):
    base = c.base
    urllib_bodies(c, base, "api6", API6_TRUTH, BY_URLLIB)

    import requests
    import urllib3

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api6", API6_TRUTH, BY_REQUESTS)
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

    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX))
    if httpx is not None:
        result, how = httpx
        httpx_items(c, result["out"], API6_TRUTH, {}, how)
