import { describe, expect, it } from 'vitest';
import { detectFailures, fromAnthropicMessages, fromChatCompletions, type Content, type Conversation, type Kind, type Message, type RuleSetName } from './index.ts';

/**
 * Detection and classification, case by case, as the spec (shared/spec/toolerror-layer.md) states them. Every
 * expected rule and kind is written from the spec's rules and word lists, never read back from the implementation.
 */

interface Failure {
  rule: string;
  kind: Kind;
}
type Expected = Failure | 'none';
type Flags = Partial<Pick<Message, 'is_error' | 'tool_error_kind' | 'retry_safe'>>;
interface Case {
  name: string;
  ua: string | undefined;
  content: Content;
  expected: Expected;
  /** Where the extended set answers differently (it reads is_error with the wide lists, and bare statuses). */
  extended?: Expected;
  flags: Flags;
}

const NONE = 'none';
const fail = (rule: string, kind: Kind): Failure => ({ rule, kind });

// User-Agents as the clients send them; each holds exactly one agent marker (or none).
const QWEN = 'QwenCode/0.0.14 (linux; x64)';
const CODEX = 'codex_cli_rs/0.46.0 (Ubuntu 24.04; x86_64) xterm-256color';
const KILO = 'Kilo-Code/4.104.0';
const OPENCODE = 'opencode/0.15.8 ai-sdk/provider-utils/3.0.10 runtime/bun/1.3.0';
const OTHER = 'OpenAI/Python 1.109.1';
const UA_LABEL = new Map<string | undefined, string>([[QWEN, 'qwen'], [CODEX, 'codex'], [KILO, 'kilo'], [OPENCODE, 'opencode'], [OTHER, 'other'], [undefined, 'no UA']]);

/** The same case, answered differently by the extended set. */
const underExtended = (c: Case, extended: Expected): Case => ({ ...c, extended, name: `${c.name} (extended: ${extended === NONE ? NONE : `${extended.rule}:${extended.kind}`})` });

function row(ua: string | undefined, content: Content, expected: Expected, flags: Flags = {}, name?: string): Case {
  const shown = JSON.stringify(content);
  const label = UA_LABEL.get(ua) ?? JSON.stringify(ua);
  const flagText = Object.keys(flags).length > 0 ? ` ${JSON.stringify(flags)}` : '';
  return { ua, content, expected, flags, name: name ?? `[${label}]${flagText} ${shown.length > 90 ? `${shown.slice(0, 87)}...` : shown}` };
}

/** One assistant call and its result: the result is the decision step. */
function detectOne(c: Case, rules: RuleSetName): Expected {
  const conversation: Conversation = {
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'run', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: c.content, ...c.flags },
    ],
    tools: [],
  };
  const found = detectFailures(conversation, { userAgent: c.ua, rules });
  expect(found.length).toBeLessThanOrEqual(1);
  const first = found[0];
  if (!first) return NONE;
  expect(first).toMatchObject({ canonicalIndex: 2, messageIndex: 2, scope: 'decision' });
  return { rule: first.rule, kind: first.kind };
}

const mcp = (text: string, extra: Record<string, unknown> = {}): string => JSON.stringify({ content: [{ type: 'text', text }], isError: true, ...extra });
const qwenShell = (output: string, error: string, exit: string): string =>
  `Command: npm test\nDirectory: (root)\nOutput: ${output}\nError: ${error}\nExit Code: ${exit}\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 41213`;

// Rules 1–3 and 14: read for every client.
const EXPLICIT: Case[] = [
  row(OTHER, 'Error: ECONNRESET', fail('is_error', 'transient'), { is_error: true }),
  row(OTHER, 'the upstream said: Service Unavailable', fail('is_error', 'transient'), { is_error: true }),
  row(OTHER, '', fail('is_error', 'ambiguous'), { is_error: true }),
  row(OTHER, null, fail('is_error', 'ambiguous'), { is_error: true }),
  row(OTHER, 'TypeError: fetch failed', fail('is_error', 'ambiguous'), { is_error: true }, 'is_error classifies with the common lists only: a wide word stays ambiguous'),
  underExtended(row(OTHER, 'HTTP 401 Unauthorized', fail('is_error', 'ambiguous'), { is_error: true }), fail('is_error', 'unrecoverable')),
  row(QWEN, 'EACCES: permission denied, open /etc/shadow', fail('is_error', 'unrecoverable'), { is_error: true }),
  row(OTHER, 'Error: ECONNRESET', fail('generic', 'transient'), { is_error: false }),
  row(OTHER, 'done', NONE, { is_error: false }),
  row(OTHER, '{"query":"list files","success":false,"error":"Permission denied"}', fail('cline', 'unrecoverable')),
  row(OTHER, '{"query":"q","success":false}', fail('cline', 'ambiguous')),
  row(OTHER, '{"query": "q", "success": false, "message": "Invalid arguments"}', fail('cline', 'fixable')),
  row(OTHER, '{"query":"q","success":false,"error":"fetch failed"}', fail('cline', 'ambiguous')),
  row(OTHER, '{"query":"q","success":false,"error":"Unauthorized"}', fail('cline', 'ambiguous')),
  row(QWEN, '{"query":"q","success":false,"error":"ECONNRESET"}', fail('cline', 'transient')),
  row(OTHER, '{"query":"q","success":true,"error":"Permission denied"}', NONE),
  row(OTHER, '{"query":"q","success":"false"}', NONE),
  row(OTHER, '{"query":"q","data":{"success":false}}', NONE),
  row(OTHER, '{"query":"q","success":false', NONE),
  underExtended(row(OTHER, ' {"query":"q","success":false}', NONE), fail('json-error-body', 'ambiguous')),
  underExtended(row(OTHER, '{"success":false,"query":"q"}', NONE), fail('json-error-body', 'ambiguous')),
  row(OTHER, `{"error":{"type":"tool.execution","message":"EACCES: permission denied, open '/etc/shadow'"}}`, fail('opencode', 'unrecoverable')),
  row(OTHER, '{"error":{"type":"tool.execution","message":"fetch failed"}}', fail('opencode', 'ambiguous')),
  row(OTHER, '{"error":{"type":"tool.execution"', fail('opencode', 'ambiguous')),
  row(OPENCODE, '{"error":{"type":"tool.execution","message":"ECONNRESET"}}', fail('opencode', 'transient')),
  row(CODEX, '{"error":{"type":"tool.execution","message":"ECONNRESET"}}', fail('opencode', 'transient')),
  underExtended(row(OTHER, '{"error": {"type": "tool.execution", "message": "fetch failed"}}', fail('generic', 'transient')), fail('generic', 'ambiguous')),
  row(OPENCODE, '{"error": {"type": "tool.execution", "message": "fetch failed"}}', NONE),
  row(OTHER, ' {"error":{"type":"tool.execution","message":"x"}}', fail('generic', 'ambiguous')),
  row(KILO, '{"error":{"type":"tool.validation","message":"x"}}', NONE),
  row(QWEN, mcp('Error: Unauthorized'), fail('mcp-iserror', 'unrecoverable')),
  row(OTHER, mcp('boom'), fail('mcp-iserror', 'ambiguous')),
  row(OTHER, '{"isError": true, "content": [{"type": "text", "text": "socket hang up"}]}', fail('mcp-iserror', 'transient')),
  row(OTHER, '\n  {"isError":true,"content":[]}\n', fail('mcp-iserror', 'ambiguous')),
  row(OTHER, mcp('Command timed out after 60s; connection reset'), fail('mcp-iserror', 'ambiguous')),
  row(CODEX, mcp('MCP error -32602: Invalid params'), fail('mcp-iserror', 'fixable')),
  row(OTHER, '{"isError":false,"content":[{"type":"text","text":"Error: ECONNRESET"}]}', NONE),
  row(OTHER, '{"isError":"true"}', NONE),
  row(OTHER, '{"result":{"isError":true}}', NONE),
  row(OTHER, '[{"isError":true}]', NONE),
  row(OTHER, '{"isError":true,', NONE),
];

