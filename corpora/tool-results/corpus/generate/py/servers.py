"""Endpoints on 127.0.0.1 that the Python cases call.

`/bare/NNN` answers with CPython's own `send_error` page for that status; `/api/NNN` answers with a JSON or
text body in the style of a public API (the bodies are written here, the client texts come from the
libraries); `/ok` answers 200. `/s3/...` and `/dynamodb` answer like the AWS services do, for botocore.
Ports are ephemeral; `canonical_port` maps them to fixed numbers so that the corpus is stable across runs.
"""
import http.server
import json
import socket
import struct
import threading

API_BODIES = {
    400: ("application/json", {"error": {"message": "Invalid value for 'limit': expected an integer, got 'ten'.", "type": "invalid_request_error", "param": "limit"}}),
    401: ("application/json", {"error": {"message": "Invalid authentication token.", "type": "authentication_error"}}),
    403: ("application/json", {"message": "Resource not accessible by this token", "status": "403"}),
    404: ("application/json", {"error": "not_found", "message": "No issue with id 4711"}),
    408: ("application/json", {"error": "request_timeout", "message": "Timed out reading the request body"}),
    409: ("application/json", {"error": {"code": "conflict", "message": "The branch was updated since you read it; fetch the latest revision."}}),
    422: ("application/json", {"detail": [{"type": "missing", "loc": ["body", "title"], "msg": "Field required", "input": {}}]}),
    429: ("application/json", {"error": {"message": "Rate limit reached: 60 requests per minute. Try again in 12s.", "type": "rate_limit_error"}}),
    500: ("application/json", {"error": {"message": "Internal error while processing the request", "type": "server_error"}}),
    502: ("text/html", "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"),
    503: ("text/plain", "upstream connect error or disconnect/reset before headers. reset reason: connection failure"),
    504: ("application/json", {"error": {"code": 504, "message": "The upstream server did not respond in time", "status": "DEADLINE_EXCEEDED"}}),
}

S3_ERRORS = {
    "missing-key": (404, "NoSuchKey", "The specified key does not exist."),
    "denied": (403, "AccessDenied", "Access Denied"),
    "slow-down": (503, "SlowDown", "Please reduce your request rate."),
    "internal": (500, "InternalError", "We encountered an internal error. Please try again."),
}

