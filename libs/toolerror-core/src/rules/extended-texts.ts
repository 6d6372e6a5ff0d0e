import type { Kind } from '../types.ts';
import { CLASSIFY_WINDOW, kindOfWords } from './classify.ts';
import { parseJsonObject, skipLeadingWhiteSpace } from './paper-rules.ts';
import type { WordLists } from './words.ts';

/**
 * The text shapes the extended rules read, and the kinds the extended set takes from a text's structure (a
 * status, a JSON error body, a spent quota) rather than from its words. Each names its source.
 */

/** Node's system error codes, as `err.message` starts them (`connect ECONNREFUSED …`, `EACCES: …`). */
const NODE_ERRNO = new Set([
  'EACCES', 'EADDRINUSE', 'EAI_AGAIN', 'EBADF', 'EBUSY', 'ECONNABORTED', 'ECONNREFUSED', 'ECONNRESET', 'EEXIST', 'EHOSTUNREACH',
  'EISDIR', 'EMFILE', 'ENAMETOOLONG', 'ENETUNREACH', 'ENOBUFS', 'ENOENT', 'ENOSPC', 'ENOTDIR', 'ENOTEMPTY', 'ENOTFOUND', 'EPERM',
  'EPIPE', 'EROFS', 'ETIMEDOUT', 'ETIMEOUT', 'EXDEV',
]);
const NODE_ERRNO_START = /^(?:(?:connect|read|write|getaddrinfo|query\w*|spawn|spawnSync|open|listen|bind|unlink|mkdir|rmdir|scandir|stat|lstat|access|rename|copyfile|link|symlink|chmod|readlink|opendir) (?:\S+ )?)?(E[A-Z][A-Z_]+)(?::|\s|$)/;

/**
 * A Node system error inside a tool's own sentence, on the first line of a text that is not JSON: a cause in
 * parentheses right after `failed` (`Contact sync failed: fetch failed (ECONNRESET: read ECONNRESET)`), or an fs
 * error message (`Could not save the note: EACCES: permission denied, open '/etc/notes.md'`).
 */
const NODE_CODE_IN_SENTENCE = /\bfailed \((E[A-Z]+)[:)]|: (E[A-Z]+): [a-z][a-z ]*, (?:open|mkdir|rmdir|scandir|opendir|unlink|rename|stat|lstat|access|copyfile|chmod|chown|utime|readlink|symlink|link|write|read) '/;