// Rules 4–13, each under the User-Agent that selects it.
const AGENTS: Case[] = [
  row(QWEN, 'File not found: /repo/src/app.ts', fail('qwen-notfound', 'ambiguous')),
  row(QWEN, 'File not found: /repo/a.ts has not been read', fail('qwen-notfound', 'fixable')),
  row(QWEN, qwenShell('1 failing', '(none)', '1'), fail('qwen-exit', 'ambiguous')),
  row(QWEN, qwenShell('(empty)', "rm: cannot remove '/etc/hosts': Permission denied", '1'), fail('qwen-exit', 'unrecoverable')),
  row(QWEN, qwenShell('(empty)', 'bash: line 1: rg: command not found', '0'), fail('qwen-exit', 'ambiguous')),
  row(QWEN, qwenShell('(empty)', '', '0'), fail('qwen-exit', 'ambiguous'), {}, 'qwen-exit: an empty Error: value is not (none)'),
  row(QWEN, qwenShell('ok', '(none)', '-1'), fail('qwen-exit', 'ambiguous')),
  row(QWEN, qwenShell('ok', '(none)', '  3  '), fail('qwen-exit', 'ambiguous')),
  row(QWEN, 'Command: sh -c x\nOutput: (empty)\nExit Code: 0\nError: (none)\nExit Code: 2', fail('qwen-exit', 'ambiguous')),
  row(QWEN, 'Command: sh -c x\nOutput: (empty)\nExit Code: 2\nError: (none)\nExit Code: 0', NONE, {}, 'qwen-exit: only the last Exit Code counts'),
  row(QWEN, 'Command: sh -c x\nOutput: (empty)\nError: boom\nError: (none)\nExit Code: 0', NONE, {}, 'qwen-exit: only the last Error line counts'),
  row(QWEN, qwenShell('3 passed', '(none)', '0'), NONE),
  row(QWEN, qwenShell('(empty)', '(none)', '(none)'), NONE),
  row(QWEN, 'Command: ls\nOutput: a b\nExit Code: 0', NONE, {}, 'qwen-exit: no Error line, exit 0'),
  row(QWEN, 'Command: ls\r\nOutput: a\r\nError: (none)\r\nExit Code: 0\r\n', NONE),
  row(QWEN, 'Command: ls\r\nOutput: a\r\nError: (none)\r\nExit Code: 1\r\n', fail('qwen-exit', 'ambiguous')),
  row(QWEN, qwenShell("test_parse: TypeError: 'NoneType' object is not subscriptable (expected)\n4 passed", '(none)', '0'), NONE),
  row(QWEN, `Error: Failed to edit, 0 occurrences found for old_string in /repo/a.ts. No edits made.`, fail('qwen-error', 'ambiguous')),
  row(QWEN, 'Error reading file /repo/dir: EISDIR', fail('qwen-error', 'ambiguous')),
  row(QWEN, 'Errors were reported by the linter', fail('qwen-error', 'ambiguous'), {}, 'qwen-error: begins "Error", nothing more'),
  row(QWEN, 'File /repo/a.ts has not been read yet. Read it first before writing to it.', fail('qwen-error', 'fixable')),
  row(QWEN, 'File /repo/a.ts was written', NONE),
  row(QWEN, 'The file /repo/a.ts has not been read yet.', NONE, {}, 'qwen-error: "has not been read" counts only after a leading "File"'),
  row(QWEN, 'error: lowercase is not "Error"', NONE),
  row(CODEX, 'Exit code: 1\nWall time: 0.3 seconds\nOutput:\nnpm ERR! Test failed.', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Exit code: 127\nWall time: 0 seconds\nOutput:\nbash: rg: command not found', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Exit code: 1\nOutput:\nerror: could not lock config file .git/config: Permission denied', fail('codex-exit', 'unrecoverable')),
  row(CODEX, 'Exit code: -1\nOutput:\n', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Output:\nsegfault\nProcess exited with code 139', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Process exited with code 0\nProcess exited with code 3', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Exit code: 0\nOutput:\nProcess exited with code 1', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nok', NONE),
  row(CODEX, 'Process exited with code 0', NONE),
  row(CODEX, ' Exit code: 1', NONE),
  row(CODEX, 'exit code: 1', NONE),
  row(CODEX, 'execution error: command timed out after 10000 milliseconds', fail('codex-timeout', 'ambiguous')),
  row(CODEX, 'command timed out; ECONNRESET', fail('codex-timeout', 'transient'), {}, 'codex-timeout: the command-timeout list is wide-only, so a transient word decides'),
  row(CODEX, 'Command timed out', NONE),
  row(CODEX, 'Process exited with code 124\ncommand timed out', fail('codex-exit', 'ambiguous')),
  row(CODEX, 'apply_patch verification failed: Failed to find expected lines in src/a.py', fail('codex-patch', 'fixable')),
  row(CODEX, 'Process exited with code 1\napply_patch verification failed: context', fail('codex-exit', 'fixable')),
  row(KILO, 'File not found: src/a.ts', fail('kilo-notfound', 'ambiguous')),
  row(KILO, 'Unknown: FileSystem.readFile (/repo/a.ts): EACCES: permission denied', fail('kilo-fs', 'unrecoverable')),
  row(KILO, 'Unknown: FileSystem.stat', fail('kilo-fs', 'ambiguous')),
  row(KILO, 'Unknown: Network', NONE),
  row(KILO, 'oldString not found in content', fail('kilo-usage', 'ambiguous')),
  row(KILO, 'oldString must not be empty', fail('kilo-usage', 'fixable')),
  row(KILO, ' oldString not found in content', NONE),
  row(OPENCODE, 'src/a.test.ts:\n  x adds (2ms)\n\nExited with code 1', fail('opencode-exit', 'ambiguous')),
  row(OPENCODE, 'build\nExited with code 2\n\n  \n', fail('opencode-exit', 'ambiguous')),
  row(OPENCODE, 'mkdir: /sys/x: Permission denied\nExited with code 1', fail('opencode-exit', 'unrecoverable')),
  row(OPENCODE, 'ok\nExited with code 0', NONE),
  row(OPENCODE, 'Exited with code 1 (killed)', NONE),
  row(OPENCODE, 'Exited with code 1\nretrying', NONE),
  row(OPENCODE, 'x\n  Exited with code 1', NONE),
  row(OPENCODE, '  Exited with code 1', NONE),
  row(OPENCODE, '\nExited with code 1', fail('opencode-exit', 'ambiguous')),
  row(OPENCODE, 'exited with code 1', NONE),
];

