"""API bodies and how the Python clients read them: the truth of each body that servers.py serves (`/api/NNN`,
`/api2/NAME` … `/api7/NAME`, written there in the style of public APIs) and which client fetches it, the truth of
CPython's bare error pages (`/bare/NNN`), and the helpers that record a body in the forms tools return it
(`body`, and `status-body` for a failure status). The bodies that api_call_bodies.py writes use the same helpers."""
import http.server
import threading
import urllib.error
import urllib.request


# The truth of a status whose text names nothing more than the status.
BARE_STATUS = {
    400: ("ambiguous", "a bare 400 names no field or value to change"),
    401: ("unrecoverable", "401: the credentials are refused; no argument fixes that"),
    403: ("unrecoverable", "403: access is forbidden"),
    404: ("ambiguous", "404: missing resource; the next step depends on context"),
    408: ("transient", "408: the request timed out on the network"),
    409: ("ambiguous", "409: a state conflict; re-read or give up depending on context"),
    422: ("ambiguous", "a bare 422 names no field"),
    429: ("transient", "429: rate limited"),
    500: ("transient", "500: server error that SDKs retry"),
    502: ("transient", "502: bad gateway"),
    503: ("transient", "503: service unavailable"),
    504: ("transient", "504: gateway timeout"),
}
# The truth of the API body of a status (servers.API_BODIES): 400 and 422 name their field.
API_STATUS = dict(BARE_STATUS)
API_STATUS[400] = ("fixable", "400 body names the parameter limit and the expected type")
API_STATUS[422] = ("fixable", "422 body names the missing field title")


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


def api_server(c, handler, canonical_port):
    """Serves `handler` on a free port (rewritten to `canonical_port`); returns the server and its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    c.port(server.server_port, canonical_port)
    return server, f"http://127.0.0.1:{server.server_port}"


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
API2_BY_URLLIB = ["rate-limit-retry-after", "quota-monthly", "problem-invalid-params", "bare-422-message", "insufficient-scope", "gone", "payload-too-large", "cloudflare-502", "ok-error-guide", "ok-error-null"]
API2_BY_REQUESTS = ["quota-daily", "stripe-param", "graphql-validation", "rails-422-taken", "expired-token", "not-found-github", "method-allowed-named", "server-error-request-id", "maintenance-503", "ok-errors-empty", "ok-check-failure"]
API2_BY_HTTPX = ["google-field-violations", "bare-400-json", "payment-required", "conflict-version", "unsupported-media", "overloaded-529", "ok-error-free", "ok-issue-traceback"]
API2_HTTPX_BARE = {
    401: ("unrecoverable", "401: the credentials are refused; no argument fixes that"),
    403: ("unrecoverable", "403: access is forbidden"),
    429: ("transient", "429: rate limited"),
    503: ("transient", "503: service unavailable"),
}


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
API3_BY_URLLIB = ["slack-ratelimited", "twilio-400", "quota-monthly-text", "slack-ok-message"]
API3_BY_REQUESTS = ["azure-server-busy", "discord-429", "azure-invalid-location", "azure-authorization-failed", "slack-invalid-auth"]
API3_BY_HTTPX = ["aws-json-throttling", "shopify-422", "twilio-401"]


# truth and reason of each /api4 body, by LABELLING.md
API4_TRUTH = {
    "openai-tpm-429": ("transient", "429: the tokens-per-minute rate limit is reached; try again in 2.5 s"),
    "gcp-unavailable-503": ("transient", "503 UNAVAILABLE: the service is unavailable for now"),
    "anthropic-api-error-500": ("transient", "500 api_error: a server error the SDKs retry"),
    "nginx-504": ("transient", "504: the gateway timed out waiting for the upstream"),
    "fastapi-422-int": ("fixable", "names the query parameter page, its value 'first' and that an integer is needed"),
    "github-422-missing-field": ("fixable", "names the missing field title of the issue"),
    "github-bad-credentials": ("unrecoverable", "401 Bad credentials: the token is refused"),
    "gitlab-403": ("unrecoverable", "403: access is forbidden"),
    "openai-invalid-key": ("unrecoverable", "401 invalid_api_key: the API key is refused"),
    "sentry-issues-ok": ("none", "200: the issues list that was asked for; its titles name errors"),
}
API4_BY_URLLIB = ["gcp-unavailable-503", "github-422-missing-field", "openai-invalid-key"]
API4_BY_REQUESTS = ["openai-tpm-429", "nginx-504", "github-bad-credentials"]
API4_BY_HTTPX = ["anthropic-api-error-500", "fastapi-422-int", "gitlab-403", "sentry-issues-ok"]
API4_HTTPX_BARE = {
    502: ("transient", "502: bad gateway"),
    504: ("transient", "504: gateway timeout"),
}


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
API5_BY_URLLIB = ["kong-502", "azure-too-many-requests", "jira-field-error", "atlassian-401", "stripe-no-such-customer"]
API5_BY_REQUESTS = ["stripe-rate-limit-429", "openai-param-range", "github-not-accessible", "openai-billing-limit", "alb-400", "github-runs-ok"]
API5_BY_HTTPX = ["gcs-backend-error-500", "drf-date-format", "stripe-invalid-key", "github-empty-repo-409"]


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
API6_BY_URLLIB = ["gemini-503-overloaded", "envoy-504", "slack-invalid-arguments", "huggingface-401", "gitlab-404-project"]
API6_BY_REQUESTS = ["traefik-502", "stripe-missing-param", "notion-restricted-403", "k8s-409-already-exists", "statuspage-ok"]
API6_BY_HTTPX = ["shopify-429-throttled", "google-invalid-enum", "gcp-permission-denied-403", "express-400-text"]


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
API7_BY_URLLIB = ["mistral-429", "sendgrid-400-from", "anthropic-permission-403", "jira-404-issue", "pagerduty-incidents-ok"]
API7_BY_REQUESTS = ["vercel-504", "elastic-429-rejected", "openai-unknown-parameter", "sendgrid-401"]
API7_BY_HTTPX = ["azure-openai-500", "anthropic-max-tokens-400", "gemini-api-key-invalid", "drf-405"]