export function nodeErrorInSentence(text: string): boolean {
  if (/^\s*[[{]/.test(text)) return false;
  const newline = text.indexOf('\n');
  const m = NODE_CODE_IN_SENTENCE.exec(newline === -1 ? text : text.slice(0, newline));
  return m !== null && NODE_ERRNO.has((m[1] ?? m[2])!);
}

export function nodeErrno(text: string): boolean {
  const m = NODE_ERRNO_START.exec(skipLeadingWhiteSpace(text));
  return m !== null && NODE_ERRNO.has(m[1]!);
}

/** Node prints an uncaught exception as `file:line`, the source line, a caret, then the error and its stack. */
export function nodeUncaught(text: string): boolean {
  text = skipLeadingWhiteSpace(text);
  return /^(?:node:[\w/.:-]+|\[eval\]|\/[^\n]*\.[cm]?[jt]s):\d+\n/.test(text) && text.includes('\n    at ');
}

/** The title of an HTML error page: `Error response`, `503 Service Unavailable`, Cloudflare's `host | 502: Bad gateway`. */
const HTML_ERROR_TITLE = /<title>(?:Error response|([45]\d\d) [^<]+|[^<|]*\| ([45]\d\d): [^<]+)<\/title>/i;

/** A first heading that is the status: HAProxy's `<h1>503 Service Unavailable</h1>`, CloudFront's `<H1>504 Gateway Timeout ERROR</H1>`. */
const HTML_ERROR_HEADING = /<h1>(?:Error )?([45]\d\d) [^<]+<\/h1>/i;
/** A maintenance page's title: `<title>Down for maintenance</title>`. */
const HTML_MAINTENANCE_TITLE = /<title>[^<]*\bmaintenance\b[^<]*<\/title>/i;

/** The status an HTML error page names in its title, or in its first heading when it has no title. */
function htmlPageStatus(page: string): number | undefined {
  const head = page.slice(0, 2048);
  const title = HTML_ERROR_TITLE.exec(head);
  if (title) {
    const status = title[1] ?? title[2];
    return status === undefined ? undefined : Number(status);
  }
  const heading = HTML_ERROR_HEADING.exec(head);
  return heading ? Number(heading[1]) : undefined;
}

/**
 * CPython's http.server error page, werkzeug's, nginx's and Cloudflare's HTML error pages: a title naming the
 * status; HAProxy's and CloudFront's, a first heading naming it; a maintenance page.
 */
export function htmlErrorPage(text: string): boolean {
  const t = skipLeadingWhiteSpace(text);
  if (!/^<(?:!doctype html|html)[\s>]/i.test(t)) return false;
  const head = t.slice(0, 2048);
  return HTML_ERROR_TITLE.test(head) || HTML_ERROR_HEADING.test(head) || HTML_MAINTENANCE_TITLE.test(head);
}

/** FastAPI's validation body: `{"detail": [{"loc": [...], "msg": "..."}]}`. */
export function fastApiDetail(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.includes('"detail"')) return false;
  const detail = parseJsonObject(t)?.detail;
  return Array.isArray(detail) && detail.length > 0 && detail.every((d) => typeof d === 'object' && d !== null && 'loc' in d && 'msg' in d);
}

const STATUS_KEYS = ['status', 'statusCode', 'status_code', 'status-code', 'code', 'cod'] as const;

/** An HTTP error status (400–599) held by a JSON value: a number or a string of three digits. */
function errorStatus(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 400 && n <= 599 ? n : undefined;
}

/** A message that is only a status line, as GitLab words its errors: `{"message": "403 Forbidden"}`. */
const STATUS_LINE_MESSAGE = /^([45]\d\d) [A-Z][A-Za-z' -]*$/;

/**
 * The status an API's JSON error body states at its top level or in its `error` object: in a status field, or as
 * a message that is only a status line.
 */
function jsonBodyStatus(body: Record<string, unknown>): number | undefined {
  const error = typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
  for (const holder of [body, error]) {
    for (const key of STATUS_KEYS) {
      const status = errorStatus(holder[key]);
      if (status !== undefined) return status;
    }
    const line = typeof holder.message === 'string' ? STATUS_LINE_MESSAGE.exec(holder.message) : null;
    if (line) return Number(line[1]);
  }
  return undefined;
}

/** An `error` that reports one: `true`, a non-empty string, list or object (not `null`, `false`, `""` or a number such as 0). */
const reportsError = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value !== '') || (Array.isArray(value) ? value.length > 0 : typeof value === 'object' && value !== null && Object.keys(value).length > 0);

/** A text that is a non-empty JSON list of objects every one of which `isItem` accepts. */
function jsonListOf(text: string, isItem: (item: Record<string, unknown>) => boolean): boolean {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) && list.length > 0 && list.every((i) => typeof i === 'object' && i !== null && !Array.isArray(i) && isItem(i as Record<string, unknown>));
  } catch {
    return false;
  }
}

/** Salesforce's error body: a JSON list of `{"message": …, "errorCode": …}` objects. */
const errorCodeList = (t: string): boolean => jsonListOf(t, (e) => typeof e.errorCode === 'string' && typeof e.message === 'string');

/**
 * A whole text that is an API's JSON error body: Salesforce's list of `errorCode`s, Okta's `errorCode` and
 * `errorSummary`, PayPal's `name` and `details`, a present `error`, a non-empty `errors` list (GraphQL, JSON:API),
 * `"ok": false` / `"success": false`, GitHub's `{"message", "documentation_url"}`, Rails' `{"errors": {field: […]}}`, Discord's `retry_after`, AWS JSON's `{"__type": "…Exception"}`, or an error status in a status field (GitHub's `"status": "403"`, RFC 7807
 * problem details' `"status": 422`) — unless the body says `"ok": true` or `"success": true`.
 */
export function jsonErrorBody(text: string): boolean {
  const t = text.trim();
  if (t.startsWith('[') && t.endsWith(']')) return errorCodeList(t);
  if (!t.startsWith('{') || !t.endsWith('}')) return false;
  const body = parseJsonObject(t);
  if (!body || body.ok === true || body.success === true) return false;
  const github = typeof body.message === 'string' && typeof body.documentation_url === 'string';
  const awsJson = typeof body.__type === 'string' && /(?:Exception|Error|Fault)$/.test(body.__type);
  const okta = typeof body.errorCode === 'string' && typeof body.errorSummary === 'string';
  const paypal = typeof body.name === 'string' && /^[A-Z][A-Z_]+$/.test(body.name) && typeof body.message === 'string' && (Array.isArray(body.details) || typeof body.debug_id === 'string');
  return okta || paypal || reportsError(body.error) || reportsError(body.errors) || typeof body.retry_after === 'number' || body.ok === false || body.success === false || github || awsJson || jsonBodyStatus(body) !== undefined;
}