// A known agent turns the generic rule off; an unknown client gets only the generic rule.
const RULE_SELECTION: Case[] = [
  ...[QWEN, CODEX, KILO, OPENCODE].map((ua) => row(ua, 'TypeError: fetch failed', NONE)),
  row(CODEX, 'Error: ECONNRESET', NONE),
  // OpenCode's and Kilo Code's bash results are raw output; the extended set reads an error line first in it.
  ...[KILO, OPENCODE].map((ua) => underExtended(row(ua, 'Error: ECONNRESET', NONE), fail('opencode-shell-output', 'transient'))),
  row(QWEN, '{"error": "Service Unavailable"}', NONE),
  row(QWEN, 'Traceback (most recent call last):\n  File "a.py", line 1\nKeyError: 1', NONE),
  ...[OTHER, undefined, ''].flatMap((ua) => [
    row(ua, 'File not found: src/a.ts', NONE),
    row(ua, 'x\nExited with code 1', NONE),
    row(ua, 'Process exited with code 1', NONE),
    row(ua, 'Unknown: FileSystem.readFile', NONE),
    row(ua, 'Command: ls\nError: boom\nExit Code: 1', NONE),
  ]),
];

// Spec point 3: Qwen Code, Codex, Kilo Code, OpenCode, whatever their position in the string.
const USER_AGENTS: Case[] = [
  row('Kilo-Code/4.0 QwenCode/0.1', 'File not found: a', fail('qwen-notfound', 'ambiguous')),
  row('opencode/1.0 codex_exec/0.3', 'Process exited with code 1', fail('codex-exit', 'ambiguous')),
  row('opencode/1.0 codex_exec/0.3', 'x\nExited with code 1', NONE),
  row('opencode/0.5 Kilo-Code/4.0', 'File not found: a', fail('kilo-notfound', 'ambiguous')),
  row('QwenCode/0.1 codex', 'Process exited with code 1', NONE),
  row('Mozilla/5.0 (X11) opencode/0.3.1', 'x\nExited with code 2', fail('opencode-exit', 'ambiguous')),
  row('my-codex-wrapper/1.0', 'Process exited with code 1', fail('codex-exit', 'ambiguous')),
  row('Codex/1.0', 'Error: ECONNRESET', fail('generic', 'transient'), {}, 'the markers are case-sensitive: "Codex/" is not codex'),
  row('qwencode/1.0', 'Error: ECONNRESET', fail('generic', 'transient')),
  row('QwenCode', 'Error: ECONNRESET', fail('generic', 'transient'), {}, 'the Qwen Code marker needs its slash'),
  row('Kilo-Code', 'File not found: a', NONE),
  row('opencode', 'x\nExited with code 1', NONE),
  row(undefined, 'Error: ECONNRESET', fail('generic', 'transient')),
  row('', 'Error: ECONNRESET', fail('generic', 'transient')),
];

