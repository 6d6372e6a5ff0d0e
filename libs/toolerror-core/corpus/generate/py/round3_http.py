"""Round 3 of the Python cases, HTTP clients: the `/api3/NAME` bodies of servers.py (written there in the style
of Azure, AWS JSON, Slack, Discord, Twilio and Shopify APIs and of a plain-text quota page) fetched with
urllib, requests and httpx in the forms tools return them, and requests' retries running out on 429. httpx is
Debian's python3-httpx for /usr/bin/python3, run as in round2_http.py."""
import json
import os
import subprocess
import urllib.error
import urllib.request

from common import SCRATCH, caught

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


def _body_forms(c, source, name, status, reason_phrase, body, how):
    truth, reason = API3_TRUTH[name]
    c.add(source, f"api-{name}", "body", body, truth, reason, f"{how} of /api3/{name} (body written in servers.py)")
    if status >= 400:
        c.add(source, f"api-{name}", "status-body", f"{status} {reason_phrase}: {body}", truth, reason, f"{how}, f'{{status}} {{reason}}: {{body}}' of /api3/{name}")


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
    for name in BY_URLLIB:
        try:
            response = urllib.request.urlopen(f"{base}/api3/{name}", timeout=5)
            status, phrase, body = response.status, response.reason, response.read().decode()
        except urllib.error.HTTPError as e:
            status, phrase, body = e.code, e.reason, e.read().decode()
        _body_forms(c, "python-urllib", name, status, phrase, body, "urllib.request.urlopen, body of the response or HTTPError")

    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.util.retry import Retry

    source = "python-requests"
    how = f"requests {requests.__version__}"
    for name in BY_REQUESTS:
        response = requests.get(f"{base}/api3/{name}", timeout=5)
        _body_forms(c, source, name, response.status_code, response.reason, response.text, f"{how} response.text")
    session = requests.Session()
    session.mount("http://", HTTPAdapter(max_retries=Retry(total=3, backoff_factor=0, status_forcelist=[429], respect_retry_after_header=False)))
    c.add_forms(source, "retries-exhausted-429", caught(lambda: session.get(f"{base}/api3/discord-429", timeout=5)), "transient", "the retries on 429 ran out; the rate limit clears by itself", f"{how} Session with HTTPAdapter(Retry(total=3, status_forcelist=[429])) get() of a 429", which=("str", "named"))
    session.close()

    if not os.path.exists("/usr/bin/python3"):
        return
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_PROXY": "*", "no_proxy": "*"}
    run = subprocess.run(["/usr/bin/python3", "-c", HTTPX_CODE, base, json.dumps(BY_HTTPX)], capture_output=True, text=True, timeout=60, cwd=SCRATCH, env=env)
    if run.returncode != 0 and "No module named 'httpx'" in run.stderr:
        return  # python3-httpx is not installed for /usr/bin/python3
    result = json.loads(run.stdout)
    version = subprocess.run(["/usr/bin/python3", "--version"], capture_output=True, text=True).stdout.split()[1]
    how = f"httpx {result['version']} (Debian python3-httpx, /usr/bin/python3 {version}) response.text"
    for item in result["out"]:
        _body_forms(c, "python-httpx", item["name"], item["status"], item["phrase"], item["body"], how)
