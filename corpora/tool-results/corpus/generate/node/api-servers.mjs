// The local API servers the cases call, with their bodies written here in the style of public APIs: the bodies
// are data, the texts around them come from the clients, commands and tools of the other modules. Each server is
// started once by node-corpus.mjs on a canonical port.
import { createServer } from 'node:http';

// ---------------------------------------------------------------------------------------------------------------
// The bodies of the API server (`apiServer` below) are written here in the style of public APIs; the
// texts around them come from fetch, undici and the tool wrappers named in each producer.
const API_BODIES = {
  '429-retry-after': [429, { 'retry-after': '2' }, '{"error":{"message":"Rate limit reached for requests. Please retry after 2 seconds.","type":"rate_limit_error","code":"rate_limit_exceeded"}}'],
  '429-daily-quota': [429, {}, '{"error":{"code":"quota_exceeded","message":"Daily request quota of 10000 requests exhausted for this API key. The quota resets at 00:00 UTC."}}'],
  '400-field': [400, {}, '{"error":{"type":"invalid_request_error","param":"limit","message":"Invalid value for \'limit\': must be an integer between 1 and 100, got 500."}}'],
  '400-bare': [400, {}, '{"error":"Bad Request"}'],
  '401-expired': [401, { 'www-authenticate': 'Bearer error="invalid_token"' }, '{"error":"invalid_token","error_description":"The access token expired"}'],
  '403-scope': [403, {}, '{"message":"Resource not accessible by personal access token","documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"403"}'],
  '404': [404, {}, '{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}'],
  '409': [409, {}, '{"error":{"code":"conflict","message":"A project named \'billing\' already exists in this workspace."}}'],
  '410': [410, {}, '{"error":{"code":"gone","message":"This export link has expired and the export file was deleted."}}'],
  '500': [500, {}, '{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error"}}'],
  '502': [502, { 'content-type': 'text/html' }, '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'],
  '503': [503, {}, '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}'],
  'ok-error-null': [200, {}, '{"data":[{"id":"job-1","state":"succeeded","last_error":null}],"errors":[],"error":null}'],
};

/** An API server: `/api/NAME` answers with `bodies[NAME]`, `[status, headers, body]` (JSON unless the headers
 * say otherwise); `routes(url, res)` may answer other URLs and returns whether it did; the rest is a JSON 404. */
function bodiesServer(bodies, routes = () => false) {
  return createServer((req, res) => {
    const url = req.url ?? '';
    const api = /^\/api\/([\w-]+)/.exec(url)?.[1];
    if (api && bodies[api]) {
      const [status, headers, body] = bodies[api];
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
    } else if (!routes(url, res)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    }
  });
}

/** The API server: JSON bodies per status, an HTML page, a redirect loop, a stalled and a cut body. */
export function apiServer() {
  return bodiesServer(API_BODIES, (url, res) => {
    if (url === '/login') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body><form action="/session"></form></body></html>\n');
    } else if (url === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (url === '/stalled-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"items":[');
    } else if (url === '/cut-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"items":[', () => setTimeout(() => res.socket?.destroy(), 20));
    } else {
      return false;
    }
    return true;
  });
}