// Rule 15: every start text, and the exception-name shape of spec point 6.
const GENERIC: Case[] = [
  row(OTHER, 'Error: boom', fail('generic', 'ambiguous')),
  row(OTHER, 'ERROR: boom', fail('generic', 'ambiguous')),
  row(OTHER, 'error: boom', fail('generic', 'ambiguous')),
  row(OTHER, 'Error executing tool read_file: ENOENT', fail('generic', 'ambiguous')),
  row(OTHER, 'MCP error -32602: Invalid params', fail('generic', 'fixable')),
  underExtended(row(OTHER, 'MCP error -32000: Connection closed', fail('generic', 'ambiguous')), fail('generic', 'transient')),
  row(OTHER, 'An error occurred while running the tool. Please try again. Error: Too Many Requests', fail('generic', 'transient')),
  row(OTHER, "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nKeyError: 'id'", fail('generic', 'ambiguous')),
  row(OTHER, "TypeError: Cannot read properties of undefined (reading 'map')", fail('generic', 'ambiguous')),
  row(OTHER, "ConnectionResetError(104, 'Connection reset by peer')", fail('generic', 'transient')),
  row(OTHER, 'socket.timeout: timed out', fail('generic', 'transient')),
  row(OTHER, "requests.exceptions.ReadTimeout(ReadTimeoutError(\"HTTPSConnectionPool(host='x', port=443)\"))", fail('generic', 'transient')),
  row(OTHER, 'asyncio.exceptions.TimeoutError: ', fail('generic', 'transient')),
  row(OTHER, 'httpx.ConnectTimeout: timed out', fail('generic', 'transient')),
  row(OTHER, 'grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with: status = StatusCode.UNAVAILABLE>', fail('generic', 'transient')),
  row(OTHER, 'MyAppException: quota', fail('generic', 'ambiguous')),
  row(OTHER, 'ValueError: limit must not be empty', fail('generic', 'fixable')),
  row(OTHER, "KeyError('id')", fail('generic', 'ambiguous')),
  row(OTHER, 'Exception(boom)', fail('generic', 'ambiguous'), {}, 'a bare suffix is an exception name'),
  row(OTHER, 'Error(boom)', fail('generic', 'ambiguous')),
  row(OTHER, 'Timeout: 30s elapsed', fail('generic', 'ambiguous')),
  row(OTHER, 'timeout: the monitored command dumped core', fail('generic', 'ambiguous'), {}, "GNU timeout's message starts with a bare `timeout:`"),
  row(OTHER, 'google.api_core.exceptions.ServiceUnavailable: 503 Service Unavailable', NONE, {}, 'a name not ending in Error/Exception/Timeout is not an exception name'),
  row(OTHER, 'TypeErrors: 0', NONE),
  row(OTHER, 'TypeError : x', NONE),
  row(OTHER, 'Type-Error: x', NONE),
  row(OTHER, 'ErrorCount: 0', NONE),
  row(OTHER, 'HTTP Error 503: Service Unavailable', fail('generic', 'transient')),
  row(OTHER, 'HTTP 429 Too Many Requests', fail('generic', 'transient')),
  row(OTHER, 'HTTP 404 Not Found', fail('generic', 'ambiguous'), {}, 'HTTP 404 is deliberately absent from the words'),
  row(OTHER, 'HTTP 500: Internal Server Error', fail('generic', 'transient')),
  row(OTHER, 'HTTP 403 Forbidden', fail('generic', 'unrecoverable')),
  underExtended(row(OTHER, 'HTTP 400 Bad Request', fail('generic', 'fixable')), fail('generic', 'ambiguous')),
  row(OTHER, 'HTTP 301 Moved Permanently', NONE),
  row(OTHER, 'HTTP 200 OK', NONE),
  row(OTHER, 'HTTP/1.1 503 Service Unavailable', NONE),
  row(OTHER, '503 Server Error: Service Unavailable for url: https://api.example.com/v1', fail('generic', 'transient')),
  row(OTHER, '404 Client Error: Not Found for url: https://api.example.com/v1/x', fail('generic', 'ambiguous')),
  row(OTHER, '401 Client Error: Unauthorized for url: https://api.example.com/v1', fail('generic', 'unrecoverable')),
  underExtended(row(OTHER, '422 Client Error: Unprocessable Entity for url: https://api.example.com/v1', fail('generic', 'fixable')), fail('generic', 'ambiguous')),
  row(OTHER, '50 Server Error: x', NONE),
  row(OTHER, '5003 Server Error: x', NONE),
  row(OTHER, '503 server error: x', NONE),
  underExtended(row(OTHER, '503 Server Error x', NONE), fail('reply-code', 'transient')),
  row(OTHER, "Client error '404 Not Found' for url 'https://x.test/y'", fail('generic', 'ambiguous')),
  row(OTHER, "Server error '502 Bad Gateway' for url 'https://x.test/y'", fail('generic', 'transient')),
  row(OTHER, "client error '404'", NONE),
  row(OTHER, 'Error count: 0', NONE),
];

// Spec point 8: `{"error":` then JSON white space, then an object or a non-empty string.
const JSON_ERROR: Case[] = [
  row(OTHER, '{"error":{"message":"Rate limit reached for gpt-4o","type":"requests"}}', fail('generic', 'transient')),
  row(OTHER, '{"error": "Invalid API key provided"}', fail('generic', 'unrecoverable'), {}, 'Python json.dumps style'),
  row(OTHER, '{"error":"x"}', fail('generic', 'ambiguous')),
  row(OTHER, '{"error": "quota", ', fail('generic', 'ambiguous'), {}, 'the rest need not be valid JSON'),
  row(OTHER, '{"error":\n  {"code": 400}}', fail('generic', 'ambiguous')),
  row(OTHER, '{"error":\t"x"}', fail('generic', 'ambiguous')),
  row(OTHER, '{"error":"\\"quoted\\""}', fail('generic', 'ambiguous')),
  row(OTHER, '{"error": {}}', fail('generic', 'ambiguous')),
  row(OTHER, '{"error":null}', NONE),
  row(OTHER, '{"error": null, "data": {"rows": 2}}', NONE),
  row(OTHER, '{"error":false}', NONE),
  row(OTHER, '{"error": false, "result": "saved"}', NONE),
  row(OTHER, '{"error":""}', NONE),
  row(OTHER, '{"error": "", "result": "saved"}', NONE),
  row(OTHER, '{"error":0}', NONE),
  row(OTHER, '{"error":-1}', NONE),
  row(OTHER, '{"error":1.5}', NONE),
  row(OTHER, '{"error":[]}', NONE),
  underExtended(row(OTHER, '{"error":["Service Unavailable"]}', NONE), fail('json-error-body', 'transient')),
  underExtended(row(OTHER, '{"error":true}', NONE), fail('json-error-body', 'ambiguous')),
  underExtended(row(OTHER, '{"error" : "x"}', NONE), fail('json-error-body', 'ambiguous')),
  underExtended(row(OTHER, '{ "error": "x"}', NONE), fail('json-error-body', 'ambiguous')),
  row(OTHER, '{"Error": "x"}', NONE),
  underExtended(row(OTHER, '{"errors":["x"]}', NONE), fail('json-error-body', 'ambiguous')),
];

