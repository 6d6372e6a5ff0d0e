"""API bodies written here in the style of public APIs, for the calls of api_calls.py: each set has its path prefix
(`/api8/NAME` … `/api11/NAME`), the truth of each body, which client fetches it, and a handler that serves it on
127.0.0.1 beside servers.py's endpoints. A body is (status, content type, body, extra headers); a body that is not
a string is sent as JSON."""
import json

import servers

# The records' producer texts say which file each set of bodies was written in, by the file names the generators
# had when the records were made; the texts are recorded data, so these strings stay as they are.
API8_WHERE = "body written in round8_http.py"
API9_WHERE = "body written in round9_http.py"
API10_WHERE = "body written in round10_http.py"
API11_WHERE = "body written in round11_http.py"


_HAPROXY_503 = "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n"
_FASTLY_503 = (
    "<!DOCTYPE html>\n<html>\n  <head>\n    <title>503 Backend fetch failed</title>\n  </head>\n  <body>\n"
    "    <h1>Error 503 Backend fetch failed</h1>\n    <p>Backend fetch failed</p>\n    <h3>Error 54113</h3>\n"
    "    <p>Details: cache-fra-etou8220147-FRA 1767348000 1208845529</p>\n    <hr>\n    <p>Varnish cache server</p>\n  </body>\n</html>\n"
)


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


API8_BY_URLLIB = ["x-429", "apigw-502", "cloudflare-dns-400", "auth0-401-expired", "npm-404", "datadog-monitors-ok"]
API8_BY_REQUESTS = ["haproxy-503", "mailgun-400-to", "salesforce-required-field", "digitalocean-403", "postgrest-409-duplicate", "registry-manifest-unknown"]
API8_BY_HTTPX = ["fastly-503", "digitalocean-500", "zendesk-422-requester-email", "replicate-422-width", "registry-401", "openrouter-402"]


class Api8Handler(servers._Handler):
    """servers.py's handler, plus `/PREFIX/NAME` answering with BODIES[NAME]: /api8 and API8_BODIES here; a
    subclass serves another prefix and its bodies."""
    prefix, bodies = "api8", API8_BODIES

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == self.prefix and len(parts) == 2 and parts[1] in self.bodies:
            self._send_entry(self.bodies[parts[1]])
        else:
            super().do_GET()


_CLOUDFRONT_504 = (
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\n'
    '<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">\n<TITLE>ERROR: The request could not be satisfied</TITLE>\n'
    "</HEAD><BODY>\n<H1>504 Gateway Timeout ERROR</H1>\n<H2>The request could not be satisfied.</H2>\n<HR noshade size=\"1px\">\n"
    "We can't connect to the server for this app or website at this time. There might be too much traffic or a configuration error. "
    "Try again later, or contact the app or website owner.\n<BR clear=\"all\">\n<HR noshade size=\"1px\">\n<PRE>\n"
    "Generated by cloudfront (CloudFront)\nRequest ID: 3nQy0bX8kM2pL7vR4tW9zC6dF1gH5jK8sA0eU2iO7yT4rE9wQ1xZ5c==\n</PRE>\n<ADDRESS>\n</ADDRESS>\n</BODY></HTML>"
)


_MAINTENANCE_503 = (
    "<!doctype html>\n<title>Down for maintenance</title>\n<h1>We&rsquo;ll be back soon!</h1>\n"
    "<p>The billing dashboard is down for scheduled database maintenance and will be back in about 15 minutes.</p>\n"
    "<p>&mdash; The Platform Team</p>\n"
)


