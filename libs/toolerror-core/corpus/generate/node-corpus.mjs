// Tool results produced by Node: fetch (undici inside Node), the undici package, fs and child_process, and the
// MCP TypeScript SDK (a real Client and McpServer over the SDK's in-memory transport). Prints one JSON record
// per line, like py/python_corpus.py; the truth of each case is stated with it (../LABELLING.md).
// `--only GROUP[,GROUP]` runs some groups.
import { exec, execFile, execSync, spawn } from 'node:child_process';
import { accessSync, constants, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Agent, request as undiciRequest, interceptors } from 'undici';
import { z } from 'zod';

const SCRATCH = '/tmp/rb-corpus/node';
const PRODUCER = 'corpus/generate/node-corpus.mjs';
const UNDICI_VERSION = JSON.parse(readFileSync(new URL(import.meta.resolve('undici/package.json')), 'utf8')).version;
const MCP_VERSION = JSON.parse(readFileSync(new URL('../../../../node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8')).version;

const records = [];
const ports = new Map();

function add(source, kase, form, text, truth, reason, how, isError = false) {
  const message = { role: 'tool', content: text };
  if (isError) message.is_error = true;
  records.push({ id: `${source}/${kase}#${form}`, source, producer: `${PRODUCER} (${how}; node ${process.version})`, message, truth, reason });
}

async function thrown(action) {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('the call was expected to fail and did not');
}

const named = (e) => `${e.name}: ${e.message}`;
const withCause = (e) => (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message);

/** The forms a Node tool returns an error in: `err.message`, `String(err)` and, where there is one, the cause. */
function addError(source, kase, e, truth, reason, how) {
  add(source, kase, 'message', e.message, truth, reason, how);
  add(source, kase, 'string', String(e), truth, reason, how);
  if (e.cause instanceof Error) add(source, kase, 'with-cause', withCause(e), truth, reason, how);
}

async function listen(server, canonical) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ports.set(String(server.address().port), String(canonical));
  return server.address().port;
}

async function closedPort(canonical) {
  const probe = createNetServer();
  const port = await listen(probe, canonical);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const STATUS_TRUTH = {
  400: ['ambiguous', 'a bare 400 names no field'], 401: ['unrecoverable', '401: credentials refused'], 403: ['unrecoverable', '403: forbidden'],
  404: ['ambiguous', '404: missing resource'], 408: ['transient', '408: request timed out'], 409: ['ambiguous', '409: state conflict'],
  422: ['ambiguous', 'a bare 422 names no field'], 429: ['transient', '429: rate limited'], 500: ['transient', '500: server error'],
  502: ['transient', '502: bad gateway'], 503: ['transient', '503: service unavailable'], 504: ['transient', '504: gateway timeout'],
};

// ---------------------------------------------------------------------------------------------------------------
async function networking(env) {
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

async function files() {
  const source = 'node-fs';
  mkdirSync(`${SCRATCH}/dir/sub`, { recursive: true });
  writeFileSync(`${SCRATCH}/dir/notes.txt`, 'hello\n');
  writeFileSync(`${SCRATCH}/tool.sh`, 'echo hi\n', { mode: 0o644 });
  const cases = [
    ['enoent', () => readFileSync(`${SCRATCH}/missing.txt`), 'ambiguous', 'missing file', 'readFileSync of a missing file'],
    ['eisdir', () => readFileSync(`${SCRATCH}/dir`), 'ambiguous', 'the path is a directory', 'readFileSync of a directory'],
    ['enotdir', () => readdirSync(`${SCRATCH}/dir/notes.txt`), 'ambiguous', 'the path is not a directory', 'readdirSync of a file'],
    ['eexist', () => mkdirSync(`${SCRATCH}/dir`), 'ambiguous', 'the target exists', 'mkdirSync of an existing directory'],
    ['enotempty', () => rmdirSync(`${SCRATCH}/dir`), 'ambiguous', 'the directory is not empty', 'rmdirSync of a non-empty directory'],
    ['eacces-exec', () => accessSync(`${SCRATCH}/tool.sh`, constants.X_OK), 'unrecoverable', 'permission denied', 'accessSync X_OK on a 0644 file'],
    ['eperm-link', () => linkSync(`${SCRATCH}/dir`, `${SCRATCH}/dir-link`), 'unrecoverable', 'operation not permitted', 'linkSync of a directory'],
    ['invalid-arg', () => readFileSync(42.5), 'fixable', 'names the path argument and the types it accepts', 'readFileSync(42.5)'],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'string', String(e), truth, reason, how);
  }
  for (const [kase, code, reason] of [
    ['eacces-read', "require('fs').readFileSync('/etc/shadow')", 'permission denied reading a protected file'],
    ['eacces-write', "require('fs').writeFileSync('/root/report.txt', 'x')", 'permission denied writing a protected directory'],
  ]) {
    const out = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `try { ${code} } catch (e) { console.log(JSON.stringify({ message: e.message, string: String(e) })) }`]);
    const texts = JSON.parse(out.stdout);
    add(source, kase, 'message', texts.message, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    add(source, kase, 'string', texts.string, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    const uncaught = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', code]);
    add(source, kase, 'uncaught', uncaught.stderr, 'unrecoverable', reason, `node -e "${code}" as user nobody, uncaught, stderr, exit ${uncaught.code}`);
  }
  const listing = readdirSync(`${SCRATCH}/dir`).join('\n');
  add(source, 'listing', 'text', listing, 'none', 'a directory listing', 'readdirSync of a directory');
}

function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8', ...options }, (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? error.code : 0, error }));
  });
}