// Spec point 7: the generic rule skips space, tab, LF, CR, VT and FF; the other rules skip nothing.
const WHITE_SPACE: Case[] = [
  ...[' ', '\t', '\n', '\r', '\v', '\f', ' \t\n\r\v\f'].map((ws) => row(OTHER, `${ws}Error: ECONNRESET`, fail('generic', 'transient'))),
  row(OTHER, '  {"error": "x"}', fail('generic', 'ambiguous')),
  row(OTHER, '\n\nTraceback (most recent call last):\n  File "a.py"\nOSError: x', fail('generic', 'ambiguous')),
  ...['\u00a0', '\u2003', '\ufeff', '\u2028'].map((ws) => row(OTHER, `${ws}Error: ECONNRESET`, NONE)),
  row(QWEN, ' Error: x', NONE),
  row(QWEN, '\nFile not found: x', NONE),
  row(QWEN, `\n${qwenShell('x', '(none)', '1')}`, NONE),
  row(KILO, ' File not found: x', NONE),
  row(KILO, ' Unknown: FileSystem.readFile', NONE),
  row(CODEX, '\tExit code: 1', NONE),
];

// Negative texts: successes and error words in the middle of a result.
const NEGATIVE: Case[] = [
  row(OTHER, 'Build finished. Error: none', NONE),
  row(OTHER, 'Found 0 errors. Watching for file changes.', NONE),
  row(OTHER, 'test_parse raises TypeError: ok', NONE),
  row(OTHER, 'log:\nTraceback (most recent call last):\n  File "a.py"\nValueError: x', NONE),
  row(OTHER, 'The service returned 503 Service Unavailable earlier; the retry succeeded', NONE),
  row(OTHER, 'Permission denied errors: 0, ECONNREFUSED: 0', NONE),
  row(OTHER, '', NONE),
  row(OTHER, null, NONE),
  row(OTHER, [], NONE),
  row(OTHER, 'OK', NONE),
  row(OTHER, '{"status":"ok","items":[1,2,3]}', NONE),
  row(OTHER, 'Warning: deprecated option', NONE),
];

// Spec point 2: text parts joined with `\n`; other parts carry no text.
const CONTENT_PARTS: Case[] = [
  row(OTHER, [{ type: 'text', text: 'Error: upstream' }, { type: 'text', text: 'Service Unavailable' }], fail('generic', 'transient')),
  row(OTHER, [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }, { type: 'text', text: 'TypeError: x' }], fail('generic', 'ambiguous')),
  row(OPENCODE, [{ type: 'text', text: 'build log' }, { type: 'text', text: 'Exited with code 1' }], fail('opencode-exit', 'ambiguous')),
  row(QWEN, [{ type: 'text', text: 'Command: make' }, { type: 'text', text: 'Error: (none)\nExit Code: 2' }], fail('qwen-exit', 'ambiguous')),
  row(OTHER, [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }], NONE),
  row(OTHER, [{ type: 'text', text: 'fine' }, { type: 'text', text: 'Error: x' }], NONE),
];

// Order unrecoverable → command timeout (ambiguous, wide lists only) → transient → fixable.
const CLASSIFICATION: Case[] = [
  row(OTHER, 'Error: ECONNREFUSED, then EACCES', fail('generic', 'unrecoverable')),
  row(OTHER, 'Error: Invalid arguments; Service Unavailable', fail('generic', 'transient')),
  row(OTHER, 'Error: must not be empty (Forbidden)', fail('generic', 'unrecoverable')),
  underExtended(row(OTHER, 'Error: Bad Request; fetch failed', fail('generic', 'transient')), fail('generic', 'ambiguous')),
  row(OTHER, 'Error: Unauthorized; ECONNRESET', fail('generic', 'unrecoverable')),
  row(QWEN, 'Error: Unauthorized; ECONNRESET', fail('qwen-error', 'transient')),
  row(OTHER, 'Error: Command timed out; Permission denied', fail('generic', 'unrecoverable')),
  row(OTHER, 'Error: Command timed out; Service Unavailable', fail('generic', 'ambiguous')),
  row(OTHER, 'Error: command timeout; Invalid arguments', fail('generic', 'ambiguous')),
  row(OTHER, 'Error: execution timed out', fail('generic', 'ambiguous')),
  row(OTHER, 'Error: request timed out', fail('generic', 'transient')),
  row(QWEN, 'Error: Command timed out; ECONNRESET', fail('qwen-error', 'transient')),
  row(CODEX, mcp('command timed out; ECONNRESET'), fail('mcp-iserror', 'ambiguous')),
  ...['PERMISSION DENIED', 'Permission Denied', 'econnrefused', 'service unavailable', 'too many requests', 'forbidden', 'unauthorized', 'bad request', 'Not Available', 'not available']
    .map((w) => row(OTHER, `Error: ${w}`, fail('generic', 'ambiguous'))),
  ...[
    ['Permission denied', 'permission denied', 'Read-only file system', 'read-only', 'Access denied', 'access denied', 'Not authorized to', 'not authorized to', 'Incorrect API key', 'incorrect API key', 'Invalid API key', 'invalid API key'].map((w) => [w, 'unrecoverable'] as const),
    ['Rate limit', 'rate limit', 'Temporarily unavailable', 'temporarily unavailable', 'Connection refused', 'connection refused', 'Connection reset', 'connection reset', 'Connection aborted', 'connection aborted'].map((w) => [w, 'transient'] as const),
    ['Invalid params', 'invalid params', 'Unknown tool', 'unknown tool', 'Method not found', 'method not found', 'Additional properties are not allowed', 'additional properties are not allowed'].map((w) => [w, 'fixable'] as const),
    ['Command timed out', 'command timed out', 'Command timeout', 'command timeout', 'Execution timed out', 'execution timed out'].map((w) => [w, 'ambiguous'] as const),
  ].flat().map(([w, kind]) => row(OTHER, `Error: ${w}`, fail('generic', kind), {}, `both capitalisations: ${w}`)),
];