/** The kind of an HTTP status as LABELLING.md reads it; undefined for statuses whose next step the text must tell. */
function kindOfStatus(status: number | undefined): Kind | undefined {
  if (status === 401 || status === 402 || status === 403) return 'unrecoverable';
  if (status === 408 || status === 429 || (status !== undefined && status >= 500 && status !== 501 && status !== 505)) return 'transient';
  return undefined;
}

/**
 * A whole text that is only an HTTP status line, the way clients and tools word it: `HTTP 400 Bad Request`,
 * urllib's `HTTP Error 400: Bad Request`, requests' `422 Client Error: Unprocessable Entity for url: …`, httpx's
 * `Client error '400 Bad Request' for url '…'` (and its documentation link), `Request failed with status code 400`.
 */
const BARE_STATUS = new RegExp(
  '^(?:[A-Za-z_][\\w.]*: )?(?:' +
    'HTTP(?: Error)? (\\d{3})(?::? [A-Za-z][A-Za-z \'-]*)?' +
    '|(\\d{3}) (?:Client|Server) Error: [^\\n]* for url: \\S+' +
    "|(?:Client|Server) error '(\\d{3}) [^'\\n]*' for url '[^'\\n]*'(?:\\nFor more information check: \\S+)?" +
    '|Request failed with status(?: code)? (\\d{3})' +
    ')$',
);

/** A status line followed by the body it came with: `422 Unprocessable Entity: {…}`, `Error: HTTP 400 Bad Request: {…}`. */
export const STATUS_THEN_BODY = /^(?:[A-Za-z_][\w.]*: )?(?:HTTP(?: Error)? )?([45]\d\d)(?::? (?!(?:Client|Server) Error: )[A-Z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*)? ?: (?=\S)/;

/** A status's kind; a client error whose next step the text would have to tell (400, 404, 409, 422, …) stays ambiguous. */
const kindOfStatusLine = (status: number): Kind | undefined => kindOfStatus(status) ?? (status >= 400 && status <= 499 ? 'ambiguous' : undefined);

/**
 * The MCP TypeScript SDK's answer for a tool the server has disabled: it comes with -32602 (invalid params), but
 * no argument of the call can change it, and whether the tool comes back is not said.
 */
const MCP_TOOL_DISABLED = /MCP error -32602: Tool \S+ disabled\b/;

/**
 * How the coding agents say they cut a long shell output at its head: Qwen Code ("Tool output was too large and has
 * been truncated."), OpenCode and Kilo Code ("...output truncated..." then "Full output saved to: …"), Codex CLI's
 * exec_command ("Warning: truncated output (original token count: N)" after its header). Recorded from each
 * (corpus round 12).
 */
const TRUNCATED_HEAD = /^(?:Tool output was too large and has been truncated\.|\.\.\.output truncated\.\.\.\n|(?:[^\n]*\n){0,6}Warning: truncated output \(original token count: \d+\))/;
/** Qwen Code's envelope after the output. */
const QWEN_TRAILER = /\nError: [^\n]*\nExit Code: [^\n]*\nSignal: [^\n]*\nProcess Group PGID: [^\n]*\s*$/;
const TRACEBACK_START = 'Traceback (most recent call last):\n';
/** JSON-RPC 2.0's -32601 as a body's code or in the MCP TypeScript SDK's `McpError` message. */
const JSONRPC_METHOD_NOT_FOUND = /(?:MCP error -32601\b|"code"\s*:\s*-32601\b)/;
/** A Python exception line: `urllib.error.HTTPError: HTTP Error 503: …`, `KeyError: 'x'`, `SystemExit`. */
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning)(?::[^\n]*)?$/;

/**
 * The traceback a cut output ends with (from its `Traceback (most recent call last):` line to the exception line),
 * when the agent cut the output at its head and its end is a Python traceback; else undefined.
 */