export const apiBodyHow = (name) => `of a local API server's /api/${name} (body written in the style of public APIs)`;
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the Azure, Slack and AWS API server (`azureSlackAwsServer` below) are written here in the style of public APIs
// (Azure, Slack, AWS JSON and S3 XML, OpenAI, JSON:API, a git and an npm registry endpoint); the texts around them
// come from node:http, fetch, undici, git, npm and the tool wrappers named in each producer.
const AZURE_SLACK_AWS_BODIES = {
  'azure-403': [403, {}, '{"error":{"code":"AuthorizationFailed","message":"The client \'9f3c1a2e-5b7d-4e21-9a0c-2d6f8b1e4c37\' with object id \'9f3c1a2e-5b7d-4e21-9a0c-2d6f8b1e4c37\' does not have authorization to perform action \'Microsoft.Storage/storageAccounts/write\' over scope \'/subscriptions/1b2c3d4e-0000-4000-8000-1234567890ab/resourceGroups/rg-data\' or the scope is invalid. If access was recently granted, please refresh your credentials."}}'],
  'slack-ratelimited': [429, { 'retry-after': '30' }, '{"ok":false,"error":"ratelimited"}'],
  'slack-invalid-auth': [200, {}, '{"ok":false,"error":"invalid_auth","warning":"missing_charset","response_metadata":{"warnings":["missing_charset"]}}'],
  'slack-ok': [200, {}, '{"ok":true,"channel":"C024BE91L","ts":"1712345678.000200","message":{"type":"message","text":"Nightly deploy failed: 3 errors (ECONNRESET x2, 503 x1); retry scheduled for 02:00","bot_id":"B01"}}'],
  'aws-throttling': [400, { 'content-type': 'application/x-amz-json-1.0' }, '{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException","message":"Rate of requests exceeds the allowed throughput."}'],
  'aws-validation': [400, { 'content-type': 'application/x-amz-json-1.0' }, '{"__type":"com.amazon.coral.validate#ValidationException","message":"1 validation error detected: Value \'500\' at \'limit\' failed to satisfy constraint: Member must have value less than or equal to 100"}'],
  's3-nosuchkey': [404, { 'content-type': 'application/xml' }, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>exports/2026-03/orders.csv</Key><RequestId>7Q2N8J4K1M5P</RequestId><HostId>kT9vX2mQ8wZ4</HostId></Error>'],
  's3-access-denied': [403, { 'content-type': 'application/xml' }, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>3B8D1F6A2C9E</RequestId><HostId>pL5sR1nV7yU3</HostId></Error>'],
  'insufficient-quota': [429, {}, '{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}'],
  'jsonapi-422': [422, { 'content-type': 'application/vnd.api+json' }, '{"errors":[{"status":"422","source":{"pointer":"/data/attributes/quantity"},"title":"Invalid Attribute","detail":"quantity must be greater than 0"}]}'],
  'retry-503': [503, { 'content-type': 'text/plain', 'retry-after': '120' }, 'upstream connect error or disconnect/reset before headers. reset reason: connection failure'],
  'content-html': [200, { 'content-type': 'text/html' }, '<!DOCTYPE html><html><body>Maintenance</body></html>'],
};

/** The Azure, Slack and AWS API server: the bodies above, a git smart-HTTP endpoint and an npm registry that answer 503. */
export function azureSlackAwsServer() {
  return bodiesServer(AZURE_SLACK_AWS_BODIES, (url, res) => {
    if (url.startsWith('/git/') || url.startsWith('/npm/')) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    } else if (url === '/cut-body') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '65536' });
      res.write(Buffer.alloc(1024, 'x'), () => setTimeout(() => res.socket?.destroy(), 20));
    } else {
      return false;
    }
    return true;
  });
}
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the GitHub, Stripe and FastAPI API server (`githubStripeFastapiServer` below) are written here in the style of public APIs
// (GitHub, Stripe, FastAPI, Django REST framework, Envoy, a health endpoint); the texts around them come from
// fetch, fs, child_process, python3, git, curl, npm, zod and the MCP SDK, and the tool wrappers named in each producer.
const GITHUB_STRIPE_FASTAPI_BODIES = {
  'github-422': [422, {}, '{"message":"Validation Failed","errors":[{"resource":"Issue","code":"missing_field","field":"title"}],"documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"422"}'],
  'stripe-400': [400, {}, '{"error":{"code":"parameter_invalid_integer","doc_url":"https://stripe.com/docs/error-codes/parameter-invalid-integer","message":"Invalid integer: 12.50","param":"amount","type":"invalid_request_error"}}'],
  'fastapi-422': [422, {}, '{"detail":[{"type":"missing","loc":["body","email"],"msg":"Field required","input":{"name":"Ada Lovelace","role":"admin"}}]}'],
  'drf-401': [401, { 'www-authenticate': 'Token' }, '{"detail":"Authentication credentials were not provided."}'],
  'github-secondary': [429, { 'retry-after': '60' }, '{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api","status":"429"}'],
  '500-empty': [500, { 'content-length': '0' }, ''],
  '504-text': [504, { 'content-type': 'text/plain' }, 'upstream request timeout'],
  'drf-404': [404, {}, '{"detail":"Not found."}'],
  'health-ok': [200, {}, '{"status":"pass","checks":{"postgres":{"status":"pass","errors":0,"lastError":null},"queue":{"status":"pass","deadLetters":0,"lastFailure":"2026-02-11T03:12:09Z ECONNRESET (recovered)"}}}'],
  '503-maintenance': [503, { 'content-type': 'text/html' }, '<html><head><title>503 Service Temporarily Unavailable</title></head><body><h1>Service Temporarily Unavailable</h1><p>Scheduled maintenance, back shortly.</p></body></html>\n'],
  'weather-bad': [200, {}, '{"city":"Oslo","temperature":"7.5C","observed_at":1714000000}'],
};