const WINDOW = 4096;
const pad = (units: number): string => 'x'.repeat(units);
const EMOJI = '\u{1F600}';
// Classification reads the first 4096 UTF-16 code units; detection reads the whole text.
const CLASSIFY_WINDOW: Case[] = [
  row(OTHER, `Error: ${pad(WINDOW - 7 - 12)}ECONNREFUSED`, fail('generic', 'transient'), {}, 'a word ending at code unit 4096 is inside'),
  row(OTHER, `Error: ${pad(WINDOW - 7 - 12 + 1)}ECONNREFUSED`, fail('generic', 'ambiguous'), {}, 'a word ending at code unit 4097 is outside'),
  row(OTHER, `Error: ${EMOJI.repeat(2038)}x${'ECONNREFUSED'}`, fail('generic', 'transient'), {}, 'astral padding: inside by code units'),
  row(OTHER, `Error: ${EMOJI.repeat(2038)}xx${'ECONNREFUSED'}`, fail('generic', 'ambiguous'), {}, 'astral padding: outside by code units, inside by code points'),
  row(OTHER, `Error: ECONNRESET ${pad(WINDOW)}Permission denied`, fail('generic', 'transient'), {}, 'an unrecoverable word past the window does not count'),
  row(OTHER, `Error: ECONNRESET ${pad(WINDOW)}Command timed out`, fail('generic', 'transient'), {}, 'a command timeout past the window does not count'),
  row(OTHER, `${pad(WINDOW)} Error: ECONNRESET`, NONE, {}, 'a start text past the window is still mid-text'),
  row(CODEX, `${pad(5000)}\nProcess exited with code 1`, fail('codex-exit', 'ambiguous'), {}, 'detection reads past the window'),
  row(CODEX, `ECONNRESET ${pad(5000)}\nProcess exited with code 1`, fail('codex-exit', 'transient'), {}, 'detection past the window, a word inside it'),
  row(OTHER, mcp(`Too Many Requests ${pad(WINDOW)}`), fail('mcp-iserror', 'transient'), {}, 'isError past the window, a word inside it'),
  row(OTHER, mcp(`${pad(WINDOW)} Too Many Requests`), fail('mcp-iserror', 'ambiguous'), {}, 'an MCP result whose only word is past the window'),
  row(OTHER, `Error: ${pad(WINDOW - 7 - 'Invalid arguments'.length)}Invalid arguments`, fail('generic', 'fixable'), {}, 'a fixable word ending at code unit 4096'),
  row(OTHER, `Error: ${pad(WINDOW - 7 - 'Invalid arguments'.length + 1)}Invalid arguments`, fail('generic', 'ambiguous'), {}, 'a fixable word ending at code unit 4097'),
];

// Spec point 9: client-kind, is_error, cline, opencode, mcp-iserror, then agent or generic rules.
const PRECEDENCE: Case[] = [
  row(OTHER, 'ECONNREFUSED', fail('client-kind', 'fixable'), { tool_error_kind: 'fixable', is_error: true }),
  row(OTHER, 'all good', fail('client-kind', 'transient'), { tool_error_kind: 'transient' }),
  row(QWEN, '', fail('client-kind', 'unrecoverable'), { tool_error_kind: 'unrecoverable' }),
  row(OTHER, mcp('Unauthorized'), fail('client-kind', 'fixable'), { tool_error_kind: 'fixable' }),
  row(OTHER, 'ECONNRESET', fail('is_error', 'transient'), { tool_error_kind: 'ambiguous', is_error: true }),
  row(OTHER, 'all good', NONE, { tool_error_kind: 'ambiguous' }),
  row(OTHER, 'Error: Forbidden', fail('generic', 'unrecoverable'), { tool_error_kind: 'ambiguous' }),
  row(OTHER, 'ok', NONE, { tool_error_kind: 'retry' }),
  row(OTHER, 'ok', NONE, { tool_error_kind: 'Transient' }),
  row(OTHER, '{"query":"q","success":false,"error":"ECONNRESET"}', fail('is_error', 'transient'), { is_error: true }),
  row(OTHER, '{"query":"q","success":false,"isError":true,"error":"Unauthorized"}', fail('cline', 'ambiguous')),
  row(OTHER, '{"error":{"type":"tool.execution","message":"Unauthorized"},"isError":true}', fail('opencode', 'ambiguous')),
  row(CODEX, mcp('Process exited with code 1'), fail('mcp-iserror', 'ambiguous')),
  row(OTHER, '{"error": "Unauthorized", "isError": true}', fail('mcp-iserror', 'unrecoverable')),
];

