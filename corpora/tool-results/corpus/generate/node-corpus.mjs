// Tool results produced by Node: fetch (undici inside Node), the undici package, fs and child_process, and the
// MCP TypeScript SDK (a real Client and McpServer over the SDK's in-memory transport). Prints one JSON record
// per line, like py/python_corpus.py; the truth of each case is stated with it (../LABELLING.md).
// `--only GROUP[,GROUP]` runs some groups.
import { exec, execFile, execFileSync, execSync, spawn } from 'node:child_process';
import { accessSync, chownSync, constants, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createSocket } from 'node:dgram';
import { Resolver as DnsResolver } from 'node:dns/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { createServer, get as httpGetRaw, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createConnection, createServer as createNetServer } from 'node:net';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Agent, fetch as undiciFetch, request as undiciRequest, interceptors } from 'undici';
import { execa } from 'execa';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

const SCRATCH = '/tmp/rb-corpus/node';
const PRODUCER = 'corpus/generate/node-corpus.mjs';
const UNDICI_VERSION = JSON.parse(readFileSync(new URL(import.meta.resolve('undici/package.json')), 'utf8')).version;
const MCP_VERSION = JSON.parse(readFileSync(new URL('../../../../node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8')).version;

const versionOf = (name) => JSON.parse(readFileSync(new URL(`../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
const EXECA_VERSION = versionOf('execa');
const YAML_VERSION = versionOf('yaml');
const ZOD_VERSION = versionOf('zod');

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

/** Cases `[kase, action, truth, reason, how]` whose action throws: each error's `message` and `String(err)`. */
async function addThrown(source, cases) {
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'string', String(e), truth, reason, how);
  }
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
  await addThrown(source, cases);
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

const MCP_HOW = `@modelcontextprotocol/sdk ${MCP_VERSION} McpServer and Client over InMemoryTransport`;

/** A Client connected to `server` over the SDK's in-memory transport, and `call(name, args)` of a tool. */
async function connectClient(server, name) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name, version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, serverSide, call: (tool, args) => client.callTool({ name: tool, arguments: args }) };
}

/** MCP cases `[kase, call, truth, reason]`, `call` the pending callTool or a function that makes it: the result
 * as JSON, its text and, where the result is an error, that text flagged is_error. */
async function addToolResults(source, cases) {
  const how = MCP_HOW;
  for (const [kase, call, truth, reason] of cases) {
    const result = await (typeof call === 'function' ? call() : call);
    const text = result.content[0].text;
    const isError = result.isError === true;
    if ((truth === 'none') === isError) throw new Error(`mcp ${kase}: isError is ${isError}`);
    add(source, kase, 'call-tool-result', JSON.stringify(result), truth, reason, `${how}: JSON.stringify(callTool result)`);
    add(source, kase, 'text', text, truth, reason, `${how}: the result's text`);
    if (isError) add(source, kase, 'text-is-error', text, truth, reason, `${how}: the result's text, flagged is_error by the client`, true);
  }
}

/** MCP client calls `[kase, action, truth, reason, what]` that throw: the error's `String(err)` and `message`. */
async function addMcpThrown(source, cases) {
  const how = MCP_HOW;
  for (const [kase, action, truth, reason, what] of cases) {
    const e = await thrown(action);
    add(source, kase, 'string', String(e), truth, reason, `${how}: ${what}`);
    add(source, kase, 'message', e.message, truth, reason, `${how}: ${what}`);
  }
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
  await addThrown(source, cases);
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
  const { client, call } = await connectClient(server, 'corpus');
  const how = MCP_HOW;
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
  await addToolResults(source, cases);
  const methodNotFound = await thrown(() => client.listPrompts());
  add(source, 'method-not-found', 'string', String(methodNotFound), 'fixable', 'the method name is the value to change', `${how}: listPrompts on a server without prompts`);
  const timeout = await thrown(() => client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 50 }));
  add(source, 'request-timeout', 'string', String(timeout), 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  add(source, 'request-timeout', 'message', timeout.message, 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  await Promise.all([client.close(), server.close()]);
}

// ---------------------------------------------------------------------------------------------------------------
// Round 2. The bodies of the API server (`apiServer` below) are written here in the style of public APIs; the
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

/** The round-2 API server: JSON bodies per status, an HTML page, a redirect loop, a stalled and a cut body. */
function apiServer() {
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

const apiBodyHow = (name) => `of a local API server's /api/${name} (body written in the style of public APIs)`;

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

async function apis(env) {
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

async function undiciMore(env) {
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

/** Runs `code` in a node child as user nobody and returns the caught error's `message` and `String(e)`. */
async function asNobody(code) {
  const out = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `try { ${code}; console.log('{}') } catch (e) { console.log(JSON.stringify({ message: e.message, string: String(e) })) }`]);
  const texts = JSON.parse(out.stdout);
  if (texts.message === undefined) throw new Error(`${code} did not fail as user nobody`);
  return texts;
}

/** Cases `[kase, code, reason]` whose `code` is refused to user nobody: the error's `message` and `String(err)`. */
async function addAsNobody(source, cases) {
  for (const [kase, code, reason] of cases) {
    const texts = await asNobody(code);
    add(source, kase, 'message', texts.message, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    add(source, kase, 'string', texts.string, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
  }
}

async function filesMore() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs2`;
  mkdirSync(`${dir}/locked`, { recursive: true });
  mkdirSync(`${dir}/cache/entries`, { recursive: true });
  writeFileSync(`${dir}/locked/data.db`, 'x');
  writeFileSync(`${dir}/cache/entries/a.json`, '{}');
  writeFileSync(`${dir}/owned.txt`, 'x');
  chownSync(`${dir}/owned.txt`, 65534, 65534);
  writeFileSync(`${dir}/config.json`, '{\n  "port": 8080,\n  "host": "localhost",\n}\n');
  writeFileSync(`${dir}/app.log`, '2026-03-02T10:00:01Z INFO  server started on :8080\n2026-03-02T10:00:07Z ERROR db: connect ECONNREFUSED 10.0.0.5:5432 (attempt 1/5)\n2026-03-02T10:00:09Z WARN  db: retrying in 2s\n2026-03-02T10:00:11Z INFO  db: connected\n2026-03-02T10:02:40Z ERROR GET /api/orders/77 -> 404 Not Found\n');
  for (const name of ['errors.log', 'failed-uploads.csv', 'timeout-report.txt', 'README.md']) writeFileSync(`${dir}/${name}`, '');
  symlinkSync(`${dir}/loop-b`, `${dir}/loop-a`);
  symlinkSync(`${dir}/loop-a`, `${dir}/loop-b`);
  await addAsNobody(source, [
    ['eacces-scandir', "require('fs').readdirSync('/root')", 'permission denied listing a protected directory'],
    ['eacces-unlink', `require('fs').unlinkSync('${dir}/locked/data.db')`, 'permission denied deleting a file in a directory of another user'],
    ['eperm-chown', `require('fs').chownSync('${dir}/owned.txt', 0, 0)`, 'operation not permitted: only root may give a file away'],
    ['eacces-mkdir', "require('fs').mkdirSync('/usr/local/share/rb-cache/v1', { recursive: true })", 'permission denied creating a directory under /usr/local'],
  ]);
  const cases = [
    ['eloop', () => readFileSync(`${dir}/loop-a`), 'ambiguous', 'a symbolic link loop; which path is meant is not said', 'readFileSync of a symlink loop'],
    ['enametoolong', () => writeFileSync(`${dir}/${'summary-of-the-quarterly-report-'.repeat(9)}.md`, 'x'), 'fixable', 'quotes the file name and says it is too long: a shorter name is the fix', 'writeFileSync of a 288-character file name'],
    ['eexist-wx', () => writeFileSync(`${dir}/app.log`, 'x', { flag: 'wx' }), 'ambiguous', 'the file exists; overwrite or pick another name is not said', "writeFileSync with flag 'wx' of an existing file"],
    ['eisdir-rm', () => rmSync(`${dir}/cache`), 'ambiguous', 'the path is a directory', 'rmSync of a directory without recursive'],
    ['json-parse-config', () => JSON.parse(readFileSync(`${dir}/config.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the data the tool read', 'JSON.parse(readFileSync) of a config with a trailing comma'],
  ];
  await addThrown(source, cases);
  add(source, 'ok-log-errors', 'text', readFileSync(`${dir}/app.log`, 'utf8'), 'none', 'the log file was read; its lines name errors', 'readFileSync of a log file');
  add(source, 'ok-listing-error-names', 'text', readdirSync(dir).filter((n) => /\./.test(n) && !n.startsWith('config')).join('\n'), 'none', 'a directory listing whose file names are error words', 'readdirSync of a directory');
}

async function processesMore(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/proc2`;
  mkdirSync(`${dir}/app`, { recursive: true });
  mkdirSync(`${dir}/broken`, { recursive: true });
  writeFileSync(`${dir}/app/package.json`, '{"name":"app","version":"1.0.0","scripts":{"test":"node --test","lint":"eslint ."}}\n');
  writeFileSync(`${dir}/broken/package.json`, '{"name":"app",\n');
  writeFileSync(`${dir}/app.log`, '10:00:01 INFO  started\n10:00:07 ERROR db: connect ECONNREFUSED (attempt 1/5)\n10:00:11 INFO  db: connected\n10:02:40 ERROR GET /api/orders/77 -> 404\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false' };
  const cases = [
    ['killed-sigkill', () => execFileSync(process.execPath, ['-e', "process.kill(process.pid, 'SIGKILL')"], { stdio: 'pipe' }), 'ambiguous', 'a bare failure of the command: the text names neither a signal nor a cause', 'execFileSync of a node program killed by SIGKILL'],
    ['exec-permission-denied', () => execSync('cat /etc/shadow', { uid: 65534, gid: 65534, stdio: 'pipe' }), 'unrecoverable', 'the command printed Permission denied', "execSync('cat /etc/shadow') as user nobody"],
    ['npm-missing-script', () => execSync('npm run build', { cwd: `${dir}/app`, env: npmEnv, stdio: 'pipe' }), 'ambiguous', 'names the missing script but not the ones the package has (only how to list them)', "execSync('npm run build') in a package without a build script (npm_config_logs_max=0)"],
    ['npm-ejsonparse', () => execSync('npm run test', { cwd: `${dir}/broken`, env: npmEnv, stdio: 'pipe' }), 'ambiguous', 'the project file the command read is not valid JSON', "execSync('npm run test') with a truncated package.json (npm_config_logs_max=0)"],
  ];
  await addThrown(source, cases);
  const refused = await run(process.execPath, ['-e', `require('http').get('http://127.0.0.1:${env.refusedPort}/health', (res) => res.resume())`]);
  add(source, 'script-http-refused', 'stderr', refused.stderr, 'transient', 'the program failed on a refused connection', `node -e http.get to a closed port, uncaught error event, stderr, exit ${refused.code}`);
  add(source, 'grep-log-errors', 'stdout', execSync('grep -n ERROR app.log', { cwd: dir, encoding: 'utf8' }), 'none', 'grep found the lines it was asked for', "execSync('grep -n ERROR app.log')");
}

async function runtime() {
  const cases = [
    ['node-zlib', 'incorrect-header-check', () => gunzipSync(Buffer.from('<html><body>moved</body></html>')), 'ambiguous', 'the data the tool read is not gzip', 'zlib.gunzipSync of an HTML body'],
    ['node-url', 'invalid-url', () => new URL('/v1/items'), 'ambiguous', 'says a URL is invalid but neither quotes it nor names the argument', "new URL('/v1/items')"],
    ['node-buffer', 'alloc-out-of-range', () => Buffer.alloc(-1), 'fixable', 'names size and the range it must be in', 'Buffer.alloc(-1)'],
    ['node-buffer', 'unknown-encoding', () => readFileSync('/etc/hostname', 'utf-9'), 'fixable', 'names the encoding argument and the value it received', "readFileSync('/etc/hostname', 'utf-9')"],
  ];
  for (const [source, ...kase] of cases) await addThrown(source, [kase]);
}

async function mcpMore(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.apiPort}`;
  const server = new McpServer({ name: 'corpus-2', version: '1.0.0' });
  server.registerTool('list_issues', { inputSchema: { repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), limit: z.number().int().min(1).max(100), filter: z.object({ state: z.enum(['open', 'closed']), since: z.iso.date() }).optional() } }, async ({ repo }) => ({ content: [{ type: 'text', text: repo }] }));
  server.registerTool('fetch_url', { inputSchema: { url: z.url() } }, async ({ url }) => ({ content: [{ type: 'text', text: url }] }));
  server.registerTool('search_orders', { inputSchema: { query: z.string(), limit: z.number() } }, async ({ limit }) => {
    // The tool's own check, thrown as the SDK's McpError.
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new McpError(ErrorCode.InvalidParams, `limit must be an integer between 1 and 100, got ${limit}`);
    return { content: [{ type: 'text', text: '[]' }] };
  });
  server.registerTool('order_stats', {}, async () => {
    await new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', (e) => reject(new McpError(ErrorCode.InternalError, `Database unavailable: ${e.message}`))));
    return { content: [{ type: 'text', text: '{}' }] };
  });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_secret', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const out = await run('cat', [path], { uid: 65534, gid: 65534 });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: out.stderr.trim() }], isError: true };
  });
  server.registerTool('tail_log', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: readFileSync(path, 'utf8') }] }));
  let serverTransport;
  server.registerTool('restart_worker', {}, async () => {
    await serverTransport.close();
    return { content: [{ type: 'text', text: 'restarted' }] };
  });
  server.registerResource('report', new ResourceTemplate('reports://{id}', { list: undefined }), {}, async (uri) => {
    throw new McpError(-32002, 'Resource not found', { uri: uri.href });
  });
  server.registerResource('config', 'file:///etc/app/config.json', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }));
  const logPath = `${SCRATCH}/mcp2/app.log`;
  mkdirSync(dirname(logPath), { recursive: true });
  writeFileSync(logPath, '10:00:07 ERROR worker: job 41 failed: TimeoutError after 30s (will retry)\n10:00:38 INFO  worker: job 41 succeeded on attempt 2\n');
  const { client, serverSide, call } = await connectClient(server, 'corpus-2');
  serverTransport = serverSide;
  const cases = [
    ['invalid-type', call('list_issues', { repo: 'acme/api', limit: '20' }), 'fixable', 'names limit and the type it must be'],
    ['invalid-nested', call('list_issues', { repo: 'acme/api', limit: 20, filter: { state: 'all', since: 'last week' } }), 'fixable', 'names filter.state with its options and filter.since as an ISO date'],
    ['invalid-pattern-range', call('list_issues', { repo: 'https://github.com/acme/api', limit: 500 }), 'fixable', 'names repo with its pattern and limit with its maximum'],
    ['invalid-url-field', call('fetch_url', { url: 'example.com/docs' }), 'fixable', 'names the url field as an invalid URL'],
    ['unknown-tool-typo', call('list_isues', { repo: 'acme/api' }), 'fixable', 'the tool name is the value to change'],
    ['tool-invalid-params', call('search_orders', { query: 'late', limit: 500 }), 'fixable', 'the tool names limit and its range'],
    ['tool-internal-refused', call('order_stats', {}), 'transient', 'the database connection was refused'],
    ['upstream-503', call('call_api', { path: '/api/503' }), 'transient', 'the upstream API is unavailable'],
    ['upstream-429', call('call_api', { path: '/api/429-retry-after' }), 'transient', 'rate limited, retry after 2 seconds'],
    ['upstream-quota', call('call_api', { path: '/api/429-daily-quota' }), 'unrecoverable', 'a daily quota exhausted until a reset hours away'],
    ['permission-denied', call('read_secret', { path: '/etc/shadow' }), 'unrecoverable', 'permission denied'],
    ['ok-log-errors', call('tail_log', { path: logPath }), 'none', 'the log was read; its lines name errors'],
  ];
  await addToolResults(source, cases);
  const thrownCases = [
    ['resource-not-found', () => client.readResource({ uri: 'file:///etc/app/missing.json' }), 'ambiguous', 'the resource is not found', 'readResource of an unknown URI'],
    ['resource-not-found-32002', () => client.readResource({ uri: 'reports://q3-2025' }), 'ambiguous', 'the resource is not found', 'readResource of a template whose callback throws McpError(-32002)'],
    ['connection-closed', () => call('restart_worker', {}), 'transient', 'the connection to the server closed during the call', 'callTool of a tool whose server closes its transport'],
  ];
  await addMcpThrown(source, thrownCases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 3. The bodies of the round-3 API server (`api3Server` below) are written here in the style of public APIs
// (Azure, Slack, AWS JSON and S3 XML, OpenAI, JSON:API, a git and an npm registry endpoint); the texts around them
// come from node:http, fetch, undici, git, npm and the tool wrappers named in each producer.
const API3_BODIES = {
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

/** The round-3 API server: the bodies above, a git smart-HTTP endpoint and an npm registry that answer 503. */
function api3Server() {
  return bodiesServer(API3_BODIES, (url, res) => {
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

/** http.get as a promise: resolves with the response and its body, rejects with the request's error. */
function httpGet(url, options = {}) {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsGet : httpGetRaw)(url, options, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function httpClient(env) {
  const source = 'node-http';
  const base = `http://127.0.0.1:${env.api3Port}`;
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

async function tls(env) {
  const source = 'node-tls';
  const how = 'node:https get()';
  addError(source, 'self-signed', await thrown(() => httpGet(`https://127.0.0.1:${env.tlsPort}/v1/items`)), 'ambiguous', 'a certificate error fits no row: trusting the certificate or another host is not said', `${how} of a local TLS server with a self-signed certificate (openssl req -x509)`);
  addError(source, 'altname-mismatch', await thrown(() => httpGet(`https://127.0.0.1:${env.tlsPort}/v1/items`, { ca: env.tlsCert })), 'ambiguous', 'the certificate is not valid for 127.0.0.1; which host name to use is not said', `${how} with the server's certificate (for api.rb-corpus.test) as ca, to 127.0.0.1`);
}

async function dnsNet(env) {
  const resolver = new DnsResolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${env.dnsPort}`]);
  const e = await thrown(() => resolver.resolve4('db.rb-corpus.internal'));
  add('node-dns', 'resolve-timeout', 'message', e.message, 'transient', 'the DNS query timed out', 'dns.promises.Resolver({timeout: 200, tries: 1}).resolve4 against a DNS server that does not answer (a silent local UDP socket)');
  add('node-dns', 'resolve-timeout', 'string', String(e), 'transient', 'the DNS query timed out', 'dns.promises.Resolver({timeout: 200, tries: 1}).resolve4 against a DNS server that does not answer (a silent local UDP socket)');
}

async function streams(env) {
  const source = 'node-stream';
  const dir = `${SCRATCH}/streams3`;
  mkdirSync(dir, { recursive: true });
  const download = (url, target) => new Promise((resolve, reject) => {
    httpGetRaw(url, (res) => pipeline(res, createWriteStream(target)).then(resolve, reject)).on('error', reject);
  });
  {
    const e = await thrown(() => download(`http://127.0.0.1:${env.api3Port}/cut-body`, `${dir}/export.bin`));
    const what = 'stream.promises.pipeline(http.get response, fs.createWriteStream) of a body the server cuts off';
    add(source, 'pipeline-download-aborted', 'message', e.message, 'ambiguous', 'the text says only aborted; that the server cut the transfer is not said', what);
    add(source, 'pipeline-download-aborted', 'string', String(e), 'ambiguous', 'the text says only aborted; that the server cut the transfer is not said', what);
    add(source, 'pipeline-download-aborted', 'code-message', `${e.code}: ${e.message}`, 'transient', 'ECONNRESET: the connection was reset during the download', `${what}: \`\${e.code}: \${e.message}\``);
  }
  addError(source, 'pipeline-enospc', await thrown(() => pipeline(Readable.from([Buffer.alloc(65536, 'x')]), createWriteStream('/dev/full'))), 'ambiguous', 'no space left on the device: fits no row; freeing space or writing elsewhere is not said', 'stream.promises.pipeline into fs.createWriteStream(/dev/full)');
}

async function filesThird() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs3`;
  mkdirSync(`${dir}/site/assets`, { recursive: true });
  writeFileSync(`${dir}/site/index.html`, '<h1>hi</h1>\n');
  writeFileSync(`${dir}/report.csv`, 'id,total\n1,20\n');
  writeFileSync(`${dir}/deploy.yaml`, 'service: api\nreplicas: 2\nenv:\n  - name: PORT\n    value: "8080"\n   - name: HOST\n    value: 0.0.0.0\n');
  const cases = [
    ['cp-dir-not-recursive', () => fsp.cp(`${dir}/site`, `${dir}/site-backup`), 'ambiguous', 'the path is a directory; the recursive option is not named', 'fs.promises.cp of a directory without recursive'],
    ['rename-missing-dir', () => fsp.rename(`${dir}/report.csv`, `${dir}/archive/2026/report.csv`), 'ambiguous', 'a path of the rename does not exist; which one is not said', 'fs.promises.rename into a directory that does not exist'],
  ];
  await addThrown(source, cases);
  await addAsNobody(source, [['eacces-copyfile', `require('fs').copyFileSync('/etc/shadow', '${dir}/shadow.bak')`, 'permission denied copying a protected file']]);
  const yamlError = await thrown(async () => parseYaml(await fsp.readFile(`${dir}/deploy.yaml`, 'utf8')));
  const yamlHow = `yaml ${YAML_VERSION} parse() of a file read with fs.promises.readFile, indentation broken`;
  add('node-yaml', 'parse-bad-indentation', 'message', yamlError.message, 'ambiguous', 'a YAML parse error of the data the tool read', yamlHow);
  add('node-yaml', 'parse-bad-indentation', 'string', String(yamlError), 'ambiguous', 'a YAML parse error of the data the tool read', yamlHow);
}

const execAsync = (cmd, options) => new Promise((resolve, reject) => exec(cmd, { encoding: 'utf8', timeout: 60_000, ...options }, (e, stdout, stderr) => (e ? reject(Object.assign(e, { stderr })) : resolve(stdout))));

async function cli(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli3`;
  mkdirSync(`${dir}/plain`, { recursive: true });
  mkdirSync(`${dir}/pkg`, { recursive: true });
  writeFileSync(`${dir}/backup.tar.gz`, 'id,total\n1,20\n');
  writeFileSync(`${dir}/pkg/package.json`, '{"name":"pkg","version":"1.0.0"}\n');
  const base = `http://127.0.0.1:${env.api3Port}`;
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_registry: `${base}/npm/`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cases = [
    ['git-not-a-repo', () => execAsync('git status --short', { cwd: `${dir}/plain`, env: gitEnv }), 'ambiguous', "git's own error: the directory is not a repository; which one is meant is not said", "child_process.exec('git status --short') outside a repository"],
    ['git-clone-503', () => execAsync(`git clone ${base}/git/acme/api.git`, { cwd: dir, env: gitEnv }), 'transient', 'the git server answered 503', "child_process.exec('git clone') of a smart-HTTP URL that answers 503"],
    ['tar-not-gzip', () => execAsync('tar -xzf backup.tar.gz', { cwd: dir, env: gitEnv }), 'ambiguous', 'the archive the command read is not gzip data (tar says the error is not recoverable, yet it is a data problem)', "child_process.exec('tar -xzf backup.tar.gz') of a CSV file"],
    ['npm-install-503', () => execAsync('npm install rb-left-pad', { cwd: `${dir}/pkg`, env: npmEnv }), 'transient', 'the registry answered 503', "child_process.exec('npm install') against a registry that answers 503 (npm_config_fetch_retries=0, logs_max=0)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'stderr', String(e.stderr), truth, reason, `${how}: the error's stderr`);
  }
  const spawnCwd = await thrown(() => new Promise((resolve, reject) => spawn('ls', ['-la'], { cwd: `${dir}/missing-workdir` }).on('error', reject).on('exit', resolve)));
  add(source, 'spawn-missing-cwd', 'message', spawnCwd.message, 'ambiguous', 'spawn reports ENOENT for ls though the working directory is what is missing; the fix is not said', 'spawn of ls with a cwd that does not exist');
  add(source, 'spawn-missing-cwd', 'string', String(spawnCwd), 'ambiguous', 'spawn reports ENOENT for ls though the working directory is what is missing; the fix is not said', 'spawn of ls with a cwd that does not exist');
  execSync('git init -q -b main repo && cd repo && git -c user.name=dev -c user.email=dev@example.com commit -q --allow-empty -m "fix: retry uploads after ECONNRESET" && git -c user.name=dev -c user.email=dev@example.com commit -q --allow-empty -m "map 403 Forbidden to PermissionError"', { cwd: dir, env: gitEnv, shell: '/bin/sh' });
  add(source, 'git-log-error-words', 'stdout', execSync('git log --format=%s', { cwd: `${dir}/repo`, env: gitEnv, encoding: 'utf8' }), 'none', 'git printed the log it was asked for; the commit subjects name errors', "execSync('git log --format=%s')");
  const execaHow = `execa ${EXECA_VERSION}`;
  const segv = await thrown(() => execa(process.execPath, ['-e', "process.kill(process.pid, 'SIGSEGV')"]));
  add('node-execa', 'killed-sigsegv', 'message', segv.message.replaceAll(process.execPath, 'node'), 'ambiguous', 'the program crashed with a signal; the cause is not said', `${execaHow} of a node program that kills itself with SIGSEGV (the node path shortened to node)`);
  const curl = await thrown(() => execa('curl', ['-sS', '--fail', `${base}/api/retry-503`]));
  add('node-execa', 'curl-503', 'message', curl.message, 'transient', 'curl printed that the server answered 503', `${execaHow} of curl -sS --fail of a 503 endpoint`);
}

async function aborts(env) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const e = await thrown(() => fetch(`http://127.0.0.1:${env.silentPort}/v1/export`, { signal: controller.signal }));
  add('node-fetch', 'aborted-by-tool', 'message', e.message, 'ambiguous', 'the request was aborted; why is not said', "fetch aborted by the tool's own AbortController.abort() after 100 ms");
  add('node-fetch', 'aborted-by-tool', 'string', String(e), 'ambiguous', 'the request was aborted; why is not said', "fetch aborted by the tool's own AbortController.abort() after 100 ms");
}

const REPORT_ARGS = z.object({ team: z.string().min(1), from: z.iso.date(), limit: z.number().int().max(100), format: z.enum(['csv', 'json']) }).strict();

async function zodArgs() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const typeError = await thrown(() => REPORT_ARGS.parse({ team: 'data', from: '2026-03-01', limit: '50', format: 'csv' }));
  add(source, 'wrong-type', 'message', typeError.message, 'fixable', 'names limit and the type it must be', `${how}: ZodError message`);
  add(source, 'wrong-type', 'pretty', z.prettifyError(typeError), 'fixable', 'names limit and the type it must be', `${how}: z.prettifyError`);
  add(source, 'wrong-type', 'invalid-arguments', String(new Error(`Invalid arguments for tool export_report: ${z.prettifyError(typeError)}`)), 'fixable', 'names limit and the type it must be', `${how}: String(new Error(\`Invalid arguments for tool export_report: \${z.prettifyError(e)}\`))`);
  const keyError = await thrown(() => REPORT_ARGS.parse({ team: 'data', from: 'March 1', limit: 50, format: 'xlsx', colour: 'blue' }));
  add(source, 'unrecognized-key-and-enum', 'message', keyError.message, 'fixable', 'names the unrecognized key colour, from as a date and format with its options', `${how}: ZodError message`);
  add(source, 'unrecognized-key-and-enum', 'pretty', z.prettifyError(keyError), 'fixable', 'names the unrecognized key colour, from as a date and format with its options', `${how}: z.prettifyError`);
}

async function apis3(env) {
  const base = `http://127.0.0.1:${env.api3Port}`;
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

async function mcpThird(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api3Port}`;
  const server = new McpServer({ name: 'corpus-3', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool('post_message', { inputSchema: { channel: z.string(), text: z.string() } }, async ({ channel }) => {
    const res = await fetch(`${base}/api/${channel}`);
    const data = await res.json();
    if (!data.ok) throw new Error(`Slack API error: ${data.error}`);
    return { content: [{ type: 'text', text: `posted ${data.ts}` }] };
  });
  server.registerTool('health', { inputSchema: { service: z.string() } }, async ({ service }) => {
    const { res } = await httpGet(`${base}/api/${service}`);
    if (res.statusCode !== 200) throw new Error(`Request Failed.\nStatus Code: ${res.statusCode}`);
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('export_report', { inputSchema: { args: z.record(z.string(), z.unknown()) } }, async ({ args }) => {
    const parsed = REPORT_ARGS.safeParse(args);
    if (!parsed.success) throw new Error(`Invalid report arguments:\n${z.prettifyError(parsed.error)}`);
    return { content: [{ type: 'text', text: 'queued' }] };
  });
  const jobOutput = { jobId: z.string(), failed: z.number().int(), errors: z.array(z.string()), lastError: z.string().nullable() };
  server.registerTool('schedule_job', { inputSchema: { name: z.string(), run_at: z.string() } }, async ({ name, run_at: runAt }) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(runAt)) {
      return { content: [{ type: 'text', text: `run_at must be an ISO 8601 UTC timestamp like 2026-04-01T02:00:00Z, got "${runAt}"` }], structuredContent: { error: { code: 'INVALID_ARGUMENT', field: 'run_at' } }, isError: true };
    }
    const out = { jobId: `job-${name}`, failed: 0, errors: [], lastError: null };
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  });
  server.registerTool('job_status', { inputSchema: { id: z.string() }, outputSchema: jobOutput }, async ({ id }) => {
    // A server bug: the structured content does not match the declared output schema.
    const out = { jobId: id, failed: '2', errors: 'timeout' };
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  });
  const legacy = server.registerTool('legacy_search', { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: 'text', text: '[]' }] }));
  server.registerPrompt('summarize', { argsSchema: { text: z.string(), style: z.enum(['short', 'bullets']) } }, ({ text }) => ({ messages: [{ role: 'user', content: { type: 'text', text } }] }));
  const { client, call } = await connectClient(server, 'corpus-3');
  await client.listTools();
  legacy.remove();
  const cases = [
    ['tool-throws-slack-ratelimited', () => call('post_message', { channel: 'slack-ratelimited', text: 'deploy done' }), 'transient', 'rate limited'],
    ['tool-throws-slack-invalid-auth', () => call('post_message', { channel: 'slack-invalid-auth', text: 'deploy done' }), 'unrecoverable', 'the token is invalid'],
    ['tool-throws-status-503', () => call('health', { service: 'retry-503' }), 'transient', '503: service unavailable'],
    ['tool-throws-zod-pretty', () => call('export_report', { args: { team: 'data', from: '2026-03-01', limit: '50', format: 'pdf' } }), 'fixable', "the tool's own check names limit and format with what each must be"],
    ['structured-error-field', () => call('schedule_job', { name: 'nightly', run_at: 'tonight at 2' }), 'fixable', 'names run_at and the timestamp form it must have'],
    ['removed-tool', () => call('legacy_search', { q: 'refund' }), 'fixable', 'the tool was removed: its name is the value to change'],
    ['output-schema-violation', () => call('job_status', { id: 'job-9' }), 'ambiguous', "the server's own output does not match its output schema; no change of the call is named"],
    ['ok-structured-error-words', () => call('schedule_job', { name: 'nightly', run_at: '2026-04-01T02:00:00Z' }), 'none', 'the job was scheduled; its fields are named failed, errors and lastError'],
  ];
  await addToolResults(source, cases);
  const thrownCases = [
    ['prompt-invalid-arguments', () => client.getPrompt({ name: 'summarize', arguments: { text: 'Q3 notes', style: 'long' } }), 'fixable', 'names the style argument and its options', 'getPrompt with an argument outside its enum'],
  ];
  await addMcpThrown(source, thrownCases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 4. The bodies of the round-4 API server (`api4Server` below) are written here in the style of public APIs
// (GitHub, Stripe, FastAPI, Django REST framework, Envoy, a health endpoint); the texts around them come from
// fetch, fs, child_process, python3, git, curl, npm, zod and the MCP SDK, and the tool wrappers named in each producer.
const API4_BODIES = {
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

const api4Server = () => bodiesServer(API4_BODIES);

async function apis4(env) {
  const base = `http://127.0.0.1:${env.api4Port}`;
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

async function files4() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs4`;
  mkdirSync(`${dir}/reports`, { recursive: true });
  writeFileSync(`${dir}/reports/q1.md`, '# Q1\n');
  writeFileSync(`${dir}/state.json`, '');
  writeFileSync(`${dir}/settings.lock`, '{}\n', { mode: 0o444 });
  chownSync(`${dir}/settings.lock`, 65534, 65534);
  writeFileSync(`${dir}/sync-status.json`, '{"lastRun":"2026-03-02T02:00:00Z","synced":1284,"failed":0,"errors":[],"lastError":null,"note":"retried 2 uploads after ETIMEDOUT; all succeeded"}\n');
  await addAsNobody(source, [
    ['eacces-append-log', "require('fs').appendFileSync('/var/log/rb-agent.log', 'started\\n')", 'permission denied writing under /var/log'],
    ['eacces-readonly-file', `require('fs').writeFileSync('${dir}/settings.lock', '{"v":2}')`, 'permission denied: the file is read-only (mode 0444)'],
  ]);
  const cases = [
    ['enoent-write-parent', () => fsp.writeFile(`${dir}/out/2026-03/summary.md`, '# Summary\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile into a directory that does not exist'],
    ['invalid-arg-data', () => fsp.writeFile(`${dir}/reports/q2.json`, { quarter: 2, total: 1200 }), 'fixable', 'names the data argument and the types it must be', 'fs.promises.writeFile with a plain object as data'],
    ['json-parse-empty-file', async () => JSON.parse(await fsp.readFile(`${dir}/state.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the (empty) data the tool read', 'JSON.parse(await fs.promises.readFile) of an empty file'],
  ];
  await addThrown(source, cases);
  add(source, 'ok-status-json-error-fields', 'text', readFileSync(`${dir}/sync-status.json`, 'utf8'), 'none', 'the status file was read; failed 0, errors empty, lastError null', 'readFileSync of a JSON status file');
}

async function processes4(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli4`;
  mkdirSync(dir, { recursive: true });
  const base = `http://127.0.0.1:${env.api4Port}`;
  writeFileSync(`${dir}/report.py`, 'import json\n\nrows = [{"region": "eu", "total": 120}, {"region": "us", "total": "95"}]\n\ndef grand_total(rows):\n    total = 0\n    for row in rows:\n        total += row["total"]\n    return total\n\nprint(json.dumps({"total": grand_total(rows)}))\n');
  writeFileSync(`${dir}/sync.py`, `import sys\nimport urllib.request\n\nurl = sys.argv[1]\nwith urllib.request.urlopen(url, timeout=5) as res:\n    print(res.read().decode())\n`);
  writeFileSync(`${dir}/lint.py`, 'print("checked 42 files: 0 errors, 0 warnings")\nprint("fixed since last run: 3 \'unused import\' errors, 1 \'undefined name\' error")\n');
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  execSync(`git init -q --bare -b main remote.git && git clone -q remote.git alice 2>/dev/null && cd alice && git ${id} commit -q --allow-empty -m init && git push -q origin main && cd .. && git clone -q remote.git bob && cd alice && echo a > a.txt && git add a.txt && git ${id} commit -q -m "add a" && git push -q origin main && cd ../bob && echo b > b.txt && git add b.txt && git ${id} commit -q -m "add b"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_registry: `http://127.0.0.1:${env.refusedPort}/`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cases = [
    ['python-type-error', () => execAsync('python3 report.py', { cwd: dir }), 'ambiguous', "a traceback of the script the command ran: the code is wrong, not the call", "child_process.exec('python3 report.py') of a script that adds an int and a str"],
    ['python-urlopen-refused', () => execAsync(`python3 sync.py http://127.0.0.1:${env.refusedPort}/v1/orders`, { cwd: dir }), 'transient', 'the script failed on a refused connection', "child_process.exec('python3 sync.py URL') of a urllib script, to a closed port"],
    ['python-urlopen-503', () => execAsync(`python3 sync.py ${base}/api/503-maintenance`, { cwd: dir }), 'transient', 'the script failed on an HTTP 503', "child_process.exec('python3 sync.py URL') of a urllib script, to a 503 maintenance page"],
    ['git-push-rejected', () => execAsync('git push origin main', { cwd: `${dir}/bob`, env: gitEnv }), 'ambiguous', 'the remote has work the local branch lacks: a conflict with stored data; pull and merge or rebase is a choice', "child_process.exec('git push origin main') behind the remote"],
    ['grep-no-match', () => execAsync('grep -rn "TODO(release)" .', { cwd: dir }), 'ambiguous', 'a bare non-zero exit: grep found nothing, not said why', "child_process.exec('grep -rn ...') with no match (exit 1)"],
    ['ls-permission-denied', () => execAsync('ls -la /root', { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'the command printed Permission denied', "child_process.exec('ls -la /root') as user nobody"],
    ['npm-view-refused', () => execAsync('npm view left-pad version', { cwd: dir, env: npmEnv }), 'transient', 'the registry connection was refused', "child_process.exec('npm view left-pad version') against a registry on a closed port (npm_config_fetch_retries=0, logs_max=0)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    // grep prints nothing when it finds nothing: its empty stderr is no text of its own.
    if (String(e.stderr) !== '') add(source, kase, 'stderr', String(e.stderr), truth, reason, `${how}: the error's stderr`);
  }
  const curl = await thrown(() => execAsync(`curl -sS --max-time 0.3 http://127.0.0.1:${env.silentPort}/v1/items`, { cwd: dir }));
  const ms = (t) => t.replace(/after \d+ milliseconds/, 'after 300 milliseconds');
  const curlHow = "child_process.exec('curl -sS --max-time 0.3') of a server that never answers (the elapsed milliseconds fixed to 300)";
  add(source, 'curl-max-time', 'message', ms(curl.message), 'transient', 'the request timed out (curl exit 28)', curlHow);
  add(source, 'curl-max-time', 'stderr', ms(String(curl.stderr)), 'transient', 'the request timed out (curl exit 28)', `${curlHow}: the error's stderr`);
  add(source, 'ok-lint-zero-errors', 'stdout', await execAsync('python3 lint.py', { cwd: dir }), 'none', 'the linter ran and found no errors; it names errors fixed earlier', "child_process.exec('python3 lint.py')");
}

const CREATE_ISSUE_ARGS = z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), title: z.string().min(1), body: z.string().optional(), labels: z.array(z.string()).max(10).optional() });
const COMMIT_ARGS = z.object({ message: z.string().max(72), files: z.array(z.string()).min(1) });

async function zod4() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const missing = await thrown(() => CREATE_ISSUE_ARGS.parse({ repo: 'acme/api', body: 'Checkout fails with 502 since deploy 512.' }));
  add(source, 'missing-required', 'message', missing.message, 'fixable', 'names title as required (a string)', `${how}: ZodError message`);
  add(source, 'missing-required', 'pretty', z.prettifyError(missing), 'fixable', 'names title as required (a string)', `${how}: z.prettifyError`);
  const sizes = await thrown(() => COMMIT_ARGS.parse({ message: 'fix: retry the upload when the storage API answers 503 and log the request id of every failed attempt', files: [] }));
  add(source, 'too-long-and-empty', 'message', sizes.message, 'fixable', 'names message with its maximum length and files with its minimum size', `${how}: ZodError message`);
  add(source, 'too-long-and-empty', 'pretty', z.prettifyError(sizes), 'fixable', 'names message with its maximum length and files with its minimum size', `${how}: z.prettifyError`);
}

async function mcpFourth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api4Port}`;
  const dir = `${SCRATCH}/mcp4`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/check_totals.py`, 'orders = [20, 35, 12]\nrefunds = [5]\nnet = sum(orders) - sum(refunds)\nassert net == 67, f"net total {net} != 67"\nprint("ok")\n');
  const server = new McpServer({ name: 'corpus-4', version: '1.0.0' });
  server.registerTool('write_file', { inputSchema: { path: z.string(), content: z.string() } }, async ({ path, content }) => {
    // The server runs this write as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(content)})`);
    throw new Error(texts.message);
  });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('fetch_page', { inputSchema: { url: z.string() } }, async ({ url }) => {
    try {
      return { content: [{ type: 'text', text: await (await fetch(url)).text() }] };
    } catch (e) {
      throw new Error(withCause(e));
    }
  });
  server.registerTool('delete_files', { inputSchema: { paths: z.array(z.string()).min(1), dry_run: z.boolean() } }, async ({ paths }) => ({ content: [{ type: 'text', text: `deleted ${paths.length}` }] }));
  server.registerTool('run_check', { inputSchema: { script: z.string() } }, async ({ script }) => {
    const out = await run('python3', [script], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Command failed (exit ${out.code}): python3 ${script}\n${out.stderr}` }], isError: true };
  });
  const Weather = z.object({ city: z.string(), temperature: z.number(), observed_at: z.iso.datetime() });
  server.registerTool('get_weather', { inputSchema: { city: z.string() } }, async () => {
    // The tool validates the upstream response; ZodError.message is what the SDK puts in the result.
    const data = Weather.parse(await (await fetch(`${base}/api/weather-bad`)).json());
    return { content: [{ type: 'text', text: JSON.stringify(data) }] };
  });
  server.registerTool('run_suite', {}, async () => ({ content: [{ type: 'text', text: "Ran 14 checks: 14 passed, 0 failed.\nCovered: retry on ECONNRESET, backoff on 429 Too Many Requests, mapping of 'permission denied' to PermissionError." }] }));
  const { client, call } = await connectClient(server, 'corpus-4');
  const cases = [
    ['tool-throws-eacces-write', () => call('write_file', { path: '/etc/rb-app.yaml', content: 'port: 8080\n' }), 'unrecoverable', 'permission denied writing under /etc'],
    ['upstream-504', () => call('call_api', { path: '/api/504-text' }), 'transient', '504: upstream request timeout'],
    ['tool-throws-reset-cause', () => call('fetch_page', { url: `http://127.0.0.1:${env.resetPort}/pricing` }), 'transient', 'the connection was reset (the cause is given)'],
    ['invalid-array-type', () => call('delete_files', { paths: 'build/', dry_run: 'yes' }), 'fixable', 'names paths as an array and dry_run as a boolean'],
    ['tool-check-assertion', () => call('run_check', { script: 'check_totals.py' }), 'ambiguous', "an assertion of the script the tool ran failed: the data or the code is wrong, not the call"],
    ['tool-response-validation', () => call('get_weather', { city: 'Oslo' }), 'ambiguous', "the upstream data the tool read does not match the tool's schema; no change of the call is named"],
    ['ok-check-summary', () => call('run_suite', {}), 'none', 'all checks passed; the text names error words'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 5. The bodies of the round-5 API server (`api5Server` below) are written here in the style of public APIs
// (Anthropic, Google APIs, GitLab, Django REST framework, Kubernetes, Stripe, a CI pipeline endpoint); the texts
// around them come from fetch, undici, fs, child_process, python3, git, docker, node --test, zod and the MCP SDK,
// and the tool wrappers named in each producer.
const API5_BODIES = {
  'anthropic-529': [529, {}, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'],
  'google-400': [400, {}, '{"error":{"code":400,"message":"Invalid value at \'page_size\' (TYPE_INT32), \\"ten\\"","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[{"field":"page_size","description":"Invalid value at \'page_size\' (TYPE_INT32), \\"ten\\""}]}]}}'],
  'gitlab-403': [403, {}, '{"error":"insufficient_scope","error_description":"The request requires higher privileges than provided by the access token.","scope":"write_repository"}'],
  'drf-405': [405, { allow: 'GET, HEAD, OPTIONS' }, '{"detail":"Method \\"DELETE\\" not allowed."}'],
  'k8s-409': [409, {}, '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"deployments.apps \\"web\\" already exists","reason":"AlreadyExists","details":{"name":"web","group":"apps","kind":"deployments"},"code":409}'],
  'pool-503': [503, {}, '{"status":"error","message":"Database connection pool exhausted, please try again later."}'],
  'stripe-401': [401, {}, '{"error":{"message":"Invalid API Key provided: sk_live_****************4f2a","type":"invalid_request_error"}}'],
  'ci-pipeline': [200, {}, '{"id":48213,"ref":"main","status":"success","jobs":[{"name":"test","status":"success","failure_reason":null,"retried":false},{"name":"lint","status":"success","failure_reason":null,"allow_failure":true},{"name":"e2e","status":"success","failure_reason":null,"retried":true,"note":"first attempt failed: ETIMEDOUT pulling image; passed on retry"}]}'],
};

const api5Server = () => bodiesServer(API5_BODIES);

async function apis5(env) {
  const base = `http://127.0.0.1:${env.api5Port}`;
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

async function files5() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs5`;
  mkdirSync(`${dir}/exports`, { recursive: true });
  writeFileSync(`${dir}/exports/orders.csv`, 'id,total\n1,20\n2,35\n');
  writeFileSync(`${dir}/server.log`, '10:00:00 INFO  listening on :3000\n'.repeat(20));
  const cases = [
    ['stat-enoent', () => fsp.stat(`${dir}/exports/2026-04/orders.csv`), 'ambiguous', 'the path does not exist; which one is meant is not said', 'fs.promises.stat of a missing path'],
    ['copyfile-excl-eexist', () => fsp.copyFile(`${dir}/exports/orders.csv`, `${dir}/server.log`, constants.COPYFILE_EXCL), 'ambiguous', 'the destination exists; overwrite or pick another name is not said', 'fs.promises.copyFile with COPYFILE_EXCL onto an existing file'],
    ['read-stream-range', () => new Promise((resolve, reject) => createReadStream(`${dir}/server.log`, { start: 120, end: 40 }).on('error', reject).on('end', resolve).resume()), 'fixable', 'names start, the bound it must respect and the value it received', 'fs.createReadStream with start 120 and end 40 (a line-range tool with its arguments swapped)'],
  ];
  await addThrown(source, cases);
  await addAsNobody(source, [
    ['eacces-rename-etc', "require('fs').renameSync('/etc/hosts', '/etc/hosts.bak')", 'permission denied renaming a file under /etc'],
    ['eacces-open-rw', "require('fs').openSync('/etc/passwd', 'r+')", 'permission denied opening a system file for writing'],
  ]);
}

async function processes5(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli5`;
  mkdirSync(`${dir}/tests`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  execSync(`git init -q -b main repo && cd repo && echo '# api' > README.md && git add README.md && git -c user.name=dev -c user.email=dev@example.com commit -q -m init && git remote add origin http://127.0.0.1:${env.refusedPort}/acme/api.git`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/import_orders.py`, 'import sqlite3\n\ncon = sqlite3.connect("shop.db", timeout=0.2)\ncon.execute("INSERT INTO orders (id, total) VALUES (?, ?)", (1042, 89.5))\ncon.commit()\nprint("imported 1 order")\n');
  writeFileSync(`${dir}/tests/retry.test.mjs`, "import { test } from 'node:test';\nimport assert from 'node:assert';\n\ntest('retries a request after ECONNRESET', () => assert.equal(1 + 1, 2));\ntest('gives up with TimeoutError after 3 attempts', () => assert.ok(true));\ntest('maps 401 Unauthorized to AuthError', () => assert.ok(true));\n");
  execFileSync('python3', ['-c', 'import sqlite3; c = sqlite3.connect("shop.db"); c.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)"); c.commit()'], { cwd: dir });
  // Another process holds a write lock on the database while the import runs.
  const holder = spawn('python3', ['-c', 'import sqlite3, time\nc = sqlite3.connect("shop.db", isolation_level=None)\nc.execute("BEGIN EXCLUSIVE")\nprint("locked", flush=True)\ntime.sleep(60)'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => holder.stdout.once('data', resolve));
  const refused = (t) => t.replaceAll(`port ${env.refusedPort} after`, 'port 8101 after').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['python-sqlite-locked', () => execAsync('python3 import_orders.py', { cwd: dir }), 'transient', 'the script failed because the database is locked by another process', "child_process.exec('python3 import_orders.py') while another process holds an exclusive sqlite lock"],
    ['git-fetch-refused', () => execAsync('git fetch origin', { cwd: `${dir}/repo`, env: gitEnv }), 'transient', 'the connection to the git server was refused', "child_process.exec('git fetch origin') of a remote on a closed port (the port and the elapsed ms fixed)"],
    ['git-checkout-pathspec', () => execAsync('git checkout release/2.3', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', "git's own error: no branch or file of that name; which one is meant is not said", "child_process.exec('git checkout release/2.3') of a branch that does not exist"],
    ['docker-permission-denied', () => execAsync('docker ps', { cwd: dir, uid: 65534, gid: 65534, env: { PATH: process.env.PATH, HOME: dir } }), 'unrecoverable', 'permission denied connecting to the Docker daemon socket', "child_process.exec('docker ps') as user nobody (not in the docker group)"],
  ];
  try {
    for (const [kase, action, truth, reason, how] of cases) {
      const e = await thrown(action);
      add(source, kase, 'message', refused(e.message), truth, reason, how);
      add(source, kase, 'stderr', refused(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
    }
  } finally {
    holder.kill();
  }
  const tap = await execAsync('node --test --test-reporter=tap tests/', { cwd: dir });
  add(source, 'ok-node-test-error-names', 'stdout', tap.replace(/(duration_ms:? )[\d.]+/g, (m, key) => `${key}1.5`), 'none', 'all tests passed; their names are error words', "child_process.exec('node --test --test-reporter=tap tests/') (the durations fixed to 1.5 ms)");
}

const MOVE_FILES_ARGS = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), from: z.string(), to: z.string() }),
  z.object({ action: z.literal('delete'), paths: z.array(z.string()).min(1) }),
]);
const INVITE_ARGS = z.object({ workspace_id: z.uuid(), email: z.email(), role: z.enum(['member', 'admin', 'viewer']) });
const BOOKING_ARGS = z.object({ room: z.string(), check_in: z.iso.date(), check_out: z.iso.date() }).refine((a) => a.check_out > a.check_in, { message: 'check_out must be after check_in', path: ['check_out'] });

async function zod5() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  for (const [kase, schema, args, reason] of [
    ['discriminator', MOVE_FILES_ARGS, { action: 'copy', from: 'a.txt', to: 'b.txt' }, "names action and its options 'move' | 'delete'"],
    ['uuid-email-enum', INVITE_ARGS, { workspace_id: 'acme-prod', email: 'dana at example.com', role: 'owner' }, 'names workspace_id as a UUID, email as an email and role with its options'],
    ['refine-dates', BOOKING_ARGS, { room: '204', check_in: '2026-05-12', check_out: '2026-05-10' }, 'names check_out and that it must be after check_in'],
  ]) {
    const e = await thrown(() => schema.parse(args));
    add(source, kase, 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
    add(source, kase, 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
  }
}

async function mcpFifth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api5Port}`;
  const dir = `${SCRATCH}/mcp5`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/pricing.py`, 'def discounted(total, percent):\n    return total - total * percent // 100\n');
  writeFileSync(`${dir}/test_pricing.py`, 'import unittest\n\nfrom pricing import discounted\n\n\nclass PricingTest(unittest.TestCase):\n    def test_no_discount(self):\n        self.assertEqual(discounted(100, 0), 100)\n\n    def test_fifteen_percent(self):\n        self.assertEqual(discounted(99, 15), 84.15)\n\n\nif __name__ == "__main__":\n    unittest.main()\n');
  const server = new McpServer({ name: 'corpus-5', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('query_db', { inputSchema: { sql: z.string() } }, async () => {
    // A database client's connect to the database port, which is closed.
    await new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', reject));
    return { content: [{ type: 'text', text: '[]' }] };
  });
  server.registerTool('get_url', { inputSchema: { url: z.string() } }, async ({ url }) => ({ content: [{ type: 'text', text: await (await fetch(url, { signal: AbortSignal.timeout(200) })).text() }] }));
  server.registerTool('create_branch', { inputSchema: { repo: z.string(), name: z.string().regex(/^[\w./-]+$/), from: z.string() } }, async ({ name }) => ({ content: [{ type: 'text', text: `created ${name}` }] }));
  server.registerTool('run_tests', { inputSchema: { module: z.string() } }, async ({ module }) => {
    const out = await run('python3', ['-m', 'unittest', module], { cwd: dir });
    const stderr = out.stderr.replace(/in \d+\.\d+s/, 'in 0.001s');
    return out.code === 0 ? { content: [{ type: 'text', text: stderr }] } : { content: [{ type: 'text', text: `Tests failed (exit ${out.code}): python3 -m unittest ${module}\n${stderr}` }], isError: true };
  });
  server.registerTool('queue_stats', { inputSchema: { queue: z.string() } }, async ({ queue }) => ({ content: [{ type: 'text', text: `queue ${queue}: 0 pending, 12840 processed today, 0 in dead-letter.\nlast error: none (previous: "TimeoutError: job 88121 exceeded 30s" on 2026-03-01, resolved)` }] }));
  server.registerPrompt('summarize_incident', { argsSchema: { incident_id: z.string() } }, ({ incident_id: id }) => ({ messages: [{ role: 'user', content: { type: 'text', text: id } }] }));
  const { client, call } = await connectClient(server, 'corpus-5');
  const cases = [
    ['upstream-401-stripe', () => call('call_api', { path: '/api/stripe-401' }), 'unrecoverable', '401: the API key is invalid'],
    ['upstream-529-overloaded', () => call('call_api', { path: '/api/anthropic-529' }), 'transient', 'the upstream API is overloaded'],
    ['tool-throws-db-refused', () => call('query_db', { sql: 'SELECT count(*) FROM orders' }), 'transient', 'the database connection was refused'],
    ['tool-throws-fetch-timeout', () => call('get_url', { url: `http://127.0.0.1:${env.silentPort}/v1/status` }), 'transient', 'the request timed out'],
    ['missing-arguments', () => client.callTool({ name: 'create_branch', arguments: {} }), 'fixable', 'names repo, name and from as required strings'],
    ['tool-tests-failed', () => call('run_tests', { module: 'test_pricing' }), 'ambiguous', 'a test of the code the tool ran failed: the code is wrong, not the call'],
    ['ok-queue-error-words', () => call('queue_stats', { queue: 'emails' }), 'none', 'the queue stats were read; they name a past resolved TimeoutError'],
  ];
  await addToolResults(source, cases);
  await addMcpThrown(source, [
    ['prompt-not-found', () => client.getPrompt({ name: 'summarise_incident', arguments: { incident_id: 'INC-2291' } }), 'fixable', 'the prompt name is the value to change', 'getPrompt of a misspelt prompt name'],
  ]);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 6. The bodies of the round-6 API server (`api6Server` below) are written here in the style of public APIs
// (OpenAI, SendGrid, Shopify, Cloudflare, the npm registry, GitHub search and SAML, a status endpoint); the texts
// around them come from fetch, undici, fs, child_process, pip, git, npm, curl, zod and the MCP SDK, and the tool
// wrappers named in each producer.
const API6_BODIES = {
  'openai-429-tpm': [429, { 'retry-after': '2' }, '{"error":{"message":"Rate limit reached for gpt-4o in organization org-7Hq2 on tokens per min (TPM): Limit 30000, Used 29484, Requested 1873. Please try again in 2.714s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}'],
  'sendgrid-400': [400, {}, '{"errors":[{"message":"The to email does not contain a valid address.","field":"personalizations.0.to.0.email","help":"http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to"}]}'],
  'shopify-401': [401, {}, '{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}'],
  'cloudflare-502': [502, { 'content-type': 'text/html; charset=UTF-8' }, '<!DOCTYPE html>\n<html><head><title>api.acme.dev | 502: Bad gateway</title></head><body><h1>Bad gateway</h1><p>Error code 502</p><p>The web server reported a bad gateway error.</p><p>Cloudflare Ray ID: 8a1f2c3d4e5f6a7b</p></body></html>\n'],
  'npm-404': [404, {}, '{"error":"Not found"}'],
  'issues-search': [200, {}, '{"total_count":3,"incomplete_results":false,"items":[{"number":412,"title":"TypeError: fetch failed when the proxy drops the connection","state":"closed"},{"number":398,"title":"Retry 503 Service Unavailable with backoff","state":"closed"},{"number":377,"title":"EACCES: permission denied writing the cache directory","state":"open"}]}'],
  'github-403-sso': [403, {}, '{"message":"Resource protected by organization SAML enforcement. You must grant your Personal Access token access to this organization.","documentation_url":"https://docs.github.com/articles/authenticating-to-a-github-organization-with-saml-single-sign-on/","status":"403"}'],
  'status-503-retry': [503, { 'retry-after': '30' }, '{"code":"service_unavailable","message":"The service is temporarily unavailable. Please retry in 30 seconds."}'],
};

const api6Server = () => bodiesServer(API6_BODIES);

async function apis6(env) {
  const base = `http://127.0.0.1:${env.api6Port}`;
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

async function files6() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs6`;
  mkdirSync(`${dir}/uploads`, { recursive: true });
  await addAsNobody(source, [
    ['eacces-mkdir-recursive-opt', "require('fs').mkdirSync('/opt/rb-cache/thumbnails', { recursive: true })", 'permission denied creating a directory under /opt'],
  ]);
  const cases = [
    ['readdir-enoent', () => fsp.readdir(`${dir}/uploads/2026-06`), 'ambiguous', 'the directory does not exist; which one is meant is not said', 'fs.promises.readdir of a missing directory'],
    ['invalid-arg-mode', () => fsp.writeFile(`${dir}/deploy.sh`, '#!/bin/sh\necho deploy\n', { mode: 'rwxr-xr-x' }), 'fixable', 'names the mode argument, what it must be and the value it received', "fs.promises.writeFile with mode 'rwxr-xr-x' (a write_file tool passing a mode argument through)"],
  ];
  await addThrown(source, cases);
}

async function processes6(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli6`;
  mkdirSync(`${dir}/web`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  execSync("git init -q -b main repo && cd repo && mkdir -p src/errors && echo '# app' > README.md && git add README.md && git -c user.name=dev -c user.email=dev@example.com commit -q -m init && echo 'export class TimeoutError extends Error {}' > src/errors/timeout-error.ts && echo 'test' > src/errors/retry-on-econnreset.test.ts && echo '# app, v2' > README.md", { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  execSync('git init -q -b main clean && cd clean && echo x > a.txt && git add a.txt && git -c user.name=dev -c user.email=dev@example.com commit -q -m init', { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/web/package.json`, '{\n  "name": "web",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "build": "tsc -p tsconfig.json"\n  }\n}\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false', PATH: '/usr/local/bin:/usr/bin:/bin' };
  const fixed = (t) => t.replaceAll(`:${env.refusedPort}`, ':8101').replaceAll(`:${env.resetPort}`, ':8103').replaceAll(`:${env.api6Port}`, ':8111').replace(/after \d+ ms/g, 'after 0 ms').replace(/ object at 0x[0-9a-f]+/g, ' object at 0x7f0000000000');
  const cases = [
    ['pip-install-refused', () => execAsync(`python3 -m pip install --disable-pip-version-check --no-cache-dir --retries 1 --timeout 2 --index-url http://127.0.0.1:${env.refusedPort}/simple requests==2.32.3`, { cwd: dir, env: { ...process.env, PIP_CONFIG_FILE: '/dev/null' } }), 'transient', 'pip printed that the connection to the package index was refused', "child_process.exec('python3 -m pip install --retries 1 --index-url URL requests==2.32.3') of an index on a closed port (the port and the object address fixed)"],
    ['git-ls-remote-reset', () => execAsync(`git ls-remote http://127.0.0.1:${env.resetPort}/acme/api.git`, { cwd: dir, env: gitEnv }), 'transient', 'the connection to the git server was reset', "child_process.exec('git ls-remote URL') of a server that resets the connection (the port fixed)"],
    ['curl-fail-403', () => execAsync(`curl -sS --fail http://127.0.0.1:${env.api6Port}/api/github-403-sso`, { cwd: dir }), 'unrecoverable', 'curl reports that the server answered 403', "child_process.exec('curl -sS --fail URL') of a 403 (the port fixed)"],
    ['git-commit-nothing', () => new Promise((resolve, reject) => exec('git -c user.name=dev -c user.email=dev@example.com commit -m "fix: handle empty cart"', { cwd: `${dir}/clean`, env: gitEnv, encoding: 'utf8' }, (e, stdout, stderr) => (e ? reject(Object.assign(e, { stdout, stderr })) : resolve(stdout)))), 'ambiguous', 'a non-zero exit: git found nothing to commit; what to change or stage is not said', "child_process.exec('git commit -m ...') with a clean working tree (exit 1)"],
    ['npm-run-build-not-found', () => execAsync('npm run build', { cwd: `${dir}/web`, env: npmEnv }), 'ambiguous', "the script's program (tsc) is not installed: exit 127; installing it or another command is not said", "child_process.exec('npm run build') whose build script calls tsc, which is not installed"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
    // git commit prints why it did nothing on stdout.
    else if (e.stdout) add(source, kase, 'stdout', fixed(String(e.stdout)), truth, reason, `${how}: the error's stdout`);
  }
  add(source, 'ok-git-status-error-files', 'stdout', await execAsync('git status --short --untracked-files=all', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git listed the changed files it was asked for; their names are error words', "child_process.exec('git status --short --untracked-files=all')");
}

const RESIZE_ARGS = z.object({ path: z.string(), width: z.number().int().positive().max(4096), height: z.number().int().positive().max(4096), format: z.enum(['png', 'jpeg', 'webp']).default('png') });
const UPDATE_ROWS_ARGS = z.object({ table: z.string(), rows: z.array(z.object({ id: z.number().int(), fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) })).min(1).max(500) });

async function zod6() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  for (const [kase, schema, args, reason] of [
    ['int-range-enum', RESIZE_ARGS, { path: 'uploads/banner.jpg', width: 0, height: 720.5, format: 'gif' }, 'names width with its minimum, height as an integer and format with its options'],
    ['nested-array-item', UPDATE_ROWS_ARGS, { table: 'customers', rows: [{ id: 17, fields: { plan: 'pro' } }, { id: '18', fields: { plan: 'team', seats: true } }] }, 'names rows[1].id as a number and rows[1].fields.seats with the types it may be'],
  ]) {
    const e = await thrown(() => schema.parse(args));
    add(source, kase, 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
    add(source, kase, 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
  }
}

async function mcpSixth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api6Port}`;
  const dir = `${SCRATCH}/mcp6`;
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/tsconfig.json`, '{\n  "compilerOptions": {\n    "target": "es2022",\n    "strict": true,\n  }\n  "include": ["src"]\n}\n');
  writeFileSync(`${dir}/deploy.log`, '12:00:01 deploy 771 started\n12:00:14 warn: health check /ready returned 503, retrying (1/5)\n12:00:19 health check /ready ok\n12:00:20 deploy 771 finished: 0 errors\n');
  const id = '-c user.name=dev -c user.email=dev@example.com';
  execSync(`git init -q -b main repo && cd repo && printf 'retries = 3\\ntimeout = 30\\n' > config.toml && git add . && git ${id} commit -q -m init && git checkout -q -b feature && printf 'retries = 5\\ntimeout = 30\\n' > config.toml && git ${id} commit -q -am "more retries" && git checkout -q main && printf 'retries = 2\\ntimeout = 30\\n' > config.toml && git ${id} commit -q -am "fewer retries"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const server = new McpServer({ name: 'corpus-6', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => {
    // The server runs this read as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').readFileSync(${JSON.stringify(path)}, 'utf8')`);
    throw new Error(texts.message);
  });
  server.registerTool('read_tsconfig', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: JSON.stringify(JSON.parse(readFileSync(`${dir}/${path}`, 'utf8'))) }] }));
  server.registerTool('http_get', { inputSchema: { url: z.string() } }, async ({ url }) => ({ content: [{ type: 'text', text: (await httpGet(url)).body }] }));
  server.registerTool('resize_image', { inputSchema: { path: z.string(), width: z.number().int().min(1).max(4096), format: z.enum(['png', 'jpeg', 'webp']) } }, async ({ path }) => ({ content: [{ type: 'text', text: `resized ${path}` }] }));
  server.registerTool('git_merge', { inputSchema: { branch: z.string() } }, async ({ branch }) => {
    const out = await run('git', ['-c', 'user.name=dev', '-c', 'user.email=dev@example.com', 'merge', '--no-edit', branch], { cwd: `${dir}/repo`, env: gitEnv });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `git merge ${branch} failed (exit ${out.code}):\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('read_log', { inputSchema: { name: z.string() } }, async ({ name }) => ({ content: [{ type: 'text', text: readFileSync(`${dir}/${name}`, 'utf8') }] }));
  // A tool the server has registered but disabled (RegisteredTool.disable()).
  server.registerTool('export_csv', { inputSchema: { table: z.string() } }, async ({ table }) => ({ content: [{ type: 'text', text: `exported ${table}` }] })).disable();
  const { client, call } = await connectClient(server, 'corpus-6');
  const cases = [
    ['upstream-503-retry-in', () => call('call_api', { path: '/api/status-503-retry' }), 'transient', '503: temporarily unavailable; retry in 30 seconds'],
    ['upstream-403-saml', () => call('call_api', { path: '/api/github-403-sso' }), 'unrecoverable', '403: the token is not authorised for the organisation (SAML)'],
    ['tool-throws-socket-hang-up', () => call('http_get', { url: `http://127.0.0.1:${env.closePort}/v1/exports` }), 'transient', 'the server closed the connection without answering (socket hang up)'],
    ['tool-throws-eacces-read', () => call('read_file', { path: '/root/.ssh/id_ed25519' }), 'unrecoverable', 'permission denied reading a protected file'],
    ['tool-throws-json-parse-config', () => call('read_tsconfig', { path: 'tsconfig.json' }), 'ambiguous', 'a JSON parse error of the data the tool read (a trailing comma and a missing comma in the file)'],
    ['invalid-min-and-enum', () => call('resize_image', { path: 'banner.jpg', width: 0, format: 'gif' }), 'fixable', 'names width with its minimum and format with its options'],
    ['tool-git-merge-conflict', () => call('git_merge', { branch: 'feature' }), 'ambiguous', 'a merge conflict with the stored branch: how to resolve it is a choice the text does not make'],
    ['ok-deploy-log-error-words', () => call('read_log', { name: 'deploy.log' }), 'none', 'the deploy log was read; it names a retried 503 and 0 errors'],
    ['tool-disabled', () => call('export_csv', { table: 'orders' }), 'ambiguous', 'the tool exists but is disabled: no argument fixes it, and whether it comes back or which tool to use instead is not said'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 7. The bodies of the round-7 API server (`api7Server` below) are written here in the style of public APIs
// (Twilio, Google Cloud Storage, Jira, HubSpot, Stripe, Zendesk, OpenAI, GitHub webhook deliveries); the texts
// around them come from fetch, undici, fs, child_process, curl, npm, make, tar, head, git, python3's sqlite3, zod
// and the MCP SDK, and the tool wrappers named in each producer.
const API7_BODIES = {
  'twilio-400': [400, {}, '{"code":21211,"message":"The \'To\' number +1555010 is not a valid phone number.","more_info":"https://www.twilio.com/docs/errors/21211","status":400}'],
  'gcs-503': [503, {}, '{"error":{"code":503,"message":"We encountered an internal error. Please try again.","errors":[{"message":"We encountered an internal error. Please try again.","domain":"global","reason":"backendError"}]}}'],
  'jira-404': [404, {}, '{"errorMessages":["Issue does not exist or you do not have permission to see it."],"errors":{}}'],
  'hubspot-401': [401, {}, '{"status":"error","message":"Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview","correlationId":"3f1c2a9e-8b7d-4c6e-9a5f-0d2e1b4c7a86","category":"INVALID_AUTHENTICATION"}'],
  'stripe-429-lock': [429, {}, '{"error":{"code":"lock_timeout","doc_url":"https://stripe.com/docs/error-codes/lock-timeout","message":"This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request. If you see this error frequently and are making multiple concurrent requests to a single object, make your requests serially or at a lower rate.","type":"invalid_request_error"}}'],
  'webhook-deliveries': [200, {}, '[{"id":91823,"guid":"0b9f2c10-1a2b-11f0-8f3e-5c2e0d1a7b44","delivered_at":"2026-07-01T08:12:44Z","redelivery":true,"duration":0.41,"status":"OK","status_code":200,"event":"push","action":null,"note":"redelivery of 91801 (first attempt: 502 Bad Gateway)"},{"id":91790,"guid":"e1c7a2b0-1a29-11f0-8a4d-7f3b2c1d0e9a","delivered_at":"2026-07-01T07:58:03Z","redelivery":false,"duration":0.37,"status":"OK","status_code":200,"event":"ping","action":null}]'],
  'zendesk-429': [429, { 'retry-after': '10' }, '{"error":{"title":"Too Many Requests","message":"Rate limit for ticket updates exceeded, please wait before updating this ticket again"}}'],
  'openai-401': [401, {}, '{"error":{"message":"Incorrect API key provided: sk-proj-********************Xk9Q. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}'],
};

const api7Server = () => bodiesServer(API7_BODIES);

async function apis7(env) {
  const base = `http://127.0.0.1:${env.api7Port}`;
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

async function files7() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs7`;
  mkdirSync(`${dir}/build`, { recursive: true });
  mkdirSync(`${dir}/published`, { recursive: true });
  writeFileSync(`${dir}/build/cli.js`, '#!/usr/bin/env node\nconsole.log("rb-tool");\n');
  writeFileSync(`${dir}/notes.txt`, 'standup notes\n');
  await addAsNobody(source, [
    ['eacces-copyfile-usr-local', `require('fs').copyFileSync('${dir}/build/cli.js', '/usr/local/bin/rb-tool')`, 'permission denied installing a file under /usr/local/bin'],
  ]);
  const cases = [
    ['rename-enoent', () => fsp.rename(`${dir}/drafts/launch-post.md`, `${dir}/published/launch-post.md`), 'ambiguous', 'the source path does not exist; which one is meant is not said', 'fs.promises.rename of a missing file'],
    ['invalid-encoding', () => fsp.readFile(`${dir}/notes.txt`, { encoding: 'utf-8-sig' }), 'fixable', 'names the encoding argument and the invalid value it received', "fs.promises.readFile with encoding 'utf-8-sig' (a read_file tool passing an encoding argument through)"],
  ];
  await addThrown(source, cases);
}

async function processes7(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli7`;
  mkdirSync(`${dir}/app`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-07-01T10:00:00Z" GIT_COMMITTER_DATE="2026-07-01T10:00:00Z"';
  execSync(`git init -q -b main repo && cd repo && echo a > a.txt && git add a.txt && ${dates} git ${id} commit -q -m "init" && echo b >> a.txt && ${dates} git ${id} commit -q -am "fix: retry uploads on ECONNRESET and 503 responses" && echo c >> a.txt && ${dates} git ${id} commit -q -am "Handle TimeoutError in the billing client" && echo d >> a.txt && ${dates} git ${id} commit -q -am "test: cover 401 Unauthorized and permission denied paths"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/app/Makefile`, 'build:\n\t@echo building\n');
  writeFileSync(`${dir}/app/server.log`, '10:00:00 INFO  listening on :3000\n'.repeat(20));
  mkdirSync(`${dir}/bundle/bin`, { recursive: true });
  writeFileSync(`${dir}/bundle/bin/rb-tool`, 'echo rb-tool\n');
  execFileSync('tar', ['-czf', 'bundle.tar.gz', 'bundle'], { cwd: dir });
  writeFileSync(`${dir}/app/package.json`, '{\n  "name": "app",\n  "version": "1.0.0",\n  "private": true\n}\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const fixed = (t) => t.replaceAll(`:${env.resetPort}`, ':8103').replaceAll(`:${env.api7Port}`, ':8112');
  const cases = [
    ['curl-fail-503', () => execAsync(`curl -sS --fail http://127.0.0.1:${env.api7Port}/api/gcs-503`, { cwd: dir }), 'transient', 'curl reports that the server answered 503', "child_process.exec('curl -sS --fail URL') of a 503 (the port fixed)"],
    ['npm-install-reset', () => execAsync(`npm install left-pad@1.3.0 --registry=http://127.0.0.1:${env.resetPort}/`, { cwd: `${dir}/app`, env: npmEnv }), 'transient', 'npm printed that the connection to the registry was reset', "child_process.exec('npm install left-pad@1.3.0 --registry=URL') of a registry that resets the connection (npm_config_fetch_retries=0, logs_max=0; the port fixed)"],
    ['make-no-rule', () => execAsync('make test', { cwd: `${dir}/app` }), 'ambiguous', "make has no rule for the target test; the targets that exist are not listed", "child_process.exec('make test') of a Makefile that has only build"],
    ['tar-extract-permission-denied', () => execAsync(`tar -xzf ${dir}/bundle.tar.gz -C /usr/local`, { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'tar printed Permission denied creating the directories', "child_process.exec('tar -xzf bundle.tar.gz -C /usr/local') as user nobody"],
    ['head-invalid-lines', () => execAsync('head -n ten server.log', { cwd: `${dir}/app`, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } }), 'fixable', "head names the -n value 'ten' as an invalid number of lines", "child_process.exec('head -n ten server.log') (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'ok-git-log-error-words', 'stdout', await execAsync('git log --oneline --no-decorate', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git listed the commits it was asked for; their messages are error words', "child_process.exec('git log --oneline --no-decorate') (fixed commit dates)");
}

const WEBHOOK_ARGS = z.object({ url: z.url({ protocol: /^https$/ }), events: z.array(z.enum(['push', 'pull_request', 'release'])).min(1), secret: z.string().min(16) });

async function zod7() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const e = await thrown(() => WEBHOOK_ARGS.parse({ url: 'http://hooks.example.com/ci', events: ['push', 'tag'], secret: 'hunter2' }));
  const reason = 'names url as an invalid URL, events[1] with its options and secret with its minimum length';
  add(source, 'url-enum-min-length', 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
  add(source, 'url-enum-min-length', 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
}

async function mcpSeventh(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api7Port}`;
  const dir = `${SCRATCH}/mcp7`;
  mkdirSync(dir, { recursive: true });
  execFileSync('python3', ['-c', 'import sqlite3; c = sqlite3.connect("crm.db"); c.execute("CREATE TABLE contacts (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, name TEXT)"); c.execute("INSERT INTO contacts (email, name) VALUES (\'dana@example.com\', \'Dana\')"); c.commit()'], { cwd: dir });
  writeFileSync(`${dir}/run_sql.py`, 'import sqlite3\nimport sys\n\ncon = sqlite3.connect("crm.db")\nrows = con.execute(sys.argv[1]).fetchall()\ncon.commit()\nprint(rows)\n');
  const server = new McpServer({ name: 'corpus-7', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('post_json', { inputSchema: { url: z.string(), body: z.string() } }, async ({ url, body }) => {
    // undici request(); its error message is what the SDK puts in the result.
    const res = await undiciRequest(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    return { content: [{ type: 'text', text: await res.body.text() }] };
  });
  server.registerTool('schedule_job', { inputSchema: { name: z.string(), cron: z.string().regex(/^(\S+\s+){4}\S+$/), retries: z.number().int().min(0).max(5) } }, async ({ name }) => ({ content: [{ type: 'text', text: `scheduled ${name}` }] }));
  server.registerTool('run_sql', { inputSchema: { sql: z.string() } }, async ({ sql }) => {
    const out = await run('python3', ['run_sql.py', sql], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Query failed (exit ${out.code}):\n${out.stderr}` }], isError: true };
  });
  const { client, call } = await connectClient(server, 'corpus-7');
  const cases = [
    ['upstream-429-zendesk', () => call('call_api', { path: '/api/zendesk-429' }), 'transient', '429: a rate limit for ticket updates; wait before trying again'],
    ['upstream-401-openai', () => call('call_api', { path: '/api/openai-401' }), 'unrecoverable', '401: the API key is incorrect'],
    ['tool-throws-other-side-closed', () => call('post_json', { url: `http://127.0.0.1:${env.closePort}/v1/events`, body: '{"type":"deploy"}' }), 'transient', 'the server closed the connection without answering (other side closed)'],
    ['invalid-regex-and-max', () => call('schedule_job', { name: 'nightly-export', cron: 'every day at 2am', retries: 10 }), 'fixable', 'names cron with the pattern it must match and retries with its maximum'],
    ['tool-sql-no-such-column', () => call('run_sql', { sql: 'SELECT id, email, phone FROM contacts' }), 'ambiguous', 'an unknown column: which one is meant is not said'],
    ['tool-sql-unique-constraint', () => call('run_sql', { sql: "INSERT INTO contacts (email, name) VALUES ('dana@example.com', 'Dana Scully')" }), 'ambiguous', 'a UNIQUE constraint failed: a conflict with stored data'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 8. The bodies of the round-8 API server (`api8Server` below) are written here in the style of public APIs
// (Discord, an AWS load balancer, GitHub, FastAPI, Notion, Sentry, a status page); the texts around them come from
// fetch, undici, fs, child_process, curl, git, node, awk, zod and the MCP SDK, and the tool wrappers named in each
// producer.
const API8_BODIES = {
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

const api8Server = () => bodiesServer(API8_BODIES);

async function apis8(env) {
  const base = `http://127.0.0.1:${env.api8Port}`;
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

async function files8() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs8`;
  mkdirSync(`${dir}/out`, { recursive: true });
  writeFileSync(`${dir}/notes.md`, '# Notes\n');
  writeFileSync(`${dir}/api-health.csv`, 'date,endpoint,requests,errors,timeouts,retries\n2026-08-01,/v1/orders,18422,0,0,3\n2026-08-01,/v1/invoices,9310,0,0,0\n2026-08-02,/v1/orders,17980,0,0,1\n');
  await addAsNobody(source, [
    ['r8-eacces-append-var-log', "require('fs').appendFileSync('/var/log/rb-agent.log', 'run 42 started\\n')", 'permission denied appending to a log under /var/log'],
    ['r8-eperm-utimes-etc', "require('fs').utimesSync('/etc/hosts', 1767225600, 1767225600)", 'operation not permitted: only the owner may set the times of a file'],
  ]);
  const cases = [
    ['r8-writefile-missing-dir', () => fsp.writeFile(`${dir}/out/2026-08/summary.md`, '# Summary\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile into a directory that does not exist'],
    ['r8-open-invalid-flags', () => fsp.open(`${dir}/notes.md`, 'rw'), 'fixable', "names the flags argument and the invalid value 'rw' it received", "fs.promises.open with flags 'rw' (a file tool passing a mode argument through)"],
  ];
  await addThrown(source, cases);
  add(source, 'r8-ok-csv-error-columns', 'text', readFileSync(`${dir}/api-health.csv`, 'utf8'), 'none', 'the CSV was read; its columns are named errors and timeouts', 'readFileSync of a CSV report');
}

async function processes8(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli8`;
  mkdirSync(`${dir}/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-08-03T09:00:00Z" GIT_COMMITTER_DATE="2026-08-03T09:00:00Z"';
  // A shared remote that someone else pushed to after our clone.
  execSync(`git init -q --bare -b main remote.git && git clone -q remote.git theirs && cd theirs && echo v1 > VERSION && git add VERSION && ${dates} git ${id} commit -q -m "release 1" && git push -q origin main && cd .. && git clone -q remote.git ours && cd theirs && echo v2 > VERSION && ${dates} git ${id} commit -q -am "release 2" && git push -q origin main && cd ../ours && echo 'retry uploads' > NOTES && git add NOTES && ${dates} git ${id} commit -q -m "notes"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/scripts/report.js`, "const { Client } = require('pg');\n\nconst client = new Client();\nclient.connect().then(() => console.log('connected'));\n");
  writeFileSync(`${dir}/app.log`, '09:00:01 INFO listening\n09:00:05 ERROR upstream timeout\n09:00:06 WARN retrying\n09:00:07 INFO recovered\n09:10:44 ERROR 503 from billing\n09:10:45 INFO recovered\n');
  const fixed = (t) => t.replaceAll(`:${env.silentPort}`, ':8102').replace(/after \d+ milliseconds/g, 'after 1000 milliseconds');
  const cases = [
    ['r8-curl-max-time', () => execAsync(`curl -sS --max-time 1 http://127.0.0.1:${env.silentPort}/v1/reports/daily`, { cwd: dir }), 'transient', 'curl printed that the request timed out (a network timeout)', "child_process.exec('curl -sS --max-time 1 URL') of a server that never answers (the port and the elapsed ms fixed)"],
    ['r8-mkdir-permission-denied', () => execAsync('mkdir -p /srv/rb-data/uploads', { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'mkdir printed Permission denied', "child_process.exec('mkdir -p /srv/rb-data/uploads') as user nobody"],
    ['r8-git-push-rejected', () => execAsync('git push origin main', { cwd: `${dir}/ours`, env: gitEnv }), 'ambiguous', 'the push is rejected because the remote has newer commits: a conflict with stored data; how to integrate them is not said', "child_process.exec('git push origin main') behind a remote that has new commits"],
    ['r8-node-module-not-found', () => execAsync('node scripts/report.js', { cwd: dir }), 'ambiguous', "the script's dependency pg is not installed: a program's own error, not the call", "child_process.exec('node scripts/report.js') that requires a package that is not installed"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'r8-ok-log-level-counts', 'stdout', await execAsync("awk '{print $2}' app.log | sort | uniq -c", { cwd: dir }), 'none', 'the command counted the log levels it was asked for; ERROR is one of them', "child_process.exec(\"awk '{print $2}' app.log | sort | uniq -c\")");
}

const SEARCH_FLIGHTS_ARGS = z.object({ from: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter IATA airport code'), to: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter IATA airport code'), depart: z.iso.date(), passengers: z.number().int().min(1).max(9) });

async function zod8() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} safeParse() of tool arguments`;
  const { error } = SEARCH_FLIGHTS_ARGS.safeParse({ from: 'Berlin', to: 'LIS', depart: 'next friday', passengers: 0 });
  const reason = 'names from as a 3-letter airport code, depart as a date and passengers with its minimum';
  add(source, 'r8-flatten-error', 'flatten', JSON.stringify(z.flattenError(error)), 'fixable', reason, `${how}: JSON.stringify(z.flattenError(error))`);
  add(source, 'r8-flatten-error', 'issues', `Invalid arguments: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'fixable', reason, `${how}: \`Invalid arguments: \${issues.map(path: message).join('; ')}\``);
}

async function mcpEighth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api8Port}`;
  const dir = `${SCRATCH}/mcp8`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/weekly_report.py`, 'import json\n\nwith open("usage.json") as f:\n    usage = json.load(f)\n\nfor team in usage["teams"]:\n    print(team["name"], team["seats_used"] / team["seats"])\n');
  writeFileSync(`${dir}/usage.json`, '{"teams": [{"name": "web", "seats": 10, "seats_used": 7}, {"name": "data", "seats_used": 3}]}\n');
  const server = new McpServer({ name: 'corpus-8', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('create_task', { inputSchema: { title: z.string(), priority: z.string(), due_date: z.string().optional() } }, async (args) => {
    // The task API validates the body it is sent (its answer is the FastAPI-style 422 of the round-8 server).
    const res = await fetch(`${base}/api/fastapi-422`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('sync_contacts', {}, async () => {
    try {
      await fetch(`http://127.0.0.1:${env.resetPort}/v1/contacts?updated_since=2026-08-01`);
    } catch (e) {
      throw new Error(`Contact sync failed: ${e.message} (${e.cause?.code}: ${e.cause?.message})`);
    }
    return { content: [{ type: 'text', text: 'synced' }] };
  });
  server.registerTool('send_message', { inputSchema: { channel: z.string().regex(/^#[a-z0-9-]+$/), text: z.string().min(1).max(4000), thread_ts: z.string().optional() } }, async ({ channel }) => ({ content: [{ type: 'text', text: `posted to ${channel}` }] }));
  server.registerTool('get_forecast', { inputSchema: { city: z.string() } }, async ({ city }) => ({ content: [{ type: 'text', text: `${city}: 18°C` }] }));
  server.registerTool('save_note', { inputSchema: { path: z.string(), text: z.string() } }, async ({ path, text }) => {
    // The server runs this write as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(text)})`);
    return { content: [{ type: 'text', text: `Could not save the note: ${texts.message}` }], isError: true };
  });
  server.registerTool('run_report', { inputSchema: { name: z.string() } }, async ({ name }) => {
    const out = await run('python3', [`${name}.py`], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Report ${name} failed (exit ${out.code}):\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('search_docs', { inputSchema: { query: z.string() } }, async () => {
    // The server's own failure while its index is rebuilt.
    throw new McpError(ErrorCode.InternalError, 'Search index is being rebuilt; try again in about a minute');
  });
  server.registerTool('list_alerts', {}, async () => ({ content: [{ type: 'text', text: '0 alerts firing.\nResolved in the last 24 h:\n- HighErrorRate (api): 5xx ratio above 2% for 10 min, resolved 03:12\n- DiskPressure (db-1): 91% used, resolved 04:40 after log rotation' }] }));
  const { client, call } = await connectClient(server, 'corpus-8');
  const cases = [
    ['r8-upstream-504-gateway', () => call('call_api', { path: '/api/alb-504' }), 'transient', '504: gateway timeout (a load balancer page)'],
    ['r8-upstream-401-bad-credentials', () => call('call_api', { path: '/api/github-401' }), 'unrecoverable', '401: bad credentials'],
    ['r8-upstream-422-task-fields', () => call('create_task', { title: 'Renew the TLS certificate', priority: 'urgent' }), 'fixable', "the API's 422 names the call's due_date as required and priority with its options"],
    ['r8-tool-throws-fetch-reset', () => call('sync_contacts', {}), 'transient', 'the connection was reset (the tool names the cause)'],
    ['r8-invalid-pattern-min', () => call('send_message', { channel: 'general', text: '' }), 'fixable', 'names channel with the pattern it must match and text with its minimum length'],
    ['r8-unknown-tool', () => call('get_weather_forecast', { city: 'Lisbon' }), 'fixable', 'the tool name is the value to change'],
    ['r8-tool-write-eacces', () => call('save_note', { path: '/etc/rb-notes.md', text: 'standup moved to 10:00' }), 'unrecoverable', 'permission denied writing under /etc'],
    ['r8-tool-script-keyerror', () => call('run_report', { name: 'weekly_report' }), 'ambiguous', "a traceback of the script the tool ran (a KeyError on the data): the code or the data is wrong, not the call"],
    ['r8-server-index-rebuilding', () => call('search_docs', { query: 'rotate api keys' }), 'transient', "the server's own failure while its index is rebuilt; try again in a minute"],
    ['r8-ok-alerts-resolved', () => call('list_alerts', {}), 'none', 'the alerts were listed: none firing; the resolved ones name errors'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 9. The bodies of the round-9 API server (`api9Server` below) are written here in the style of public APIs
// (X, Fastly/Varnish, Mailgun, Bitbucket, CloudFront, PagerDuty, Datadog, Algolia, Heroku, Auth0, Airtable, a bulk
// import endpoint, a git smart-HTTP endpoint that asks for credentials); the texts around them come from fetch,
// undici, node:http, fs, child_process, git, npm, curl, tar, find, node, zod and the MCP SDK, and the tool wrappers
// named in each producer.
const API9_BODIES = {
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

const api9Server = () => bodiesServer(API9_BODIES, (url, res) => {
  if (url.startsWith('/acme/payments.git/')) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="Git"', 'content-type': 'text/plain' }).end('Unauthorized\n');
    return true;
  }
  return false;
});

async function apis9(env) {
  const base = `http://127.0.0.1:${env.api9Port}`;
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

async function files9() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs9`;
  mkdirSync(`${dir}/locked`, { recursive: true, mode: 0o755 });
  mkdirSync(`${dir}/assets/icons`, { recursive: true });
  writeFileSync(`${dir}/locked/build.log`, 'build 311 ok\n');
  writeFileSync(`${dir}/assets/icons/logo.svg`, '<svg/>\n');
  writeFileSync(`${dir}/CHANGELOG.md`, '# Changelog\n\n## 2.4.1\n\n- Fixed: uploads failed with ECONNRESET behind some proxies\n- Fixed: a 401 Unauthorized after token refresh was reported as a 500\n- Changed: TimeoutError messages now name the endpoint\n');
  await addAsNobody(source, [
    ['r9-eacces-mkdir-var-lib', "require('fs').mkdirSync('/var/lib/rb-agent/cache', { recursive: true })", 'permission denied creating a directory under /var/lib'],
    ['r9-eacces-unlink-root-dir', `require('fs').unlinkSync('${dir}/locked/build.log')`, "permission denied removing a file from a directory of another user"],
  ]);
  await addThrown(source, [
    ['r9-config-enoent', () => fsp.readFile(`${dir}/config/production.json`, 'utf8'), 'ambiguous', 'the config file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing config file'],
    ['r9-cp-directory', () => fsp.cp(`${dir}/assets`, `${dir}/public`), 'ambiguous', 'EISDIR: the source is a directory; what to do instead is not said', 'fs.promises.cp of a directory without options (a copy tool)'],
  ]);
  add(source, 'r9-ok-changelog', 'text', readFileSync(`${dir}/CHANGELOG.md`, 'utf8'), 'none', 'the changelog was read; its entries name fixed errors', 'readFileSync of a CHANGELOG');
}

async function processes9(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli9`;
  mkdirSync(`${dir}/app/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-09-01T08:30:00Z" GIT_COMMITTER_DATE="2026-09-01T08:30:00Z"';
  execSync(`git init -q -b main repo && cd repo && mkdir -p src && printf 'export const retries = 3;\\n' > src/config.js && git add . && ${dates} git ${id} commit -q -m init && git branch release && printf 'export const retries = 5;\\n' > src/config.js && printf 'export class UpstreamTimeoutError extends Error {}\\n' > src/errors.js && git add . && ${dates} git ${id} commit -q -m "Retry 5 times on UpstreamTimeoutError" && printf 'export const retries = 4;\\n' > src/config.js`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  writeFileSync(`${dir}/app/package.json`, '{\n  "name": "app",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "test": "node --test"\n  }\n}\n');
  writeFileSync(`${dir}/app/scripts/migrate.js`, "const steps = [\n  'add_column users.last_login',\n  'drop_index orders_by_date'\n\nfor (const step of steps) console.log(step);\n");
  writeFileSync(`${dir}/notes.txt`, 'not an archive\n');
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const fixed = (t) => t.replaceAll(` port ${env.refusedPort} `, ' port 8101 ').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['r9-curl-refused', () => execAsync(`curl -sS http://127.0.0.1:${env.refusedPort}/healthz`, { cwd: dir }), 'transient', "curl could not connect (the connection was refused)", "child_process.exec('curl -sS URL') of a closed port (the port and the elapsed ms fixed)"],
    ['r9-git-clone-auth', () => execAsync(`git clone http://127.0.0.1:${env.api9Port}/acme/payments.git`, { cwd: dir, env: gitEnv }), 'unrecoverable', 'the git server asks for credentials and none can be given', "child_process.exec('git clone URL') of a server that answers 401 (GIT_TERMINAL_PROMPT=0)"],
    ['r9-npm-install-404', () => execAsync(`npm install rb-retry-utilz@^2.0.0 --registry=http://127.0.0.1:${env.api9Port}/`, { cwd: `${dir}/app`, env: npmEnv }), 'ambiguous', 'npm printed 404: the package is not in the registry; which one is meant is not said', "child_process.exec('npm install rb-retry-utilz@^2.0.0 --registry=URL') of a registry that answers 404 (logs_max=0)"],
    ['r9-npm-run-missing-script', () => execAsync('npm run lint', { cwd: `${dir}/app`, env: npmEnv }), 'ambiguous', 'npm has no script lint; the scripts that exist are not listed (its suggestion is an npm command)', "child_process.exec('npm run lint') of a package.json that has only test"],
    ['r9-tar-not-gzip', () => execAsync('tar -xzf notes.txt', { cwd: dir }), 'ambiguous', 'the file is not a gzip archive: the data the command read is wrong', "child_process.exec('tar -xzf notes.txt') of a text file"],
    ['r9-find-permission-denied', () => execAsync("find /root -name '*.log'", { cwd: dir, uid: 65534, gid: 65534 }), 'unrecoverable', 'find printed Permission denied', "child_process.exec(\"find /root -name '*.log'\") as user nobody"],
    ['r9-node-syntax-error', () => execAsync('node scripts/migrate.js', { cwd: `${dir}/app` }), 'ambiguous', "a SyntaxError in the script the command ran: the code is wrong, not the call", "child_process.exec('node scripts/migrate.js') of a script with a syntax error"],
    ['r9-git-checkout-local-changes', () => execAsync('git checkout release', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', 'local changes would be overwritten: commit or stash is not decided by the text', "child_process.exec('git checkout release') with uncommitted changes to a file that differs"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  add(source, 'r9-ok-git-show-stat', 'stdout', await execAsync("git show --stat --format='%h %s' HEAD", { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'git showed the commit it was asked for; its subject and a file name are error words', "child_process.exec(\"git show --stat --format='%h %s' HEAD\") (fixed commit dates)");
}

const SEND_EMAIL_ARGS = z.object({ to: z.array(z.email()).min(1), subject: z.string().min(1).max(78), body: z.string(), send_at: z.iso.datetime({ offset: true }).optional() });
const DB_CONNECT_ARGS = z.object({ host: z.string(), port: z.coerce.number().int().min(1).max(65535), database: z.string().min(1) });

async function zod9() {
  const source = 'node-zod';
  const { error } = SEND_EMAIL_ARGS.safeParse({ to: [], subject: 'Quarterly numbers: revenue, churn, NPS, support backlog and hiring plan for Q4', body: 'See attached.', send_at: '2026-09-01 09:00' });
  add(source, 'r9-issues-json', 'issues', JSON.stringify(error.issues, null, 2), 'fixable', 'names to with its minimum size, subject with its maximum length and send_at as an ISO datetime', `zod ${ZOD_VERSION} safeParse() of tool arguments: JSON.stringify(error.issues, null, 2)`);
  const e = await thrown(() => DB_CONNECT_ARGS.parse({ host: 'db.internal', port: 'five-four-three-two', database: 'orders' }));
  add(source, 'r9-coerce-nan', 'string', String(e), 'fixable', 'names port and that it must be a number', `zod ${ZOD_VERSION} parse() of tool arguments with z.coerce.number(): String(err)`);
}

async function mcpNinth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api9Port}`;
  const dir = `${SCRATCH}/mcp9`;
  mkdirSync(`${dir}/not-a-repo`, { recursive: true });
  const server = new McpServer({ name: 'corpus-9', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('update_record', { inputSchema: { table: z.string(), id: z.string(), fields: z.record(z.string(), z.string()) } }, async ({ table, id, fields }) => {
    // The table API validates the fields it is sent (its answer is the Airtable-style 422 of the round-9 server).
    const res = await fetch(`${base}/api/airtable-422`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ table, id, fields }) });
    return { content: [{ type: 'text', text: `Update of ${table}/${id} failed (${res.status}): ${await res.text()}` }], isError: true };
  });
  server.registerTool('get_invoice', { inputSchema: { id: z.string() } }, async ({ id }) => {
    try {
      await fetch(`http://127.0.0.1:${env.refusedPort}/v1/invoices/${id}`);
    } catch (e) {
      throw new Error(`${e.message}: ${e.cause?.message}`);
    }
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('find_customer', { inputSchema: { email: z.string() } }, async ({ email }) => ({ content: [{ type: 'text', text: `No customer matches the email ${email}. Searched 2,318 customers in workspace acme.` }], isError: true }));
  server.registerTool('create_invoice', { inputSchema: { customer_id: z.string().startsWith('cus_'), amount_cents: z.number().int().positive(), currency: z.enum(['USD', 'EUR', 'GBP']) } }, async ({ customer_id }) => ({ content: [{ type: 'text', text: `invoice for ${customer_id}` }] }));
  server.registerTool('summarize_orders', { inputSchema: { day: z.string() } }, async () => {
    // A bug of the server: the upstream answer has no `items`.
    const orders = JSON.parse('{"day":"2026-09-01","count":0}');
    return { content: [{ type: 'text', text: orders.items.map((o) => o.id).join(', ') }] };
  });
  server.registerTool('run_command', { inputSchema: { command: z.string() } }, async ({ command }) => {
    const out = await run('sh', ['-c', command], { cwd: `${dir}/not-a-repo`, env: { ...process.env, GIT_CEILING_DIRECTORIES: SCRATCH, LANG: 'C' } });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `exit code ${out.code}\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('list_deployments', {}, async () => ({ content: [{ type: 'text', text: 'web  v42  healthy  (rolled out 08:10; v41 was rolled back after 502 errors from the checkout service)\napi  v318 healthy  (0 failed health checks in 24 h)\njobs v77  healthy  (last crash loop: none)' }] }));
  server.registerResource('report', new ResourceTemplate('reports://{name}', { list: undefined }), {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'q2' }] }));
  const { client, call } = await connectClient(server, 'corpus-9');
  await addToolResults(source, [
    ['r9-upstream-503-maintenance', () => call('call_api', { path: '/api/heroku-503' }), 'transient', '503: the API is down for scheduled maintenance; try again in a few minutes'],
    ['r9-upstream-403-scope', () => call('call_api', { path: '/api/auth0-403' }), 'unrecoverable', '403: the token lacks the scope read:users'],
    ['r9-upstream-422-select-option', () => call('update_record', { table: 'Tasks', id: 'rec8XkQ2', fields: { Status: 'Done!' } }), 'fixable', 'the 422 names the field Status and its valid options'],
    ['r9-tool-throws-refused', () => call('get_invoice', { id: 'in_1042' }), 'transient', 'the connection was refused (the tool names the cause)'],
    ['r9-tool-no-match', () => call('find_customer', { email: 'lee@example.org' }), 'ambiguous', "the tool's own not found: which customer is meant is not said"],
    ['r9-invalid-prefix-int-enum', () => call('create_invoice', { customer_id: '42', amount_cents: 19.99, currency: 'usd' }), 'fixable', 'names customer_id with its prefix, amount_cents as an integer and currency with its options'],
    ['r9-server-type-error', () => call('summarize_orders', { day: '2026-09-01' }), 'ambiguous', "a TypeError of the server's own code: the code is wrong, not the call"],
    ['r9-tool-not-a-git-repo', () => call('run_command', { command: 'git status --short' }), 'ambiguous', 'git: the directory is not a repository; which one is meant is not said'],
    ['r9-ok-deployments-healthy', () => call('list_deployments', {}), 'none', 'the deployments were listed, all healthy; a note names 502 errors of a rolled-back version'],
  ]);
  await addMcpThrown(source, [
    ['r9-resource-not-found', () => client.readResource({ uri: 'file:///srv/reports/q3.md' }), 'ambiguous', 'the resource is not found; the valid ones are not listed', 'readResource of a URI no resource or template matches'],
  ]);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 10. A representative day rather than new kinds: the bodies of the round-10 API server (`api10Server`
// below) are written here in the style of the APIs used most (GitHub, Stripe, OpenAI, Google, Slack, AWS API
// Gateway, an nginx proxy and a team's own Express, FastAPI and Django backends); the texts around them come from
// fetch, undici, fs, child_process, git, npm, node, ls, mkdir, zod and the MCP SDK, and the tool wrappers named in
// each producer.
const API10_BODIES = {
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

const api10Server = () => bodiesServer(API10_BODIES);

async function apis10(env) {
  const base = `http://127.0.0.1:${env.api10Port}`;
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

async function files10() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs10`;
  mkdirSync(`${dir}/src/components`, { recursive: true });
  mkdirSync(`${dir}/dist`, { recursive: true });
  writeFileSync(`${dir}/.env.example`, 'PORT=3000\nDATABASE_URL=postgres://localhost:5432/app\nLOG_LEVEL=error\nSENTRY_DSN=\nREQUEST_TIMEOUT_MS=5000\nRETRY_ON_ERROR=true\n');
  await addAsNobody(source, [
    ['r10-eacces-read-root-npmrc', "require('fs').readFileSync('/root/.npmrc', 'utf8')", 'permission denied reading a file under /root'],
    ['r10-eacces-write-etc-hosts', "require('fs').writeFileSync('/etc/hosts', '127.0.0.1 api.local\\n', { flag: 'a' })", 'permission denied writing /etc/hosts'],
  ]);
  await addThrown(source, [
    ['r10-read-enoent-component', () => fsp.readFile(`${dir}/src/components/Header.tsx`, 'utf8'), 'ambiguous', 'the file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing source file'],
    ['r10-mkdir-eexist', () => fsp.mkdir(`${dir}/dist`), 'ambiguous', 'the directory exists; what to do instead is not said', 'fs.promises.mkdir of an existing directory without recursive'],
  ]);
  add(source, 'r10-ok-env-example', 'text', readFileSync(`${dir}/.env.example`, 'utf8'), 'none', 'the file was read; its keys name errors and timeouts', 'readFileSync of a .env.example');
}

async function processes10(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli10`;
  mkdirSync(`${dir}/web/test`, { recursive: true });
  mkdirSync(`${dir}/web/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C', LC_ALL: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-10-05T09:00:00Z" GIT_COMMITTER_DATE="2026-10-05T09:00:00Z"';
  writeFileSync(`${dir}/web/package.json`, '{\n  "name": "web",\n  "version": "2.14.0",\n  "private": true,\n  "scripts": {\n    "test": "node --test test/"\n  }\n}\n');
  writeFileSync(`${dir}/web/test/price.test.js`, "const test = require('node:test');\nconst assert = require('node:assert');\n\nconst withTax = (cents) => Math.floor(cents * 1.19);\n\ntest('adds 19% tax', () => {\n  assert.strictEqual(withTax(1000), 1190);\n});\n\ntest('rounds half cents up', () => {\n  assert.strictEqual(withTax(1050), 1250);\n});\n");
  writeFileSync(`${dir}/web/scripts/seed.js`, "const config = require('./config.json');\n\nconst url = config.database.url;\nconsole.log(`seeding ${url}`);\n");
  writeFileSync(`${dir}/web/scripts/config.json`, '{ "db": { "url": "postgres://localhost:5432/app" } }\n');
  mkdirSync(`${dir}/errors-ok/test`, { recursive: true });
  writeFileSync(`${dir}/errors-ok/test/errors.test.js`, "const test = require('node:test');\nconst assert = require('node:assert');\n\ntest('maps ECONNRESET to a retryable error', () => assert.ok(true));\ntest('maps 403 to PermissionError', () => assert.ok(true));\n");
  execSync(`git init -q -b main repo && cd repo && echo '# web' > README.md && git add README.md && ${dates} git ${id} commit -q -m init`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cEnv = { ...process.env, LANG: 'C', LC_ALL: 'C' };
  // node --test prints the time each test took: fixed here.
  const fixed = (t) => t.replace(/(duration_ms:? )[\d.]+/g, (m, key) => `${key}1.0`).replace(/ \([\d.]+ms\)/g, ' (1.0ms)');
  const cases = [
    ['r10-git-checkout-pathspec', () => execAsync('git checkout feature/login-page', { cwd: `${dir}/repo`, env: gitEnv }), 'ambiguous', 'no branch or file of that name; which one is meant is not said', "child_process.exec('git checkout feature/login-page') of a branch that does not exist"],
    ['r10-npm-test-failing', () => execAsync('npm test', { cwd: `${dir}/web`, env: npmEnv }), 'ambiguous', 'a failing test of the project: the code is wrong, not the call', "child_process.exec('npm test') of a node --test suite with a failing assertion (durations fixed)"],
    ['r10-npm-install-refused', () => execAsync(`npm install express@4 --registry=http://127.0.0.1:${env.refusedPort}/`, { cwd: `${dir}/web`, env: npmEnv }), 'transient', 'npm printed that the connection to the registry was refused', "child_process.exec('npm install express@4 --registry=URL') of a closed port (fetch_retries=0, logs_max=0; the port fixed)"],
    ['r10-node-script-type-error', () => execAsync('node scripts/seed.js', { cwd: `${dir}/web` }), 'ambiguous', 'a TypeError in the script the command ran: the code or its config is wrong, not the call', "child_process.exec('node scripts/seed.js') of a script reading a missing config key"],
    ['r10-ls-invalid-sort', () => execAsync('ls -l --sort=date', { cwd: dir, env: cEnv }), 'fixable', "ls names the invalid --sort argument and lists the valid ones", "child_process.exec('ls -l --sort=date') (LC_ALL=C)"],
    ['r10-mkdir-missing-parent', () => execAsync('mkdir src/components/ui', { cwd: dir, env: cEnv }), 'ambiguous', 'a parent directory does not exist; create it or pick another path is not said', "child_process.exec('mkdir src/components/ui') without -p (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr) !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  // An exec tool that returns the exit code and the output, of the failing suite above.
  const testRun = await run('npm', ['test'], { cwd: `${dir}/web`, env: npmEnv });
  add(source, 'r10-npm-test-failing', 'exit-output', fixed(`exit code ${testRun.code}\n${testRun.stdout}${testRun.stderr}`), 'ambiguous', 'a failing test of the project: the code is wrong, not the call', "execFile('npm', ['test']) of the same suite: `exit code ${code}\\n${stdout}${stderr}` (durations fixed)");
  add(source, 'r10-ok-node-test-error-names', 'stdout', fixed(await execAsync('node --test test/', { cwd: `${dir}/errors-ok` })), 'none', 'the tests passed; their names are error words', "child_process.exec('node --test test/') of a passing suite (durations fixed)");
}

const CREATE_PR_ARGS = z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), title: z.string().min(1), head: z.string(), base: z.string(), draft: z.boolean().optional() });

async function zod10() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const e = await thrown(() => CREATE_PR_ARGS.parse({ repo: 'acme/web', title: '', head: 'feature/login-page' }));
  const reason = 'names title with its minimum length and the missing base as a string';
  add(source, 'r10-create-pr-args', 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
  add(source, 'r10-create-pr-args', 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
}

async function mcpTenth(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api10Port}`;
  const dir = `${SCRATCH}/mcp10`;
  mkdirSync(`${dir}/src`, { recursive: true });
  const server = new McpServer({ name: 'corpus-10', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('create_pull_request', { inputSchema: { repo: z.string(), title: z.string().min(1), head: z.string(), base: z.string(), draft: z.boolean().optional() } }, async ({ title }) => ({ content: [{ type: 'text', text: `opened ${title}` }] }));
  server.registerTool('get_user', { inputSchema: { id: z.number().int() } }, async ({ id }) => {
    // The team's own backend on localhost; the tool names the cause of fetch's `fetch failed`.
    try {
      await fetch(`http://127.0.0.1:${env.refusedPort}/api/users/${id}`);
    } catch (e) {
      throw new Error(`GET /api/users/${id} failed: ${e.cause?.message ?? e.message}`);
    }
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('list_pull_requests', { inputSchema: { repo: z.string() } }, async ({ repo }) => ({ content: [{ type: 'text', text: `3 open pull requests in ${repo}:\n#412 Fix 500 error when the cart is empty (checks: passing)\n#415 Retry uploads on ECONNRESET (checks: passing)\n#418 Show "Permission denied" toast for read-only users (checks: passing)` }] }));
  const { client, call } = await connectClient(server, 'corpus-10');
  const callApi = (name) => () => call('call_api', { path: `/api/${name}` });
  await addToolResults(source, [
    ['r10-upstream-404-repo', callApi('github-404-repo'), 'ambiguous', '404: the repository is not found; which one is meant is not said'],
    ['r10-upstream-429-openai', callApi('openai-429'), 'transient', '429: a requests-per-minute rate limit; try again shortly'],
    ['r10-upstream-401-google', callApi('google-401'), 'unrecoverable', '401: invalid authentication credentials'],
    ['r10-upstream-503-nginx', callApi('nginx-503'), 'transient', '503: service temporarily unavailable'],
    ['r10-read-enoent', () => call('read_file', { path: `${dir}/src/routes/users.ts` }), 'ambiguous', 'the file does not exist; which one is meant is not said'],
    ['r10-unknown-tool', () => call('git_commit', { message: 'fix: handle empty cart' }), 'fixable', 'the tool name is the value to change'],
    ['r10-invalid-params', () => call('create_pull_request', { repo: 'acme/web', title: 'Fix login redirect', base: 'main', draft: 'yes' }), 'fixable', 'names the missing head and draft as a boolean'],
    ['r10-tool-throws-refused', () => call('get_user', { id: 42 }), 'transient', 'the connection to the local backend was refused (the tool names the cause)'],
    ['r10-ok-pull-requests', () => call('list_pull_requests', { repo: 'acme/web' }), 'none', 'the pull requests were listed; their titles name errors'],
  ]);
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
// Round 11. Another representative day: the bodies of the round-11 API server (`api11Server` below) are written
// here in the style of the APIs used most (GitHub, Stripe, OpenAI, Slack, an nginx proxy, AWS API Gateway, a
// team's own Django backend, and an npm registry that has no such package); the texts around them come from fetch,
// undici, fs, child_process, git, npm, node, ls, zod and the MCP SDK, and the tool wrappers named in each producer.
const API11_BODIES = {
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

const api11Server = () => bodiesServer(API11_BODIES);

async function apis11(env) {
  const base = `http://127.0.0.1:${env.api11Port}`;
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

async function files11() {
  const source = 'node-fs';
  const dir = `${SCRATCH}/fs11`;
  mkdirSync(`${dir}/app/src`, { recursive: true });
  writeFileSync(`${dir}/app/appsettings.json`, '{\n  "Logging": { "LogLevel": { "Default": "Information" } },\n  "ConnectionStrings": { "Default": "Server=localhost;Database=app" },\n}\n');
  await addAsNobody(source, [
    ['r11-eacces-read-ssh-key', "require('fs').readFileSync('/root/.ssh/id_ed25519', 'utf8')", 'permission denied reading a key under /root'],
  ]);
  await addThrown(source, [
    ['r11-read-enoent-env-local', () => fsp.readFile(`${dir}/app/.env.local`, 'utf8'), 'ambiguous', 'the file does not exist; which one is meant is not said', 'fs.promises.readFile of a missing .env.local'],
    ['r11-write-enoent-parent', () => fsp.writeFile(`${dir}/app/src/hooks/useAuth.ts`, 'export function useAuth() {}\n'), 'ambiguous', 'a directory of the path does not exist; create it or write elsewhere is not said', 'fs.promises.writeFile under a directory that does not exist'],
    ['r11-json-parse-config', async () => JSON.parse(await fsp.readFile(`${dir}/app/appsettings.json`, 'utf8')), 'ambiguous', 'a JSON parse error of the data the tool read (a trailing comma)', 'JSON.parse of fs.promises.readFile of a settings file with a trailing comma'],
  ]);
}

async function processes11(env) {
  const source = 'node-child-process';
  const dir = `${SCRATCH}/cli11`;
  mkdirSync(`${dir}/api/scripts`, { recursive: true });
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C', LC_ALL: 'C' };
  const id = '-c user.name=dev -c user.email=dev@example.com';
  const dates = 'GIT_AUTHOR_DATE="2026-11-02T09:00:00Z" GIT_COMMITTER_DATE="2026-11-02T09:00:00Z"';
  const npmEnv = { ...process.env, npm_config_logs_max: '0', npm_config_update_notifier: 'false', npm_config_fetch_retries: '0', npm_config_cache: `${dir}/npm-cache`, npm_config_audit: 'false', npm_config_fund: 'false' };
  const cEnv = { ...process.env, LANG: 'C', LC_ALL: 'C' };
  writeFileSync(`${dir}/api/package.json`, '{\n  "name": "api",\n  "version": "0.9.0",\n  "private": true,\n  "scripts": {\n    "start": "node server.js",\n    "test": "node --test"\n  }\n}\n');
  writeFileSync(`${dir}/api/scripts/migrate.js`, "const db = require('../db');\n\ndb.migrate().then(() => console.log('migrated'));\n");
  // A dev server that keeps running (it stops itself after 5 s, so that nothing is left behind).
  writeFileSync(`${dir}/api/server.js`, "require('node:http').createServer((req, res) => res.end('ok')).listen(0, () => console.log('listening'));\nsetTimeout(() => process.exit(0), 5000);\n");
  // A repository with a bare remote: a branch that was never pushed, and two branches that edit one line.
  execSync([
    'git init -q --bare -b main remote.git', 'git clone -q remote.git repo 2>/dev/null', 'cd repo',
    "printf 'export const API_URL = \"http://localhost:3000\";\\n' > config.js", 'git add config.js', `${dates} git ${id} commit -q -m "add config"`, 'git push -q origin main',
    'git checkout -q -b feature/api-url', "printf 'export const API_URL = \"https://api.acme.dev\";\\n' > config.js", `${dates} git ${id} commit -q -am "use the hosted API"`,
    'git checkout -q main', "printf 'export const API_URL = \"http://localhost:8080\";\\n' > config.js", `${dates} git ${id} commit -q -am "move the dev server to 8080"`,
    'git checkout -q -b fix/retry-on-econnreset', `${dates} git ${id} commit -q --allow-empty -m "fix: retry uploads on ECONNRESET"`, `${dates} git ${id} commit -q --allow-empty -m "fix: return 404 instead of 500 for unknown orders"`,
  ].join(' && '), { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const fixed = (t) => t.replaceAll(`port ${env.refusedPort}`, 'port 8101').replaceAll(`:${env.refusedPort}`, ':8101').replaceAll(`:${env.api11Port}`, ':8116').replace(/after \d+ ms/g, 'after 0 ms');
  const cases = [
    ['r11-git-push-no-upstream', () => execAsync('git push', { cwd: `${dir}/repo`, env: gitEnv }), 'fixable', 'git names the command to use instead: push with --set-upstream origin and the branch', "child_process.exec('git push') of a branch that has no upstream"],
    ['r11-git-unknown-option', () => execAsync(`git ${id} commit --amendd --no-edit`, { cwd: `${dir}/repo`, env: gitEnv }), 'fixable', "git names the unknown option and prints the usage with the valid ones", "child_process.exec('git commit --amendd --no-edit')"],
    ['r11-npm-missing-script', () => execAsync('npm run lint', { cwd: `${dir}/api`, env: npmEnv }), 'ambiguous', 'npm: the script lint is not there; the valid ones are not listed', "child_process.exec('npm run lint') of a package without that script (logs_max=0)"],
    ['r11-npm-install-e404', () => execAsync(`npm install expresss --registry=http://127.0.0.1:${env.api11Port}/`, { cwd: `${dir}/api`, env: npmEnv }), 'ambiguous', 'npm: the package is not in the registry; which one is meant is not said', "child_process.exec('npm install expresss --registry=URL') of a registry that answers 404 (logs_max=0; the port fixed)"],
    ['r11-node-cannot-find-module', () => execAsync('node scripts/migrate.js', { cwd: `${dir}/api` }), 'ambiguous', "the script requires a local module that does not exist: a program's own error, not the call", "child_process.exec('node scripts/migrate.js') that requires a missing local module"],
    ['r11-ls-permission-denied', () => execAsync('ls -la /root/.config', { cwd: dir, env: cEnv, uid: 65534, gid: 65534 }), 'unrecoverable', 'ls printed Permission denied', "child_process.exec('ls -la /root/.config') as user nobody (LC_ALL=C)"],
  ];
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', fixed(e.message), truth, reason, how);
    if (String(e.stderr ?? '') !== '') add(source, kase, 'stderr', fixed(String(e.stderr)), truth, reason, `${how}: the error's stderr`);
  }
  // An exec tool with a time limit, of a dev server that does not exit: the error, and the tool's own wording.
  const killed = await thrown(() => execAsync('node server.js', { cwd: `${dir}/api`, timeout: 1500 }));
  const killedReason = "the tool's own time limit killed a command that does not exit: repeating would time out again";
  add(source, 'r11-dev-server-killed', 'message', killed.message, 'ambiguous', killedReason, "child_process.exec('node server.js', {timeout: 1500}) of a server that keeps running");
  add(source, 'r11-dev-server-killed', 'tool', `Command timed out after 1500 ms and was killed (${killed.signal}): node server.js`, 'ambiguous', killedReason, "child_process.exec('node server.js', {timeout: 1500}): `Command timed out after 1500 ms and was killed (${e.signal}): ${command}`");
  // An exec tool that returns the exit code and the output: a merge that stops on a conflict.
  const conflict = await run('sh', ['-c', `git checkout -q main && git ${id} merge feature/api-url`], { cwd: `${dir}/repo`, env: gitEnv });
  add(source, 'r11-git-merge-conflict', 'exit-output', `exit code ${conflict.code}\n${conflict.stdout}${conflict.stderr}`, 'ambiguous', 'a merge conflict with stored changes; how to resolve it is not said', "execFile('sh', ['-c', 'git checkout main && git merge feature/api-url']) of two branches that edit one line: `exit code ${code}\\n${stdout}${stderr}`");
  execSync('git merge --abort', { cwd: `${dir}/repo`, env: gitEnv, stdio: 'ignore' });
  add(source, 'r11-ok-git-log-fixes', 'stdout', await execAsync('git log --oneline --format=%s main..fix/retry-on-econnreset', { cwd: `${dir}/repo`, env: gitEnv }), 'none', 'the log lists the commits asked for; their subjects name errors', "child_process.exec('git log --oneline --format=%s main..fix/retry-on-econnreset')");
}

const SEND_MESSAGE_ARGS = z.object({ channel: z.string().regex(/^C[A-Z0-9]{8,}$/, 'must be a Slack channel ID like C0123ABCD'), text: z.string().min(1).max(40000), thread_ts: z.string().optional(), unfurl_links: z.boolean().optional() });

async function zod11() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const send = await thrown(() => SEND_MESSAGE_ARGS.parse({ channel: '#deploys', unfurl_links: 'false' }));
  const sendReason = 'names channel with the ID format it must have, the missing text as a string and unfurl_links as a boolean';
  add(source, 'r11-send-message-args', 'message', send.message, 'fixable', sendReason, `${how}: ZodError message`);
  add(source, 'r11-send-message-args', 'pretty', z.prettifyError(send), 'fixable', sendReason, `${how}: z.prettifyError`);
}

async function mcpEleventh(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.api11Port}`;
  const dir = `${SCRATCH}/mcp11`;
  mkdirSync(`${dir}/src`, { recursive: true });
  const server = new McpServer({ name: 'corpus-11', version: '1.0.0' });
  server.registerTool('http_request', { inputSchema: { method: z.enum(['GET', 'POST']), path: z.string() } }, async ({ method, path }) => {
    const res = await fetch(`${base}${path}`, { method });
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `${method} ${path} returned ${res.status} ${res.statusText}\n${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('query_db', { inputSchema: { sql: z.string() } }, async () => {
    // The team's Postgres on localhost is not running; the tool reports the connect error in its own words.
    const e = await thrown(() => new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', reject)));
    return { content: [{ type: 'text', text: `Could not connect to the database at 127.0.0.1:${env.refusedPort}: ${e.message}` }], isError: true };
  });
  server.registerTool('create_issue', { inputSchema: { repo: z.string(), title: z.string().min(1), body: z.string().optional(), labels: z.array(z.string()).optional(), assignee: z.string().optional() } }, async ({ title }) => ({ content: [{ type: 'text', text: `created ${title}` }] }));
  server.registerTool('summarize_pr', { inputSchema: { number: z.number().int() } }, async () => {
    // A tool that waits on a model that does not answer within the client's request timeout.
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { content: [{ type: 'text', text: 'summary' }] };
  });
  server.registerTool('search_issues', { inputSchema: { query: z.string() } }, async ({ query }) => ({ content: [{ type: 'text', text: `2 issues match "${query}":\n#771 [closed] TypeError: Cannot read properties of undefined (reading 'id') in checkout\n#802 [closed] 504 Gateway Timeout on /api/export for large accounts` }] }));
  const { client, call } = await connectClient(server, 'corpus-11');
  const request = (path, method = 'GET') => () => call('http_request', { method, path });
  await addToolResults(source, [
    ['r11-upstream-401-github', request('/api/github-401', 'POST'), 'unrecoverable', '401: the call needs authentication'],
    ['r11-upstream-502-nginx', request('/api/nginx-502'), 'transient', '502: bad gateway (an nginx page)'],
    ['r11-read-enoent', () => call('read_file', { path: `${dir}/src/server.ts` }), 'ambiguous', 'the file does not exist; which one is meant is not said'],
    ['r11-db-refused', () => call('query_db', { sql: 'select count(*) from orders' }), 'transient', 'the connection to the database was refused (in the tool\'s own words)'],
    ['r11-unknown-tool', () => call('list_pull_requests', { repo: 'acme/api' }), 'fixable', 'the tool name is the value to change'],
    ['r11-invalid-params', () => call('create_issue', { repo: 'acme/api', title: '', labels: 'bug' }), 'fixable', 'names title with its minimum length and labels as an array'],
    ['r11-ok-search-issues', () => call('search_issues', { query: 'checkout error' }), 'none', 'the issues were found; their titles are error texts'],
  ]);
  await addMcpThrown(source, [
    ['r11-request-timeout', () => client.callTool({ name: 'summarize_pr', arguments: { number: 512 } }, undefined, { timeout: 200 }), 'transient', 'the MCP request timed out (an RPC request timeout)', 'client.callTool with a 200 ms request timeout of a tool that takes 800 ms'],
  ]);
  await new Promise((resolve) => setTimeout(resolve, 700));
  await Promise.all([client.close(), server.close()]);
}
// ---------------------------------------------------------------------------------------------------------------
const GROUPS = { networking, files, processes, mcp, apis, undiciMore, filesMore, processesMore, runtime, mcpMore, httpClient, tls, dnsNet, streams, filesThird, cli, aborts, zodArgs, apis3, mcpThird, apis4, files4, processes4, zod4, mcpFourth, apis5, files5, processes5, zod5, mcpFifth, apis6, files6, processes6, zod6, mcpSixth, apis7, files7, processes7, zod7, mcpSeventh, apis8, files8, processes8, zod8, mcpEighth, apis9, files9, processes9, zod9, mcpNinth, apis10, files10, processes10, zod10, mcpTenth, apis11, files11, processes11, zod11, mcpEleventh };

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
  const serve = (server, canonical) => {
    track(server);
    servers.push(server);
    return listen(server, canonical);
  };
  // Round 2: servers added after the first ones, so that the first ones keep their canonical ports.
  env.apiPort = await serve(apiServer(), 8105);
  // Round 3: an API server, a TLS server with a self-signed certificate for api.rb-corpus.test, a silent DNS socket.
  env.api3Port = await serve(api3Server(), 8107);
  mkdirSync(`${SCRATCH}/tls`, { recursive: true });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${SCRATCH}/tls/key.pem`, '-out', `${SCRATCH}/tls/cert.pem`, '-subj', '/CN=api.rb-corpus.test', '-addext', 'subjectAltName=DNS:api.rb-corpus.test', '-days', '2'], { stdio: 'ignore' });
  env.tlsCert = readFileSync(`${SCRATCH}/tls/cert.pem`);
  const tlsServer = createHttpsServer({ key: readFileSync(`${SCRATCH}/tls/key.pem`), cert: env.tlsCert }, (req, res) => res.end('{}'));
  tlsServer.on('tlsClientError', () => {});
  env.tlsPort = await serve(tlsServer, 8108);
  const dnsSocket = createSocket('udp4');
  await new Promise((resolve) => dnsSocket.bind(0, '127.0.0.1', resolve));
  env.dnsPort = dnsSocket.address().port;
  // Round 4: a further API server.
  env.api4Port = await serve(api4Server(), 8109);
  // Round 5: a further API server.
  env.api5Port = await serve(api5Server(), 8110);
  // Round 6: a further API server.
  env.api6Port = await serve(api6Server(), 8111);
  // Round 7: a further API server.
  env.api7Port = await serve(api7Server(), 8112);
  // Round 8: a further API server.
  env.api8Port = await serve(api8Server(), 8113);
  // Round 9: a further API server.
  env.api9Port = await serve(api9Server(), 8114);
  // Round 10: a further API server.
  env.api10Port = await serve(api10Server(), 8115);
  // Round 11: a further API server.
  env.api11Port = await serve(api11Server(), 8116);
  for (const name of values.only.split(',')) await GROUPS[name](env);
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  dnsSocket.close();
  rmSync(SCRATCH, { recursive: true, force: true });
  // util.inspect of a connect error also prints `port: N`.
  const pattern = /(127\.0\.0\.1:|port: )(\d+)/g;
  for (const record of records) {
    record.message.content = record.message.content.replace(pattern, (m, host, port) => host + (ports.get(port) ?? port));
    process.stdout.write(`${JSON.stringify(record)}\n`);
  }
}

await main();