export const githubStripeFastapiServer = () => bodiesServer(GITHUB_STRIPE_FASTAPI_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the Anthropic, Google and GitLab API server (`anthropicGoogleGitlabServer` below) are written here in the style of public APIs
// (Anthropic, Google APIs, GitLab, Django REST framework, Kubernetes, Stripe, a CI pipeline endpoint); the texts
// around them come from fetch, undici, fs, child_process, python3, git, docker, node --test, zod and the MCP SDK,
// and the tool wrappers named in each producer.
const ANTHROPIC_GOOGLE_GITLAB_BODIES = {
  'anthropic-529': [529, {}, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'],
  'google-400': [400, {}, '{"error":{"code":400,"message":"Invalid value at \'page_size\' (TYPE_INT32), \\"ten\\"","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"page_size","description":"Invalid value at \'page_size\' (TYPE_INT32), \\"ten\\""}]}]}}'],
  'gitlab-403': [403, {}, '{"error":"insufficient_scope","error_description":"The request requires higher privileges than provided by the access token.","scope":"write_repository"}'],
  'drf-405': [405, { allow: 'GET, HEAD, OPTIONS' }, '{"detail":"Method \\"DELETE\\" not allowed."}'],
  'k8s-409': [409, {}, '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \\"web\\" already exists","reason":"AlreadyExists","details":{"name":"web","group":"apps","kind":"deployments"},"code":409}'],
  'pool-503': [503, {}, '{"status":"error","message":"Database connection pool exhausted, please try again later."}'],
  'stripe-401': [401, {}, '{"error":{"message":"Invalid API Key provided: sk_live_****************4f2a","type":"invalid_request_error"}}'],
  'ci-pipeline': [200, {}, '{"id":48213,"ref":"main","status":"success","jobs":[{"name":"test","status":"success","failure_reason":null,"retried":false},{"name":"lint","status":"success","failure_reason":null,"allow_failure":true},{"name":"e2e","status":"success","failure_reason":null,"retried":true,"note":"first attempt failed: ETIMEDOUT pulling image; passed on retry"}]}'],
};

export const anthropicGoogleGitlabServer = () => bodiesServer(ANTHROPIC_GOOGLE_GITLAB_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the OpenAI, SendGrid and Shopify API server (`openaiSendgridShopifyServer` below) are written here in the style of public APIs
// (OpenAI, SendGrid, Shopify, Cloudflare, the npm registry, GitHub search and SAML, a status endpoint); the texts
// around them come from fetch, undici, fs, child_process, pip, git, npm, curl, zod and the MCP SDK, and the tool
// wrappers named in each producer.
const OPENAI_SENDGRID_SHOPIFY_BODIES = {
  'openai-429-tpm': [429, { 'retry-after': '2' }, '{"error":{"message":"Rate limit reached for gpt-4o in organization org-7Hq2 on tokens per min (TPM): Limit 30000, Used 29484, Requested 1873. Please try again in 2.714s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}'],
  'sendgrid-400': [400, {}, '{"errors":[{"message":"The to email does not contain a valid address.","field":"personalizations.0.to.0.email","help":"http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to"}]}'],
  'shopify-401': [401, {}, '{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}'],
  'cloudflare-502': [502, { 'content-type': 'text/html; charset=UTF-8' }, '<!DOCTYPE html>\n<html><head><title>api.acme.dev | 502: Bad gateway</title></head><body><h1>Bad gateway</h1><p>Error code 502</p><p>The web server reported a bad gateway error.</p><p>Cloudflare Ray ID: 8a1f2c3d4e5f6a7b</p></body></html>\n'],
  'npm-404': [404, {}, '{"error":"Not found"}'],
  'issues-search': [200, {}, '{"total_count":3,"incomplete_results":false,"items":[{"number":412,"title":"TypeError: fetch failed when the proxy drops the connection","state":"closed"},{"number":398,"title":"Retry 503 Service Unavailable with backoff","state":"closed"},{"number":377,"title":"EACCES: permission denied writing the cache directory","state":"open"}]}'],
  'github-403-sso': [403, {}, '{"message":"Resource protected by organization SAML enforcement. You must grant your Personal Access token access to this organization.","documentation_url":"https://docs.github.com/articles/authenticating-to-a-github-organization-with-saml-single-sign-on/","status":"403"}'],
  'status-503-retry': [503, { 'retry-after': '30' }, '{"code":"service_unavailable","message":"The service is temporarily unavailable. Please retry in 30 seconds."}'],
};

export const openaiSendgridShopifyServer = () => bodiesServer(OPENAI_SENDGRID_SHOPIFY_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the Twilio, Google Cloud Storage and Jira API server (`twilioGcsJiraServer` below) are written here in the style of public APIs
// (Twilio, Google Cloud Storage, Jira, HubSpot, Stripe, Zendesk, OpenAI, GitHub webhook deliveries); the texts
// around them come from fetch, undici, fs, child_process, curl, npm, make, tar, head, git, python3's sqlite3, zod
// and the MCP SDK, and the tool wrappers named in each producer.
const TWILIO_GCS_JIRA_BODIES = {
  'twilio-400': [400, {}, '{"code":21211,"message":"The \'To\' number +1555010 is not a valid phone number.","more_info":"https://www.twilio.com/docs/errors/21211","status":400}'],
  'gcs-503': [503, {}, '{"error":{"code":503,"message":"We encountered an internal error. Please try again.","errors":[{"message":"We encountered an internal error. Please try again.","domain":"global","reason":"backendError"}]}}'],
  'jira-404': [404, {}, '{"errorMessages":["Issue does not exist or you do not have permission to see it."],"errors":{}}'],
  'hubspot-401': [401, {}, '{"status":"error","message":"Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview","correlationId":"3f1c2a9e-8b7d-4c6e-9a5f-0d2e1b4c7a86","category":"INVALID_AUTHENTICATION"}'],
  'stripe-429-lock': [429, {}, '{"error":{"code":"lock_timeout","doc_url":"https://stripe.com/docs/error-codes/lock-timeout","message":"This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request. If you see this error frequently and are making multiple concurrent requests to a single object, make your requests serially or at a lower rate.","type":"invalid_request_error"}}'],
  'webhook-deliveries': [200, {}, '[{"id":91823,"guid":"0b9f2c10-1a2b-11f0-8f3e-5c2e0d1a7b44","delivered_at":"2026-07-01T08:12:44Z","redelivery":true,"duration":0.41,"status":"OK","status_code":200,"event":"push","action":null,"note":"redelivery of 91801 (first attempt: 502 Bad Gateway)"},{"id":91790,"guid":"e1c7a2b0-1a29-11f0-8a4d-7f3b2c1d0e9a","delivered_at":"2026-07-01T07:58:03Z","redelivery":false,"duration":0.37,"status":"OK","status_code":200,"event":"ping","action":null}]'],
  'zendesk-429': [429, { 'retry-after': '10' }, '{"error":{"title":"Too Many Requests","message":"Rate limit for ticket updates exceeded, please wait before updating this ticket again"}}'],
  'openai-401': [401, {}, '{"error":{"message":"Incorrect API key provided: sk-proj-********************Xk9Q. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}'],
};

export const twilioGcsJiraServer = () => bodiesServer(TWILIO_GCS_JIRA_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the Discord, Notion and Sentry API server (`discordNotionSentryServer` below) are written here in the style of public APIs
// (Discord, an AWS load balancer, GitHub, FastAPI, Notion, Sentry, a status page); the texts around them come from
// fetch, undici, fs, child_process, curl, git, node, awk, zod and the MCP SDK, and the tool wrappers named in each
// producer.
const DISCORD_NOTION_SENTRY_BODIES = {
  'discord-429': [429, { 'retry-after': '2' }, '{"message":"You are being rate limited.","retry_after":1.5,"global":false}'],
  'alb-504': [504, { 'content-type': 'text/html' }, '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>\r\n'],
  'github-422': [422, {}, '{"message":"Validation Failed","errors":[{"resource":"Label","code":"invalid","field":"color","message":"color must be a 6-character hex code, without the leading #"}],"documentation_url":"https://docs.github.com/rest/issues/labels#create-a-label","status":"422"}'],
  'fastapi-422': [422, {}, '{"detail":[{"type":"missing","loc":["body","due_date"],"msg":"Field required","input":{"title":"Renew the TLS certificate","priority":"urgent"}},{"type":"enum","loc":["body","priority"],"msg":"Input should be \'low\', \'normal\' or \'high\'","input":"urgent","ctx":{"expected":"\'low\', \'normal\' or \'high\'"}}]}'],
  'github-401': [401, {}, '{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}'],
  'notion-404': [404, {}, '{"object":"error","status":404,"code":"object_not_found","message":"Could not find database with ID: 3f9a1c2e-7b4d-4e8a-9c61-0d2b5e8f7a14. Make sure the relevant pages and databases are shared with your integration.","request_id":"b7e4c2a1-5d3f-4a8e-9b21-6c0f1e2d3a4b"}'],
  'sentry-500': [500, {}, '{"detail":"Internal Error","errorId":"9c2e4f1a7b3d4e8f9a0b1c2d3e4f5a6b"}'],
  'empty-200': [200, {}, ''],
  'statuspage': [200, {}, '{"page":{"name":"Acme Cloud"},"status":{"indicator":"none","description":"All Systems Operational"},"incidents":[{"name":"Elevated 5xx error rates on the EU API","status":"resolved","impact":"minor"},{"name":"Webhook delivery timeouts","status":"resolved","impact":"minor"}]}'],
};

export const discordNotionSentryServer = () => bodiesServer(DISCORD_NOTION_SENTRY_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// The bodies of the X, Mailgun and CloudFront API server (`xMailgunCloudfrontServer` below) are written here in the style of public APIs
// (X, Fastly/Varnish, Mailgun, Bitbucket, CloudFront, PagerDuty, Datadog, Algolia, Heroku, Auth0, Airtable, a bulk
// import endpoint, a git smart-HTTP endpoint that asks for credentials); the texts around them come from fetch,
// undici, node:http, fs, child_process, git, npm, curl, tar, find, node, zod and the MCP SDK, and the tool wrappers
// named in each producer.
const X_MAILGUN_CLOUDFRONT_BODIES = {
  'x-429': [429, { 'x-rate-limit-limit': '50', 'x-rate-limit-remaining': '0' }, '{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}'],
  'varnish-503': [503, { 'content-type': 'text/html; charset=utf-8' }, '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n<html>\n  <head>\n    <title>503 Backend unavailable, connection timeout</title>\n  </head>\n  <body>\n    <h1>Error 503 Backend unavailable, connection timeout</h1>\n    <p>Backend unavailable, connection timeout</p>\n    <h3>Guru Mediation:</h3>\n    <p>Details: cache-fra-etou8220046-FRA 1756890000 2210419807</p>\n    <hr>\n    <p>Varnish cache server</p>\n  </body>\n</html>\n'],
  'mailgun-400': [400, {}, '{"message":"to parameter is not a valid address. please check documentation"}'],
  'bitbucket-404': [404, {}, '{"type":"error","error":{"message":"Repository acme/payments-api not found"}}'],
  'cloudfront-502': [502, { 'content-type': 'text/html', 'x-cache': 'Error from cloudfront' }, '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\n<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">\n<TITLE>ERROR: The request could not be satisfied</TITLE>\n</HEAD><BODY>\n<H1>502 ERROR</H1>\n<H2>The request could not be satisfied.</H2>\n<HR noshade size="1px">\nCloudFront wasn\'t able to connect to the origin.\n<BR clear="all">\n<HR noshade size="1px">\n<PRE>\nGenerated by cloudfront (CloudFront)\nRequest ID: 3kQ9zW1xR7bT2mN8vL4cY6pD0fH5jG==\n</PRE>\n</BODY></HTML>'],
  'pagerduty-401': [401, {}, '{"error":{"message":"Invalid API key","code":2006,"errors":["The API key provided is not valid or has been revoked."]}}'],
  'datadog-403': [403, {}, '{"errors":["Forbidden"]}'],
  'algolia-400': [400, {}, '{"message":"Invalid value for hitsPerPage: must be an integer between 0 and 1000 (got 5000)","status":400}'],
  'bulk-import': [200, {}, '{"job_id":"imp_7731","status":"completed","rows_total":1240,"rows_imported":1240,"rows_failed":0,"errors":[],"warnings":["column \'error_code\' is empty in 1240 rows (kept as null)"]}'],
  'heroku-503': [503, { 'retry-after': '60' }, '{"id":"unavailable","message":"The API is temporarily unavailable for scheduled maintenance. Please try again in a few minutes."}'],
  'auth0-403': [403, {}, '{"statusCode":403,"error":"Forbidden","message":"Insufficient scope, expected any of: read:users","errorCode":"insufficient_scope"}'],
  'airtable-422': [422, {}, '{"error":{"type":"INVALID_VALUE_FOR_COLUMN","message":"Field \\"Status\\" cannot accept the value \\"Done!\\"; valid options are \\"Todo\\", \\"In progress\\", \\"Done\\""}}'],
};

export const xMailgunCloudfrontServer = () => bodiesServer(X_MAILGUN_CLOUDFRONT_BODIES, (url, res) => {
  if (url.startsWith('/acme/payments.git/')) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="Git"', 'content-type': 'text/plain' }).end('Unauthorized\n');
    return true;
  }
  return false;
});
// ---------------------------------------------------------------------------------------------------------------
// A representative day rather than new kinds: the bodies of the everyday GitHub and OpenAI API server (`everydayGithubOpenaiServer`
// below) are written here in the style of the APIs used most (GitHub, Stripe, OpenAI, Google, Slack, AWS API
// Gateway, an nginx proxy and a team's own Express, FastAPI and Django backends); the texts around them come from
// fetch, undici, fs, child_process, git, npm, node, ls, mkdir, zod and the MCP SDK, and the tool wrappers named in
// each producer.
const EVERYDAY_GITHUB_OPENAI_BODIES = {
  'github-404-repo': [404, {}, '{"message":"Not Found","documentation_url":"https://docs.github.com/rest/repos/repos#get-a-repository","status":"404"}'],
  'openai-429': [429, { 'retry-after': '3' }, '{"error":{"message":"Rate limit reached for gpt-4o in organization org-7Hq2 on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"requests","param":null,"code":"rate_limit_exceeded"}}'],
  'fastapi-422': [422, {}, '{"detail":[{"type":"int_parsing","loc":["query","page"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"two"}]}'],
  'nginx-503': [503, { 'content-type': 'text/html' }, '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'],
  'express-500': [500, {}, '{"error":"Internal Server Error"}'],
  'google-401': [401, {}, '{"error":{"code":401,"message":"Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.","status":"UNAUTHENTICATED"}}'],
  'stripe-401': [401, {}, '{"error":{"message":"Invalid API Key provided: sk_test_********************************4eC3","type":"invalid_request_error"}}'],
  'apigw-504': [504, { 'x-amzn-errortype': 'IntegrationTimeoutException' }, '{"message":"Endpoint request timed out"}'],
  'express-404': [404, {}, '{"error":"Not Found","message":"No route for GET /api/v1/userz","statusCode":404}'],
  'slack-post': [200, {}, '{"ok":false,"error":"channel_not_found"}'],
  'github-runs': [200, {}, '{"total_count":3,"workflow_runs":[{"id":9120455,"name":"CI","head_branch":"main","status":"completed","conclusion":"success","display_title":"Fix 500 error on empty cart"},{"id":9120311,"name":"CI","head_branch":"fix/timeout-retry","status":"completed","conclusion":"failure","display_title":"Retry on TimeoutError"},{"id":9119870,"name":"Deploy","head_branch":"main","status":"completed","conclusion":"success","display_title":"Deploy web v2.14.0"}]}'],
};

export const everydayGithubOpenaiServer = () => bodiesServer(EVERYDAY_GITHUB_OPENAI_BODIES);
// ---------------------------------------------------------------------------------------------------------------
// Another representative day: the bodies of the everyday Stripe and Django API server (`everydayStripeDjangoServer` below) are written
// here in the style of the APIs used most (GitHub, Stripe, OpenAI, Slack, an nginx proxy, AWS API Gateway, a
// team's own Django backend, and an npm registry that has no such package); the texts around them come from fetch,
// undici, fs, child_process, git, npm, node, ls, zod and the MCP SDK, and the tool wrappers named in each producer.
const EVERYDAY_STRIPE_DJANGO_BODIES = {
  'github-401': [401, {}, '{"message":"Requires authentication","documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"401"}'],
  'stripe-404-customer': [404, {}, '{"error":{"code":"resource_missing","doc_url":"https://stripe.com/docs/error-codes/resource-missing","message":"No such customer: \'cus_Q7pL2mXv9aT4\'","param":"customer","request_log_url":"https://dashboard.stripe.com/test/logs/req_r11a","type":"invalid_request_error"}}'],
  'openai-500': [500, {}, '{"error":{"message":"The server had an error processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if you keep seeing this error.","type":"server_error","param":null,"code":null}}'],
  'openai-400-context': [400, {}, '{"error":{"message":"This model\'s maximum context length is 128000 tokens. However, your messages resulted in 131584 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}'],
  'drf-403': [403, {}, '{"detail":"You do not have permission to perform this action."}'],
  'nginx-502': [502, { 'content-type': 'text/html' }, '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n'],
  'apigw-503': [503, { 'x-amzn-errortype': 'ServiceUnavailableException' }, '{"message":"Service Unavailable"}'],
  'github-422-missing': [422, {}, '{"message":"Validation Failed","errors":[{"resource":"Issue","code":"missing_field","field":"title"}],"documentation_url":"https://docs.github.com/rest/issues/issues#create-an-issue","status":"422"}'],
  'nginx-504': [504, { 'content-type': 'text/html' }, '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'],
  'slack-missing-scope': [200, {}, '{"ok":false,"error":"missing_scope","needed":"chat:write","provided":"channels:read,users:read"}'],
  'stripe-charges': [200, {}, '{"object":"list","data":[{"id":"ch_3R11a","amount":4900,"currency":"usd","status":"succeeded","failure_code":null,"failure_message":null},{"id":"ch_3R11b","amount":1900,"currency":"usd","status":"failed","failure_code":"card_declined","failure_message":"Your card was declined."}],"has_more":false,"url":"/v1/charges"}'],
};

export const everydayStripeDjangoServer = () => bodiesServer(EVERYDAY_STRIPE_DJANGO_BODIES);