// Every spec word, as written in the spec (Appendix A / B.2); hand-copied, not imported.
const COMMON_WORDS: Readonly<Record<'unrecoverable' | 'transient' | 'fixable', readonly string[]>> = {
  unrecoverable: ['EACCES', 'EPERM', 'ermission denied', 'Access is denied', 'ead-only', 'Unable to write', 'Forbidden'],
  transient: ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'Too Many Requests', 'ate limit', 'Service Unavailable', 'Gateway Timeout', 'emporarily unavailable'],
  fixable: ['must not be empty', 'cannot be empty', 'has not been read', 'No replacement performed', 'Invalid insert_line', 'was omitted', 'did not match', 'not unique', 'verification failed', 'Invalid arguments', 'Invalid parameters'],
};
const WIDE_WORDS: Readonly<Record<'unrecoverable' | 'transient' | 'fixable', readonly string[]>> = {
  unrecoverable: ['Unauthorized', 'PERMISSION_DENIED', 'UNAUTHENTICATED', 'ccess denied', 'ot authorized to', 'ncorrect API key', 'nvalid API key'],
  transient: ['timed out', 'TimeoutError', 'ReadTimeout', 'ConnectTimeout', 'WriteTimeout', 'PoolTimeout', 'socket.timeout', 'Request Timeout', 'DEADLINE_EXCEEDED', 'UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'onnection reset', 'onnection refused', 'onnection aborted', 'Bad Gateway', 'Internal Server Error', 'socket hang up', 'fetch failed', 'Max retries exceeded'],
  fixable: ['unexpected keyword argument', 'required positional argument', 'positional arguments but', 'nvalid params', 'INVALID_ARGUMENT', 'Bad Request', 'Unprocessable', 'validation error', 'is a required property', 'is not of type', 'dditional properties are not allowed', 'is not a valid tool', 'nknown tool', 'ethod not found', '-32601', '-32602'],
};
const COMMAND_TIMEOUT_WORDS = ['ommand timed out', 'ommand timeout', 'xecution timed out'];
// Paper wide words the extended set does not read (hand-copied from extended-rules.ts's reasons): under it they decide nothing.
const DROPPED_BY_EXTENDED = new Set(['Bad Request', 'Unprocessable', 'fetch failed']);
const byKind = (lists: typeof COMMON_WORDS) => (['unrecoverable', 'transient', 'fixable'] as const).flatMap((kind) => lists[kind].map((word) => ({ word, kind })));

const WORD_LISTS: Case[] = [
  ...byKind(COMMON_WORDS).flatMap(({ word, kind }) => [
    row(OTHER, `Error: ${word}`, fail('generic', kind)),
    row(QWEN, `Error: ${word}`, fail('qwen-error', kind)),
    row(OTHER, word, fail('is_error', kind), { is_error: true }),
  ]),
  ...byKind(WIDE_WORDS).flatMap(({ word, kind }) => [
    DROPPED_BY_EXTENDED.has(word) ? underExtended(row(OTHER, `Error: ${word}`, fail('generic', kind)), fail('generic', 'ambiguous')) : row(OTHER, `Error: ${word}`, fail('generic', kind)),
    DROPPED_BY_EXTENDED.has(word) ? underExtended(row(OTHER, mcp(word), fail('mcp-iserror', kind)), fail('mcp-iserror', 'ambiguous')) : row(OTHER, mcp(word), fail('mcp-iserror', kind)),
    row(QWEN, `Error: ${word}`, fail('qwen-error', 'ambiguous'), {}, `[qwen] wide word stays ambiguous: ${word}`),
    row(CODEX, `Exit code: 1\n${word}`, fail('codex-exit', 'ambiguous'), {}, `[codex] wide word stays ambiguous: ${word}`),
    underExtended(row(OTHER, word, fail('is_error', 'ambiguous'), { is_error: true }, `[is_error] wide word stays ambiguous: ${word}`), fail('is_error', DROPPED_BY_EXTENDED.has(word) ? 'ambiguous' : kind)),
  ]),
  ...COMMAND_TIMEOUT_WORDS.flatMap((word) => [
    row(OTHER, `Error: ${word} after 30s; ECONNRESET`, fail('generic', 'ambiguous')),
    row(OTHER, mcp(`${word}; Bad Gateway`), fail('mcp-iserror', 'ambiguous')),
    row(OTHER, `Error: ${word}; EPERM`, fail('generic', 'unrecoverable')),
  ]),
];

const SHARED: Readonly<Record<string, Case[]>> = {
  'explicit flags (rules 1-3, 14)': EXPLICIT,
  'agent rules (4-13)': AGENTS,
  'rule selection by agent': RULE_SELECTION,
  'User-Agent resolution order': USER_AGENTS,
  'generic start texts (15)': GENERIC,
  'JSON error field': JSON_ERROR,
  'leading white space': WHITE_SPACE,
  'negative texts': NEGATIVE,
  'content parts': CONTENT_PARTS,
  'classification order and case': CLASSIFICATION,
  'classification window': CLASSIFY_WINDOW,
  precedence: PRECEDENCE,
  'word lists': WORD_LISTS,
};

// Sources only the `extended` set reads; under `paper` each of them must stay undetected.
const EXTENDED_ONLY: { name: string; content: string; extended: Expected }[] = [
  {
    name: 'exception group traceback',
    content:
      '  + Exception Group Traceback (most recent call last):\n  |   File "app.py", line 9, in <module>\n  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n  +-+---------------- 1 ----------------\n    | ConnectionResetError: [Errno 104] Connection reset by peer\n    +------------------------------------',
    extended: fail('py-exception-group', 'transient'),
  },
  {
    name: 'LangChain invalid arguments',
    content: "Error invoking tool 'search' with kwargs {'limit': 'ten'} with error:\n limit: Input should be a valid integer\n Please fix the error and try again.",
    extended: fail('langchain-invoke', 'ambiguous'),
  },
  {
    name: 'LangChain invalid arguments with a validation error',
    content: "Error invoking tool 'search' with kwargs {'limit': 'ten'} with error:\n1 validation error for search\n Please fix the error and try again.",
    extended: fail('langchain-invoke', 'fixable'),
  },
  { name: 'LangChain ToolRetryMiddleware', content: "Tool 'fetch_page' failed after 3 attempts with ReadTimeout: timed out", extended: fail('langchain-retry', 'transient') },
  {
    name: 'Google ADK Reflect-and-Retry',
    content: JSON.stringify({ response_type: 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN', error_type: 'ConnectionError', error_details: 'Connection refused', retry_count: 1 }),
    extended: fail('adk-reflect-retry', 'transient'),
  },
  { name: 'a tool that failed without "after"', content: "Tool 'fetch_page' failed: ReadTimeout: timed out", extended: NONE },
  { name: 'ADK-like object of another response type', content: JSON.stringify({ response_type: 'OK', error_details: 'Connection refused' }), extended: NONE },
];

describe.each(['paper', 'extended'] as const)('detection under the %s rule set', (rules) => {
  for (const [group, cases] of Object.entries(SHARED)) {
    describe(group, () => {
      it.each(cases)('$name', (c) => {
        expect(detectOne(c, rules)).toEqual(rules === 'extended' && c.extended !== undefined ? c.extended : c.expected);
      });
    });
  }
});

describe('extended rules', () => {
  it.each(EXTENDED_ONLY)('$name: extended detects it, paper does not', ({ content, extended }) => {
    const c = row(OTHER, content, NONE);
    expect(detectOne(c, 'extended')).toEqual(extended);
    expect(detectOne(c, 'paper')).toEqual(NONE);
  });
});

const call = (id: string, name = 'run', args = '{}') => ({ id, type: 'function' as const, function: { name, arguments: args } });

describe('decision and history scope', () => {
  it('reports earlier failures as history and those after the last assistant message as the decision step', () => {
    const conversation: Conversation = {
      messages: [
        { role: 'system', content: 'Error: system prompts are never tool results' },
        { role: 'user', content: 'Error: nor are user messages' },
        { role: 'assistant', content: null, tool_calls: [call('a')] },
        { role: 'tool', tool_call_id: 'a', content: 'Error: ECONNRESET' },
        { role: 'assistant', content: 'Error: nor assistant text', tool_calls: [call('b'), call('c'), call('d')] },
        { role: 'tool', tool_call_id: 'b', content: 'Error: Bad Request' },
        { role: 'tool', tool_call_id: 'c', content: 'ok' },
        { role: 'tool', tool_call_id: 'd', content: 'done', is_error: true },
        { role: 'user', content: 'please go on' },
      ],
      tools: [],
    };
    expect(detectFailures(conversation, { userAgent: OTHER })).toEqual([
      { canonicalIndex: 3, messageIndex: 3, rule: 'generic', kind: 'transient', scope: 'history' },
      { canonicalIndex: 5, messageIndex: 5, rule: 'generic', kind: 'fixable', scope: 'decision' },
      { canonicalIndex: 7, messageIndex: 7, rule: 'is_error', kind: 'ambiguous', scope: 'decision' },
    ]);
  });

  it('has no decision step when the conversation ends with an assistant message', () => {
    const conversation: Conversation = {
      messages: [
        { role: 'assistant', content: null, tool_calls: [call('a')] },
        { role: 'tool', tool_call_id: 'a', content: 'Error: ECONNRESET' },
        { role: 'assistant', content: 'The server reset the connection.' },
      ],
      tools: [],
    };
    expect(detectFailures(conversation).map((d) => d.scope)).toEqual(['history']);
  });

  it('reads an Anthropic tool_result with is_error as the is_error rule, at its message index', () => {
    const body = {
      model: 'claude',
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: 'ECONNRESET while reading' }] },
      ],
    };
    expect(detectFailures(fromAnthropicMessages(body), { userAgent: OTHER })).toEqual([
      expect.objectContaining({ messageIndex: 2, rule: 'is_error', kind: 'transient', scope: 'decision' }),
    ]);
  });
});