export function truncatedTraceback(text: string): string | undefined {
  if (!text.includes('truncated') || !TRUNCATED_HEAD.test(text)) return undefined;
  const body = text.replace(QWEN_TRAILER, '').trimEnd();
  const start = body.lastIndexOf(TRACEBACK_START);
  if (start < 0 || body.length - start > 16_384) return undefined;
  const traceback = body.slice(start);
  const last = traceback.slice(traceback.lastIndexOf('\n') + 1);
  return EXCEPTION_LINE.test(last) ? traceback : undefined;
}

/**
 * The extended set's first step, for both word families. An MCP CallToolResult is read by its text (its JSON
 * escapes the quotes and newlines that words and shapes look for). A spent quota is unrecoverable; an MCP tool that is
 * disabled is ambiguous. A bare status line
 * takes the kind of its status. A status
 * line with a body is read by its body: the words there (or the body's own status) decide, else the status
 * does — so the reason phrase alone (`Bad Request`, `Unprocessable Entity`, `Too Many Requests`) never makes a
 * 400 or 422 fixable, nor a 429 whose body says a daily quota is spent transient.
 */
export function extendedFirstKind(text: string, words: WordLists): Kind | undefined {
  const toolText = callToolResultTextOf(text);
  if (toolText !== undefined) return extendedFirstKind(toolText, words) ?? kindOfWords(toolText, words);
  // A cut output whose end is a traceback: what the traceback ends with decides, not the lines before the cut.
  const traceback = truncatedTraceback(text);
  if (traceback !== undefined) return kindOfWords(traceback, words) ?? 'ambiguous';
  // JSON-RPC's "Method not found": the server does not offer the method (a capability it lacks), so neither a retry
  // nor other arguments help; MCP clients print it as `MCP error -32601: …`.
  if (JSONRPC_METHOD_NOT_FOUND.test(text)) return 'unrecoverable';
  if (spentQuota(text)) return 'unrecoverable';
  if (MCP_TOOL_DISABLED.test(text)) return 'ambiguous';
  const t = text.trim();
  const bare = BARE_STATUS.exec(t);
  if (bare) return kindOfStatusLine(Number(bare[1] ?? bare[2] ?? bare[3] ?? bare[4]));
  const line = STATUS_THEN_BODY.exec(t);
  if (!line) return undefined;
  const body = t.slice(line[0].length);
  return kindOfWords(body, words) ?? extendedFallbackKind(body) ?? kindOfStatusLine(Number(line[1]));
}

/** A refused connection as programs and commands print it. */
const REFUSED = /ECONNREFUSED|[Cc]onnection refused|Couldn't connect to server|ConnectionRefusedError/;
/** Rules whose texts are a command's output: an agent's shell result, an exec result, a program's report on stderr. */
const COMMAND_OUTPUT_RULES = new Set(['qwen-exit', 'codex-exit', 'opencode-exit', 'opencode-shell-output', 'truncated-traceback', 'node-exec', 'node-uncaught', 'tool-diagnostic']);
/**
 * A command's output, where a rule for any text read it (`generic`, `is_error`): Claude Code's `Exit code N` line, an
 * exec's `Command failed`, a Python traceback with a `<module>` frame (a program run as a command; a tool's function
 * called by its framework has none).
 */
const COMMAND_OUTPUT = /^(?:Exit code \d+\n|(?:Error: )?Command failed\b)|\n {2}File "[^"\n]*", line \d+, in <module>\n/;
/**
 * The hosts a text names: URLs, curl's and git's `Failed to connect to HOST port`, Node's `ECONNREFUSED ADDR:PORT`,
 * urllib3's `host='HOST'`, psql's `server at "HOST"`, wget's `Connecting to HOST:PORT`.
 */
const NAMED_HOST = /\bhttps?:\/\/(\[[^\]\s]+\]|[^\s/:'"?#]+)|Failed to connect to (\S+) port|ECONNREFUSED ([\da-fA-F:.]+):\d+|host='([^'\n]+)'|server at "([^"\n]+)"|Connecting to ([^\s:]+):\d+/g;
const LOCAL_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0|\[?::ffff:127(?:\.\d{1,3}){3}\]?)$/i;

/**
 * A refused connection in a command's output is ambiguous, not transient (LABELLING.md): the command is one the agent
 * wrote, its target one it chose, and a refusal says nothing listens there — a local server not started, a wrong
 * port — which a retry alone does not change. A tool's own backend refusing stays transient (its operator keeps it
 * running; the whole result is the library's error, not a command's output). Kept transient when every host the text
 * names is another machine's, where a refusal can be a service restarting; a text that names none is the agent's own
 * command to a target it knows.
 */
