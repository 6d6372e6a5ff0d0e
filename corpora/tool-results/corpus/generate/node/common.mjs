// What every Node case shares: the scratch directory, the versions the how-labels name, the record collector
// (ports are rewritten to canonical ones when the records are printed), the forms a tool returns an error in, and
// the helpers that run a call, a command or a script (also as user nobody).
import { exec, execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGetRaw } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer as createNetServer } from 'node:net';

export const SCRATCH = '/tmp/rb-corpus/node';
const PRODUCER = 'corpus/generate/node-corpus.mjs';
export const UNDICI_VERSION = JSON.parse(readFileSync(new URL(import.meta.resolve('undici/package.json')), 'utf8')).version;
export const MCP_VERSION = JSON.parse(readFileSync(new URL('../../../../../node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8')).version;

const versionOf = (name) => JSON.parse(readFileSync(new URL(`../../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
export const EXECA_VERSION = versionOf('execa');
export const YAML_VERSION = versionOf('yaml');
export const ZOD_VERSION = versionOf('zod');

export const records = [];
export const ports = new Map();

export function add(source, kase, form, text, truth, reason, how, isError = false) {
  const message = { role: 'tool', content: text };
  if (isError) message.is_error = true;
  records.push({ id: `${source}/${kase}#${form}`, source, producer: `${PRODUCER} (${how}; node ${process.version})`, message, truth, reason });
}

export async function thrown(action) {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('the call was expected to fail and did not');
}

export const named = (e) => `${e.name}: ${e.message}`;
export const withCause = (e) => (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message);

/** Node's `fetch failed` alone says nothing of its cause, so its cause-less forms are ambiguous whatever the cause. */
const CAUSELESS_FETCH = { truth: 'ambiguous', reason: 'fetch failed without its cause: a refused or reset connection, a timeout and a host that does not resolve read the same (LABELLING.md: ambiguous)' };

/**
 * The forms a Node tool returns an error in: `err.message`, `String(err)` and, where there is one, the cause; each form
 * has the truth of its own text (a fetch's `message` and `String(err)` do not show the cause).
 */
export function addError(source, kase, e, truth, reason, how) {
  const bare = e.message === 'fetch failed' ? CAUSELESS_FETCH : { truth, reason };
  add(source, kase, 'message', e.message, bare.truth, bare.reason, how);
  add(source, kase, 'string', String(e), bare.truth, bare.reason, how);
  if (e.cause instanceof Error) add(source, kase, 'with-cause', withCause(e), truth, reason, how);
}

/** Cases `[kase, action, truth, reason, how]` whose action throws: each error's `message` and `String(err)`. */
export async function addThrown(source, cases) {
  for (const [kase, action, truth, reason, how] of cases) {
    const e = await thrown(action);
    add(source, kase, 'message', e.message, truth, reason, how);
    add(source, kase, 'string', String(e), truth, reason, how);
  }
}

export async function listen(server, canonical) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  ports.set(String(server.address().port), String(canonical));
  return server.address().port;
}

export async function closedPort(canonical) {
  const probe = createNetServer();
  const port = await listen(probe, canonical);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export const STATUS_TRUTH = {
  400: ['ambiguous', 'a bare 400 names no field'], 401: ['unrecoverable', '401: credentials refused'], 403: ['unrecoverable', '403: forbidden'],
  404: ['ambiguous', '404: missing resource'], 408: ['transient', '408: request timed out'], 409: ['ambiguous', '409: state conflict'],
  422: ['ambiguous', 'a bare 422 names no field'], 429: ['transient', '429: rate limited'], 500: ['transient', '500: server error'],
  502: ['transient', '502: bad gateway'], 503: ['transient', '503: service unavailable'], 504: ['transient', '504: gateway timeout'],
};

export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8', ...options }, (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? error.code : 0, error }));
  });
}

/** Runs `code` in a node child as user nobody and returns the caught error's `message` and `String(e)`. */
export async function asNobody(code) {
  const out = await run('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `try { ${code}; console.log('{}') } catch (e) { console.log(JSON.stringify({ message: e.message, string: String(e) })) }`]);
  const texts = JSON.parse(out.stdout);
  if (texts.message === undefined) throw new Error(`${code} did not fail as user nobody`);
  return texts;
}

/** Cases `[kase, code, reason]` whose `code` is refused to user nobody: the error's `message` and `String(err)`. */
export async function addAsNobody(source, cases) {
  for (const [kase, code, reason] of cases) {
    const texts = await asNobody(code);
    add(source, kase, 'message', texts.message, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
    add(source, kase, 'string', texts.string, 'unrecoverable', reason, `${code} as user nobody (setpriv)`);
  }
}

/** http.get as a promise: resolves with the response and its body, rejects with the request's error. */
export function httpGet(url, options = {}) {
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

export const execAsync = (cmd, options) => new Promise((resolve, reject) => exec(cmd, { encoding: 'utf8', timeout: 60_000, ...options }, (e, stdout, stderr) => (e ? reject(Object.assign(e, { stderr })) : resolve(stdout))));
