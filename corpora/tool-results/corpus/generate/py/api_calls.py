"""Everyday calls of the APIs of api_call_bodies.py, each set served on 127.0.0.1 (ports rewritten to 8040–8043):
the bodies fetched with urllib, requests, httpx and curl in the forms tools return them, and the errors of
everyday calls from clients, commands and scripts (arguments of the wrong type, refused and reset connections,
read timeouts, raise_for_status, a resolver that does not answer, a broken gzip body, https to a plain-http port,
wget and git over http, scripts that let a client's error escape). httpx runs as in http_clients.py. The truth
and its reason are stated next to each case or in api_call_bodies.py, by the principles in ../../LABELLING.md."""
import datetime
import json
import re
import subprocess
import sys
import urllib.request

from api_bodies import api_server, httpx_items, requests_bodies, urllib_bodies
from api_call_bodies import (API8_BY_HTTPX, API8_BY_REQUESTS, API8_BY_URLLIB, API8_TRUTH, API8_WHERE, API9_BY_HTTPX,
                             API9_BY_REQUESTS, API9_BY_URLLIB, API9_TRUTH, API9_WHERE, API10_BY_HTTPX, API10_BY_REQUESTS,
                             API10_BY_URLLIB, API10_TRUTH, API10_WHERE, API11_BY_HTTPX, API11_BY_REQUESTS, API11_BY_URLLIB,
                             API11_TRUTH, API11_WHERE, Api8Handler, Api9Handler, Api10Handler, Api11Handler)
from common import COMMAND_ENV, GIT_ENV, HTTPX_PRELUDE, caught, run_httpx, write_file
from scratch import R8, R9, R10, R11


API8_HTTPX = HTTPX_PRELUDE + r'''
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


def gateway_and_saas_bodies_and_argument_types(c):
    server, base = api_server(c, Api8Handler, 8040)
    urllib_bodies(c, base, "api8", API8_TRUTH, API8_BY_URLLIB, API8_WHERE)

    import requests
    import urllib3

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api8", API8_TRUTH, API8_BY_REQUESTS, API8_WHERE)

    httpx = run_httpx(API8_HTTPX, base, json.dumps(API8_BY_HTTPX))
    if httpx is not None:
        result, hx = httpx
        # transient by rule 4: a 500 (raise_for_status names the status)
        httpx_items(c, result["out"], API8_TRUTH, {"raise-for-status-500": ("transient", "500: server error that SDKs retry")}, hx, where=API8_WHERE)

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
          f"{curl} -sS --fail-with-body of /api8/hubspot-429-secondly ({API8_WHERE}), stdout and stderr, exit {run.returncode}")

    write_file(f"{R8}/sync_orders.py", SYNC_SCRIPT)
    run = subprocess.run([sys.executable, "sync_orders.py", f"http://127.0.0.1:{c.closed}"], capture_output=True, text=True, cwd=R8, env=COMMAND_ENV, timeout=30)
    # transient by the shell rule: the script's request was refused (connection refused)
    c.add("python-traceback", "requests-connection-refused", "traceback", run.stderr, "ambiguous", "the script's request got connection refused; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"python3 sync_orders.py (requests {requests.__version__}) to a closed port, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()


API9_HTTPX = HTTPX_PRELUDE + r'''
base, api, dns = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
with httpx.Client(timeout=5) as client:
    api_bodies(client, base, "api9", api)
    r = client.get(f"{base}/api9/nginx-maintenance-503")
    fail("raise-for-status-503", r.raise_for_status, "raise_for_status() of a 503 maintenance page")
