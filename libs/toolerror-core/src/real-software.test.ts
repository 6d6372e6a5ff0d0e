import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, get } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detectFailures, type Conversation, type Kind, type Message, type RuleSetName } from './index.ts';

/**
 * Error texts produced at test time by real software (CPython and its standard library, requests, pydantic,
 * Node's fetch, http and fs, the MCP TypeScript SDK), fed to the detector as tool results. The expected rule and
 * kind come from the spec's start texts and word lists; `shape` records what the real text looked like when the
 * expectation was written, so that a change in the software fails as a change of text, not as a detection bug.
 */

interface Failure {
  rule: string;
  kind: Kind;
}
type Expected = Failure | 'none';
const NONE = 'none';
const fail = (rule: string, kind: Kind): Failure => ({ rule, kind });

const QWEN = 'QwenCode/0.0.14 (linux; x64)';
const CODEX = 'codex_cli_rs/0.46.0 (Ubuntu 24.04; x86_64)';
const KILO = 'Kilo-Code/4.104.0';
const OPENCODE = 'opencode/0.15.8 ai-sdk/provider-utils/3.0.10';
const UNKNOWN_AGENT = 'python-httpx/0.28.1';

interface RealCase {
  name: string;
  text: string;
  shape: RegExp;
  expected: Expected;
  ua?: string;
  rules?: RuleSetName;
  flags?: Pick<Message, 'is_error'>;
}

function detect(c: RealCase): Expected {
  const conversation: Conversation = {
    messages: [
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'run', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: c.text, ...c.flags },
    ],
    tools: [],
  };
  const [first, ...rest] = detectFailures(conversation, { userAgent: c.ua ?? UNKNOWN_AGENT, rules: c.rules ?? 'paper' });
  expect(rest).toEqual([]);
  return first ? { rule: first.rule, kind: first.kind } : NONE;
}