API9_BODIES = {
    "cloudfront-504": (504, "text/html", _CLOUDFRONT_504, [("X-Cache", "Error from cloudfront"), ("Via", "1.1 5f2a0c1e9b3d7a4c6e8f0a2b4c6d8e0f.cloudfront.net (CloudFront)")]),
    "nginx-maintenance-503": (503, "text/html", _MAINTENANCE_503, [("Retry-After", "900")]),
    "okta-429": (429, "application/json", {"errorCode": "E0000047", "errorSummary": "API call exceeded rate limit due to too many requests.", "errorLink": "E0000047", "errorId": "oaeq2dXbJ7eTmKxP0lWcR4Z8g", "errorCauses": []}, [("X-Rate-Limit-Limit", "600"), ("X-Rate-Limit-Remaining", "0"), ("X-Rate-Limit-Reset", "1767348060")]),
    "airtable-429": (429, "application/json; charset=utf-8", {"errors": [{"error": "RATE_LIMIT_REACHED", "message": "Rate limit exceeded. Please try again later"}]}, []),
    "asana-400-due-on": (400, "application/json; charset=UTF-8", {"errors": [{"message": "due_on: Invalid date: 2026-02-30. Dates must be in the format YYYY-MM-DD.", "help": "For more information on API status codes and how to handle them, read the docs on errors: https://developers.asana.com/docs/errors"}]}, []),
    "mapbox-422-coordinates": (422, "application/json; charset=utf-8", {"message": "Coordinate is invalid: 181.2,48.1. Longitude must be between -180 and 180.", "code": "InvalidInput"}, []),
    "paypal-422-amount": (422, "application/json", {"name": "UNPROCESSABLE_ENTITY", "details": [{"field": "/purchase_units/@reference_id=='default'/amount/value", "value": "19.999", "location": "body", "issue": "DECIMAL_PRECISION", "description": "If the currency supports decimals, only two decimal place precision is supported."}], "message": "The requested action could not be performed, semantically incorrect, or failed business validation.", "debug_id": "8e2b4c6a1f3d5", "links": [{"href": "https://developer.paypal.com/api/rest/reference/orders/v2/errors/#DECIMAL_PRECISION", "rel": "information_link", "method": "GET"}]}, []),
    "square-400-email": (400, "application/json", {"errors": [{"category": "INVALID_REQUEST_ERROR", "code": "INVALID_EMAIL_ADDRESS", "detail": "Expected email_address to be a valid email address.", "field": "email_address"}]}, []),
    "mailchimp-400-merge-field": (400, "application/problem+json; charset=utf-8", {"type": "https://mailchimp.com/developer/marketing/docs/errors/", "title": "Invalid Resource", "status": 400, "detail": "Your merge fields were invalid.", "instance": "4f1c8e2a-7b3d-4e9f-a6c5-0d2b8e1f7a3c", "errors": [{"field": "FNAME", "message": "Please enter a value"}]}, []),
    "okta-401-invalid-token": (401, "application/json", {"errorCode": "E0000011", "errorSummary": "Invalid token provided", "errorLink": "E0000011", "errorId": "oaeZ4kQm1RtB8wYc3xN7pVh2s", "errorCauses": []}, []),
    "bitbucket-403-scope": (403, "application/json", {"type": "error", "error": {"message": "Your credentials lack one or more required privilege scopes.", "detail": {"granted": ["repository"], "required": ["pullrequest:write"]}}}, []),
    "vault-403": (403, "application/json", {"errors": ["1 error occurred:\n\t* permission denied\n\n"]}, []),
    "openweathermap-429-daily": (429, "application/json; charset=utf-8", {"cod": 429, "message": "Your account is blocked: the 1,000 calls per day of the Free plan are used up. The counter resets at 00:00 UTC; upgrade the subscription for more calls."}, []),
    "dropbox-409-not-found": (409, "application/json", {"error_summary": "path/not_found/..", "error": {".tag": "path", "path": {".tag": "not_found"}}}, []),
    "contentful-404-entry": (404, "application/vnd.contentful.delivery.v1+json", {"sys": {"type": "Error", "id": "NotFound"}, "message": "The resource could not be found.", "details": {"type": "Entry", "id": "5KsDBWseXY6QegucYAoacS", "environment": "master", "space": "yadj1kx9rmg0"}, "requestId": "c2a4e6f8-1b3d-4f5a-9c7e-0a2b4d6f8e1c"}, []),
    "airtable-422-unknown-field": (422, "application/json; charset=utf-8", {"error": {"type": "UNKNOWN_FIELD_NAME", "message": "Unknown field name: \"Stauts\""}}, []),
    "grafana-alert-rules-ok": (200, "application/json", {"status": "success", "data": {"groups": [{"name": "checkout-api", "file": "production", "rules": [
        {"name": "HighErrorRate", "state": "inactive", "health": "ok", "query": "sum(rate(http_requests_total{status=~\"5..\"}[5m])) / sum(rate(http_requests_total[5m])) > 0.02", "lastError": ""},
        {"name": "UpstreamTimeouts", "state": "inactive", "health": "ok", "query": "increase(upstream_timeout_errors_total[10m]) > 5", "lastError": ""},
    ]}]}}, []),
    "netlify-deploy-ok": (200, "application/json", {"id": "6777a1b2c3d4e5f6a7b8c9d0", "site_id": "3b5d7f9a-1c2e-4a6b-8d0f-2e4a6c8e0b1d", "state": "ready", "error_message": None, "branch": "fix/timeout-errors", "title": "Retry uploads on 503 and connection reset", "deploy_time": 41, "summary": {"status": "ready", "messages": [{"type": "info", "title": "No redirect rules processed", "description": "This deploy did not include any redirect rules."}]}}, []),
}