out.append({"case": "dns-temporary-failure", "forms": json.loads(dns), "how": "httpx.get of http://billing-api.internal:8080/v1/health with an unanswering resolver"})
print(json.dumps({"version": httpx.__version__, "out": out}))
'''


# a child that resolves through a resolver that does not answer: a mount namespace whose resolv.conf names
# 127.0.0.1, where nothing listens on port 53 (no query leaves the machine)
DNS_WRAP = "mount --bind {conf} /etc/resolv.conf && exec \"$@\""
DNS_URL = "http://billing-api.internal:8080/v1/health"
DNS_CODE = """import json, sys
try:
    {call}
except Exception as e:
    print(json.dumps({{"str": str(e), "named": f"{{type(e).__name__}}: {{e}}"}}))
"""


# the script an exec tool runs: raise_for_status meets the maintenance page
STATUS_SCRIPT = """import sys

import requests

BASE = sys.argv[1]


def invoices(page):
    response = requests.get(f"{BASE}/api9/nginx-maintenance-503", params={"page": page}, timeout=10)
    response.raise_for_status()
    return response.json()


print(len(invoices(1)), "invoices")
"""


def _without_resolver(argv):
    """argv run in a mount namespace whose resolver does not answer; as run's stdout, stderr and exit code."""
    conf = f"{R9}/resolv.conf"
    write_file(conf, "nameserver 127.0.0.1\n")
    return subprocess.run(["unshare", "-m", "sh", "-c", DNS_WRAP.format(conf=conf), "sh", *argv], capture_output=True, text=True, env=COMMAND_ENV, timeout=60)


def _dns_forms(python, call):
    run = _without_resolver([python, "-c", DNS_CODE.format(call=call)])
    return json.loads(run.stdout) if run.returncode == 0 and run.stdout.strip() else None


def okta_airtable_paypal_bodies_dns_and_git_remotes(c):
    import requests

    server, base = api_server(c, Api9Handler, 8041)
    urllib_bodies(c, base, "api9", API9_TRUTH, API9_BY_URLLIB, API9_WHERE)

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api9", API9_TRUTH, API9_BY_REQUESTS, API9_WHERE, json={"fields": {"Name": "Acme GmbH"}})

    dns = _dns_forms("/usr/bin/python3", f"__import__('httpx').get('{DNS_URL}', timeout=5)")
    httpx = run_httpx(API9_HTTPX, base, json.dumps(API9_BY_HTTPX), json.dumps(dns))
    if httpx is not None:
        result, hx = httpx
        items = [item for item in result["out"] if item["forms"] is not None]
        httpx_items(c, items, API9_TRUTH, {
            # transient by rule 4: a 503 (raise_for_status names the status)
            "raise-for-status-503": ("transient", "503: service unavailable (a maintenance page)"),
            # transient by rule 4: Temporary failure in name resolution
            "dns-temporary-failure": ("transient", "temporary failure in name resolution"),
        }, hx, where=API9_WHERE)

    # transient by rule 4: Temporary failure in name resolution (the resolver does not answer)
    dns = _dns_forms(sys.executable, f"__import__('requests').get('{DNS_URL}', timeout=5)")
    if dns is not None:
        for form, text in dns.items():
            c.add("python-requests", "dns-temporary-failure", form, text, "transient", "temporary failure in name resolution", f"{how} get() of a host name while the resolver does not answer (a mount namespace with nameserver 127.0.0.1)")
    run = _without_resolver(["curl", "-sS", "--max-time", "10", DNS_URL])
    if "resolve" in run.stderr:
        # ambiguous: curl's text does not say whether the name is wrong or the resolver is down
        c.add("python-subprocess", "curl-could-not-resolve", "stderr", run.stderr, "ambiguous", "the host name could not be resolved; whether it is wrong or the resolver is down is not said", f"curl -sS of a host name while the resolver does not answer, stderr, exit {run.returncode}")

    # ambiguous by rule 6: the server's body does not match its Content-Encoding; no argument of the call is wrong
    e = caught(lambda: requests.get(f"{base}/gzip9/orders", timeout=5))
    c.add_forms("python-requests", "content-decoding", e, "ambiguous", "the response claims gzip but cannot be decoded; a server fault no argument fixes, and a repeat gets the same", f"{how} get() of a 200 whose Content-Encoding: gzip body is plain JSON", which=("str", "named"))
    # fixable by rule 5: the json argument holds NaN, which the text names as not JSON compliant
    e = caught(lambda: requests.post(f"{base}/api9/square-400-email", json={"amount": float("nan"), "currency": "EUR"}, timeout=5))
    c.add_forms("python-requests", "json-nan", e, "fixable", "the json argument holds a NaN float, which the text says is not JSON compliant", f"{how} post(json=...) with float('nan') (no request made)", which=("str", "named"))
    # ambiguous: an https URL to a plain-http port; the TLS error does not say that the scheme is the fault
    e = caught(lambda: requests.get(f"https://127.0.0.1:{server.server_port}/api9/grafana-alert-rules-ok", timeout=5))
    c.add_forms("python-requests", "https-to-http-port", e, "ambiguous", "a TLS handshake error; that the port speaks plain http is not said", f"{how} get() of https:// to a plain-http server", which=("str", "named"))

    wget = subprocess.run(["wget", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" built")[0]
    run = subprocess.run(["wget", "-O", "-", "--tries=1", f"{base}/api9/okta-401-invalid-token"], capture_output=True, text=True, env=COMMAND_ENV)
    text = re.sub(r"^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--", "--2026-01-02 10:00:00--", run.stderr, flags=re.M)
    # unrecoverable by rule 2: 401 and wget's failed authentication
    c.add("python-subprocess", "wget-401", "stderr", text, "unrecoverable", "401: the server refuses the request without valid credentials", f"{wget} -O - --tries=1 of /api9/okta-401-invalid-token ({API9_WHERE}), stderr, exit {run.returncode} (timestamp fixed)")

    git = subprocess.run(["git", "--version"], capture_output=True, text=True).stdout.strip()
    env = {**GIT_ENV, "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": ""}
    write_file(f"{R9}/.keep", "")
    run = subprocess.run(["git", "ls-remote", f"{base}/git9/billing.git"], capture_output=True, text=True, env=env, cwd=R9)
    # unrecoverable by rule 2: the remote wants credentials the agent does not have
    c.add("python-subprocess", "git-ls-remote-credentials", "stderr", run.stderr, "unrecoverable", "the remote asks for credentials and there are none to give", f"git ls-remote over http of a remote that answers 401, with terminal prompts disabled, stderr, exit {run.returncode} ({git})")
    run = subprocess.run(["git", "clone", f"{base}/git9/ledger.git"], capture_output=True, text=True, env=env, cwd=R9)
    # transient by the shell rule: the remote answered 503
    c.add("python-subprocess", "git-clone-503", "stderr", run.stderr, "transient", "the remote answered 503", f"git clone over http of a remote that answers 503, stderr, exit {run.returncode} ({git})")

    write_file(f"{R9}/fetch_invoices.py", STATUS_SCRIPT)
    run = subprocess.run([sys.executable, "fetch_invoices.py", base], capture_output=True, text=True, cwd=R9, env=COMMAND_ENV, timeout=30)
    # transient by the shell rule: the script's raise_for_status reports a 503
    c.add("python-traceback", "requests-http-error-503", "traceback", run.stderr, "transient", "the script's request got a 503 (maintenance)", f"python3 fetch_invoices.py (requests {requests.__version__}) against a 503 maintenance page, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()


API10_HTTPX = HTTPX_PRELUDE + r'''
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


