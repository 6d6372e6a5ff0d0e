// HTTP clients of Node: fetch (undici inside Node), the undici package, node:http, node:tls and node:dns, against
// the servers of node-corpus.mjs and api-servers.mjs: statuses and API bodies in the forms tools return them
// (`message`, `string`, `status-text`, `body`, …), refused, reset and stalled connections, timeouts, aborts,
// redirect loops, malformed URLs, untrusted certificates and resolvers that do not answer. The truth of each case
// is stated with it (../../LABELLING.md).
import { spawn } from 'node:child_process';
import { Resolver as DnsResolver } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { createConnection } from 'node:net';
import { Agent, fetch as undiciFetch, interceptors, request as undiciRequest } from 'undici';
import { apiBodyHow } from './api-servers.mjs';
import { add, addError, addThrown, httpGet, named, ports, STATUS_TRUTH, thrown, UNDICI_VERSION, withCause } from './common.mjs';

// ---------------------------------------------------------------------------------------------------------------
export async function networking(env) {
  const { statusPort, refusedPort, silentPort, resetPort, closePort } = env;
  let source = 'node-fetch';
  for (const [status, [truth, reason]] of Object.entries(STATUS_TRUTH)) {
    const res = await fetch(`http://127.0.0.1:${statusPort}/status/${status}`);
    await res.arrayBuffer();
    add(source, `http-${status}`, 'status-line', `HTTP ${res.status} ${res.statusText}`, truth, reason, `fetch of /status/${status}: \`HTTP \${res.status} \${res.statusText}\``);
    const e = new Error(`Request failed with status ${res.status}`);
    add(source, `http-${status}`, 'status-only', String(e), truth, reason, `fetch of /status/${status}: String(new Error(\`Request failed with status \${res.status}\`))`);
  }
  const ok = await fetch(`http://127.0.0.1:${statusPort}/items`);
  add(source, 'ok', 'body', await ok.text(), 'none', 'a 200 body', 'fetch of /items');
  addError(source, 'connection-refused', await thrown(() => fetch(`http://127.0.0.1:${refusedPort}/v1/items`)), 'transient', 'connection refused', 'fetch to a closed port');
  addError(source, 'connection-reset', await thrown(() => fetch(`http://127.0.0.1:${resetPort}/v1/items`)), 'transient', 'connection reset', 'fetch to a server that resets the socket');
  addError(source, 'socket-closed', await thrown(() => fetch(`http://127.0.0.1:${closePort}/v1/items`)), 'transient', 'the server closed the connection without answering', 'fetch to a server that closes the socket');
  const timeout = await thrown(() => fetch(`http://127.0.0.1:${silentPort}/v1/items`, { signal: AbortSignal.timeout(200) }));
  add(source, 'abort-timeout', 'string', String(timeout), 'transient', 'the request timed out', 'fetch with AbortSignal.timeout(200) to a silent server');
  const headers = await thrown(() => fetch(`http://127.0.0.1:${silentPort}/v1/items`, { dispatcher: new Agent({ headersTimeout: 200 }) }));
  addError(source, 'headers-timeout', headers, 'transient', 'the server did not answer in time', 'fetch with an undici Agent headersTimeout 200 to a silent server');
  addError(source, 'invalid-url', await thrown(() => fetch('api.example.com/v1/items')), 'fixable', 'the URL argument is quoted and is not a URL', 'fetch of a URL without scheme');

  source = 'node-undici';
  const how = `undici ${UNDICI_VERSION} request()`;
  addError(source, 'connection-refused', await thrown(() => undiciRequest(`http://127.0.0.1:${refusedPort}/v1/items`)), 'transient', 'connection refused', `${how} to a closed port`);
  addError(source, 'socket-closed', await thrown(() => undiciRequest(`http://127.0.0.1:${closePort}/v1/items`)), 'transient', 'the server closed the connection', `${how} to a server that closes the socket`);
  addError(source, 'connection-reset', await thrown(() => undiciRequest(`http://127.0.0.1:${resetPort}/v1/items`)), 'transient', 'connection reset', `${how} to a server that resets the socket`);
  addError(source, 'headers-timeout', await thrown(() => undiciRequest(`http://127.0.0.1:${silentPort}/v1/items`, { headersTimeout: 200 })), 'transient', 'the server did not answer in time', `${how} headersTimeout 200 to a silent server`);
  addError(source, 'invalid-method', await thrown(() => undiciRequest(`http://127.0.0.1:${statusPort}/items`, { method: 'GE T' })), 'fixable', 'names the invalid method argument', `${how} with method 'GE T'`);
  const throwing = new Agent().compose(interceptors.responseError());
  for (const status of [400, 401, 404, 429, 503]) {
    const [truth, reason] = STATUS_TRUTH[status];
    const e = await thrown(() => undiciRequest(`http://127.0.0.1:${statusPort}/status/${status}`, { dispatcher: throwing }));
    add(source, `response-error-${status}`, 'string', String(e), 'ambiguous', 'the text names no status', `${how} with interceptors.responseError() of /status/${status}`);
    add(source, `response-error-${status}`, 'status', `${e.message} (status ${e.statusCode})`, truth, reason, `${how}: \`\${e.message} (status \${e.statusCode})\``);
  }
}