# truth and reason of each /api9 body, by LABELLING.md
API9_TRUTH = {
    # transient by rule 4: rate limits and the statuses the SDKs retry, from the API or a CDN, platform or proxy
    "cloudfront-504": ("transient", "504: the CDN could not reach the origin in time"),
    "nginx-maintenance-503": ("transient", "503: scheduled maintenance that ends by itself in minutes"),
    "okta-429": ("transient", "429: the API rate limit is exceeded; the window resets"),
    "airtable-429": ("transient", "429: rate limit exceeded; try again later"),
    # fixable by rule 5: the body names the field or value and what it must be
    "asana-400-due-on": ("fixable", "names due_on, the invalid date 2026-02-30 and the format YYYY-MM-DD"),
    "mapbox-422-coordinates": ("fixable", "names the invalid coordinate and the valid longitude range"),
    "paypal-422-amount": ("fixable", "names the amount value 19.999 and that only two decimal places are supported"),
    "square-400-email": ("fixable", "names the field email_address and that it must be a valid email address"),
    "mailchimp-400-merge-field": ("fixable", "names the merge field FNAME and that it needs a value"),
    # unrecoverable by rule 2: credentials, permissions, a spent daily quota
    "okta-401-invalid-token": ("unrecoverable", "401: the token is invalid; no argument of the call fixes it"),
    "bitbucket-403-scope": ("unrecoverable", "403: the credentials lack the scope the call needs"),
    "vault-403": ("unrecoverable", "403: permission denied by the server's policy"),
    "openweathermap-429-daily": ("unrecoverable", "the daily quota of the plan is used up until a reset hours away"),
    # ambiguous by rule 6
    "dropbox-409-not-found": ("ambiguous", "409 whose body says the path is not found; which path is meant is not said"),
    "contentful-404-entry": ("ambiguous", "404: the entry is not found; which one is meant is not said"),
    "airtable-422-unknown-field": ("ambiguous", "an unknown field name without the valid ones listed; which field is meant is not said"),
    # none by rule 1
    "grafana-alert-rules-ok": ("none", "200: the alert rules that were asked for, all healthy; errors and timeouts are their names and queries"),
    "netlify-deploy-ok": ("none", "200: the deploy is ready; error_message is null and the error words are its branch and title"),
}


API9_BY_URLLIB = ["nginx-maintenance-503", "airtable-429", "asana-400-due-on", "okta-401-invalid-token", "dropbox-409-not-found", "grafana-alert-rules-ok"]
API9_BY_REQUESTS = ["okta-429", "mapbox-422-coordinates", "square-400-email", "bitbucket-403-scope", "openweathermap-429-daily", "airtable-422-unknown-field"]
API9_BY_HTTPX = ["cloudfront-504", "paypal-422-amount", "mailchimp-400-merge-field", "vault-403", "contentful-404-entry", "netlify-deploy-ok"]


class Api9Handler(Api8Handler):
    """Api8Handler with /api9 and API9_BODIES (for GET, POST and PATCH); /gzip9/orders answers a 200 that
    claims gzip but is plain JSON; /git9/NAME.git/... is a git-over-http remote that wants credentials
    (billing) or is unavailable (ledger)."""
    prefix, bodies = "api9", API9_BODIES

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "gzip9":
            self._send(200, "application/json", json.dumps({"orders": [{"id": 1, "status": "open"}]}), [("Content-Encoding", "gzip")])
        elif parts[0] == "git9" and len(parts) > 1 and parts[1] == "billing.git":
            self._send(401, "text/plain", "Unauthorized\n", [("WWW-Authenticate", 'Basic realm="git"')])
        elif parts[0] == "git9":
            self._send(503, "text/plain", "Service Unavailable\n")
        else:
            super().do_GET()

    def _write_request(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == self.prefix and len(parts) == 2 and parts[1] in self.bodies:
            self._send_entry(self.bodies[parts[1]])
        else:
            self._send(404, "application/json", json.dumps({"error": "not found"}))

    do_POST = do_PATCH = _write_request


_NGINX_502 = (
    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n"
    "<hr><center>nginx/1.24.0 (Ubuntu)</center>\r\n</body>\r\n</html>\r\n"
)


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


API10_BY_URLLIB = ["github-404-repo", "github-401-bad-credentials", "fastapi-422-email", "nginx-502", "slack-channel-not-found", "github-workflow-runs-ok"]
API10_BY_REQUESTS = ["stripe-400-amount", "stripe-404-customer", "openai-401-key", "openai-429-quota", "fastapi-500", "slack-429", "google-403-scopes"]
API10_BY_HTTPX = ["openai-429-tpm", "openai-400-context", "github-422-issue-title", "apigw-504", "fastapi-404", "slack-post-ok-warning"]


class Api10Handler(Api9Handler):
    """Api9Handler (GET, POST and PATCH) with /api10 and API10_BODIES."""
    prefix, bodies = "api10", API10_BODIES


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


API11_BY_URLLIB = ["github-404-pull", "github-405-not-mergeable", "s3-no-such-key", "django-403-csrf", "twilio-400-to-number", "stripe-refund-succeeded"]
API11_BY_REQUESTS = ["stripe-402-card-declined", "stripe-429-lock-timeout", "fastapi-422-quantity", "fastapi-401-credentials", "sheets-429-per-minute", "github-check-runs-ok"]
API11_BY_HTTPX = ["anthropic-529-overloaded", "anthropic-400-max-tokens", "dynamodb-throttling", "slack-invalid-auth", "nginx-504", "openai-chat-ok-incident"]


class Api11Handler(Api9Handler):
    """Api9Handler (GET, POST and PATCH) with /api11 and API11_BODIES."""
    prefix, bodies = "api11", API11_BODIES