def everyday_github_stripe_openai_calls(c):
    import requests

    server, base = api_server(c, Api10Handler, 8042)
    urllib_bodies(c, base, "api10", API10_TRUTH, API10_BY_URLLIB, API10_WHERE)

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api10", API10_TRUTH, API10_BY_REQUESTS, API10_WHERE, json={"customer": "cus_RkT4mZp9XwQ2aL", "currency": "usd"}, headers={"Authorization": "Bearer sk_test_placeholder"})

    httpx = run_httpx(API10_HTTPX, base, json.dumps(API10_BY_HTTPX), str(c.closed))
    if httpx is not None:
        result, hx = httpx
        httpx_items(c, result["out"], API10_TRUTH, {
            # transient by rule 4: a 429 (raise_for_status names the status)
            "raise-for-status-429-tpm": ("transient", "429: too many requests"),
            # transient by rule 4: connection refused
            "dev-server-refused": ("transient", "connection refused by the local dev server's port"),
        }, hx, where=API10_WHERE)

    source = "python-requests"
    # transient by rule 4: connection refused (the local dev server is not up)
    e = caught(lambda: requests.post(f"http://127.0.0.1:{c.closed}/api/v1/auth/login", json={"email": "ada@example.com", "password": "correct-horse"}, timeout=5))
    c.add_forms(source, "dev-server-login-refused", e, "transient", "connection refused by the local dev server's port", f"{how} post() of a login to a local port where nothing listens", which=("str", "named"))
    # ambiguous by rule 6: 404 (raise_for_status names only the status and the URL)
    e = caught(requests.get(f"{base}/api10/github-404-repo", params={"per_page": 100}, timeout=5).raise_for_status)
    c.add_forms(source, "raise-for-status-404-repo", e, "ambiguous", "404: the resource is not found; which one is meant is not said", f"{how} raise_for_status() of a GitHub-style 404 ({API10_WHERE})", which=("str", "named"))
    # ambiguous by rule 6: a JSON parse error of the body the tool read (an HTML 502 page)
    e = caught(requests.get(f"{base}/api10/nginx-502", timeout=5).json)
    c.add_forms(source, "json-of-html-502", e, "ambiguous", "a JSON parse error of the response the tool read; the status behind it is not said", f"{how} response.json() of an nginx 502 HTML page ({API10_WHERE})", which=("str", "named"))

    # transient by rule 4: a network read timeout
    e = caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.silent}/api/v1/reports/monthly?year=2025", timeout=0.5))
    c.add_forms("python-urllib", "reports-read-timeout", e, "transient", "network read timeout", "urllib.request.urlopen(timeout=0.5) of a local service that accepts but never answers")

    curl = subprocess.run(["curl", "--version"], capture_output=True, text=True).stdout.split("\n")[0].split(" (")[0]
    run = subprocess.run(["curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "-d", '{"query": "status:open"}', f"http://127.0.0.1:{c.closed}/api/search"], capture_output=True, text=True, env=COMMAND_ENV)
    text = re.sub(r"after \d+ ms", "after 0 ms", run.stderr.replace(f"port {c.closed}", "port 8001"))
    # transient by the shell rule: a refused connection
    c.add("python-subprocess", "curl-post-refused", "stderr", text, "ambiguous", "the command reports a refused connection; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"{curl} -sS -X POST to a local port where nothing listens, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
    run = subprocess.run(["curl", "-fsS", "-H", "Accept: application/vnd.github+json", f"{base}/api10/github-404-repo"], capture_output=True, text=True, env=COMMAND_ENV)
    # ambiguous by rule 6: a 404 reported by the command
    c.add("python-subprocess", "curl-fail-404-github-repo", "stderr", run.stderr, "ambiguous", "404 reported by the command; which resource is meant is not said", f"{curl} -fsS of a GitHub-style 404 ({API10_WHERE}), stderr, exit {run.returncode}")

    write_file(f"{R10}/list_issues.py", ISSUES_SCRIPT)
    run = subprocess.run([sys.executable, "list_issues.py", base], capture_output=True, text=True, cwd=R10, env=COMMAND_ENV, timeout=30)
    # unrecoverable by rule 2: the script's request got a 401
    c.add("python-traceback", "requests-http-error-401", "traceback", run.stderr, "unrecoverable", "the script's request got 401 Unauthorized", f"python3 list_issues.py (requests {requests.__version__}) against a GitHub-style 401, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()


API11_HTTPX = HTTPX_PRELUDE + r'''
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


def everyday_s3_sheets_twilio_calls(c):
    import requests

    server, base = api_server(c, Api11Handler, 8043)
    urllib_bodies(c, base, "api11", API11_TRUTH, API11_BY_URLLIB, API11_WHERE)

    how = f"requests {requests.__version__}"
    requests_bodies(c, base, "api11", API11_TRUTH, API11_BY_REQUESTS, API11_WHERE, json={"items": [{"sku": "TSHIRT-M", "quantity": 0}], "range": "Orders!A1:F200"}, headers={"Authorization": "Bearer test_placeholder"})

    httpx = run_httpx(API11_HTTPX, base, json.dumps(API11_BY_HTTPX), str(c.silent))
    if httpx is not None:
        result, hx = httpx
        httpx_items(c, result["out"], API11_TRUTH, {
            # transient by rule 4: a 504 (raise_for_status names the status)
            "r11-raise-for-status-504-nginx": ("transient", "504: gateway timeout"),
            # transient by rule 4: a network read timeout
            "r11-read-timeout-local-metrics": ("transient", "network read timeout"),
        }, hx, where=API11_WHERE)

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
    c.add("python-subprocess", "r11-curl-healthz-refused", "stderr", text, "ambiguous", "the command reports a refused connection; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"{curl} -sS of /healthz on a local port where nothing listens, stderr, exit {run.returncode} (elapsed ms fixed to 0, port to 8001)")
    run = subprocess.run(["curl", "-fsS", "-H", "Authorization: Bearer expired", f"{base}/api11/fastapi-401-credentials"], capture_output=True, text=True, env=COMMAND_ENV)
    # unrecoverable by rule 2: the command reports a 401
    c.add("python-subprocess", "r11-curl-fail-401", "stderr", run.stderr, "unrecoverable", "401 reported by the command: the credentials are refused", f"{curl} -fsS of a FastAPI-style 401 ({API11_WHERE}), stderr, exit {run.returncode}")

    write_file(f"{R11}/charge.py", CHARGE_SCRIPT)
    run = subprocess.run([sys.executable, "charge.py", base], capture_output=True, text=True, cwd=R11, env=COMMAND_ENV, timeout=30)
    # transient by rule 4: the script's raise_for_status reports a 429
    c.add("python-traceback", "r11-requests-http-error-429-stripe", "traceback", run.stderr, "transient", "the script's request got 429 Too Many Requests", f"python3 charge.py (requests {requests.__version__}) against a Stripe-style 429 lock_timeout, stderr, exit {run.returncode}")

    server.shutdown()
    server.server_close()
