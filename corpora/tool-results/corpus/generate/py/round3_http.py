"""Round 3 of the Python cases, HTTP clients: the `/api3/NAME` bodies of servers.py (written there in the style
of Azure, AWS JSON, Slack, Discord, Twilio and Shopify APIs and of a plain-text quota page) fetched with
urllib, requests and httpx in the forms tools return them, and requests' retries running out on 429. httpx is
Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py."""
import json

from common import caught, run_httpx
from round2_http import api_body_forms, requests_bodies, urllib_bodies

# truth and reason of each /api3 body, by LABELLING.md
API3_TRUTH = {
    "azure-server-busy": ("transient", "503 ServerBusy: retry the request (Retry-After 30)"),
    "slack-ratelimited": ("transient", "429 ratelimited: rate limited"),
    "aws-json-throttling": ("transient", "ThrottlingException: rate exceeded"),
    "discord-429": ("transient", "429: rate limited for 0.64 s"),
    "azure-invalid-location": ("fixable", "names the location value and lists the available regions"),
    "shopify-422": ("fixable", "names title and variants.price and what each must be"),
    "twilio-400": ("fixable", "names the To parameter and quotes its invalid phone number"),
    "azure-authorization-failed": ("unrecoverable", "403: the client lacks authorization for the action"),
    "twilio-401": ("unrecoverable", "401: authentication failed"),
    "quota-monthly-text": ("unrecoverable", "the monthly quota is spent until a renewal weeks away; the plan needs the user"),
    "slack-invalid-auth": ("unrecoverable", "ok false with invalid_auth: the token is not valid"),
    "slack-ok-message": ("none", "ok true: the message was posted; its text reports a failed deploy"),
}
BY_URLLIB = ["slack-ratelimited", "twilio-400", "quota-monthly-text", "slack-ok-message"]
BY_REQUESTS = ["azure-server-busy", "discord-429", "azure-invalid-location", "azure-authorization-failed", "slack-invalid-auth"]
BY_HTTPX = ["aws-json-throttling", "shopify-422", "twilio-401"]


HTTPX_CODE = r'''
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


def http3(c):
    base = c.base
    urllib_bodies(c, base, "api3", API3_TRUTH, BY_URLLIB)

    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    source = "python-requests"
    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api3", API3_TRUTH, BY_REQUESTS)
    session = requests.Session()
    session.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0, status_forcelist=[429], respect_retry_after_header=False)))
    c.add_forms(source, "retries-exhausted-429", caught(lambda: session.get(f"{base}/api3/discord-429", timeout=5)), "transient", "the retries on 429 ran out; the rate limit clears by itself", f"{how} Session with HTTPAdapter(Retry(total=3, status_forcelist=[429])) get() of a 429", which=("str", "named"))
    session.close()

    httpx = run_httpx(HTTPX_CODE, base, json.dumps(BY_HTTPX))
    if httpx is None:
        return  # python3-httpx is not installed for /usr/bin/python3
    result, how = httpx
    for item in result["out"]:
        api_body_forms(c, "python-httpx", "api3", API3_TRUTH, item["name"], item["status"], item["phrase"], item["body"], f"{how} response.text")