DYNAMODB_ERRORS = {
    "throughput": (400, "ProvisionedThroughputExceededException", "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."),
    "validation": (400, "ValidationException", "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
    "missing-table": (400, "ResourceNotFoundException", "Requested resource not found: Table: orders not found"),
    "bad-token": (400, "UnrecognizedClientException", "The security token included in the request is invalid."),
}


# `/api2/NAME`: bodies in the styles of public APIs (status, content type, body, extra headers). The
# bodies are written here; the client texts around them come from urllib, requests and httpx.
_CLOUDFLARE_502 = (
    "<!DOCTYPE html>\n<html lang=\"en-US\">\n<head>\n<title>api.example.com | 502: Bad gateway</title>\n</head>\n<body>\n"
    "<div id=\"cf-error-details\">\n<h1>Bad gateway <span>Error code 502</span></h1>\n"
    "<p>The web server reported a bad gateway error.</p>\n<h2>What can I do?</h2>\n<p>Please try again in a few minutes.</p>\n"
    "<p>Ray ID: <strong>8f3a2b1c4d5e6f70</strong></p>\n</div>\n</body>\n</html>\n"
)
_MAINTENANCE_503 = (
    "<!DOCTYPE html>\n<html>\n<head><title>503 Service Temporarily Unavailable</title></head>\n<body>\n"
    "<h1>We&rsquo;ll be back shortly</h1>\n<p>The service is undergoing scheduled maintenance and will be back in a few minutes.</p>\n"
    "</body>\n</html>\n"
)
_ERROR_GUIDE = (
    "<!DOCTYPE html>\n<html>\n<head><title>Error handling | Example API docs</title></head>\n<body>\n<h1>Error handling</h1>\n"
    "<p>Retry requests that fail with <code>429 Too Many Requests</code> or <code>503 Service Unavailable</code> after the "
    "<code>Retry-After</code> delay. Do not retry <code>401 Unauthorized</code> or <code>403 Forbidden</code>: fix the token first.</p>\n"
    "<p>A <code>400 Bad Request</code> names the invalid parameter in <code>error.param</code>.</p>\n</body>\n</html>\n"
)
_LOGIN_PAGE = (
    "<!DOCTYPE html>\n<html>\n<head><title>Sign in</title></head>\n<body>\n<form method=\"post\" action=\"/login\">\n"
    "<input name=\"username\"><input name=\"password\" type=\"password\">\n<button>Sign in</button>\n</form>\n</body>\n</html>\n"
)
API2_BODIES = {
    "rate-limit-retry-after": (429, "application/json", {"message": "API rate limit exceeded for 203.0.113.7. Retry after 2 seconds.", "documentation_url": "https://docs.example.com/rest/rate-limits"}, [("Retry-After", "2"), ("X-RateLimit-Remaining", "0")]),
    "quota-daily": (429, "application/json", {"error": {"code": 429, "message": "Quota exceeded for quota metric 'Requests' and limit 'Requests per day' of service 'translate.example.com' for consumer 'project_number:48151623'. The quota resets at midnight Pacific Time, in 14 hours.", "status": "RESOURCE_EXHAUSTED"}}, []),
    "quota-monthly": (429, "application/json", {"error": {"message": "You exceeded your current quota, please check your plan and billing details. Your monthly limit resets on 2026-02-01.", "type": "insufficient_quota", "param": None, "code": "insufficient_quota"}}, []),
    "stripe-param": (400, "application/json", {"error": {"code": "parameter_invalid_integer", "doc_url": "https://docs.example.com/error-codes/parameter-invalid-integer", "message": "Invalid integer: 12.50", "param": "amount", "type": "invalid_request_error"}}, []),
    "google-field-violations": (400, "application/json", {"error": {"code": 400, "message": "Request contains an invalid argument.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "page_size", "description": "page_size must be between 1 and 1000, got 5000"}]}]}}, []),
    "problem-invalid-params": (400, "application/problem+json", {"type": "https://example.net/validation-error", "title": "Your request parameters didn't validate.", "status": 400, "invalid-params": [{"name": "age", "reason": "must be a positive integer"}, {"name": "color", "reason": "must be 'green', 'red' or 'blue'"}]}, []),
    "graphql-validation": (400, "application/json", {"errors": [{"message": "Cannot query field \"emial\" on type \"User\". Did you mean \"email\"?", "locations": [{"line": 1, "column": 18}], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}, []),
    "rails-422-taken": (422, "application/json", {"errors": {"email": ["has already been taken"]}}, []),
    "bare-400-json": (400, "application/json", {"error": "Bad Request"}, []),
    "bare-422-message": (422, "application/json", {"message": "The request could not be processed."}, []),
    "expired-token": (401, "application/json", {"error": "invalid_token", "error_description": "The access token expired at 2026-01-02T09:00:00Z"}, [("WWW-Authenticate", 'Bearer realm="api", error="invalid_token", error_description="The access token expired"')]),
    "insufficient-scope": (403, "application/json", {"error": "insufficient_scope", "error_description": "The token lacks the scope write:packages required by this endpoint."}, []),
    "payment-required": (402, "application/json", {"type": "error", "error": {"type": "billing_error", "message": "Your credit balance is too low to access this API. Please go to Plans & Billing to upgrade or purchase credits."}}, []),
    "not-found-github": (404, "application/json", {"message": "Not Found", "documentation_url": "https://docs.example.com/rest/repos/repos#get-a-repository", "status": "404"}, []),
    "gone": (410, "application/json", {"error": {"code": "resource_deleted", "message": "The file was deleted on 2026-01-01 and can no longer be retrieved."}}, []),
    "conflict-version": (409, "application/json", {"error": {"type": "version_conflict_engine_exception", "reason": "[doc-17]: version conflict, required seqNo [12], primary term [1]. current document has seqNo [14] and primary term [1]"}, "status": 409}, []),
    "method-allowed-named": (405, "application/json", {"error": "method_not_allowed", "message": "POST is not supported on /v1/reports; allowed methods: GET, HEAD"}, [("Allow", "GET, HEAD")]),
    "payload-too-large": (413, "application/json", {"error": {"message": "Request too large: the body is 12582912 bytes, the maximum for this endpoint is 10485760 bytes.", "type": "invalid_request_error"}}, []),
    "unsupported-media": (415, "application/json", {"timestamp": "2026-01-02T10:00:00.000+00:00", "status": 415, "error": "Unsupported Media Type", "message": "Content-Type 'text/plain;charset=UTF-8' is not supported; use 'application/json'.", "path": "/v1/orders"}, []),
    "server-error-request-id": (500, "application/json", {"error": {"code": "internal_failure", "message": "An internal error occurred. Please retry your request. (request id: req_01HZX3QK7M)"}}, []),
    "spring-500": (500, "application/json", {"timestamp": "2026-01-02T10:00:00.000+00:00", "status": 500, "error": "Internal Server Error", "path": "/v1/orders"}, []),
    "cloudflare-502": (502, "text/html; charset=UTF-8", _CLOUDFLARE_502, []),
    "maintenance-503": (503, "text/html", _MAINTENANCE_503, [("Retry-After", "120")]),
    "overloaded-529": (529, "application/json", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}, []),
    "gateway-timeout-504": (504, "application/json", {"message": "Endpoint request timed out"}, []),
    "ok-errors-empty": (200, "application/json", {"data": {"viewer": {"login": "octo", "repositories": {"totalCount": 12}}}, "errors": []}, []),
    "ok-error-free": (200, "application/json", {"status": "error_free", "checked": 120, "failures": 0, "warnings": 0}, []),
    "ok-error-null": (200, "application/json", {"id": "job_12", "state": "succeeded", "error": None, "retries": 1, "last_error": "timeout on attempt 1"}, []),
    "ok-error-guide": (200, "text/html", _ERROR_GUIDE, []),
    "ok-issue-traceback": (200, "application/json", {"number": 4711, "title": "TypeError: 'NoneType' object is not subscriptable in export", "state": "open", "labels": ["bug"], "body": "Running `report export --since 2026-01-01` fails:\n\n```\nTraceback (most recent call last):\n  File \"report/export.py\", line 88, in run\n    rows = fetch(since)[\"rows\"]\nTypeError: 'NoneType' object is not subscriptable\n```\n\nExpected: a CSV with the rows since that date."}, []),
    "ok-check-failure": (200, "application/json", {"state": "failure", "total_count": 3, "statuses": [{"context": "ci/tests", "state": "failure", "description": "2 tests failed"}, {"context": "ci/lint", "state": "success", "description": "No errors"}]}, []),
    "login-page": (200, "text/html", _LOGIN_PAGE, []),
}

# `/s3r2/NAME`: the S3 errors of the bucket s3r2; DYNAMODB_PUT_ERRORS: further put_item errors of `/dynamodb`, by
# table name.
S3R2_ERRORS = {
    "expired-token": (400, "ExpiredToken", "The provided token has expired."),
    "invalid-access-key": (403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."),
    "service-unavailable": (503, "ServiceUnavailable", "Service is unable to handle request."),
}

DYNAMODB_PUT_ERRORS = {
    "throttling": (400, "ThrottlingException", "Rate of requests exceeds the allowed throughput."),
    "conditional": (400, "ConditionalCheckFailedException", "The conditional request failed"),
    "access-denied": (400, "AccessDeniedException", "User: arn:aws:iam::123456789012:user/ci-bot is not authorized to perform: dynamodb:PutItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/access-denied because no identity-based policy allows the dynamodb:PutItem action"),
    "missing-key": (400, "ValidationException", "One or more parameter values were invalid: Missing the key order_id in the item"),
}


# `/api3/NAME`: bodies in the styles of further public APIs (Azure, AWS JSON, Slack, Discord, Twilio,
# Shopify, plain text); written here, the client texts around them come from urllib, requests and httpx.
API3_BODIES = {
    "azure-server-busy": (503, "application/json; charset=utf-8", {"error": {"code": "ServerBusy", "message": "The server is currently unable to receive requests. Please retry your request."}}, [("Retry-After", "30"), ("x-ms-request-id", "5f3c9a0e-7d21-4b8e-a1c4-2e6f90b7d3a1")]),
    "slack-ratelimited": (429, "application/json; charset=utf-8", {"ok": False, "error": "ratelimited"}, [("Retry-After", "30")]),
    "aws-json-throttling": (400, "application/x-amz-json-1.1", {"__type": "ThrottlingException", "message": "Rate exceeded"}, []),
    "discord-429": (429, "application/json", {"message": "You are being rate limited.", "retry_after": 0.64, "global": False}, [("Retry-After", "1"), ("X-RateLimit-Scope", "user")]),
    "azure-invalid-location": (400, "application/json; charset=utf-8", {"error": {"code": "LocationNotAvailableForResourceType", "message": "The provided location 'westeurope2' is not available for resource type 'Microsoft.Storage/storageAccounts'. List of available regions for the resource type is 'eastus,westus,westeurope,northeurope,uksouth'."}}, []),
    "shopify-422": (422, "application/json; charset=utf-8", {"errors": {"title": ["can't be blank"], "variants.price": ["must be greater than or equal to 0"]}}, []),
    "twilio-400": (400, "application/json", {"code": 21211, "message": "Invalid 'To' Phone Number: +1555012", "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400}, []),
    "azure-authorization-failed": (403, "application/json; charset=utf-8", {"error": {"code": "AuthorizationFailed", "message": "The client 'ci-deployer@example.com' with object id '3f1e2d4c-5b6a-4789-9012-abcdef123456' does not have authorization to perform action 'Microsoft.Storage/storageAccounts/write' over scope '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-prod/providers/Microsoft.Storage/storageAccounts/reportsprod' or the scope is invalid. If access was recently granted, please refresh your credentials."}}, []),
    "twilio-401": (401, "application/json", {"code": 20003, "message": "Authenticate", "more_info": "https://www.twilio.com/docs/errors/20003", "status": 401}, [("WWW-Authenticate", 'Basic realm="Twilio API"')]),
    "quota-monthly-text": (429, "text/plain; charset=utf-8", "Monthly request quota of 10000 calls exhausted for key ending in ...7f3a. Your quota renews on 2026-02-01 00:00 UTC; upgrade your plan for more calls.\n", []),
    "slack-invalid-auth": (200, "application/json; charset=utf-8", {"ok": False, "error": "invalid_auth", "warning": "missing_charset", "response_metadata": {"warnings": ["missing_charset"]}}, []),
    "slack-ok-message": (200, "application/json; charset=utf-8", {"ok": True, "channel": "C024BE91L", "ts": "1767348000.000200", "message": {"type": "message", "user": "U0G9QF9C6", "text": "Deploy to staging failed: 3 errors in migrations. Rolled back; prod not affected.", "ts": "1767348000.000200"}}, []),
}

# `/aws3/NAME`: POST answers for botocore in the protocol of each service: (protocol, status, code,
# message, extra headers). The messages follow the services' documented wordings.
AWS3_ERRORS = {
    "sqs": ("json", 400, "com.amazonaws.sqs#QueueDoesNotExist", "The specified queue does not exist.", [("x-amzn-query-error", "AWS.SimpleQueueService.NonExistentQueue;Sender")]),
    "lambda": ("rest-json", 429, "TooManyRequestsException", "Rate Exceeded.", [("Retry-After", "1")]),
    "sts": ("query", 403, "InvalidClientTokenId", "The security token included in the request is invalid.", []),
    "sns": ("query", 400, "InvalidParameter", "Invalid parameter: TopicArn", []),
}


# `/api4/NAME`: bodies in the styles of further public APIs (OpenAI, Google Cloud, Anthropic, nginx,
# FastAPI, GitHub, GitLab, Sentry); written here, the client texts around them come from urllib, requests and httpx.
_NGINX_504 = (
    "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n"
    "<hr><center>nginx/1.22.1</center>\r\n</body>\r\n</html>\r\n"
)
API4_BODIES = {
    "openai-tpm-429": (429, "application/json", {"error": {"message": "Rate limit reached for gpt-4o in organization org-Xq7rT2 on tokens per min (TPM): Limit 30000, Used 29412, Requested 1830. Please try again in 2.484s. Visit https://platform.openai.com/account/rate-limits to learn more.", "type": "tokens", "param": None, "code": "rate_limit_exceeded"}}, [("Retry-After", "3"), ("x-ratelimit-remaining-tokens", "588")]),
    "gcp-unavailable-503": (503, "application/json; charset=UTF-8", {"error": {"code": 503, "message": "The service is currently unavailable.", "status": "UNAVAILABLE"}}, []),
    "anthropic-api-error-500": (500, "application/json", {"type": "error", "error": {"type": "api_error", "message": "Internal server error"}}, [("request-id", "req_011CUv5mYtH3r9kDq2w8aZ1x")]),
    "nginx-504": (504, "text/html", _NGINX_504, []),
    "fastapi-422-int": (422, "application/json", {"detail": [{"type": "int_parsing", "loc": ["query", "page"], "msg": "Input should be a valid integer, unable to parse string as an integer", "input": "first"}]}, []),
    "github-422-missing-field": (422, "application/json; charset=utf-8", {"message": "Validation Failed", "errors": [{"resource": "Issue", "code": "missing_field", "field": "title"}], "documentation_url": "https://docs.github.com/rest/issues/issues#create-an-issue", "status": "422"}, []),
    "github-bad-credentials": (401, "application/json; charset=utf-8", {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"}, []),
    "gitlab-403": (403, "application/json", {"message": "403 Forbidden"}, []),
    "openai-invalid-key": (401, "application/json", {"error": {"message": "Incorrect API key provided: sk-proj-****************************wXyZ. You can find your API key at https://platform.openai.com/account/api-keys.", "type": "invalid_request_error", "param": None, "code": "invalid_api_key"}}, []),
    "no-content-204": (204, "application/json", "", []),
    "sentry-issues-ok": (200, "application/json", [
        {"id": "4711", "shortId": "BILLING-2K", "title": "ConnectionResetError: [Errno 104] Connection reset by peer", "culprit": "billing.sync in push_invoices", "level": "error", "status": "unresolved", "count": "12", "lastSeen": "2026-01-02T09:58:11Z"},
        {"id": "4712", "shortId": "BILLING-2L", "title": "TimeoutError: upstream did not answer in 30s", "culprit": "billing.export in run", "level": "error", "status": "unresolved", "count": "3", "lastSeen": "2026-01-02T08:14:40Z"},
    ], []),
}


# `/api5/NAME`: bodies in the styles of further public APIs (Stripe, Kong, Google Cloud Storage, Azure,
# OpenAI, Jira, Django REST framework, GitHub, Atlassian, an AWS load balancer); written here, the client texts
# around them come from urllib, requests and httpx.
_ALB_400 = (
    "<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n"
    "</body>\r\n</html>\r\n"
)
API5_BODIES = {
    "stripe-rate-limit-429": (429, "application/json", {"error": {"message": "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.", "type": "invalid_request_error", "code": "rate_limit"}}, [("Request-Id", "req_5Hq2LmYx0aPzRt")]),
    "kong-502": (502, "application/json; charset=utf-8", {"message": "An invalid response was received from the upstream server", "request_id": "8c1f5e0b2a9d4e7f3b6c1a0d"}, [("Server", "kong/3.4.2")]),
    "gcs-backend-error-500": (500, "application/json; charset=UTF-8", {"error": {"code": 500, "message": "Backend Error", "errors": [{"message": "Backend Error", "domain": "global", "reason": "backendError"}]}}, []),
    "azure-too-many-requests": (429, "application/json; charset=utf-8", {"error": {"code": "TooManyRequests", "message": "The request is being throttled as the limit has been reached for operation type - Read_ObservationWindow_00:05:00. For more information, see - https://aka.ms/srpthrottlinglimits"}}, [("Retry-After", "17")]),
    "openai-param-range": (400, "application/json", {"error": {"message": "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3.5 instead.", "type": "invalid_request_error", "param": "temperature", "code": "decimal_above_max_value"}}, []),
    "jira-field-error": (400, "application/json;charset=UTF-8", {"errorMessages": [], "errors": {"priority": "Specify the Priority (name) in the string format. Valid values: Highest, High, Medium, Low, Lowest."}}, []),
    "drf-date-format": (400, "application/json", {"due_date": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]}, [("Allow", "GET, POST, HEAD, OPTIONS")]),
    "stripe-invalid-key": (401, "application/json", {"error": {"message": "Invalid API Key provided: sk_test_********************4eC3", "type": "invalid_request_error"}}, [("WWW-Authenticate", 'Basic realm="Stripe"')]),
    "github-not-accessible": (403, "application/json; charset=utf-8", {"message": "Resource not accessible by integration", "documentation_url": "https://docs.github.com/rest/pulls/pulls#create-a-pull-request", "status": "403"}, []),
    "atlassian-401": (401, "application/json;charset=UTF-8", {"message": "Client must be authenticated to access this resource.", "status-code": 401}, []),
    "openai-billing-limit": (429, "application/json", {"error": {"message": "Billing hard limit has been reached", "type": "invalid_request_error", "param": None, "code": "billing_hard_limit_reached"}}, []),
    "stripe-no-such-customer": (404, "application/json", {"error": {"code": "resource_missing", "doc_url": "https://stripe.com/docs/error-codes/resource-missing", "message": "No such customer: 'cus_Q8mX2pLr4TzN1a'", "param": "customer", "type": "invalid_request_error"}}, []),
    "github-empty-repo-409": (409, "application/json; charset=utf-8", {"message": "Git Repository is empty.", "documentation_url": "https://docs.github.com/rest/commits/commits#list-commits", "status": "409"}, []),
    "alb-400": (400, "text/html", _ALB_400, [("Server", "awselb/2.0")]),
    "github-runs-ok": (200, "application/json; charset=utf-8", {"total_count": 2, "workflow_runs": [
        {"id": 7301, "name": "CI", "head_branch": "main", "status": "completed", "conclusion": "failure", "display_title": "Fix ConnectionResetError in sync retry loop", "run_attempt": 2},
        {"id": 7300, "name": "CI", "head_branch": "main", "status": "completed", "conclusion": "success", "display_title": "Raise TimeoutError after 3 attempts", "run_attempt": 1},
    ]}, []),
}



# `/api6/NAME`: bodies in the styles of further public APIs (Google Gemini, Envoy, Slack, Hugging Face,
# GitLab, Traefik, Stripe, Notion, Kubernetes, Atlassian Statuspage, Shopify, Google Cloud, Express); written
# here, the client texts around them come from urllib, requests and httpx.
API6_BODIES = {
    "gemini-503-overloaded": (503, "application/json; charset=UTF-8", {"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}}, []),
    "envoy-504": (504, "text/plain", "upstream request timeout", [("Server", "envoy"), ("x-envoy-upstream-service-time", "15001")]),
    "traefik-502": (502, "text/plain; charset=utf-8", "Bad Gateway", []),
    "shopify-429-throttled": (429, "application/json; charset=utf-8", {"errors": "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service."}, [("Retry-After", "1.0"), ("X-Shopify-Shop-Api-Call-Limit", "40/40")]),
    "slack-invalid-arguments": (200, "application/json; charset=utf-8", {"ok": False, "error": "invalid_arguments", "response_metadata": {"messages": ["[ERROR] missing required field: channel"]}}, []),
    "stripe-missing-param": (400, "application/json", {"error": {"code": "parameter_missing", "doc_url": "https://stripe.com/docs/error-codes/parameter-missing", "message": "Missing required param: currency.", "param": "currency", "type": "invalid_request_error"}}, [("Request-Id", "req_8Lw3NcQz1vKpXe")]),
    "google-invalid-enum": (400, "application/json; charset=UTF-8", {"error": {"code": 400, "message": "Invalid value at 'requests[0].features[0].type' (type.googleapis.com/google.cloud.vision.v1.Feature.Type), \"TEXT_DETECT\"", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "requests[0].features[0].type", "description": "Invalid value at 'requests[0].features[0].type' (type.googleapis.com/google.cloud.vision.v1.Feature.Type), \"TEXT_DETECT\""}]}]}}, []),
    "huggingface-401": (401, "application/json", {"error": "Invalid credentials in Authorization header"}, []),
    "notion-restricted-403": (403, "application/json; charset=utf-8", {"object": "error", "status": 403, "code": "restricted_resource", "message": "API token does not have access to this resource.", "request_id": "7c1e4b9a-3f2d-4e8a-9b6c-0d5f2a1e8c37"}, []),
    "gcp-permission-denied-403": (403, "application/json; charset=UTF-8", {"error": {"code": 403, "message": "ci-deployer@reports-prod.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist).", "errors": [{"message": "ci-deployer@reports-prod.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist).", "domain": "global", "reason": "forbidden"}]}}, []),
    "gitlab-404-project": (404, "application/json", {"message": "404 Project Not Found"}, []),
    "k8s-409-already-exists": (409, "application/json", {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure", "message": "deployments.apps \"web\" already exists", "reason": "AlreadyExists", "details": {"name": "web", "group": "apps", "kind": "deployments"}, "code": 409}, []),
    "express-400-text": (400, "text/html; charset=utf-8", "Bad Request", [("X-Powered-By", "Express")]),
    "statuspage-ok": (200, "application/json", {"page": {"id": "kctbh9vrtdwd", "name": "Example API", "updated_at": "2026-01-02T10:05:00.000Z"}, "status": {"indicator": "none", "description": "All Systems Operational"}, "incidents": [
        {"id": "p31zjtct2jer", "name": "Elevated error rates and timeouts on the Charges API", "status": "resolved", "impact": "minor", "resolved_at": "2026-01-02T09:41:00.000Z", "shortlink": "https://stspg.io/p31zjtct2jer"},
    ]}, []),
}


# `/api7/NAME`: bodies in the styles of further public APIs (Mistral, Vercel, Azure OpenAI, Elasticsearch,
# OpenAI, SendGrid, Anthropic, Google Gemini, Jira, Django REST framework, PagerDuty); written here, the client
# texts around them come from urllib, requests and httpx.
API7_BODIES = {
    "mistral-429": (429, "application/json", {"message": "Requests rate limit exceeded"}, [("Retry-After", "1")]),
    "vercel-504": (504, "text/plain; charset=utf-8", "An error occurred with your deployment\n\nFUNCTION_INVOCATION_TIMEOUT\n\nfra1::9x7kq-1767348000123-3c1f0a2b9d4e\n", [("X-Vercel-Error", "FUNCTION_INVOCATION_TIMEOUT")]),
    "azure-openai-500": (500, "application/json", {"error": {"code": "InternalServerError", "message": "The server had an error while processing your request. Sorry about that!"}}, [("apim-request-id", "3f9c2a71-5b0e-4d8a-9c61-7e2b4f0d1a95")]),
    "elastic-429-rejected": (429, "application/json; charset=UTF-8", {"error": {"root_cause": [{"type": "es_rejected_execution_exception", "reason": "rejected execution of coordinating operation [coordinating_and_primary_bytes=214748364, replica_bytes=0, all_bytes=214748364, coordinating_operation_bytes=1048576, max_coordinating_and_primary_bytes=214748364]"}], "type": "es_rejected_execution_exception", "reason": "rejected execution of coordinating operation [coordinating_and_primary_bytes=214748364, replica_bytes=0, all_bytes=214748364, coordinating_operation_bytes=1048576, max_coordinating_and_primary_bytes=214748364]"}, "status": 429}, []),
    "openai-unknown-parameter": (400, "application/json", {"error": {"message": "Unrecognized request argument supplied: max_token", "type": "invalid_request_error", "param": None, "code": None}}, []),
    "sendgrid-400-from": (400, "application/json", {"errors": [{"message": "The from email does not contain a valid address.", "field": "from.email", "help": "http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.from"}]}, []),
    "anthropic-max-tokens-400": (400, "application/json", {"type": "error", "error": {"type": "invalid_request_error", "message": "max_tokens: Field required"}}, [("request-id", "req_011CVa2kP9rQx4nT7mZ3bW8y")]),
    "anthropic-permission-403": (403, "application/json", {"type": "error", "error": {"type": "permission_error", "message": "Your API key does not have permission to use the specified resource."}}, []),
    "sendgrid-401": (401, "application/json", {"errors": [{"field": None, "message": "authorization required"}]}, []),
    "gemini-api-key-invalid": (400, "application/json; charset=UTF-8", {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com", "metadata": {"service": "generativelanguage.googleapis.com"}}]}}, []),
    "jira-404-issue": (404, "application/json;charset=UTF-8", {"errorMessages": ["Issue does not exist or you do not have permission to see it."], "errors": {}}, []),
    "drf-405": (405, "application/json", {"detail": "Method \"DELETE\" not allowed."}, []),
    "pagerduty-incidents-ok": (200, "application/json", {"incidents": [
        {"id": "Q2K8ZT1XW4P9LM", "incident_number": 1842, "title": "[Resolved] 502 Bad Gateway errors on checkout-api", "status": "resolved", "urgency": "high", "created_at": "2026-01-02T08:12:44Z", "last_status_change_at": "2026-01-02T08:31:09Z"},
        {"id": "Q0F3RJ7NB6C2YD", "incident_number": 1841, "title": "Timeouts connecting to payments-db (auto-resolved)", "status": "resolved", "urgency": "low", "created_at": "2026-01-01T22:40:03Z", "last_status_change_at": "2026-01-01T22:47:55Z"},
    ], "limit": 25, "offset": 0, "total": None, "more": False}, []),
}

class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, status, content_type, body, headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_entry(self, entry):
        """Sends an (status, content type, body, headers) entry of API2_BODIES ... API7_BODIES; a body
        that is not a string is sent as JSON."""
        status, content_type, body, headers = entry
        self._send(status, content_type, body if isinstance(body, str) else json.dumps(body), headers)

    def _send_s3_error(self, errors, name, request_id):
        status, code, message = errors[name]
        xml = f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code><Message>{message}</Message><RequestId>{request_id}</RequestId></Error>'
        self._send(status, "application/xml", xml)

    def _send_cut_short(self, header, value, data):
        """A 200 JSON answer whose header promises more than data, which is sent before the connection closes."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header(header, value)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()
        self.close_connection = True

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "bare" and len(parts) == 2:
            self.send_error(int(parts[1]))
        elif parts[0] == "api" and len(parts) == 2:
            content_type, body = API_BODIES[int(parts[1])]
            text = body if isinstance(body, str) else json.dumps(body)
            headers = [("Retry-After", "12")] if parts[1] == "429" else []
            self._send(int(parts[1]), content_type, text, headers)
        elif parts[0] == "s3" and parts[1] in S3_ERRORS:
            self._send_s3_error(S3_ERRORS, parts[1], "4442587FB7D0A2F9")
        elif parts[0] == "ok":
            self._send(200, "application/json", json.dumps({"status": "ok", "errors": [], "items": [1, 2, 3]}))
        elif parts[0] == "api2" and len(parts) == 2 and parts[1] in API2_BODIES:
            self._send_entry(API2_BODIES[parts[1]])
        elif parts[0] == "s3r2" and len(parts) == 2 and parts[1] in S3R2_ERRORS:
            self._send_s3_error(S3R2_ERRORS, parts[1], "9F2C1D7A6B3E5F04")
        elif parts[0] == "api3" and len(parts) == 2 and parts[1] in API3_BODIES:
            self._send_entry(API3_BODIES[parts[1]])
        elif parts[0] in ("api4", "redirect4") and len(parts) == 2:
            self._api4_get(parts)
        elif parts[0] == "api5" and len(parts) == 2 and parts[1] in API5_BODIES:
            self._send_entry(API5_BODIES[parts[1]])
        elif parts[0] == "api6" and len(parts) == 2 and parts[1] in API6_BODIES:
            self._send_entry(API6_BODIES[parts[1]])
        elif parts[0] == "api7" and len(parts) == 2 and parts[1] in API7_BODIES:
            self._send_entry(API7_BODIES[parts[1]])
        elif parts[0] == "loop":
            self._send(302, "text/html", "", [("Location", "/loop")])
        elif parts[0] == "chunked-broken":
            # Promises a chunk of 16 bytes, sends 5 and closes: a connection dropped mid-body.
            self._send_cut_short("Transfer-Encoding", "chunked", b"10\r\n{\"ite")
        elif parts[0] == "short-body":
            # Announces 120 bytes, sends 18 and closes.
            self._send_cut_short("Content-Length", "120", b'{"items": [1, 2, 3')
        else:
            self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path.startswith("/rpc3/") or self.path.startswith("/aws3/"):
            return self._rpc_and_aws_post(raw)
        body = json.loads(raw or b"{}")
        if self.path.startswith("/dynamodb"):
            case = body.get("TableName", "")
            status, code, message = DYNAMODB_ERRORS[case] if case in DYNAMODB_ERRORS else DYNAMODB_PUT_ERRORS[case]
            payload = {"__type": f"com.amazonaws.dynamodb.v20120810#{code}", "message": message}
            self._send(status, "application/x-amz-json-1.0", json.dumps(payload))
        else:
            self.send_error(404)

    def _rpc_and_aws_post(self, raw):
        """`/rpc3/NNN` answers an XML-RPC POST with CPython's send_error page for NNN; `/aws3/NAME`
        answers like the AWS service of AWS3_ERRORS[NAME] in that service's protocol."""
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "rpc3":
            status = int(parts[1])
            if status == 401:
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="rpc"')
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.send_error(status)
            return
        protocol, status, code, message, headers = AWS3_ERRORS[parts[1]]
        if protocol == "query":
            xml = (f'<ErrorResponse xmlns="https://example.amazonaws.com/doc/2011-06-15/">\n  <Error>\n    <Type>Sender</Type>\n'
                   f'    <Code>{code}</Code>\n    <Message>{message}</Message>\n  </Error>\n  <RequestId>6b1f0c4e-2d1a-4f7e-9c35-0a8f5e2d7b11</RequestId>\n</ErrorResponse>\n')
            self._send(status, "text/xml", xml, headers)
        elif protocol == "json":
            self._send(status, "application/x-amz-json-1.0", json.dumps({"__type": code, "message": message}), headers)
        else:  # rest-json
            self._send(status, "application/json", json.dumps({"Type": "User", "message": message}), [("x-amzn-ErrorType", f"{code}:http://internal.amazon.com/coral/com.amazonaws.awslambda/")] + headers)

    def _api4_get(self, parts):
        """`/api4/NAME` answers with API4_BODIES[NAME]; `/redirect4/NAME` answers 301 to `/api4/NAME`."""
        if parts[0] == "redirect4":
            self._send(301, "text/html", "", [("Location", f"/api4/{parts[1]}")])
        elif parts[1] in API4_BODIES:
            self._send_entry(API4_BODIES[parts[1]])
        else:
            self.send_error(404)

    def log_message(self, *args):
        pass


def start():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def closed_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def silent_listener():
    """Accepts connections through its backlog and never answers: clients hit their read timeouts."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    return listener


def _serving_listener(handle, threaded=False):
    """A listener on 127.0.0.1 that passes each connection it accepts to handle(conn), in a thread of its own
    when threaded, until the listener is closed."""
    listener = silent_listener()

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            if threaded:
                threading.Thread(target=handle, args=(conn,), daemon=True).start()
            else:
                handle(conn)

    threading.Thread(target=serve, daemon=True).start()
    return listener


def _reading_listener(reset):
    """Accepts, reads the request, then closes without answering: with SO_LINGER 0 (a TCP reset) or cleanly."""

    def handle(conn):
        conn.recv(65536)
        if reset:
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.close()

    return _serving_listener(handle)


def resetting_listener():
    """Accepts, reads the request, then closes with SO_LINGER 0, so the client sees a TCP reset."""
    return _reading_listener(reset=True)


def closing_listener():
    """Accepts, reads the request and closes cleanly without answering."""
    return _reading_listener(reset=False)


def banner_listener(banner):
    """Accepts, writes a banner (e.g. an SSH server's) and closes: an HTTP client on the wrong port."""

    def handle(conn):
        conn.sendall(banner)
        try:
            conn.recv(65536)
        except OSError:
            pass
        conn.close()

    return _serving_listener(handle)


SMTP_MODES = {
    # greeting refused; authentication refused; recipient refused (replies written here in the style of Postfix/Gmail)
    "busy": b"421 4.3.2 Service not available, closing transmission channel\r\n",
    "auth": b"220 mail.example.com ESMTP ready\r\n",
    "rcpt": b"220 mail.example.com ESMTP ready\r\n",
    "drop": b"",  # accepts and closes without a greeting
    "greylist": b"220 mail.example.com ESMTP Postfix\r\n",  # the recipient is greylisted (450, Postgrey wording)
}


def smtp_listener(mode):
    """A minimal SMTP server for smtplib: mode 'busy' refuses at the greeting, 'auth' refuses the login, 'rcpt'
    refuses the recipient, 'drop' closes without a greeting."""

    def session(conn):
        f = conn.makefile("rb")
        conn.sendall(SMTP_MODES[mode])
        if mode in ("busy", "drop"):
            conn.close()
            return
        for line in f:
            verb = line.split(b" ")[0].strip().upper()
            if verb in (b"EHLO", b"HELO"):
                conn.sendall(b"250-mail.example.com\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n")
            elif verb == b"AUTH":
                conn.sendall(b"535 5.7.8 Username and Password not accepted\r\n")
            elif verb == b"MAIL":
                conn.sendall(b"250 2.1.0 Ok\r\n")
            elif verb == b"RCPT" and mode == "greylist":
                conn.sendall(b"450 4.2.0 <ops@example.com>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.com.html\r\n")
            elif verb == b"RCPT":
                conn.sendall(b"550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table\r\n")
            elif verb == b"RSET":
                conn.sendall(b"250 2.0.0 Ok\r\n")
            elif verb == b"QUIT":
                conn.sendall(b"221 2.0.0 Bye\r\n")
                break
            else:
                conn.sendall(b"502 5.5.2 Error: command not recognized\r\n")
        conn.close()

    return _serving_listener(session, threaded=True)


def tls_server(certfile, keyfile):
    """The same handler as start(), behind TLS with the given (self-signed) certificate."""
    import ssl

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)

    def serve():
        while True:
            try:
                conn, address = server.socket.accept()
            except OSError:
                return
            try:
                conn = context.wrap_socket(conn, server_side=True)
            except (ssl.SSLError, OSError):
                conn.close()
                continue
            threading.Thread(target=server.finish_request, args=(conn, address), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return server, server.server_address[1]


# Line protocols for ftplib, poplib and imaplib. Each mode is (greeting, {VERB: reply}); the replies
# are written here in the wordings of vsftpd and Dovecot. `{tag}` is replaced with the IMAP command's tag. A
# verb without a reply gets the mode's "*" reply; QUIT/LOGOUT end the session.
LINE_MODES = {
    "ftp-busy": (b"421 There are too many connected users, please try later.\r\n", {}),
    "ftp-login": (b"220 (vsFTPd 3.0.3)\r\n", {"USER": b"331 Please specify the password.\r\n", "PASS": b"530 Login incorrect.\r\n", "QUIT": b"221 Goodbye.\r\n", "*": b"530 Please login with USER and PASS.\r\n"}),
    "ftp-cwd": (b"220 (vsFTPd 3.0.3)\r\n", {"USER": b"331 Please specify the password.\r\n", "PASS": b"230 Login successful.\r\n", "CWD": b"550 Failed to change directory.\r\n", "QUIT": b"221 Goodbye.\r\n", "*": b"500 Unknown command.\r\n"}),
    "pop-auth": (b"+OK Dovecot ready.\r\n", {"USER": b"+OK\r\n", "PASS": b"-ERR [AUTH] Authentication failed.\r\n", "QUIT": b"+OK Logging out\r\n", "*": b"-ERR Unknown command.\r\n"}),
    "pop-temp": (b"+OK Dovecot ready.\r\n", {"USER": b"+OK\r\n", "PASS": b"-ERR [SYS/TEMP] Temporary authentication failure. [mail.example.com:2026-01-02 10:00:00]\r\n", "QUIT": b"+OK Logging out\r\n", "*": b"-ERR Unknown command.\r\n"}),
    "imap-auth": (b"* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN] Dovecot ready.\r\n", {
        "CAPABILITY": b"* CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN\r\n{tag} OK Pre-login capabilities listed, post-login capabilities have more.\r\n",
        "LOGIN": b"{tag} NO [AUTHENTICATIONFAILED] Authentication failed.\r\n",
        "LOGOUT": b"* BYE Logging out\r\n{tag} OK Logout completed.\r\n",
        "*": b"{tag} BAD Error in IMAP command received by server.\r\n"}),
}


def line_listener(mode):
    """A minimal line-protocol server (FTP, POP3 or IMAP) answering by LINE_MODES[mode]."""
    greeting, replies = LINE_MODES[mode]
    imap = mode.startswith("imap")

    def session(conn):
        conn.sendall(greeting)
        if not replies:
            conn.close()
            return
        for line in conn.makefile("rb"):
            words = line.strip().split(b" ")
            tag, verb = (words[0], words[1] if len(words) > 1 else b"") if imap else (b"", words[0])
            verb = verb.decode(errors="replace").upper()
            conn.sendall(replies.get(verb, replies["*"]).replace(b"{tag}", tag))
            if verb in ("QUIT", "LOGOUT"):
                break
        conn.close()

    return _serving_listener(session, threaded=True)