export function commandRefusedKind(kind: Kind, text: string, rule: string): Kind | undefined {
  if (kind !== 'transient') return undefined;
  const head = text.length > CLASSIFY_WINDOW ? text.slice(0, CLASSIFY_WINDOW) : text;
  if (!REFUSED.test(head) || (!COMMAND_OUTPUT_RULES.has(rule) && !COMMAND_OUTPUT.test(head))) return undefined;
  const hosts = [...head.matchAll(NAMED_HOST)].map((m) => m.slice(1).find((group) => group !== undefined)!);
  return hosts.length > 0 && hosts.every((host) => !LOCAL_HOST.test(host)) ? undefined : 'ambiguous';
}

/** The exception line of a `TypeError` about a call's arguments: CPython's call checks and inspect.Signature.bind's. */
const ARGUMENT_TYPE_ERROR = /^TypeError: (?:[\w.<>]+\(\) (?:got an unexpected keyword argument|missing \d+ required (?:positional|keyword-only) arguments?|takes (?:from \d+ to )?\d+ positional arguments? but|got multiple values for argument|got some positional-only arguments passed as keyword)|'\w+' is an invalid keyword argument for |missing a required argument: |got an unexpected keyword argument |too many positional arguments)/;
/** A call that passes on arguments it was given: `TOOLS[name](**arguments)`, `self.func(*args, **kwargs)`. */
const CALL_UNPACKS = /[(,]\s*\*{1,2}[A-Za-z_]/;
const FRAME = /^ {2}File "([^"\n]+)", line \d+, in /;

/**
 * A Python traceback that ends in a `TypeError` about a call's arguments is fixable when the failing call is the one
 * made with the model's arguments (LABELLING.md): its last frame is a tool host or framework passing on the arguments
 * it was given (`return TOOLS[name](**arguments)`, LangChain's and FastMCP's `func(*args, **kwargs)`), or the command
 * line's own code (`File "<string>"` of `python3 -c`, `<stdin>`). When the last frame is a line of a program's file,
 * the program is wrong, not the call, and the kind the words gave (ambiguous) stands.
 */
export function argumentTypeErrorKind(kind: Kind, text: string): Kind | undefined {
  if (kind !== 'ambiguous') return undefined;
  const start = text.lastIndexOf(TRACEBACK_START);
  if (start < 0) return undefined;
  const lines = text.slice(start, start + 16_384).split('\n');
  const exception = lines.findIndex((line, i) => i > 0 && /^\S/.test(line));
  if (exception < 0 || !ARGUMENT_TYPE_ERROR.test(lines[exception]!)) return undefined;
  let frame = exception - 1;
  while (frame > 0 && !FRAME.test(lines[frame]!)) frame--;
  const file = FRAME.exec(lines[frame] ?? '')?.[1];
  if (file === undefined) return undefined;
  const source = lines[frame + 1]?.startsWith('    ') ? lines[frame + 1]! : '';
  return file === '<string>' || file === '<stdin>' || CALL_UNPACKS.test(source) ? 'fixable' : undefined;
}

/** The extended set's last word on a detected failure: a command's refused connection, a traceback's argument error. */
export function extendedDetectedKind(kind: Kind, text: string, rule: string): Kind | undefined {
  return commandRefusedKind(kind, text, rule) ?? argumentTypeErrorKind(kind, text);
}

/**
 * A quota that is spent until a reset hours or days away (LABELLING.md: unrecoverable): the text names a quota or a
 * limit per day or month (or asks to upgrade the plan), or a quota and its reset time, and no wait of seconds or
 * minutes. Read for both word families: a script's output in a shell result says it the same way.
 */
export function spentQuota(text: string): boolean {
  const head = text.slice(0, 4096);
  const quota = /quota/i.test(head);
  if (!quota && !/\blimit\b/i.test(head)) return false;
  if (/\b(?:retry|try again|resets?|renews?|wait)\b[^.\n]{0,30}\b\d+ ?(?:s|secs?|seconds?|ms|m|mins?|minutes?)\b/i.test(head)) return false;
  if (/\b(?:daily|monthly|per (?:day|month)|upgrade your plan)/i.test(head)) return true;
  return quota && /\b(?:today|this month|(?:resets?|renews?) (?:at|on|in|tomorrow)|until \d)/i.test(head);
}