/** fetch of `/api/NAME` of the API server at `base`, for cases `[name, truth, reason]`: the `HTTP ${status}
 * ${statusText}: ${body}` text of a tool wrapper, the String of the Error it throws with that text and, with
 * `bodyAlone`, the body alone; `id(name)` names the case. */
async function addStatusBodies(base, id, cases, bodyAlone = false) {
  const source = 'node-fetch';
  for (const [name, truth, reason] of cases) {
    const res = await fetch(`${base}/api/${name}`);
    const body = await res.text();
    const how = `fetch ${apiBodyHow(name)}`;
    add(source, id(name), 'status-body', `HTTP ${res.status} ${res.statusText}: ${body}`, truth, reason, `${how}: \`HTTP \${res.status} \${res.statusText}: \${body}\``);
    add(source, id(name), 'thrown', String(new Error(`HTTP ${res.status} ${res.statusText}: ${body}`)), truth, reason, `${how}: String of the Error a tool wrapper throws`);
    if (bodyAlone) add(source, id(name), 'body', body, truth, reason, `${how}: the response body alone`);
  }
}

/** /api/NAME of each case fetched with undici's request(), as a tool wraps it: `Request failed with status ${statusCode}: ${text}`. */
async function addUndiciStatusBodies(base, id, cases) {
  for (const [name, truth, reason] of cases) {
    const { statusCode, body } = await undiciRequest(`${base}/api/${name}`);
    const text = await body.text();
    add('node-undici', id(name), 'status-body', `Request failed with status ${statusCode}: ${text}`, truth, reason, `undici ${UNDICI_VERSION} request() ${apiBodyHow(name)}: \`Request failed with status \${statusCode}: \${text}\``);
  }
}