describe('retry_safety "annotations"', () => {
  const tools = [
    { name: 'charge_card', annotations: { readOnlyHint: false, idempotentHint: false } },
    { name: 'delete_file', annotations: { readOnlyHint: false, destructiveHint: true } },
    { name: 'read_file', annotations: { readOnlyHint: true } },
    { name: 'lookup', annotations: { readOnlyHint: true, idempotentHint: false, destructiveHint: true } },
    { name: 'upsert', annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false } },
    { name: 'plain' },
  ];
  function detectFor(tool: string, content: string, options: { retry_safety?: 'off' | 'annotations' } | undefined, extra: Flags = {}) {
    const conversation: Conversation = {
      messages: [
        { role: 'assistant', content: null, tool_calls: [call('x', tool)] },
        { role: 'tool', tool_call_id: 'x', content, ...extra },
      ],
      tools,
    };
    const [only, ...rest] = detectFailures(conversation, { userAgent: OTHER, options });
    expect(rest).toEqual([]);
    return only;
  }
  const annotations = { retry_safety: 'annotations' } as const;

  it.each([
    ['charge_card', 'not read-only and not idempotent'],
    ['delete_file', 'not read-only and destructive'],
  ])('withholds transient guidance for %s (%s)', (tool) => {
    expect(detectFor(tool, 'Error: ECONNRESET', annotations)).toEqual(expect.objectContaining({ rule: 'generic', kind: 'ambiguous', withheld: 'retry-unsafe' }));
  });

  it('withholds a client-supplied transient kind too', () => {
    expect(detectFor('charge_card', 'ok', annotations, { tool_error_kind: 'transient' })).toEqual(expect.objectContaining({ rule: 'client-kind', kind: 'ambiguous', withheld: 'retry-unsafe' }));
  });

  it.each(['read_file', 'lookup', 'upsert', 'plain'])('keeps transient guidance for %s', (tool) => {
    const found = detectFor(tool, 'Error: ECONNRESET', annotations);
    expect(found).toEqual(expect.objectContaining({ rule: 'generic', kind: 'transient' }));
    expect(found?.withheld).toBeUndefined();
  });

  it('keeps transient guidance when the client marks the message retry_safe: true', () => {
    const found = detectFor('charge_card', 'Error: ECONNRESET', annotations, { retry_safe: true });
    expect(found).toEqual(expect.objectContaining({ kind: 'transient' }));
    expect(found?.withheld).toBeUndefined();
  });

  it.each([undefined, { retry_safety: 'off' as const }])('is off unless asked for (%j)', (options) => {
    expect(detectFor('charge_card', 'Error: ECONNRESET', options)).toEqual(expect.objectContaining({ kind: 'transient' }));
  });

  it.each([
    ['Error: Bad Request', 'fixable'],
    ['Error: Forbidden', 'unrecoverable'],
  ] as const)('leaves %s (%s) alone', (content, kind) => {
    const found = detectFor('charge_card', content, annotations);
    expect(found).toEqual(expect.objectContaining({ kind }));
    expect(found?.withheld).toBeUndefined();
  });

  it('reads annotations carried under a Chat Completions function definition', () => {
    const body = {
      model: 'm',
      tools: [{ type: 'function', function: { name: 'charge_card', parameters: {}, annotations: { readOnlyHint: false, destructiveHint: true } } }],
      messages: [
        { role: 'assistant', content: null, tool_calls: [call('x', 'charge_card')] },
        { role: 'tool', tool_call_id: 'x', content: 'Error: ETIMEDOUT' },
      ],
    };
    expect(detectFailures(fromChatCompletions(body), { options: annotations })).toEqual([
      expect.objectContaining({ messageIndex: 1, kind: 'ambiguous', withheld: 'retry-unsafe' }),
    ]);
  });
});