/** A status the text's head states: `status 503`, `status code 429`, `(status 503)`, `HTTP 502`, `Status Code: 503`, `failed (503)`. */
const HEAD_STATUS = /\b(?:HTTP|[Ss]tatus(?: ?[Cc]ode)?)[ :=(]*([1-5]\d\d)\b|\bfailed \(([1-5]\d\d)\)/;

/**
 * The extended set's last step for texts the wide words leave open: the status of a JSON error body
 * (`{"message": "Resource not accessible by this token", "status": "403"}`, `{"error": {"code": 503, …}}`), of
 * an HTML error page's title (`<title>api.example.com | 502: Bad gateway</title>`), or one the first 300 characters
 * state (`Request failed (status 503)`, Node's `Request Failed.\nStatus Code: 503`); for an MCP CallToolResult,
 * that of its text.
 */
export function extendedFallbackKind(text: string): Kind | undefined {
  const t = text.trim();
  if (t.startsWith('{') && t.endsWith('}')) {
    const body = parseJsonObject(t);
    const status = body && kindOfStatus(jsonBodyStatus(body));
    if (status) return status;
    const toolText = body && callToolResultText(body);
    if (toolText !== undefined) return extendedFallbackKind(toolText);
  } else if (htmlErrorPage(t)) {
    return kindOfStatus(htmlPageStatus(t));
  }
  const status = HEAD_STATUS.exec(t.slice(0, 300));
  return status ? kindOfStatus(Number(status[1] ?? status[2])) : undefined;
}

/** The text of a whole text that is an MCP CallToolResult, if it is one. */
function callToolResultTextOf(text: string): string | undefined {
  const t = text.trim();
  if (!t.startsWith('{"content"') || !t.endsWith('}')) return undefined;
  const body = parseJsonObject(t);
  return body ? callToolResultText(body) : undefined;
}

/** The text of an MCP CallToolResult (`{"content": [{"type": "text", "text": …}], "isError": true}`), if it is one. */
function callToolResultText(body: Record<string, unknown>): string | undefined {
  if (!Array.isArray(body.content)) return undefined;
  const texts = body.content.filter((c): c is { text: string } => typeof c === 'object' && c !== null && (c as Record<string, unknown>).type === 'text' && typeof (c as Record<string, unknown>).text === 'string');
  return texts.length > 0 ? texts.map((c) => c.text).join('\n') : undefined;
}

/** The fields an API's error envelope has besides its message: ids for support, a type or code, a link. */
const ENVELOPE_KEYS = new Set([
  'message', 'detail', 'title', 'id', 'code', 'type', 'errorType', 'request_id', 'requestId', 'errorId', 'error_id',
  'correlationId', 'traceId', 'trace_id', 'documentation_url', 'timestamp', 'path',
]);

/**
 * A whole text that is a JSON object of a message and at most five such fields, with nothing else:
 * `{"message": "Internal server error"}`, `{"id": "server_error", "message": "…", "request_id": "…"}`. A success
 * body can have this shape too (`{"message": "Created"}`), so the rule that reads it also asks the words.
 */
export function messageEnvelope(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return false;
  const body = parseJsonObject(t);
  if (!body || (typeof body.message !== 'string' && typeof body.detail !== 'string')) return false;
  const keys = Object.keys(body);
  return keys.length <= 6 && keys.every((k) => ENVELOPE_KEYS.has(k));
}

/** A whole text that is zod's list of issues: `[{"code": "too_small", "path": ["amount"], "message": …}, …]`. */
export function zodIssues(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']') || !t.includes('"path"')) return false;
  return jsonListOf(t, (i) => typeof i.code === 'string' && Array.isArray(i.path) && typeof i.message === 'string');
}

/** SQLite's own messages, as `str(e)` of Python's sqlite3 errors returns them: the whole text is the message. */
export const SQLITE_MESSAGE = new RegExp(
  '^(?:database is locked|database table is locked|attempt to write a readonly database|unable to open database file|' +
    'no such (?:table|column|function): \\S+|ambiguous column name: \\S+|table \\S+ has \\d+ columns but \\d+ values were supplied|near "[^"\\n]*": syntax error|(?:NOT NULL|UNIQUE|FOREIGN KEY) constraint failed(?:: [\\w.]+(?:, [\\w.]+)*)?|CHECK constraint failed(?:: [^\\n]+)?|' +
    'cannot store \\w+ value in \\w+ column [\\w.]+|Incorrect number of bindings supplied\\. .*)$',
);