/** A port whose listen backlog is full (a python3 socket that never accepts): connects to it hang for real. */
async function fullBacklogPort(canonical) {
  const child = spawn('python3', ['-c', 'import socket, time\ns = socket.socket()\ns.bind(("127.0.0.1", 0))\ns.listen(0)\nprint(s.getsockname()[1], flush=True)\ntime.sleep(120)'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = Number(await new Promise((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim()))));
  ports.set(String(port), String(canonical));
  const fillers = [];
  for (let i = 0; i < 4; i++) fillers.push(createConnection(port, '127.0.0.1').on('error', () => {}));
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { port, close: () => { fillers.forEach((s) => s.destroy()); child.kill(); } };
}

export async function apis(env) {
  const source = 'node-fetch';
  const base = `http://127.0.0.1:${env.apiPort}`;
  const statusCases = [
    ['429-retry-after', 'transient', 'rate limited; the body asks to retry after 2 seconds'],
    ['429-daily-quota', 'unrecoverable', 'a daily quota exhausted until a reset hours away'],
    ['400-field', 'fixable', "the body names limit and the range it must be in"],
    ['400-bare', 'ambiguous', 'a 400 whose body names no field'],
    ['401-expired', 'unrecoverable', '401: the access token expired'],
    ['403-scope', 'unrecoverable', '403: the token may not access the resource'],
    ['404', 'ambiguous', '404: missing resource'],
    ['409', 'ambiguous', '409: conflicts with a stored project'],
    ['410', 'ambiguous', '410: the resource is gone; what to use instead is not said'],
    ['500', 'transient', '500: server error'],
    ['502', 'transient', '502: bad gateway (an nginx page)'],
    ['503', 'transient', '503: service unavailable'],
  ];
  await addStatusBodies(base, (name) => `http-${name}-body`, statusCases, true);
  const ok = await fetch(`${base}/api/ok-error-null`);
  add(source, 'ok-error-null', 'body', await ok.text(), 'none', 'a 200 body whose error fields are null or empty', 'fetch of a local API server (body written in the style of public APIs)');
  const bodyTimeout = await thrown(async () => (await fetch(`${base}/stalled-body`, { signal: AbortSignal.timeout(200) })).text());
  add(source, 'timeout-during-body', 'message', bodyTimeout.message, 'transient', 'the request timed out while the body was read', 'fetch with AbortSignal.timeout(200), res.text() of a body that stalls');
  add(source, 'timeout-during-body', 'string', String(bodyTimeout), 'transient', 'the request timed out while the body was read', 'fetch with AbortSignal.timeout(200), res.text() of a body that stalls');
  addError(source, 'closed-mid-body', await thrown(async () => (await fetch(`${base}/cut-body`)).text()), 'transient', 'the server closed the connection while sending the body', 'fetch, res.text() of a body the server cuts off');
  addError(source, 'dns-enotfound', await thrown(() => fetch('http://api.rb-corpus.invalid/v1/items')), 'ambiguous', 'the host name does not resolve: a wrong host or a name that is gone, not said which', 'fetch of a .invalid host');
  addError(source, 'redirect-loop', await thrown(() => fetch(`${base}/loop`)), 'ambiguous', 'the server redirects in a loop; no change of the call is named', 'fetch of a URL that redirects to itself');
  addError(source, 'relative-url', await thrown(() => fetch('/v1/items')), 'fixable', 'quotes the URL argument, a relative path where a full URL is needed', "fetch('/v1/items')");
  const html = await thrown(async () => (await fetch(`${base}/login`)).json());
  add(source, 'json-parse-html', 'message', html.message, 'ambiguous', 'a JSON parse error of the data the tool read', 'fetch, res.json() of an HTML page');
  add(source, 'json-parse-html', 'string', String(html), 'ambiguous', 'a JSON parse error of the data the tool read', 'fetch, res.json() of an HTML page');
}

export async function undiciTimeoutsAndRetries(env) {
  const source = 'node-undici';
  const how = `undici ${UNDICI_VERSION} request()`;
  const base = `http://127.0.0.1:${env.apiPort}`;
  addError(source, 'body-timeout', await thrown(async () => (await undiciRequest(`${base}/stalled-body`, { bodyTimeout: 200 })).body.text()), 'transient', 'the body did not arrive in time', `${how} bodyTimeout 200, body.text() of a body that stalls`);
  addError(source, 'closed-mid-body', await thrown(async () => (await undiciRequest(`${base}/cut-body`)).body.text()), 'transient', 'the other side closed the connection', `${how}, body.text() of a body the server cuts off`);
  const backlog = await fullBacklogPort(8106);
  try {
    addError(source, 'connect-timeout', await thrown(() => undiciRequest(`http://127.0.0.1:${backlog.port}/v1/items`, { dispatcher: new Agent({ connect: { timeout: 300 } }) })), 'transient', 'the connection was not established in time', `${how} with connect.timeout 300 to a port whose listen backlog is full`);
  } finally {
    backlog.close();
  }
  const retry = await thrown(() => undiciRequest(`${base}/api/503`, { dispatcher: new Agent().compose(interceptors.retry({ maxRetries: 2, minTimeout: 50, timeoutFactor: 1 })) }));
  add(source, 'retry-exhausted', 'string', String(retry), 'ambiguous', 'the text names no status or cause', `${how} with interceptors.retry({maxRetries: 2}) of a 503 endpoint`);
  add(source, 'retry-exhausted', 'status', `${retry.message} (status ${retry.statusCode})`, 'transient', '503 after the retries ran out', `${how} with interceptors.retry({maxRetries: 2}): \`\${e.message} (status \${e.statusCode})\``);
}

export async function httpClient(env) {
  const source = 'node-http';
  const base = `http://127.0.0.1:${env.azureSlackAwsPort}`;
  const how = 'node:http get()';
  {
    // The status check of the http.get example in the Node documentation.
    const { res } = await httpGet(`${base}/api/retry-503`);
    const e = new Error(`Request Failed.\nStatus Code: ${res.statusCode}`);
    add(source, 'get-status-503', 'message', e.message, 'transient', '503: service unavailable', `${how} of a 503 endpoint: the Node documentation's \`Request Failed.\\nStatus Code: \${statusCode}\``);
  }
  {
    const { res } = await httpGet(`${base}/api/content-html`);
    const e = new Error(`Invalid content-type.\nExpected application/json but received ${res.headers['content-type']}`);
    add(source, 'get-content-type', 'message', e.message, 'ambiguous', 'the server sent HTML where JSON was expected; why is not said', `${how} of an HTML page: the Node documentation's content-type check`);
  }
  {
    const { res, body } = await httpGet(`${base}/api/s3-access-denied`);
    const e = new Error(`Request failed with status code ${res.statusCode}: ${body}`);
    add(source, 'get-s3-access-denied', 'string', String(e), 'unrecoverable', '403 AccessDenied from an S3-style XML body', `${how} of an S3-style 403 XML body: String(new Error(\`Request failed with status code \${res.statusCode}: \${body}\`))`);
  }
  addError(source, 'get-socket-hang-up', await thrown(() => httpGet(`http://127.0.0.1:${env.closePort}/v1/items`)), 'transient', 'the server closed the connection without answering', `${how} to a server that closes the socket`);
  {
    const e = await thrown(() => httpGet(`http://127.0.0.1:${env.silentPort}/v1/items`, { signal: AbortSignal.timeout(200) }));
    const what = `${how} with signal AbortSignal.timeout(200) to a silent server`;
    add(source, 'get-abort-timeout', 'message', e.message, 'ambiguous', 'the text says only that the operation was aborted, not why', what);
    add(source, 'get-abort-timeout', 'string', String(e), 'ambiguous', 'the text says only that the operation was aborted, not why', what);
    add(source, 'get-abort-timeout', 'with-cause', withCause(e), 'transient', 'the cause says the request was aborted due to timeout', what);
  }
}

export async function tls(env) {
  const source = 'node-tls';
  const how = 'node:https get()';
  addError(source, 'self-signed', await thrown(() => httpGet(`https://127.0.0.1:${env.tlsPort}/v1/items`)), 'ambiguous', 'a certificate error fits no row: trusting the certificate or another host is not said', `${how} of a local TLS server with a self-signed certificate (openssl req -x509)`);
  addError(source, 'altname-mismatch', await thrown(() => httpGet(`https://127.0.0.1:${env.tlsPort}/v1/items`, { ca: env.tlsCert })), 'ambiguous', 'the certificate is not valid for 127.0.0.1; which host name to use is not said', `${how} with the server's certificate (for api.rb-corpus.test) as ca, to 127.0.0.1`);
}

export async function dnsNet(env) {
  const resolver = new DnsResolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${env.dnsPort}`]);
  const e = await thrown(() => resolver.resolve4('db.rb-corpus.internal'));
  add('node-dns', 'resolve-timeout', 'message', e.message, 'transient', 'the DNS query timed out', 'dns.promises.Resolver({timeout: 200, tries: 1}).resolve4 against a DNS server that does not answer (a silent local UDP socket)');
  add('node-dns', 'resolve-timeout', 'string', String(e), 'transient', 'the DNS query timed out', 'dns.promises.Resolver({timeout: 200, tries: 1}).resolve4 against a DNS server that does not answer (a silent local UDP socket)');
}

export async function aborts(env) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const e = await thrown(() => fetch(`http://127.0.0.1:${env.silentPort}/v1/export`, { signal: controller.signal }));
  add('node-fetch', 'aborted-by-tool', 'message', e.message, 'ambiguous', 'the request was aborted; why is not said', "fetch aborted by the tool's own AbortController.abort() after 100 ms");
  add('node-fetch', 'aborted-by-tool', 'string', String(e), 'ambiguous', 'the request was aborted; why is not said', "fetch aborted by the tool's own AbortController.abort() after 100 ms");
}

export async function azureSlackAwsBodies(env) {
  const base = `http://127.0.0.1:${env.azureSlackAwsPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper.
  await addStatusBodies(base, (name) => `http-${name}`, [
    ['azure-403', 'unrecoverable', '403 AuthorizationFailed: the client may not perform the action'],
    ['aws-validation', 'fixable', 'the body names limit and the maximum it must satisfy'],
    ['insufficient-quota', 'unrecoverable', 'the account quota is spent: plan and billing must change'],
    ['jsonapi-422', 'fixable', 'the JSON:API error points at quantity and says it must be greater than 0'],
  ]);
  // undici request() with the `${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `http-${name}`, [
    ['aws-throttling', 'transient', 'a ThrottlingException: the request rate is too high'],
    ['s3-nosuchkey', 'ambiguous', 'NoSuchKey: the object does not exist'],
  ]);
  // A Slack-style client: HTTP status and `ok: false` mapped to `Slack API error: ${error}`.
  const slack = async (name) => {
    const res = await fetch(`${base}/api/${name}`);
    const data = await res.json();
    if (!data.ok) {
      const retry = res.headers.get('retry-after');
      throw new Error(`Slack API error: ${data.error}${retry ? ` (retry after ${retry}s)` : ''}`);
    }
    return data;
  };
  const slackHow = (name) => `fetch ${apiBodyHow(name)}: a Slack-style client throwing \`Slack API error: \${data.error}\` (with retry-after when sent)`;
  const limited = await thrown(() => slack('slack-ratelimited'));
  add('node-fetch', 'slack-ratelimited', 'message', limited.message, 'transient', 'rate limited; retry after 30 seconds', slackHow('slack-ratelimited'));
  const auth = await thrown(() => slack('slack-invalid-auth'));
  add('node-fetch', 'slack-invalid-auth', 'message', auth.message, 'unrecoverable', 'the token is invalid', slackHow('slack-invalid-auth'));
  add('node-fetch', 'slack-invalid-auth', 'string', String(auth), 'unrecoverable', 'the token is invalid', slackHow('slack-invalid-auth'));
  add('node-fetch', 'ok-slack-posted', 'json', JSON.stringify(await slack('slack-ok')), 'none', 'the message was posted (ok: true); its text names errors', slackHow('slack-ok'));
}

export async function githubStripeFastapiBodies(env) {
  const base = `http://127.0.0.1:${env.githubStripeFastapiPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `http4-${name}`, [
    ['github-422', 'fixable', 'the GitHub-style 422 names the missing field title'],
    ['stripe-400', 'fixable', 'the Stripe-style 400 names the param amount and that it must be an integer'],
    ['fastapi-422', 'fixable', 'the FastAPI-style 422 names the missing body field email'],
    ['drf-401', 'unrecoverable', '401: no credentials were provided'],
    ['github-secondary', 'transient', '429: a secondary rate limit; wait a few minutes'],
    ['500-empty', 'transient', '500: server error (empty body)'],
    ['504-text', 'transient', '504: upstream request timeout'],
    ['drf-404', 'ambiguous', '404: missing resource'],
  ]);
  const health = await fetch(`${base}/api/health-ok`);
  add('node-fetch', 'ok-health-error-fields', 'body', await health.text(), 'none', 'the health check passed; its fields are named errors, lastError and lastFailure', `fetch ${apiBodyHow('health-ok')}: the response body`);
}

export async function anthropicGoogleGitlabBodies(env) {
  const base = `http://127.0.0.1:${env.anthropicGoogleGitlabPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `http5-${name}`, [
    ['anthropic-529', 'transient', 'the API is overloaded (overloaded_error): expected to clear by itself'],
    ['google-400', 'fixable', 'the Google-style 400 names the field page_size and that it must be an INT32'],
    ['gitlab-403', 'unrecoverable', '403: the access token lacks the required scope'],
    ['drf-405', 'ambiguous', '405: the method is not allowed; which call to make instead is not said'],
    ['k8s-409', 'ambiguous', '409: the deployment already exists: a conflict with stored data'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `http5-${name}`, [['pool-503', 'transient', '503: the database pool is exhausted; try again later']]);
  const pipelineRes = await fetch(`${base}/api/ci-pipeline`);
  add('node-fetch', 'ok-ci-pipeline-failure-fields', 'body', await pipelineRes.text(), 'none', 'the pipeline succeeded; its fields are named failure_reason and a note names a retried ETIMEDOUT', `fetch ${apiBodyHow('ci-pipeline')}: the response body`);
}

export async function openaiSendgridShopifyBodies(env) {
  const base = `http://127.0.0.1:${env.openaiSendgridShopifyPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `http6-${name}`, [
    ['openai-429-tpm', 'transient', '429: a tokens-per-minute rate limit; try again in under 3 seconds'],
    ['sendgrid-400', 'fixable', 'the SendGrid-style 400 names the field personalizations.0.to.0.email and that it must be a valid address'],
    ['npm-404', 'ambiguous', '404: missing resource'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `http6-${name}`, [
    ['shopify-401', 'unrecoverable', '401: the API key or access token is invalid'],
    ['cloudflare-502', 'transient', '502: bad gateway (a Cloudflare page)'],
  ]);
  const search = await fetch(`${base}/api/issues-search`);
  add('node-fetch', 'ok-issue-search-error-titles', 'body', await search.text(), 'none', 'the search returned its results; their titles are error texts', `fetch ${apiBodyHow('issues-search')}: the response body`);
}

export async function twilioGcsJiraBodies(env) {
  const base = `http://127.0.0.1:${env.twilioGcsJiraPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `http7-${name}`, [
    ['twilio-400', 'fixable', "the Twilio-style 400 names the 'To' number and that it must be a valid phone number"],
    ['gcs-503', 'transient', '503: an internal backend error; please try again'],
    ['jira-404', 'ambiguous', '404: the issue does not exist or is not visible; which one is meant is not said'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `http7-${name}`, [
    ['hubspot-401', 'unrecoverable', '401: no authentication credentials were found'],
    ['stripe-429-lock', 'transient', '429: the object is locked by another request; retry the request'],
  ]);
  const deliveries = await fetch(`${base}/api/webhook-deliveries`);
  add('node-fetch', 'ok-webhook-deliveries-redelivered', 'body', await deliveries.text(), 'none', 'the deliveries were listed; both are OK, one note names an earlier 502', `fetch ${apiBodyHow('webhook-deliveries')}: the response body`);
}

export async function discordNotionSentryBodies(env) {
  const base = `http://127.0.0.1:${env.discordNotionSentryPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `r8-http-${name}`, [
    ['discord-429', 'transient', '429: rate limited; retry after a second and a half'],
    ['github-422', 'fixable', 'the GitHub-style 422 names the field color and that it must be a 6-character hex code'],
    ['notion-404', 'ambiguous', '404: the database is not found (or not shared); which one is meant is not said'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `r8-http-${name}`, [
    ['github-401', 'unrecoverable', '401: bad credentials'],
    ['sentry-500', 'transient', '500: an internal error of the server'],
    ['alb-504', 'transient', '504: gateway timeout (a load balancer page)'],
  ]);
  await addThrown('node-fetch', [
    ['r8-json-empty-body', async () => (await fetch(`${base}/api/empty-200`)).json(), 'ambiguous', 'a JSON parse error of the (empty) data the tool read', `fetch, res.json() ${apiBodyHow('empty-200')} (an empty 200 body)`],
  ]);
  const status = await fetch(`${base}/api/statuspage`);
  add('node-fetch', 'r8-ok-statuspage-resolved-incidents', 'body', await status.text(), 'none', 'the status page was read: all systems operational; the resolved incidents name 5xx errors and timeouts', `fetch ${apiBodyHow('statuspage')}: the response body`);
  // The undici package's own fetch(), a POST to a server that resets the connection; the tool names the cause.
  const e = await thrown(() => undiciFetch(`http://127.0.0.1:${env.resetPort}/v1/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"deploy.finished"}' }));
  add('node-undici', 'r8-fetch-post-reset', 'with-cause', withCause(e), 'transient', 'the connection was reset (the cause is given)', `undici ${UNDICI_VERSION} fetch() POST to a server that resets the socket: \`\${e.message}: \${e.cause.message}\``);
}

export async function xMailgunCloudfrontBodies(env) {
  const base = `http://127.0.0.1:${env.xMailgunCloudfrontPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `r9-http-${name}`, [
    ['x-429', 'transient', '429: too many requests'],
    ['varnish-503', 'transient', '503: the CDN could not reach its backend (connection timeout)'],
    ['mailgun-400', 'fixable', "the 400 names the parameter to and that it must be a valid address"],
    ['bitbucket-404', 'ambiguous', '404: the repository is not found; which one is meant is not said'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `r9-http-${name}`, [
    ['cloudfront-502', 'transient', '502: the CDN could not connect to the origin'],
    ['pagerduty-401', 'unrecoverable', '401: the API key is invalid or revoked'],
    ['datadog-403', 'unrecoverable', '403: forbidden'],
    ['algolia-400', 'fixable', 'the 400 names hitsPerPage and the range it must be in'],
  ]);
  const imported = await fetch(`${base}/api/bulk-import`);
  add('node-fetch', 'r9-ok-bulk-import', 'body', await imported.text(), 'none', 'the import completed with 0 failed rows; a warning names an error_code column', `fetch ${apiBodyHow('bulk-import')}: the response body`);
  // A tool that names the URL and the error's name around fetch's timeout.
  const url = `http://127.0.0.1:${env.silentPort}/v2/invoices?status=open`;
  const timeout = await thrown(() => fetch(url, { signal: AbortSignal.timeout(250) }));
  add('node-fetch', 'r9-get-timeout-named', 'tool', `GET ${url} failed: ${timeout.name}: ${timeout.message}`, 'transient', 'the request timed out (a network timeout)', 'fetch with AbortSignal.timeout(250) to a silent server: `GET ${url} failed: ${e.name}: ${e.message}`');
  // node:http request(), a POST to a server that resets the connection.
  const reset = await thrown(() => new Promise((resolve, reject) => {
    const req = httpRequest(`http://127.0.0.1:${env.resetPort}/v1/uploads`, { method: 'POST', headers: { 'content-type': 'application/json' } }, resolve);
    req.on('error', reject);
    req.end('{"name":"report.pdf"}');
  }));
  add('node-http', 'r9-post-reset', 'named-code', `${reset.name} [${reset.code}]: ${reset.message}`, 'transient', 'the connection was reset', 'node:http request() POST to a server that resets the socket: `${e.name} [${e.code}]: ${e.message}`');
  add('node-http', 'r9-post-reset', 'string', String(reset), 'transient', 'the connection was reset', 'node:http request() POST to a server that resets the socket: String(err)');
}

export async function everydayGithubOpenaiBodies(env) {
  const base = `http://127.0.0.1:${env.everydayGithubOpenaiPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `r10-http-${name}`, [
    ['github-404-repo', 'ambiguous', '404: the repository is not found; which one is meant is not said'],
    ['openai-429', 'transient', '429: the requests-per-minute rate limit; try again shortly'],
    ['fastapi-422', 'fixable', 'the FastAPI 422 names the query parameter page and that it must be an integer'],
    ['nginx-503', 'transient', '503: service temporarily unavailable (an nginx page)'],
    ['express-500', 'transient', '500: internal server error'],
    ['google-401', 'unrecoverable', '401: invalid authentication credentials'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `r10-http-${name}`, [
    ['stripe-401', 'unrecoverable', '401: the API key is invalid'],
    ['apigw-504', 'transient', '504: the endpoint request timed out at the gateway'],
    ['express-404', 'ambiguous', '404: no such route; which one is meant is not said'],
  ]);
  // A Slack-style tool: a 200 whose body says ok: false; the tool throws `Slack API error: ${data.error}`.
  const slack = await (await fetch(`${base}/api/slack-post`, { method: 'POST', body: '{"channel":"#deploys","text":"web v2.14.0 is live"}' })).json();
  add('node-fetch', 'r10-slack-channel-not-found', 'thrown', String(new Error(`Slack API error: ${slack.error}`)), 'ambiguous', 'the channel is not found; the valid ones are not listed', `fetch ${apiBodyHow('slack-post')}: String(new Error(\`Slack API error: \${data.error}\`))`);
  const runs = await fetch(`${base}/api/github-runs`);
  add('node-fetch', 'r10-ok-workflow-runs', 'body', await runs.text(), 'none', 'the workflow runs were listed; one run failed and the titles name errors', `fetch ${apiBodyHow('github-runs')}: the response body`);
  // fetch to a local dev server that is not running: the cause a tool names, and `${e.name}: ${e.message} (${code})`.
  const refused = await thrown(() => fetch(`http://127.0.0.1:${env.refusedPort}/api/users?page=1`));
  add('node-fetch', 'r10-dev-server-refused', 'with-cause', withCause(refused), 'transient', 'connection refused (the cause is given)', 'fetch to a closed port: `${e.message}: ${e.cause.message}`');
  add('node-fetch', 'r10-dev-server-refused', 'named-code', `${refused.name}: ${refused.message} (${refused.cause.code})`, 'transient', 'connection refused (the code is given)', 'fetch to a closed port: `${e.name}: ${e.message} (${e.cause.code})`');
  // A POST that times out: String(err), and a tool's `POST ${url} failed: ${String(err)}`.
  const url = `http://127.0.0.1:${env.silentPort}/v1/payment_intents`;
  const timeout = await thrown(() => fetch(url, { method: 'POST', body: 'amount=2000&currency=usd', signal: AbortSignal.timeout(300) }));
  add('node-fetch', 'r10-post-timeout', 'string', String(timeout), 'transient', 'the request timed out (a network timeout)', 'fetch POST with AbortSignal.timeout(300) to a silent server: String(err)');
  add('node-fetch', 'r10-post-timeout', 'tool', `POST ${url} failed: ${String(timeout)}`, 'transient', 'the request timed out (a network timeout)', 'fetch POST with AbortSignal.timeout(300) to a silent server: `POST ${url} failed: ${String(e)}`');
}

export async function everydayStripeDjangoBodies(env) {
  const base = `http://127.0.0.1:${env.everydayStripeDjangoPort}`;
  // fetch with the `HTTP ${status} ${statusText}: ${body}` wrapper, and String of the Error a tool throws with it.
  await addStatusBodies(base, (name) => `r11-http-${name}`, [
    ['github-401', 'unrecoverable', '401: the call needs authentication'],
    ['stripe-404-customer', 'ambiguous', '404: no such customer; which one is meant is not said'],
    ['openai-500', 'transient', '500: a server error; the body says to retry'],
    ['openai-400-context', 'fixable', 'names messages and the maximum context length it must fit in'],
    ['drf-403', 'unrecoverable', '403: no permission to perform the action'],
    ['nginx-502', 'transient', '502: bad gateway (an nginx page)'],
    ['github-422-missing', 'fixable', 'the 422 names the missing field title'],
  ]);
  // undici request() with the `Request failed with status ${statusCode}: ${body}` wrapper.
  await addUndiciStatusBodies(base, (name) => `r11-http-${name}`, [
    ['apigw-503', 'transient', '503: service unavailable'],
    ['nginx-504', 'transient', '504: gateway time-out (an nginx page)'],
  ]);
  // A Slack-style tool: a 200 whose body says ok: false; the tool throws `Slack API error: ${error} (needed: ${needed})`.
  const slack = await (await fetch(`${base}/api/slack-missing-scope`, { method: 'POST', body: '{"channel":"C05R11DEV","text":"Release 3.2.0 is out"}' })).json();
  add('node-fetch', 'r11-slack-missing-scope', 'thrown', String(new Error(`Slack API error: ${slack.error} (needed: ${slack.needed})`)), 'unrecoverable', 'the token lacks the chat:write scope: a credential the call cannot change', `fetch ${apiBodyHow('slack-missing-scope')}: String(new Error(\`Slack API error: \${data.error} (needed: \${data.needed})\`))`);
  const charges = await fetch(`${base}/api/stripe-charges`);
  add('node-fetch', 'r11-ok-stripe-charges', 'body', await charges.text(), 'none', 'the charges were listed; one failed charge and null failure fields name errors', `fetch ${apiBodyHow('stripe-charges')}: the response body`);
  // The team's dev server on localhost is not running: fetch's error and its cause, as tools name them.
  const refused = await thrown(() => fetch(`http://127.0.0.1:${env.refusedPort}/api/projects?owner=me`));
  add('node-fetch', 'r11-dev-server-refused', 'with-cause', withCause(refused), 'transient', 'connection refused (the cause is given)', 'fetch to a closed port: `${e.message}: ${e.cause.message}`');
  add('node-fetch', 'r11-dev-server-refused', 'tool', `GET /api/projects?owner=me failed: ${refused.cause.message}`, 'transient', 'connection refused (the tool names the cause)', 'fetch to a closed port: `GET ${path} failed: ${e.cause.message}`');
  // A GET that times out: `${e.name}: ${e.message}` of AbortSignal.timeout.
  const timeout = await thrown(() => fetch(`http://127.0.0.1:${env.silentPort}/v1/models`, { signal: AbortSignal.timeout(250) }));
  add('node-fetch', 'r11-get-timeout', 'named', named(timeout), 'transient', 'the request timed out (a network timeout)', 'fetch with AbortSignal.timeout(250) to a silent server: `${e.name}: ${e.message}`');
}