async function processes(env) {
  const source = 'node-child-process';
  const cases = [
    ['exec-exit-2', () => execSync(`ls ${SCRATCH}/nowhere`, { stdio: 'pipe' }), 'ambiguous', 'a non-zero exit of a command', 'execSync of ls on a missing path'],
    ['exec-false', () => execSync('false', { stdio: 'pipe' }), 'ambiguous', 'a bare non-zero exit', "execSync('false')"],
    ['spawnsync-timeout', () => execSync('sleep 5', { timeout: 300, stdio: 'pipe' }), 'ambiguous', "the command's own timeout", "execSync('sleep 5', {timeout: 300})"],
    ['spawn-enoent', () => new Promise((resolve, reject) => spawn('rb-no-such-program').on('error', reject).on('exit', resolve)), 'ambiguous', 'the program does not exist', 'spawn of a missing program'],
    ['spawn-eacces', () => new Promise((resolve, reject) => spawn(`${SCRATCH}/tool.sh`).on('error', reject).on('exit', resolve)), 'unrecoverable', 'permission denied', 'spawn of a file without an execute bit'],
    ['exec-timeout', () => new Promise((resolve, reject) => exec('sleep 5', { timeout: 300 }, (e) => (e ? reject(e) : resolve()))), 'ambiguous', "the command's own timeout (killed)", "exec('sleep 5', {timeout: 300})"],
    ['max-buffer', () => execSync('head -c 4096 /dev/zero', { maxBuffer: 100, stdio: 'pipe' }), 'ambiguous', 'the output was larger than the buffer', 'execSync with maxBuffer 100'],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'string', String(e), truth, reason, how);
  }
  const node = (code) => run(process.execPath, ['-e', code]);
  const refused = await node(`fetch('http://127.0.0.1:${env.refusedPort}/v1/items').then((r) => r.text())`);
  add(source, 'node-uncaught-fetch-refused', 'stderr', refused.stderr, 'transient', 'the program failed on a refused connection', `node -e fetch to a closed port, uncaught, stderr, exit ${refused.code}`);
  const typeError = await node('const cfg = undefined; console.log(cfg.port)');
  add(source, 'node-uncaught-type-error', 'stderr', typeError.stderr, 'ambiguous', 'a programming error in the script the command ran', `node -e reading a property of undefined, stderr, exit ${typeError.code}`);
  const passing = await node("console.log('ok 1 - retries after ECONNRESET'); console.log('ok 2 - maps 403 to Forbidden'); console.log('# pass 2'); console.log('# fail 0')");
  add(source, 'tap-output', 'stdout', passing.stdout, 'none', 'passing test output naming error words', 'node -e printing TAP lines');
}