function checkAll(cases: () => RealCase[]): void {
  it.each(cases())('$name', (c) => {
    expect(c.text).toMatch(c.shape);
    expect(detect(c)).toEqual(c.expected);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Python: scripts in testdata/real, each starting its own 127.0.0.1 endpoints.

const SCRIPTS = fileURLToPath(new URL('./testdata/real/', import.meta.url));
// Keep Python off any proxy and out of the source tree (local_server.py is imported, which would write a cache).
const PYTHON_ENV = { ...process.env, NO_PROXY: '*', no_proxy: '*', PYTHONDONTWRITEBYTECODE: '1' };

// Resolved once: `python3` is often a version-manager shim that costs a shell start per call.
const PYTHON = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();

interface Run {
  stdout: string;
  stderr: string;
  code: number;
}

function python(script: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [join(SCRIPTS, script), ...args], { cwd: SCRIPTS, env: PYTHON_ENV, timeout: 15_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(new Error(`python3 ${script} ${args.join(' ')} did not run: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr, code: error ? Number(error.code) : 0 });
    });
  });
}

type Forms = Record<'str' | 'repr' | 'named', string>;

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: expected a JSON object`);
  return value as Record<string, unknown>;
}

function field(from: Record<string, unknown>, key: string, where: string): string {
  const value = from[key];
  if (typeof value !== 'string') throw new Error(`${where}: "${key}" is missing (the call did not fail the way the script expects?)`);
  return value;
}

function forms(json: Record<string, unknown>, key: string, names: readonly string[] = ['str', 'repr', 'named']): Forms {
  const entry = record(json[key], key);
  const out: Forms = { str: '', repr: '', named: '' };
  for (const name of names) out[name as keyof Forms] = field(entry, name, key);
  return out;
}

function jsonOf(run: Run, what: string): Record<string, unknown> {
  if (run.code !== 0) throw new Error(`${what} exited ${run.code}: ${run.stderr}`);
  return record(JSON.parse(run.stdout), what);
}

const STATUSES = ['503', '404', '401', '429', '400'] as const;
const REASON: Record<(typeof STATUSES)[number], string> = { '503': 'Service Unavailable', '404': 'Not Found', '401': 'Unauthorized', '429': 'Too Many Requests', '400': 'Bad Request' };
// The words decide: 503 and 429 name a transient condition (common words), 401 an unrecoverable one and 400 a
// fixable one (wide words);
// 404 is used for both temporary and permanent conditions and is deliberately absent.
const STATUS_KIND: Record<(typeof STATUSES)[number], Kind> = { '503': 'transient', '404': 'ambiguous', '401': 'unrecoverable', '429': 'transient', '400': 'fixable' };

const [urllibTexts, exceptions, jsonBodies, requestsRun, pydanticRun, ...uncaught] = await Promise.all([
  python('urllib_http_errors.py', 'texts'),
  python('python_exceptions.py'),
  python('json_bodies.py'),
  python('third_party_errors.py', 'requests'),
  python('third_party_errors.py', 'pydantic'),
  ...STATUSES.map((s) => python('urllib_http_errors.py', 'uncaught', s)),
  ...['type-error', 'permission', 'exception-group-refused', 'exception-group-503', 'mentions-type-error'].map((c) => python('uncaught.py', c)),
]);
const uncaughtHttp = new Map(STATUSES.map((s, i) => [s, uncaught[i]!]));
const [typeErrorRun, permissionRun, groupRefusedRun, group503Run, mentionsRun] = uncaught.slice(STATUSES.length) as [Run, Run, Run, Run, Run];

const qwenShell = (command: string, run: Run): string =>
  `Command: ${command}\nDirectory: (root)\nOutput: ${(run.stdout + run.stderr).trimEnd() || '(empty)'}\nError: (none)\nExit Code: ${run.code}\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: (none)`;
const codexExec = (run: Run): string => `Exit code: ${run.code}\nWall time: 0.1 seconds\nOutput:\n${run.stdout}${run.stderr}`;
const opencodeBash = (run: Run): string => `${run.stdout}${run.stderr}\nExited with code ${run.code}`;

describe('Python urllib against a local http.server', () => {
  const json = jsonOf(urllibTexts, 'urllib_http_errors.py texts');
  checkAll(() =>
    STATUSES.flatMap((status): RealCase[] => {
      const texts = forms(json, status);
      const run = uncaughtHttp.get(status)!;
      const kind = STATUS_KIND[status];
      const message = `HTTP Error ${status}: ${REASON[status]}`;
      return [
        { name: `${status}: str(e)`, text: texts.str, shape: new RegExp(`^${message}$`), expected: fail('generic', kind) },
        { name: `${status}: Name: message`, text: texts.named, shape: new RegExp(`^HTTPError: ${message}$`), expected: fail('generic', kind) },
        // CPython's HTTPError repr is `<HTTPError 503: 'Service Unavailable'>`: no start text of the generic rule.
        { name: `${status}: repr(e)`, text: texts.repr, shape: new RegExp(`^<HTTPError ${status}: '${REASON[status]}'>$`), expected: NONE },
        { name: `${status}: uncaught traceback`, text: run.stderr, shape: new RegExp(`^Traceback \\(most recent call last\\):\\n[^]*\\nurllib\\.error\\.HTTPError: ${message}\\n$`), expected: fail('generic', kind) },
      ];
    }),
  );
  checkAll(() => [
    // Under an agent only the common words count: 401's `Unauthorized` is a wide word.
    { name: '503 traceback in a Qwen Code shell result', text: qwenShell('python3 fetch.py', uncaughtHttp.get('503')!), shape: /\nExit Code: 1\n/, ua: QWEN, expected: fail('qwen-exit', 'transient') },
    { name: '401 traceback in a Qwen Code shell result', text: qwenShell('python3 fetch.py', uncaughtHttp.get('401')!), shape: /Unauthorized\nError: \(none\)\nExit Code: 1\n/, ua: QWEN, expected: fail('qwen-exit', 'ambiguous') },
    { name: '429 traceback in a Codex exec result', text: codexExec(uncaughtHttp.get('429')!), shape: /^Exit code: 1\n/, ua: CODEX, expected: fail('codex-exit', 'transient') },
    { name: 'a successful body', text: field(json, 'ok_body', 'ok_body'), shape: /^\{"status": "ok", "items": \[1, 2, 3\]\}$/, expected: NONE },
  ]);
});

describe('Python exceptions from failing standard-library calls', () => {
  const json = jsonOf(exceptions, 'python_exceptions.py');
  const e = (key: string): Forms => forms(json, key);
  checkAll(() => [
    { name: 'TypeError, missing argument: Name: message', text: e('type_missing_positional').named, shape: /^TypeError: two_args\(\) missing 1 required positional argument: 'b'$/, expected: fail('generic', 'fixable') },
    { name: 'TypeError, missing argument: repr', text: e('type_missing_positional').repr, shape: /^TypeError\("two_args\(\) missing 1 required positional argument: 'b'"\)$/, expected: fail('generic', 'fixable') },
    { name: 'TypeError, missing argument: str (mid-text words only)', text: e('type_missing_positional').str, shape: /^two_args\(\) missing/, expected: NONE },
    { name: 'TypeError, unexpected keyword: Name: message', text: e('type_unexpected_keyword').named, shape: /^TypeError: two_args\(\) got an unexpected keyword argument 'c'$/, expected: fail('generic', 'fixable') },
    { name: 'TypeError, unexpected keyword: repr', text: e('type_unexpected_keyword').repr, shape: /^TypeError\(/, expected: fail('generic', 'fixable') },
    { name: 'TypeError, too many arguments: Name: message', text: e('type_too_many_positional').named, shape: /^TypeError: two_args\(\) takes 2 positional arguments but 3 were given$/, expected: fail('generic', 'fixable') },
    { name: 'ConnectionRefusedError: repr', text: e('connection_refused').repr, shape: /^ConnectionRefusedError\(111, 'Connection refused'\)$/, expected: fail('generic', 'transient') },
    { name: 'ConnectionRefusedError: Name: message', text: e('connection_refused').named, shape: /^ConnectionRefusedError: \[Errno 111\] Connection refused$/, expected: fail('generic', 'transient') },
    { name: 'ConnectionRefusedError: str starts with [Errno', text: e('connection_refused').str, shape: /^\[Errno 111\] Connection refused$/, expected: NONE },
    { name: 'ConnectionRefusedError: str behind "Error: "', text: `Error: ${e('connection_refused').str}`, shape: /^Error: \[Errno 111\]/, expected: fail('generic', 'transient') },
    { name: 'ConnectionRefusedError: str, flagged is_error', text: e('connection_refused').str, shape: /Connection refused/, flags: { is_error: true }, expected: fail('is_error', 'ambiguous') },
    { name: 'urllib URLError: repr', text: e('urlopen_refused').repr, shape: /^URLError\(ConnectionRefusedError\(111, 'Connection refused'\)\)$/, expected: fail('generic', 'transient') },
    { name: 'urllib URLError: str', text: e('urlopen_refused').str, shape: /^<urlopen error \[Errno 111\] Connection refused>$/, expected: NONE },
    { name: 'PermissionError (exec without x bit): Name: message', text: e('permission_exec').named, shape: /^PermissionError: \[Errno 13\] Permission denied: '.*tool\.sh'$/, expected: fail('generic', 'unrecoverable') },
    { name: 'PermissionError: repr', text: e('permission_exec').repr, shape: /^PermissionError\(13, 'Permission denied'\)$/, expected: fail('generic', 'unrecoverable') },
    { name: 'PermissionError: str, flagged is_error', text: e('permission_exec').str, shape: /^\[Errno 13\] Permission denied/, flags: { is_error: true }, expected: fail('is_error', 'unrecoverable') },
    { name: 'IsADirectoryError: Name: message', text: e('is_a_directory').named, shape: /^IsADirectoryError: \[Errno 21\] Is a directory: '/, expected: fail('generic', 'ambiguous') },
    { name: 'JSONDecodeError: Name: message', text: e('json_decode').named, shape: /^JSONDecodeError: Expecting value: line 1 column 7 \(char 6\)$/, expected: fail('generic', 'ambiguous') },
    { name: 'JSONDecodeError: str', text: e('json_decode').str, shape: /^Expecting value/, expected: NONE },
    { name: 'read timeout (TimeoutError): Name: message', text: e('urlopen_timeout').named, shape: /^TimeoutError: timed out$/, expected: fail('generic', 'transient') },
    { name: 'read timeout (TimeoutError): repr', text: e('urlopen_timeout').repr, shape: /^TimeoutError\('timed out'\)$/, expected: fail('generic', 'transient') },
    { name: 'read timeout: str', text: e('urlopen_timeout').str, shape: /^timed out$/, expected: NONE },
    { name: 'read timeout: Name: message under Qwen Code (wide word, agent rule)', text: `Error: ${e('urlopen_timeout').named}`, shape: /timed out$/, ua: QWEN, expected: fail('qwen-error', 'ambiguous') },
    { name: 'FileNotFoundError: Name: message', text: e('file_not_found').named, shape: /^FileNotFoundError: \[Errno 2\] No such file or directory: '.*missing\.txt'$/, expected: fail('generic', 'ambiguous') },
    { name: 'FileNotFoundError: repr', text: e('file_not_found').repr, shape: /^FileNotFoundError\(2, 'No such file or directory'\)$/, expected: fail('generic', 'ambiguous') },
  ]);
});

describe('Python programs that end with an uncaught exception', () => {
  checkAll(() => [
    { name: 'TypeError traceback', text: typeErrorRun.stderr, shape: /^Traceback \(most recent call last\):\n[^]*\nTypeError: two_args\(\) missing 1 required positional argument: 'b'\n$/, expected: fail('generic', 'fixable') },
    { name: 'TypeError traceback in a Qwen Code shell result (wide word)', text: qwenShell('python3 uncaught.py', typeErrorRun), shape: /\nExit Code: 1\n/, ua: QWEN, expected: fail('qwen-exit', 'ambiguous') },
    { name: 'TypeError traceback in a Codex exec result', text: codexExec(typeErrorRun), shape: /^Exit code: 1\n/, ua: CODEX, expected: fail('codex-exit', 'ambiguous') },
    { name: 'TypeError traceback in an OpenCode bash result', text: opencodeBash(typeErrorRun), shape: /\nExited with code 1$/, ua: OPENCODE, expected: fail('opencode-exit', 'ambiguous') },
    { name: 'PermissionError traceback', text: permissionRun.stderr, shape: /^Traceback \(most recent call last\):\n[^]*\nPermissionError: \[Errno 13\] Permission denied: '[^']*'\n$/, expected: fail('generic', 'unrecoverable') },
    { name: 'PermissionError traceback in a Qwen Code shell result', text: qwenShell('python3 uncaught.py', permissionRun), shape: /\nExit Code: 1\n/, ua: QWEN, expected: fail('qwen-exit', 'unrecoverable') },
    // asyncio words a refused connection "Connect call failed", which no list holds; the exception's name does.
    { name: 'exception group (refused connection), extended', text: groupRefusedRun.stderr, shape: /^ {2}\+ Exception Group Traceback \(most recent call last\):\n[^]*ConnectionRefusedError: \[Errno 111\] Connect call failed/, rules: 'extended', expected: fail('py-exception-group', 'transient') },
    { name: 'exception group (refused connection), paper', text: groupRefusedRun.stderr, shape: /^ {2}\+ Exception Group Traceback/, expected: NONE },
    { name: 'exception group (HTTP 503), extended', text: group503Run.stderr, shape: /^ {2}\+ Exception Group Traceback \(most recent call last\):\n[^]*urllib\.error\.HTTPError: HTTP Error 503: Service Unavailable/, rules: 'extended', expected: fail('py-exception-group', 'transient') },
    { name: 'exception group (HTTP 503), paper', text: group503Run.stderr, shape: /^ {2}\+ Exception Group Traceback/, expected: NONE },
  ]);

  it('keeps the exception-group word inside the classification window', () => {
    expect(group503Run.stderr.indexOf('Service Unavailable')).toBeLessThan(4096 - 'Service Unavailable'.length);
  });

  describe('a passing run that prints a caught TypeError mid-output', () => {
    checkAll(() => [
      { name: 'raw output', text: mentionsRun.stdout, shape: /\ntwo_args\(1\) raised TypeError: two_args\(\) missing 1 required positional argument: 'b' \(expected\)\n2 checks passed\n$/, expected: NONE },
      { name: 'as a Qwen Code shell result with Exit Code: 0', text: qwenShell('python3 checks.py', mentionsRun), shape: /TypeError[^]*\nError: \(none\)\nExit Code: 0\n/, ua: QWEN, expected: NONE },
      { name: 'as a Codex exec result', text: codexExec(mentionsRun), shape: /^Exit code: 0\n/, ua: CODEX, expected: NONE },
      { name: 'as an OpenCode bash result', text: opencodeBash(mentionsRun), shape: /\nExited with code 0$/, ua: OPENCODE, expected: NONE },
    ]);
  });
});

describe('Python json.dumps bodies', () => {
  const json = jsonOf(jsonBodies, 'json_bodies.py');
  const body = (key: string): string => field(json, key, 'json_bodies.py');
  checkAll(() => [
    { name: '"error": null with data', text: body('error_null_with_data'), shape: /^\{"error": null, "data": \{/, expected: NONE },
    { name: '"error": false', text: body('error_false'), shape: /^\{"error": false, /, expected: NONE },
    { name: '"error": ""', text: body('error_empty'), shape: /^\{"error": "", /, expected: NONE },
    { name: '"error": 0', text: body('error_zero'), shape: /^\{"error": 0, /, expected: NONE },
    { name: '"error": []', text: body('error_list'), shape: /^\{"error": \[\], /, expected: NONE },
    { name: '"error": a string', text: body('error_string'), shape: /^\{"error": "Service Unavailable: /, expected: fail('generic', 'transient') },
    { name: '"error": an object', text: body('error_object'), shape: /^\{"error": \{"code": 429, /, expected: fail('generic', 'transient') },
    { name: '"error": a validation message', text: body('error_validation'), shape: /^\{"error": "1 validation error/, expected: fail('generic', 'fixable') },
    { name: '"error": a string, under Kilo Code', text: body('error_string'), shape: /^\{"error": "/, ua: KILO, expected: NONE },
  ]);
});

/** A group that needs a third-party library: skipped, with the import error as its reason, when it is missing. */
function describeWithLibrary(run: Run, name: string, body: () => void): void {
  if (run.code !== 3) describe(name, body);
  else describe.skip(name, () => it.skip(`skipped: ${run.stderr.trim()}`, () => {}));
}

describeWithLibrary(requestsRun, 'requests against a local http.server', () => {
  const json = jsonOf(requestsRun, 'third_party_errors.py requests');
  const f = (key: string): Forms => forms(json, key, ['str', 'named']);
  checkAll(() => [
    ...STATUSES.flatMap((status): RealCase[] => {
      const side = status.startsWith('5') ? 'Server' : 'Client';
      const message = `${status} ${side} Error: ${REASON[status]} for url: http://127\\.0\\.0\\.1:\\d+/status/${status}`;
      return [
        { name: `${status}: raise_for_status str(e)`, text: f(status).str, shape: new RegExp(`^${message}$`), expected: fail('generic', STATUS_KIND[status]) },
        { name: `${status}: raise_for_status Name: message`, text: f(status).named, shape: new RegExp(`^HTTPError: ${message}$`), expected: fail('generic', STATUS_KIND[status]) },
      ];
    }),
    { name: 'a successful body', text: field(json, 'ok_body', 'ok_body'), shape: /^\{"status": "ok"/, expected: NONE },
    { name: 'ReadTimeout: str starts with the pool name', text: f('read_timeout').str, shape: /^HTTPConnectionPool\(host='127\.0\.0\.1', port=\d+\): Read timed out\. \(read timeout=0\.2\)$/, expected: NONE },
    { name: 'ReadTimeout: Name: message', text: f('read_timeout').named, shape: /^ReadTimeout: HTTPConnectionPool\(/, expected: fail('generic', 'transient') },
    { name: 'ConnectionError: str starts with the pool name', text: f('connection_refused').str, shape: /^HTTPConnectionPool\([^]*Max retries exceeded[^]*Connection refused/, expected: NONE },
    { name: 'ConnectionError: Name: message', text: f('connection_refused').named, shape: /^ConnectionError: HTTPConnectionPool\(/, expected: fail('generic', 'transient') },
  ]);
});

describeWithLibrary(pydanticRun, 'pydantic validation', () => {
  const json = jsonOf(pydanticRun, 'third_party_errors.py pydantic');
  const v = forms(json, 'validation', ['str', 'named']);
  checkAll(() => [
    { name: 'ValidationError: str starts with a count', text: v.str, shape: /^1 validation error for Query\nlimit\n {2}Input should be a valid integer/, expected: NONE },
    { name: 'ValidationError: Name: message', text: v.named, shape: /^ValidationError: 1 validation error for Query\n/, expected: fail('generic', 'fixable') },
  ]);
});

// ---------------------------------------------------------------------------------------------------------------
// Node, in process: fetch, http and fs against 127.0.0.1 and a scratch directory.

const sockets = new Set<Socket>();
const servers: NetServer[] = [];
const listen = async (server: NetServer): Promise<number> => {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
};
const closedPort = async (): Promise<number> => {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
};

const statusPort = await listen(
  createServer((req, res) => {
    const status = Number(/^\/status\/(\d{3})$/.exec(req.url ?? '')?.[1] ?? 200);
    res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"status":"ok","items":[1,2,3]}' : '{}');
  }),
);
const silentPort = await listen(createNetServer(() => {}));
const hangUpPort = await listen(createNetServer((socket) => socket.destroy()));
const refusedPort = await closedPort();
const scratch = mkdtempSync(join(tmpdir(), 'toolerror-real-'));

afterAll(async () => {
  await Promise.all([mcpClient.close(), mcpServer.close()]);
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(scratch, { recursive: true, force: true });
});

async function thrown(action: () => unknown): Promise<Error & { cause?: unknown }> {
  try {
    await action();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`a non-Error was thrown: ${String(error)}`);
  }
  throw new Error('the call was expected to fail and did not');
}
const named = (e: Error): string => `${e.name}: ${e.message}`;
const causeOf = (e: Error & { cause?: unknown }): Error => {
  if (!(e.cause instanceof Error)) throw new Error(`no Error cause on ${named(e)}`);
  return e.cause;
};

// Executing a file with no x bit fails with EACCES even as root; hard-linking a directory fails with EPERM.
const notExecutable = join(scratch, 'tool.sh');
writeFileSync(notExecutable, 'echo hi\n', { mode: 0o644 });
mkdirSync(join(scratch, 'dir'));

const fetchRefused = await thrown(() => fetch(`http://127.0.0.1:${refusedPort}/`));
const fetchTimeout = await thrown(() => fetch(`http://127.0.0.1:${silentPort}/`, { signal: AbortSignal.timeout(100) }));
const fetchHangUp = await thrown(() => fetch(`http://127.0.0.1:${hangUpPort}/`));
const httpHangUp = await thrown(() => new Promise((resolve, reject) => get(`http://127.0.0.1:${hangUpPort}/`, resolve).on('error', reject)));
const enoent = await thrown(() => readFileSync(join(scratch, 'missing.txt')));
const eisdir = await thrown(() => readFileSync(scratch));
const eacces = await thrown(() => accessSync(notExecutable, constants.X_OK));
const eperm = await thrown(() => linkSync(join(scratch, 'dir'), join(scratch, 'dir-link')));
const spawnEacces = await thrown(() => new Promise((resolve, reject) => execFile(notExecutable, (error) => (error ? reject(error) : resolve(undefined)))));
const syntax = await thrown(() => JSON.parse('{"a": }'));
const HTTP_STATUS: readonly [number, Kind][] = [[503, 'transient'], [502, 'transient'], [500, 'transient'], [504, 'transient'], [429, 'transient'], [403, 'unrecoverable'], [401, 'unrecoverable'], [404, 'ambiguous'], [400, 'fixable']];
const httpStatusTexts = await Promise.all(
  HTTP_STATUS.map(async ([status]) => {
    const res = await fetch(`http://127.0.0.1:${statusPort}/status/${status}`);
    await res.arrayBuffer();
    return `HTTP ${res.status} ${res.statusText}`;
  }),
);
const okBody = await (await fetch(`http://127.0.0.1:${statusPort}/items`)).text();

describe('Node fetch, http and fs', () => {
  checkAll(() => [
    { name: 'fetch to a closed port: Name: message', text: named(fetchRefused), shape: /^TypeError: fetch failed$/, expected: fail('generic', 'transient') },
    { name: 'fetch to a closed port: String(err)', text: String(fetchRefused), shape: /^TypeError: fetch failed$/, expected: fail('generic', 'transient') },
    { name: 'fetch to a closed port: String(err.cause)', text: String(causeOf(fetchRefused)), shape: new RegExp(`^Error: connect ECONNREFUSED 127\\.0\\.0\\.1:${refusedPort}$`), expected: fail('generic', 'transient') },
    { name: 'fetch to a closed port: err.cause.message alone', text: causeOf(fetchRefused).message, shape: /^connect ECONNREFUSED /, expected: NONE },
    { name: 'fetch to a closed port: String(err) under Qwen Code', text: String(fetchRefused), shape: /^TypeError/, ua: QWEN, expected: NONE },
    { name: 'fetch to a closed port: String(err.cause) under Qwen Code', text: String(causeOf(fetchRefused)), shape: /^Error: connect ECONNREFUSED/, ua: QWEN, expected: fail('qwen-error', 'transient') },
    { name: 'fetch with AbortSignal.timeout to a silent server', text: named(fetchTimeout), shape: /^TimeoutError: The operation was aborted due to timeout$/, expected: fail('generic', 'transient') },
    { name: 'fetch timeout, flagged is_error (wide word only)', text: named(fetchTimeout), shape: /^TimeoutError/, flags: { is_error: true }, expected: fail('is_error', 'ambiguous') },
    { name: 'fetch to a server that closes the socket', text: String(fetchHangUp), shape: /^TypeError: fetch failed$/, expected: fail('generic', 'transient') },
    // undici names the cause "other side closed", which no list holds.
    { name: 'fetch to a server that closes the socket: its cause', text: String(causeOf(fetchHangUp)), shape: /^SocketError: other side closed$/, expected: fail('generic', 'ambiguous') },
    { name: 'http.get to a server that closes the socket', text: String(httpHangUp), shape: /^Error: socket hang up$/, expected: fail('generic', 'transient') },
    { name: 'http.get socket hang up under Qwen Code (wide word)', text: String(httpHangUp), shape: /^Error: socket hang up$/, ua: QWEN, expected: fail('qwen-error', 'ambiguous') },
    ...HTTP_STATUS.map(([status, kind], i): RealCase => ({ name: `fetch status line ${status}`, text: httpStatusTexts[i]!, shape: new RegExp(`^HTTP ${status} [A-Z][A-Za-z ]+$`), expected: fail('generic', kind) })),
    { name: 'fetch of a successful body', text: okBody, shape: /^\{"status":"ok"/, expected: NONE },
    { name: 'fs ENOENT', text: named(enoent), shape: /^Error: ENOENT: no such file or directory, open '.*missing\.txt'$/, expected: fail('generic', 'ambiguous') },
    { name: 'fs ENOENT under Qwen Code', text: String(enoent), shape: /^Error: ENOENT/, ua: QWEN, expected: fail('qwen-error', 'ambiguous') },
    { name: 'fs ENOENT under Kilo Code', text: String(enoent), shape: /^Error: ENOENT/, ua: KILO, expected: NONE },
    { name: 'fs EISDIR', text: named(eisdir), shape: /^Error: EISDIR: illegal operation on a directory, read$/, expected: fail('generic', 'ambiguous') },
    { name: 'fs EACCES (access X_OK on a 0644 file)', text: String(eacces), shape: /^Error: EACCES: permission denied, access '.*tool\.sh'$/, expected: fail('generic', 'unrecoverable') },
    { name: 'fs EPERM (hard link to a directory)', text: named(eperm), shape: /^Error: EPERM: operation not permitted, link '/, expected: fail('generic', 'unrecoverable') },
    { name: 'child_process spawn EACCES', text: String(spawnEacces), shape: /^Error: spawn .*tool\.sh EACCES$/, expected: fail('generic', 'unrecoverable') },
    { name: 'JSON.parse SyntaxError', text: String(syntax), shape: /^SyntaxError: /, expected: fail('generic', 'ambiguous') },
  ]);
});

// ---------------------------------------------------------------------------------------------------------------
// The MCP TypeScript SDK: a real Client and McpServer over its in-memory transport.

const mcpServer = new McpServer({ name: 'real-software', version: '1.0.0' });
mcpServer.registerTool('read_config', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
mcpServer.registerTool('fetch_page', { inputSchema: { url: z.string() } }, async ({ url }) => ({ content: [{ type: 'text', text: await (await fetch(url)).text() }] }));
mcpServer.registerTool('run_script', { inputSchema: { path: z.string() } }, async ({ path }) => {
  accessSync(path, constants.X_OK);
  return { content: [{ type: 'text', text: 'started' }] };
});
mcpServer.registerTool('get_quote', { inputSchema: { url: z.string() } }, async ({ url }) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
  return { content: [{ type: 'text', text: await res.text() }] };
});
mcpServer.registerTool('add', { inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
mcpServer.registerTool('slow', {}, async (extra) => {
  await new Promise((resolve) => {
    extra.signal.addEventListener('abort', resolve);
    setTimeout(resolve, 2_000).unref();
  });
  return { content: [{ type: 'text', text: 'late' }] };
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const mcpClient = new Client({ name: 'recovery-bench-test', version: '1.0.0' });
await Promise.all([mcpServer.connect(serverSide), mcpClient.connect(clientSide)]);

const callTool = (name: string, args: Record<string, unknown>) => mcpClient.callTool({ name, arguments: args });
const [missingFile, refusedFetch, notExecutableRun, quote429, unknownTool, badArguments, added] = await Promise.all([
  callTool('read_config', { path: join(scratch, 'missing.json') }),
  callTool('fetch_page', { url: `http://127.0.0.1:${refusedPort}/` }),
  callTool('run_script', { path: notExecutable }),
  callTool('get_quote', { url: `http://127.0.0.1:${statusPort}/status/429` }),
  callTool('no_such_tool', {}),
  callTool('add', { a: 1, b: 'two' }),
  callTool('add', { a: 1, b: 2 }),
]);
const methodNotFound = await thrown(() => mcpClient.listPrompts());
const requestTimeout = await thrown(() => mcpClient.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 50 }));

function firstText(result: unknown): string {
  const content = (result as { content?: unknown }).content;
  const part: unknown = Array.isArray(content) ? content[0] : undefined;
  if (typeof part !== 'object' || part === null || typeof (part as { text?: unknown }).text !== 'string') throw new Error(`no text part in ${JSON.stringify(result)}`);
  return (part as { text: string }).text;
}

describe('MCP TypeScript SDK results and errors', () => {
  checkAll(() => [
    { name: 'tool throws ENOENT: the CallToolResult', text: JSON.stringify(missingFile), shape: /^\{"content":\[\{"type":"text","text":"ENOENT: no such file or directory, open '[^']*missing\.json'"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'ambiguous') },
    { name: 'tool throws "fetch failed": the CallToolResult', text: JSON.stringify(refusedFetch), shape: /"text":"fetch failed"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'transient') },
    { name: 'tool throws "fetch failed": the CallToolResult, under Codex', text: JSON.stringify(refusedFetch), shape: /"isError":true/, ua: CODEX, expected: fail('mcp-iserror', 'transient') },
    { name: 'tool throws EACCES: the CallToolResult', text: JSON.stringify(notExecutableRun), shape: /"text":"EACCES: permission denied, access '[^']*tool\.sh'"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'unrecoverable') },
    { name: 'tool throws on HTTP 429: the CallToolResult', text: JSON.stringify(quote429), shape: /"text":"HTTP 429 Too Many Requests"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'transient') },
    { name: 'tool throws ENOENT: its text alone', text: firstText(missingFile), shape: /^ENOENT: /, expected: NONE },
    { name: 'unknown tool: the CallToolResult', text: JSON.stringify(unknownTool), shape: /^\{"content":\[\{"type":"text","text":"MCP error -32602: Tool no_such_tool not found"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'fixable') },
    { name: 'unknown tool: its text alone', text: firstText(unknownTool), shape: /^MCP error -32602: Tool no_such_tool not found$/, expected: fail('generic', 'fixable') },
    { name: 'invalid arguments: the CallToolResult', text: JSON.stringify(badArguments), shape: /"text":"MCP error -32602: Input validation error: Invalid arguments for tool add: [^"]+"\}\],"isError":true\}$/, expected: fail('mcp-iserror', 'fixable') },
    { name: 'invalid arguments: its text alone', text: firstText(badArguments), shape: /^MCP error -32602: Input validation error: Invalid arguments for tool add: /, expected: fail('generic', 'fixable') },
    { name: 'invalid arguments: its text alone under Kilo Code', text: firstText(badArguments), shape: /^MCP error -32602/, ua: KILO, expected: NONE },
    { name: 'a successful result', text: JSON.stringify(added), shape: /^\{"content":\[\{"type":"text","text":"3"\}\]\}$/, expected: NONE },
    { name: 'a successful result: its text', text: firstText(added), shape: /^3$/, expected: NONE },
    { name: 'McpError for an unsupported method: String(err)', text: String(methodNotFound), shape: /^McpError: MCP error -32601: Method not found$/, expected: fail('generic', 'fixable') },
    { name: 'McpError for an unsupported method: message', text: methodNotFound.message, shape: /^MCP error -32601: Method not found$/, expected: fail('generic', 'fixable') },
    { name: 'McpError for a request timeout: String(err)', text: String(requestTimeout), shape: /^McpError: MCP error -32001: Request timed out$/, expected: fail('generic', 'transient') },
  ]);
});