/** The messages of strerror(3) that a command line tool prints after its name and operand. */
const STRERROR = [
  'Permission denied', 'Operation not permitted', 'Read-only file system', 'No such file or directory', 'Not a directory',
  'Is a directory', 'Directory not empty', 'File exists', 'No space left on device', 'Connection refused', 'Connection timed out',
  'command not found',
];
const TOOL_DIAGNOSTIC = new RegExp(`^[\\w./-]+: (?:line \\d+: )?[^\\n]*: (?:${STRERROR.join('|')})\\n?$`);
/**
 * A GNU tool's usage or value error on its first line: `ls: invalid argument 'x' for '--color'`, `cp: unrecognized
 * option '--z'`, `chmod: invalid mode: '0o755'`, `head: invalid number of lines: 'ten'`, `sed: -e expression #1, char 23: …`,
 * `grep: Unmatched ( or \\(`, `jq: error: syntax error, …`.
 */
const USAGE_DIAGNOSTIC = /^[\w.-]+: (?:invalid (?:argument|option|mode|number of \w+)|unrecognized option|option requires an argument|invalid option -- |-e expression #\d+, char \d+: |Unmatched |error: syntax error)/;

/**
 * The raw output of a shell command that failed: a Python traceback from its first line, or a first line in the
 * form of a POSIX tool's diagnostic (`cat: /etc/shadow: Permission denied`, `bash: line 1: x: command not found`)
 * or of curl's (`curl: (7) Failed to connect to …`), Node's report of an uncaught exception, an `Error:` or git
 * `fatal:` line, an HTTP status line a script printed, or argparse's usage error.
 */
export function failedCommandOutput(text: string): boolean {
  if (text.startsWith('Traceback (most recent call last):\n') || nodeUncaught(text)) return true;
  // An error line first (`Error: …`, `fatal: …`), or a status line with its body.
  if (/^(?:Error|ERROR|error): \S/.test(text) || STATUS_THEN_BODY.test(text) || BARE_STATUS.test(text.trim())) return true;
  return commandDiagnostic(text);
}

/**
 * wget's report of a failed download: `failed: Connection refused.` (with -nv), its -nv error status (`<url>:` then
 * `<date> <time> ERROR 403: Forbidden.`, GNU Wget 1.21's `logprintf` of a server error), or its log with an error
 * status.
 */
const WGET_FAILED = new RegExp(`^failed: (?:${STRERROR.join('|')})\\.\\n?$`);
const WGET_NV_ERROR = /^\S+:\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ERROR \d{3}: [^\n]*\n?$/;

function wgetFailure(text: string): boolean {
  if (WGET_FAILED.test(text) || (text.includes(' ERROR ') && WGET_NV_ERROR.test(text))) return true;
  return /^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d--  \S+\n/.test(text) && /(?:awaiting response\.\.\. [45]\d\d |failed: |\nERROR \d{3}: )/.test(text.slice(0, 2048));
}

/**
 * A command's own diagnostic on its first line: a POSIX tool's (`cat: /etc/shadow: Permission denied`), curl's
 * (`curl: (7) …`), git's `fatal: …` (also after `Cloning into '…'...` and `remote: …` lines), apt's `E: …`, wget's, the docker CLI's
 * `permission denied while trying to connect to the Docker daemon socket …`; argparse's usage error (the
 * usage line, then `prog: error: …`); or curl's diagnostic as the last line, after a body it printed.
 */
export function commandDiagnostic(text: string): boolean {
  if (/^(?:curl: \(\d+\) |npm (?:error|ERR!) |E: \S|permission denied while trying to connect to the Docker daemon )/.test(text) || wgetFailure(text) || /^(?:Cloning into [^\n]*\n)?(?:remote: [^\n]*\n)*fatal: \S/.test(text)) return true;
  // A usage error of Python's argparse: the usage, then `prog: error: …`.
  if (/^usage: /.test(text) && /\n[^\n]*: error: /.test(text)) return true;
  // curl's diagnostic after the body it printed (`--fail-with-body`): the last line.
  if (/[\n}>\]]curl: \(\d+\) [^\n]*\n?$/.test(text)) return true;
  const firstLine = text.slice(0, text.indexOf('\n') + 1 || undefined);
  return TOOL_DIAGNOSTIC.test(firstLine) || USAGE_DIAGNOSTIC.test(firstLine);
}