async function mcp(env) {
  const source = 'mcp-sdk';
  const server = new McpServer({ name: 'corpus', version: '1.0.0' });
  server.registerTool('read_config', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('fetch_page', { inputSchema: { url: z.string() } }, async ({ url }) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    return { content: [{ type: 'text', text: await res.text() }] };
  });
  server.registerTool('run_script', { inputSchema: { path: z.string() } }, async ({ path }) => {
    accessSync(path, constants.X_OK);
    return { content: [{ type: 'text', text: 'started' }] };
  });
  server.registerTool('create_event', { inputSchema: { title: z.string().min(1), start: z.iso.datetime(), attendees: z.array(z.email()).max(5) } }, async ({ title }) => ({ content: [{ type: 'text', text: `created ${title}` }] }));
  server.registerTool('set_level', { inputSchema: { level: z.enum(['debug', 'info', 'warn']) } }, async ({ level }) => ({ content: [{ type: 'text', text: `level=${level}` }] }));
  server.registerTool('quota', {}, async () => ({ content: [{ type: 'text', text: 'Daily quota exhausted for this API key; it resets at 00:00 UTC.' }], isError: true }));
  server.registerTool('search', { inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: 'text', text: `3 results for "${q}": "Fixing Error: ECONNRESET in Node", "Why 403 Forbidden?", "Timeouts explained"` }] }));
  server.registerTool('slow', {}, async (extra) => {
    await new Promise((resolve) => {
      extra.signal.addEventListener('abort', resolve);
      setTimeout(resolve, 2_000).unref();
    });
    return { content: [{ type: 'text', text: 'late' }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'corpus', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const call = (name, args) => client.callTool({ name, arguments: args });
  const how = `@modelcontextprotocol/sdk ${MCP_VERSION} McpServer and Client over InMemoryTransport`;
  const cases = [
    ['enoent', call('read_config', { path: `${SCRATCH}/missing.json` }), 'ambiguous', 'missing file'],
    ['fetch-refused', call('fetch_page', { url: `http://127.0.0.1:${env.refusedPort}/` }), 'transient', 'connection refused'],
    ['http-429', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/429` }), 'transient', 'rate limited'],
    ['http-503', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/503` }), 'transient', 'service unavailable'],
    ['http-401', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/401` }), 'unrecoverable', 'credentials refused'],
    ['http-403', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/403` }), 'unrecoverable', 'forbidden'],
    ['http-404', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/404` }), 'ambiguous', 'missing resource'],
    ['http-500', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/500` }), 'transient', 'server error'],
    ['eacces', call('run_script', { path: `${SCRATCH}/tool.sh` }), 'unrecoverable', 'permission denied'],
    ['unknown-tool', call('no_such_tool', {}), 'fixable', 'the tool name is the value to change'],
    ['invalid-enum', call('set_level', { level: 'verbose' }), 'fixable', 'names level and its allowed values'],
    ['invalid-fields', call('create_event', { title: '', start: 'tomorrow', attendees: ['bob'] }), 'fixable', 'names the fields and what each must be'],
    ['missing-field', call('create_event', { title: 'Standup' }), 'fixable', 'names the missing fields'],
    ['quota', call('quota', {}), 'unrecoverable', 'a daily quota exhausted until tomorrow: no call succeeds now'],
    ['ok-mentions-errors', call('search', { q: 'node errors' }), 'none', 'search results naming error words'],
    ['ok', call('set_level', { level: 'info' }), 'none', 'a successful result'],
  ];
  for (const [kase, promise, truth, reason] of cases) {
    const result = await promise;
    const text = result.content[0].text;
    const isError = result.isError === true;
    if ((truth === 'none') === isError) throw new Error(`mcp ${kase}: isError is ${isError}`);
    add(source, kase, 'call-tool-result', JSON.stringify(result), truth, reason, `${how}: JSON.stringify(callTool result)`);
    add(source, kase, 'text', text, truth, reason, `${how}: the result's text`);
    if (isError) add(source, kase, 'text-is-error', text, truth, reason, `${how}: the result's text, flagged is_error by the client`, true);
  }
  const methodNotFound = await thrown(() => client.listPrompts());
  add(source, 'method-not-found', 'string', String(methodNotFound), 'fixable', 'the method name is the value to change', `${how}: listPrompts on a server without prompts`);
  const timeout = await thrown(() => client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 50 }));
  add(source, 'request-timeout', 'string', String(timeout), 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  add(source, 'request-timeout', 'message', timeout.message, 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  await Promise.all([client.close(), server.close()]);
}

// ---------------------------------------------------------------------------------------------------------------
const GROUPS = { networking, files, processes, mcp };

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string', default: Object.keys(GROUPS).join(',') } } });
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(`${SCRATCH}/tool.sh`, 'echo hi\n', { mode: 0o644 });
  const sockets = new Set();
  const track = (server) => server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  const servers = [
    createServer((req, res) => {
      const status = Number(/^\/status\/(\d{3})$/.exec(req.url ?? '')?.[1] ?? 200);
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"status":"ok","items":[1,2,3]}' : '{}');
    }),
    createNetServer(() => {}),
    createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy())),
    createNetServer((socket) => socket.once('data', () => socket.destroy())),
  ];
  servers.forEach(track);
  const env = {
    statusPort: await listen(servers[0], 8100),
    silentPort: await listen(servers[1], 8102),
    resetPort: await listen(servers[2], 8103),
    closePort: await listen(servers[3], 8104),
    refusedPort: await closedPort(8101),
  };
  for (const name of values.only.split(',')) await GROUPS[name](env);
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(SCRATCH, { recursive: true, force: true });
  // util.inspect of a connect error also prints `port: N`.
  const pattern = /(127\.0\.0\.1:|port: )(\d+)/g;
  for (const record of records) {
    record.message.content = record.message.content.replace(pattern, (m, host, port) => host + (ports.get(port) ?? port));
    process.stdout.write(`${JSON.stringify(record)}\n`);
  }
}

await main();
