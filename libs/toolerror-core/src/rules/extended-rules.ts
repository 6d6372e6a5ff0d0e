import { parseJsonObject, skipLeadingWhiteSpace, type AgentId, type TextRule } from './paper-rules.ts';
import type { Kind } from '../types.ts';
import { kindOfWords } from './classify.ts';
import type { WordLists } from './words.ts';

/**
 * Sources the paper's rules miss. Each rule and each group of words names its source; the rules' example texts
 * are in extended-rules.test.ts, each word group carries its own. The `paper` set never sees any of them.
 * They were designed on the development part of the labelled corpus (`corpus/`, split `dev`) only.
 */

const startsWith = (pattern: RegExp) => (text: string) => pattern.test(skipLeadingWhiteSpace(text));
const whole = (pattern: RegExp) => (text: string) => pattern.test(text.trim());

export const EXTENDED_EXPLICIT_RULES: readonly TextRule[] = [
  {
    name: 'adk-reflect-retry',
    source: "Google ADK ReflectAndRetryToolPlugin: a JSON result with response_type 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN'",
    family: 'wide',
    matches: (text) => {
      if (!text.includes('ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN')) return false;
      const trimmed = text.trim();
      return trimmed.startsWith('{') && parseJsonObject(trimmed)?.response_type === 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN';
    },
  },
];

/** Node's system error codes, as `err.message` starts them (`connect ECONNREFUSED …`, `EACCES: …`). */
const NODE_ERRNO = new Set([
  'EACCES', 'EADDRINUSE', 'EAI_AGAIN', 'EBADF', 'EBUSY', 'ECONNABORTED', 'ECONNREFUSED', 'ECONNRESET', 'EEXIST', 'EHOSTUNREACH',
  'EISDIR', 'EMFILE', 'ENAMETOOLONG', 'ENETUNREACH', 'ENOBUFS', 'ENOENT', 'ENOSPC', 'ENOTDIR', 'ENOTEMPTY', 'ENOTFOUND', 'EPERM',
  'EPIPE', 'EROFS', 'ETIMEDOUT', 'ETIMEOUT', 'EXDEV',
]);
const NODE_ERRNO_START = /^(?:(?:connect|read|write|getaddrinfo|query\w*|spawn|spawnSync|open|listen|bind|unlink|mkdir|rmdir|scandir|stat|lstat|access|rename|copyfile|link|symlink|chmod|readlink|opendir) (?:\S+ )?)?(E[A-Z][A-Z_]+)(?::|\s|$)/;

function nodeErrno(text: string): boolean {
  const m = NODE_ERRNO_START.exec(skipLeadingWhiteSpace(text));
  return m !== null && NODE_ERRNO.has(m[1]!);
}

/** Node prints an uncaught exception as `file:line`, the source line, a caret, then the error and its stack. */
function nodeUncaught(text: string): boolean {
  return /^(?:node:[\w/.:-]+|\[eval\]|\/[^\n]*\.[cm]?[jt]s):\d+\n/.test(text) && text.includes('\n    at ');
}

/** The title of an HTML error page: `Error response`, `503 Service Unavailable`, Cloudflare's `host | 502: Bad gateway`. */
const HTML_ERROR_TITLE = /<title>(?:Error response|([45]\d\d) [^<]+|[^<|]*\| ([45]\d\d): [^<]+)<\/title>/i;

/** CPython's http.server error page, werkzeug's, nginx's and Cloudflare's HTML error pages: a title naming the status. */
function htmlErrorPage(text: string): boolean {
  const t = skipLeadingWhiteSpace(text);
  if (!/^<(?:!doctype html|html)[\s>]/i.test(t)) return false;
  return HTML_ERROR_TITLE.test(t.slice(0, 2048));
}

/** FastAPI's validation body: `{"detail": [{"loc": [...], "msg": "..."}]}`. */
function fastApiDetail(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.includes('"detail"')) return false;
  const detail = parseJsonObject(t)?.detail;
  return Array.isArray(detail) && detail.length > 0 && detail.every((d) => typeof d === 'object' && d !== null && 'loc' in d && 'msg' in d);
}

const STATUS_KEYS = ['status', 'statusCode', 'status_code', 'code'] as const;

/** An HTTP error status (400–599) held by a JSON value: a number or a string of three digits. */
function errorStatus(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 400 && n <= 599 ? n : undefined;
}

/** The status an API's JSON error body states at its top level or in its `error` object. */
function jsonBodyStatus(body: Record<string, unknown>): number | undefined {
  const error = typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
  for (const holder of [body, error]) {
    for (const key of STATUS_KEYS) {
      const status = errorStatus(holder[key]);
      if (status !== undefined) return status;
    }
  }
  return undefined;
}

/** An `error` that reports one: `true`, a non-empty string, list or object (not `null`, `false`, `""` or a number such as 0). */
const reportsError = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value !== '') || (Array.isArray(value) ? value.length > 0 : typeof value === 'object' && value !== null && Object.keys(value).length > 0);

/**
 * A whole text that is an API's JSON error body: a present `error`, a non-empty `errors` list (GraphQL, JSON:API),
 * `"ok": false` / `"success": false`, GitHub's `{"message", "documentation_url"}`, Rails' `{"errors": {field: […]}}`, Discord's `retry_after`, AWS JSON's `{"__type": "…Exception"}`, or an error status in a status field (GitHub's `"status": "403"`, RFC 7807
 * problem details' `"status": 422`) — unless the body says `"ok": true` or `"success": true`.
 */
function jsonErrorBody(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return false;
  const body = parseJsonObject(t);
  if (!body || body.ok === true || body.success === true) return false;
  const github = typeof body.message === 'string' && typeof body.documentation_url === 'string';
  const awsJson = typeof body.__type === 'string' && /(?:Exception|Error|Fault)$/.test(body.__type);
  return reportsError(body.error) || reportsError(body.errors) || typeof body.retry_after === 'number' || body.ok === false || body.success === false || github || awsJson || jsonBodyStatus(body) !== undefined;
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
const STATUS_THEN_BODY = /^(?:[A-Za-z_][\w.]*: )?(?:HTTP(?: Error)? )?([45]\d\d)(?::? (?!(?:Client|Server) Error: )[A-Z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*)? ?: (?=\S)/;

/** A status's kind; a client error whose next step the text would have to tell (400, 404, 409, 422, …) stays ambiguous. */
const kindOfStatusLine = (status: number): Kind | undefined => kindOfStatus(status) ?? (status >= 400 && status <= 499 ? 'ambiguous' : undefined);

/**
 * The extended set's first step for the wide family. A bare status line takes the kind of its status. A status
 * line with a body is read by its body: the words there (or the body's own status) decide, else the status
 * does — so the reason phrase alone (`Bad Request`, `Unprocessable Entity`, `Too Many Requests`) never makes a
 * 400 or 422 fixable, nor a 429 whose body says a daily quota is spent transient.
 */
export function extendedFirstKind(text: string, words: WordLists): Kind | undefined {
  const t = text.trim();
  const bare = BARE_STATUS.exec(t);
  if (bare) return kindOfStatusLine(Number(bare[1] ?? bare[2] ?? bare[3] ?? bare[4]));
  const line = STATUS_THEN_BODY.exec(t);
  if (!line) return undefined;
  const body = t.slice(line[0].length);
  return kindOfWords(body, words) ?? extendedFallbackKind(body) ?? kindOfStatusLine(Number(line[1]));
}

/**
 * A quota that is spent until a reset hours or days away (LABELLING.md: unrecoverable): the text names a quota or a
 * limit per day or month (or asks to upgrade the plan), or a quota and its reset time, and no wait of seconds or
 * minutes. Read for both word families: a script's output in a shell result says it the same way.
 */
/** The extended set's first step for both word families: a spent quota is unrecoverable. */
export const extendedQuotaKind = (text: string): Kind | undefined => (spentQuota(text) ? 'unrecoverable' : undefined);

function spentQuota(text: string): boolean {
  const head = text.slice(0, 4096);
  const quota = /quota/i.test(head);
  if (!quota && !/\blimit\b/i.test(head)) return false;
  if (/\b(?:retry|try again|resets?|renews?|wait)\b[^.\n]{0,30}\b\d+ ?(?:s|secs?|seconds?|ms|m|mins?|minutes?)\b/i.test(head)) return false;
  if (/\b(?:daily|monthly|per (?:day|month)|upgrade your plan)/i.test(head)) return true;
  return quota && /\b(?:today|this month|(?:resets?|renews?) (?:at|on|in|tomorrow)|until \d)/i.test(head);
}

/** A status the text's head states: `status 503`, `status code 429`, `(status 503)`, `HTTP 502`, `Status Code: 503`. */
const HEAD_STATUS = /\b(?:HTTP|[Ss]tatus(?: ?[Cc]ode)?)[ :=(]*([1-5]\d\d)\b/;

/**
 * The extended set's last step for texts the wide words leave open: the status of a JSON error body
 * (`{"message": "Resource not accessible by this token", "status": "403"}`, `{"error": {"code": 503, …}}`), of
 * an HTML error page's title (`<title>api.example.com | 502: Bad gateway</title>`), or one the first 300 characters
 * state (`Request failed (status 503)`, Node's `Request Failed.\nStatus Code: 503`).
 */
export function extendedFallbackKind(text: string): Kind | undefined {
  const t = text.trim();
  if (t.startsWith('{') && t.endsWith('}')) {
    const body = parseJsonObject(t);
    const status = body && kindOfStatus(jsonBodyStatus(body));
    if (status) return status;
  } else if (htmlErrorPage(t)) {
    const title = HTML_ERROR_TITLE.exec(t.slice(0, 2048));
    return title ? kindOfStatus(Number(title[1] ?? title[2])) : undefined;
  }
  const status = HEAD_STATUS.exec(t.slice(0, 300));
  return status ? kindOfStatus(Number(status[1])) : undefined;
}

/** A whole text that is zod's list of issues: `[{"code": "too_small", "path": ["amount"], "message": …}, …]`. */
function zodIssues(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']') || !t.includes('"path"')) return false;
  try {
    const value: unknown = JSON.parse(t);
    return Array.isArray(value) && value.length > 0 && value.every((i) => typeof i === 'object' && i !== null && typeof (i as Record<string, unknown>).code === 'string' && Array.isArray((i as Record<string, unknown>).path) && typeof (i as Record<string, unknown>).message === 'string');
  } catch {
    return false;
  }
}

/** SQLite's own messages, as `str(e)` of Python's sqlite3 errors returns them: the whole text is the message. */
const SQLITE_MESSAGE = new RegExp(
  '^(?:database is locked|database table is locked|attempt to write a readonly database|unable to open database file|' +
    'no such (?:table|column|function): \\S+|near "[^"\\n]*": syntax error|(?:NOT NULL|UNIQUE|FOREIGN KEY) constraint failed(?:: [\\w.]+(?:, [\\w.]+)*)?|CHECK constraint failed(?:: [^\\n]+)?|' +
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
 * The raw output of a shell command that failed: a Python traceback from its first line, or a first line in the
 * form of a POSIX tool's diagnostic (`cat: /etc/shadow: Permission denied`, `bash: line 1: x: command not found`)
 * or of curl's (`curl: (7) Failed to connect to …`), Node's report of an uncaught exception, an `Error:` or git
 * `fatal:` line, or an HTTP status line a script printed.
 */
function failedCommandOutput(text: string): boolean {
  if (text.startsWith('Traceback (most recent call last):\n') || nodeUncaught(text)) return true;
  // An error line first (`Error: …`, `fatal: …`), or a status line with its body.
  if (/^(?:Error|ERROR|error): \S/.test(text) || STATUS_THEN_BODY.test(text) || BARE_STATUS.test(text.trim())) return true;
  return commandDiagnostic(text);
}

/**
 * A command's own diagnostic on its first line: a POSIX tool's (`cat: /etc/shadow: Permission denied`), curl's
 * (`curl: (7) …`), git's `fatal: …` (also after `Cloning into '…'...` and `remote: …` lines).
 */
function commandDiagnostic(text: string): boolean {
  if (/^(?:curl: \(\d+\) |npm (?:error|ERR!) )/.test(text) || /^(?:Cloning into [^\n]*\n)?(?:remote: [^\n]*\n)*fatal: \S/.test(text)) return true;
  const firstLine = text.slice(0, text.indexOf('\n') + 1 || undefined);
  return TOOL_DIAGNOSTIC.test(firstLine);
}

/** Checked after the paper's generic rule, for clients that are not one of the four agents. */
export const EXTENDED_GENERIC_RULES: readonly TextRule[] = [
  {
    name: 'py-exception-group',
    source: 'CPython Lib/traceback.py: exception groups print "  + Exception Group Traceback (most recent call last):"',
    family: 'wide',
    matches: (text) => skipLeadingWhiteSpace(text).startsWith('+ Exception Group Traceback (most recent call last):'),
  },
  {
    name: 'langchain-invoke',
    source: 'LangChain ToolNode: invalid tool arguments are returned as "Error invoking tool …"',
    family: 'wide',
    matches: (text) => skipLeadingWhiteSpace(text).startsWith('Error invoking tool'),
  },
  {
    name: 'langchain-retry',
    source: "LangChain ToolRetryMiddleware: \"Tool '<name>' failed after <n> attempts …\"",
    family: 'wide',
    matches: (text) => /^Tool '[^'\n]*' failed after/.test(skipLeadingWhiteSpace(text)),
  },
  {
    name: 'py-errno',
    source: 'CPython OSError.__str__: "[Errno N] strerror" (str() of ConnectionRefusedError, PermissionError, …)',
    family: 'wide',
    matches: startsWith(/^\[Errno -?\d+\] /),
  },
  {
    name: 'py-urllib-str',
    source: 'CPython urllib: str(URLError) "<urlopen error …>", repr(HTTPError) "<HTTPError 503: \'…\'>", str(ValueError) "unknown url type: \'…\'"',
    family: 'wide',
    matches: startsWith(/^(?:<(?:urlopen error |HTTPError \d{3}: )|unknown url type: ')/),
  },
  {
    name: 'py-http-client',
    source: 'CPython http.client RemoteDisconnected; requests/urllib3 str() "HTTPConnectionPool(host=…)", urllib3 NewConnectionError "HTTPConnection(host=…): Failed to establish a new connection" and "(\'Connection aborted.\', …)"',
    family: 'wide',
    matches: startsWith(/^(?:(?:RemoteDisconnected[:(] ?'?)?Remote end closed connection without response|HTTPS?Connection(?:Pool)?\(host=|\('Connection aborted\.', )/),
  },
  {
    name: 'py-call-signature',
    source: 'CPython TypeError for a call with wrong arguments, str() without the class name: "f() missing 1 required positional argument: …"',
    family: 'wide',
    matches: startsWith(/^[A-Za-z_][\w.<>]*\(\) (?:missing \d+ required|got an unexpected keyword argument|got multiple values for argument|takes (?:from )?\d+)/),
  },
  {
    name: 'py-value-error',
    source: "CPython ValueError of a conversion, str() without the class name: \"invalid literal for int() with base 10: 'ten'\", \"could not convert string to float: …\"",
    family: 'wide',
    matches: startsWith(/^(?:invalid literal for \w+\(\) with base \d+: |could not convert string to float: |time data '[^'\n]*' does not match format '|'[^'\n]*' does not appear to be an? |badly formed hexadecimal UUID string|"[^"\n]+" must be an? )/),
  },
  {
    name: 'py-validation',
    source: 'pydantic ValidationError str "N validation error(s) for Model"; botocore ParamValidationError; jsonschema ValidationError.message ("\'x\' is not of type", "does not match \'^…$\'")',
    family: 'wide',
    matches: startsWith(
      /^(?:\d+ validation errors? for [\w.]+\n|(?:ParamValidationError: )?Parameter validation failed:\n|(?:'[^'\n]*'|[\w.-]+) (?:is not of type '|is not one of \[|is a required property|does not match '|is a dependency of '|is too (?:short|long))|Additional properties are not allowed \()/,
    ),
  },
  {
    name: 'py-requests-url',
    source: 'requests MissingSchema / InvalidURL / InvalidSchema / InvalidHeader: "Invalid URL \'…\': No scheme supplied…", "Invalid leading whitespace, reserved character(s), or return character(s) in header value: …"',
    family: 'wide',
    matches: startsWith(/^(?:(?:MissingSchema|InvalidURL|InvalidSchema|InvalidHeader): )?(?:Invalid URL '|No connection adapters were found for '|Invalid leading whitespace, reserved character\(s\), or return character\(s\) in header )/),
  },
  {
    name: 'botocore',
    source: 'botocore ClientError "An error occurred (Code) when calling the Op operation…", EndpointConnectionError, ReadTimeoutError, NoCredentialsError, PartialCredentialsError',
    family: 'wide',
    matches: startsWith(
      /^(?:[A-Za-z]+: )?(?:An error occurred \([\w.]+\) when calling the \w+ operation|(?:Could not connect to|Read timeout on|Connect timeout on) (?:the )?endpoint URL: |Unable to locate credentials$|Partial credentials found in )/,
    ),
  },
  {
    name: 'sqlite',
    source: "SQLite's error messages (sqlite3_errmsg), which str() of Python's sqlite3 errors returns alone",
    family: 'wide',
    matches: whole(SQLITE_MESSAGE),
  },
  {
    name: 'node-errno',
    source: "Node's system errors: err.message starts with the syscall and code (\"connect ECONNREFUSED …\", \"EACCES: permission denied, open …\")",
    family: 'wide',
    matches: nodeErrno,
  },
  {
    name: 'node-error-code',
    source: 'Node errors with a code: String(err) "TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be …", and their messages alone ("The value of "size" is out of range. …")',
    family: 'wide',
    matches: startsWith(/^(?:[A-Za-z]*Error \[ERR_[A-Z0-9_]+\]: |The "[^"\n]+" (?:argument|property|option) (?:must|is invalid)|The value of "[^"\n]+" is out of range\. |The argument '[^'\n]+' is invalid)/),
  },
  {
    name: 'node-uncaught',
    source: "Node's report of an uncaught exception on stderr: \"file:line\", the source line, a caret, the error and its stack",
    family: 'wide',
    matches: nodeUncaught,
  },
  {
    name: 'node-fetch',
    source: "Node fetch (undici): err.message alone, \"fetch failed\", \"Failed to parse URL from …\"; undici's \"other side closed\", \"Headers Timeout Error\", \"Connect Timeout Error (attempted address: …)\"",
    family: 'wide',
    matches: whole(/^(?:fetch failed(?:: .*)?|Failed to parse URL from .*|other side closed|(?:Headers|Body|Connect) Timeout Error(?: \(.*\))?|socket hang up)$/),
  },
  {
    name: 'node-fetch-terminated',
    source: 'Node fetch (undici): a body cut off when the server closed the connection, err.message "terminated" (cause "other side closed")',
    family: 'wide',
    kind: 'transient',
    matches: whole(/^(?:TypeError: )?terminated(?:: .*)?$/),
  },
  {
    name: 'node-exec',
    source: 'Node child_process.exec/execSync "Command failed: <command>" and execa "Command failed with exit code N: <command>", with the command\'s stderr; judged by the error the command printed',
    family: 'common',
    matches: startsWith(/^Command failed(?: with exit code \d+)?: /),
  },
  {
    name: 'tool-diagnostic',
    source: "a command's own diagnostic returned as the result: \"cat: /etc/shadow: Permission denied\" (POSIX tools print name, operand, strerror), curl's \"curl: (7) …\", git's \"fatal: …\"",
    family: 'common',
    matches: commandDiagnostic,
  },
  {
    name: 'undici-response',
    source: 'undici interceptors.responseError: ResponseError, whose message is "Response Error" (tools add the status)',
    family: 'wide',
    matches: startsWith(/^(?:ResponseError: )?Response Error\b/),
  },
  {
    name: 'py-disconnected',
    source: 'str() of dropped connections: smtplib SMTPServerDisconnected "Connection unexpectedly closed", httpx RemoteProtocolError "Server disconnected without sending a response."',
    family: 'wide',
    matches: startsWith(/^(?:SMTPServerDisconnected[:(] ?'?)?(?:Connection unexpectedly closed|Server disconnected without sending a response)/),
  },
  {
    name: 'py-exception-names',
    source: 'CPython and library exceptions whose names do not end in Error: http.client IncompleteRead / InvalidURL / BadStatusLine, httpx UnsupportedProtocol, requests InvalidHeader / TooManyRedirects, smtplib SMTP*Refused, subprocess TimeoutExpired, zipfile BadZipFile, and str() of IncompleteRead and smtplib replies ("(421, b\'…\')")',
    family: 'wide',
    matches: startsWith(
      /^(?:(?:[\w]+\.)*(?:IncompleteRead|UnsupportedProtocol|InvalidURL|InvalidHeader|InvalidSchema|MissingSchema|SMTPServerDisconnected|SMTPRecipientsRefused|SMTPSenderRefused|BadStatusLine|LineTooLong|TooManyRedirects|TimeoutExpired|BadZipFile)[:(]|\((?:'Connection broken: )?IncompleteRead\(|\([245]\d\d, b['"]|Request URL has an unsupported protocol |URL can't contain control characters|peer closed connection without sending|'[^'\n]+' and '[^'\n]+' are the same file$)/,
    ),
  },
  {
    name: 'api-error-prefix',
    source: 'API client wrappers: "Slack API error: ratelimited", Node\'s documented http.get check "Request Failed.\\nStatus Code: 503"',
    family: 'wide',
    matches: startsWith(/^(?:(?:[A-Z][\w.-]*)(?: [A-Z][\w.-]*)* API error: |Request Failed\.\nStatus Code: \d{3})/),
  },
  {
    name: 'zod-pretty',
    source: 'zod 4 z.prettifyError: one "✖ message" line per issue, "→ at path" under it',
    family: 'wide',
    kind: 'fixable',
    matches: (text) => /^(?:[^\n]{1,120}:\n)?✖ /.test(text) && text.includes('\n  → at '),
  },
  {
    name: 'reply-code',
    source: 'ftplib, poplib and imaplib errors: error_temp / error_perm / error_proto and their str() ("421 There are too many connected users, please try later.", "b\'-ERR [AUTH] Authentication failed.\'", "b\'[AUTHENTICATIONFAILED] …\'"); FTP 4yz replies are transient (RFC 959); xmlrpc.client Fault and ProtocolError',
    family: 'wide',
    matches: startsWith(/^(?:error_(?:temp|perm|reply|proto)[:(]|(?:error\()?b['"](?:-ERR |\[[A-Z-]+\] )|[45]\d\d [A-Z][^\n:]{2,200}$|(?:Fault: )?<Fault -?\d+: |<ProtocolError for )/),
  },
  {
    name: 'quota-spent',
    source: 'API quota texts returned as they are: a quota or plan limit per day or month that is exhausted, exceeded or reached',
    family: 'wide',
    matches: (text) => /\b(?:exhausted|exceeded|reached|spent|used up|run out)\b/i.test(text.slice(0, 1024)) && extendedQuotaKind(text.slice(0, 1024)) !== undefined,
  },
  {
    name: 'request-failed-status',
    source: 'HTTP client wrappers that name the status: undici interceptors.retry "Request failed (status 503)", "Request failed with status 400: <body>"',
    family: 'wide',
    matches: startsWith(/^Request failed (?:\(status \d{3}\)|with status(?: code)? \d{3}: )/),
  },
  {
    name: 'zod-issues',
    source: 'zod 4 ZodError.message: a JSON list of issues, each with its code, path and message, as tools return it',
    family: 'wide',
    // Each issue names the argument's path and what it must be.
    kind: 'fixable',
    matches: zodIssues,
  },
  {
    name: 'timed-out',
    source: 'timeouts whose whole text is the message: CPython socket.timeout / TimeoutError "timed out", "Request timed out", Node\'s AbortSignal.timeout "The operation was aborted due to timeout"',
    family: 'wide',
    matches: whole(/^(?:timed out|Request timed out|(?:The operation was aborted: )?The operation was aborted due to timeout)$/),
  },
  {
    name: 'http-status-text',
    source: 'a status line at the start: werkzeug HTTPException str() "503 Service Unavailable: …", "NNN Reason: <body>" of HTTP clients',
    family: 'wide',
    matches: (text) => /^[45]\d\d [A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*: /.test(skipLeadingWhiteSpace(text)) || STATUS_THEN_BODY.test(text.trim()),
  },
  {
    name: 'html-error-page',
    source: "HTML error pages: CPython http.server send_error (\"<title>Error response</title>\"), werkzeug's and nginx's \"<title>503 Service Unavailable</title>\", Cloudflare's \"<title>host | 502: Bad gateway</title>\"",
    family: 'wide',
    matches: htmlErrorPage,
  },
  {
    name: 'fastapi-detail',
    source: 'FastAPI / Starlette validation body: {"detail": [{"loc": […], "msg": …}]}',
    family: 'wide',
    matches: fastApiDetail,
  },
  {
    name: 'json-error-body',
    source: 'API JSON error bodies returned as the tool result: {"error": …}, {"errors": […]} (GraphQL, JSON:API), {"ok": false} (Slack), {"message": …, "status": "403"} (GitHub), RFC 7807 problem details',
    family: 'wide',
    matches: jsonErrorBody,
  },
  {
    name: 'envoy-upstream',
    source: 'Envoy proxy 503 body: "upstream connect error or disconnect/reset before headers…"',
    family: 'wide',
    matches: startsWith(/^upstream connect error or disconnect\/reset before headers/),
  },
];

/**
 * OpenCode and its fork Kilo Code share their tools' messages. These are the agents' own texts, not shell
 * output, so the wide word lists are safe on them.
 */
const OPENCODE_FAMILY_RULES: readonly TextRule[] = [
  {
    name: 'opencode-invalid-args',
    source: 'OpenCode / Kilo Code tool argument validation: "The read tool was called with invalid arguments: …", "Model tried to call unavailable tool …"',
    family: 'wide',
    matches: startsWith(/^(?:The [\w-]+ tool was called with invalid arguments: |(?:The arguments provided to the tool are invalid: )?Model tried to call unavailable tool )/),
  },
  {
    name: 'opencode-fs',
    source: 'OpenCode / Kilo Code file system errors (Effect platform): "PermissionDenied: FileSystem.open (/etc/shadow)"',
    family: 'wide',
    matches: startsWith(/^[A-Z][A-Za-z]+: FileSystem\.\w+ \(/),
  },
  {
    name: 'opencode-edit',
    source: 'OpenCode / Kilo Code edit tool: "Could not find oldString in the file…", "No changes to apply: oldString and newString are identical.", "oldString cannot be empty when editing an existing file…"',
    family: 'wide',
    matches: startsWith(/^(?:Could not find oldString|Found multiple matches for oldString|No changes to apply: oldString and newString|oldString cannot be empty)/),
  },
  {
    name: 'opencode-permission',
    source: 'OpenCode / Kilo Code permission system: "The user has specified a rule which prevents you from using this specific tool call", "The user rejected permission to use this specific tool call"',
    family: 'wide',
    matches: startsWith(/^The user (?:has specified a rule which prevents you from using|rejected permission to use) this specific tool call/),
  },
  {
    name: 'opencode-webfetch',
    source: 'OpenCode / Kilo Code webfetch tool: "URL must start with http:// or https://", "StatusCode: non 2xx status code (503 GET …)", "InvalidUrl error (GET …)"',
    family: 'wide',
    matches: startsWith(/^(?:URL must start with http:\/\/ or https:\/\/|StatusCode: non 2xx status code \(|InvalidUrl error \()/),
  },
  {
    name: 'opencode-errno',
    source: 'OpenCode / Kilo Code file tools: a Node system error message, "EACCES: permission denied, open \'/etc/shadow\'"',
    family: 'wide',
    matches: nodeErrno,
  },
  {
    name: 'opencode-transport',
    source: 'OpenCode / Kilo Code webfetch when no HTTP response came back: "Transport error (GET http://…)" (refused, unreachable, a redirect loop: the text does not say which)',
    family: 'wide',
    matches: startsWith(/^Transport error \((?:GET|POST|HEAD) /),
  },
  {
    name: 'opencode-shell-output',
    source: 'OpenCode ≥ 1.18 / Kilo Code bash tool: the command\'s raw output, with no exit code; a traceback or a tool diagnostic on its first line',
    family: 'common',
    matches: failedCommandOutput,
  },
  {
    name: 'opencode-timeout',
    source: 'OpenCode / Kilo Code webfetch: its own request timeout, "Request timed out"',
    family: 'wide',
    kind: 'transient',
    matches: whole(/^Request timed out$/),
  },
  {
    name: 'opencode-unknown-agent',
    source: 'OpenCode / Kilo Code task tool: "Unknown agent type: x is not a valid agent type"',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^Unknown agent type: /),
  },
  {
    name: 'opencode-invalid-value',
    source: 'Kilo Code tools\' own argument checks: "Invalid delay: soon"',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^Invalid [a-z][\w ]{0,30}: \S/),
  },
  {
    name: 'opencode-param-required',
    source: 'Kilo Code tools\' own argument checks: "The \'sessionID\' parameter is required when mode is \'read\'"',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^The '[^'\n]+' parameter is required/),
  },
  {
    name: 'opencode-fs-failed',
    source: 'OpenCode / Kilo Code file tools: "Filesystem operation failed: readDirectoryEntries: EACCES: permission denied, scandir \'/root\'"',
    family: 'wide',
    matches: startsWith(/^Filesystem operation failed: /),
  },
  {
    name: 'opencode-read-range',
    source: 'OpenCode / Kilo Code read tool: "Offset 100 is out of range for this file (3 lines)"',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^Offset \d+ is out of range for this file/),
  },
  {
    name: 'opencode-invalid-regex',
    source: 'OpenCode / Kilo Code grep tool: ripgrep\'s "rg: regex parse error: …"',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^rg: regex parse error:/),
  },
  {
    name: 'opencode-skill',
    source: 'OpenCode / Kilo Code skill tool: "Skill "deploy" not found. Available skills: …"',
    family: 'wide',
    matches: startsWith(/^Skill "[^"\n]*" not found\. Available skills: /),
  },
];

/** Rules for the four agents that only the extended set reads, after the paper's rules for that agent. */
export const EXTENDED_AGENT_RULES: Readonly<Record<AgentId, readonly TextRule[]>> = {
  'qwen-code': [
    {
      name: 'qwen-params',
      source: "Qwen Code's schema check of tool parameters: \"params must have required property 'file_path'\", \"params/is_background must be boolean\"",
      family: 'wide',
      // The check names the parameter and what it must be.
      kind: 'fixable',
      matches: startsWith(/^params(?:\/\S*)? must /),
    },
    {
      name: 'qwen-path',
      source: 'Qwen Code file tools: "File path must be absolute, but was relative: …", "Path is a directory, not a file: …"',
      family: 'wide',
      matches: startsWith(/^(?:File path must be absolute|Path is a directory, not a file: )/),
    },
    {
      name: 'qwen-edit',
      source: 'Qwen Code edit tool: "Failed to edit, 0 occurrences found for old_string …", "No changes to apply. The old_string and new_string are identical …"',
      family: 'wide',
      matches: startsWith(/^(?:Failed to edit[,.] |No changes to apply\. )/),
    },
    {
      name: 'qwen-errno',
      source: 'Qwen Code file tools: a Node system error message, "EACCES: permission denied, open \'/etc/hosts\'"',
      family: 'wide',
      matches: nodeErrno,
    },
    {
      name: 'qwen-write-denied',
      source: 'Qwen Code write_file: "Permission denied writing to file: /etc/app.conf (EACCES)"',
      family: 'wide',
      matches: startsWith(/^Permission denied writing to file: /),
    },
    {
      name: 'qwen-blocked',
      source: 'Qwen Code shell tool policy: "Blocked: standalone sleep 5. Run blocking commands in the background with is_background: true. …"',
      family: 'wide',
      // The text names the argument to change; its own advice mentions rate limits, which the words would read.
      kind: 'fixable',
      matches: startsWith(/^Blocked: standalone sleep /),
    },
    {
      name: 'qwen-malformed',
      source: 'Qwen Code web_fetch: "The \'url\' is malformed and could not be parsed."',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^The '[^'\n]+' is malformed/),
    },
    {
      name: 'qwen-file-type',
      source: 'Qwen Code notebook_edit: "File must be a Jupyter notebook (.ipynb). Use the edit tool for other file types."',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^File must be an? /),
    },
    {
      name: 'qwen-invalid-regex',
      source: 'Qwen Code grep_search: "Invalid regular expression pattern: total(items. Error: Invalid regular expression: …"',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^Invalid regular expression pattern: /),
    },
    {
      name: 'qwen-unknown-name',
      source: 'Qwen Code agent and tool_call tools: "Subagent "x" not found. Available subagents: …", "[tool_call bridge refused] Deferred tool "x" is not registered in this session. …"',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^(?:Subagent "[^"\n]+" not found\. Available subagents: |\[tool_call bridge refused\] Deferred tool "[^"\n]+" is not registered)/),
    },
    {
      name: 'qwen-tool-unavailable',
      source: 'Qwen Code tool registry: "Tool "list_directory" is a built-in tool that is disabled by default … Use glob instead."',
      family: 'wide',
      matches: startsWith(/^Tool "[^"\n]+" is a built-in tool that is disabled/),
    },
  ],
  codex: [],
  'kilo-code': OPENCODE_FAMILY_RULES,
  opencode: OPENCODE_FAMILY_RULES,
};

/** A group of classification words: the kind they mean, where they come from, and a text from that source. */
export interface SourcedWords {
  kind: keyof WordLists;
  words: readonly string[];
  source: string;
  /** A text the source produces; the tests check that it classifies as `kind` under `extended`. */
  example: string;
}

/**
 * Words for the generic and MCP family. `commandTimeout` is the classifier's "stays ambiguous" list (checked
 * after unrecoverable, before transient and fixable), so it also holds the fixed texts of statuses that name no
 * field (a bare 400 or 422), which the paper's `Bad Request` and `Unprocessable` would read as fixable.
 */
export const EXTENDED_WIDE_WORD_GROUPS: readonly SourcedWords[] = [
  // ------------------------------------------------------------------ unrecoverable
  { kind: 'unrecoverable', words: ['AccessDenied', 'ccess Denied', 'UnrecognizedClientException', 'InvalidClientTokenId', 'ExpiredToken', 'security token included in the request is invalid', 'Unable to locate credentials'], source: 'AWS error codes and botocore NoCredentialsError', example: 'An error occurred (UnrecognizedClientException) when calling the Scan operation: The security token included in the request is invalid.' },
  { kind: 'unrecoverable', words: ['status 401', 'status 403', 'status code 401', 'status code 403', 'Error code: 401', 'Error code: 403', '401 Client Error', '403 Client Error'], source: 'HTTP 401/403 as Node tools ("Request failed with status code 403"), CPython http.server pages and requests word them', example: 'Error: Request failed with status 401' },
  { kind: 'unrecoverable', words: ['status code (401', 'status code (403'], source: 'OpenCode / Kilo Code webfetch: "StatusCode: non 2xx status code (403 GET …)"', example: 'StatusCode: non 2xx status code (403 GET http://127.0.0.1:8200/status/403)' },
  { kind: 'transient', words: ['status code (408', 'status code (429', 'status code (500', 'status code (502', 'status code (503', 'status code (504'], source: 'OpenCode / Kilo Code webfetch: "StatusCode: non 2xx status code (503 GET …)"', example: 'StatusCode: non 2xx status code (503 GET http://127.0.0.1:8200/status/503)' },
  { kind: 'unrecoverable', words: ['authentication_error', 'permission_error'], source: 'error types of API JSON bodies (Anthropic, OpenAI-compatible)', example: '{"error": {"message": "Invalid authentication token.", "type": "authentication_error"}}' },
  // ------------------------------------------------------------------ stays ambiguous
  { kind: 'commandTimeout', words: ['TimeoutExpired'], source: "CPython subprocess.TimeoutExpired: \"Command '…' timed out after N seconds\" is the command's own timeout", example: "TimeoutExpired: Command '['sleep', '5']' timed out after 0.3 seconds" },
  { kind: 'commandTimeout', words: ['spawnSync '], source: "Node child_process.execSync/spawnSync with a timeout: \"spawnSync /bin/sh ETIMEDOUT\" is the command's own timeout", example: 'Error: spawnSync /bin/sh ETIMEDOUT' },
  { kind: 'commandTimeout', words: ['^\nTypeError: ', ')\nTypeError: '], source: 'a CPython traceback ending in TypeError (after the caret line of 3.11+, or the call line): the program the command ran is wrong, not the call', example: "Traceback (most recent call last):\n  File \"/tmp/app.py\", line 4, in <module>\n    print(total([1, 2]))\nTypeError: total() missing 1 required positional argument: 'tax'\n" },
  { kind: 'commandTimeout', words: ['Error 400: Bad Request', '<HTTPError 400: ', '<HTTPError 422: ', '400 Client Error: Bad Request for url', 'Error code: 400', 'Error code: 422', 'Error 422: Unprocessable Entity', 'HTTP 422 Unprocessable Entity', '<title>400 Bad Request</title>', 'The browser (or proxy) sent a request that this server could not understand'], source: 'bare 400/422 texts that name no field: urllib HTTPError, requests raise_for_status, CPython http.server and werkzeug pages, Node fetch status lines', example: 'HTTP Error 400: Bad Request' },
  // ------------------------------------------------------------------ transient
  { kind: 'transient', words: ['database table is locked'], source: 'SQLite SQLITE_LOCKED (SQLITE_BUSY\'s "database is locked" is a common word)', example: 'OperationalError: database table is locked' },
  { kind: 'transient', words: ['Remote end closed connection', 'RemoteDisconnected', 'other side closed', 'Headers Timeout', 'Body Timeout', 'UND_ERR_SOCKET', 'upstream connect error'], source: 'dropped connections and timeouts: CPython http.client, undici, Envoy', example: "('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))" },
  { kind: 'transient', words: ['SlowDown', 'reduce your request rate', 'Throttl', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded', 'Could not connect to the endpoint URL', 'timeout on endpoint URL'], source: 'AWS throttling codes and botocore connection errors', example: 'An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 0): Please reduce your request rate.' },
  { kind: 'transient', words: ['status 408', 'status 429', 'status 500', 'status 502', 'status 503', 'status 504', 'status code 408', 'status code 429', 'status code 500', 'status code 502', 'status code 503', 'status code 504'], source: 'retryable HTTP statuses as Node tools word them ("Request failed with status code 503")', example: 'Error: Request failed with status 503' },
  { kind: 'transient', words: ['Error code: 408', 'Error code: 429', 'Error code: 500', 'Error code: 502', 'Error code: 503', 'Error code: 504', '408 Client Error', '429 Client Error', '500 Server Error', '502 Server Error', '503 Server Error', '504 Server Error'], source: 'retryable HTTP statuses in CPython http.server pages and requests raise_for_status (whatever reason phrase the server sent)', example: '500 Server Error: INTERNAL SERVER ERROR for url: http://127.0.0.1:8005/crash' },
  { kind: 'transient', words: ['server_error', 'rate_limit', 'request_timeout', 'InternalError', 'ry again later'], source: 'API error types and codes for 5xx/429/408 (OpenAI-compatible bodies, AWS InternalError) and "try again later" in werkzeug 429/503 descriptions', example: '{"error": {"message": "Internal error while processing the request", "type": "server_error"}}' },
  // ------------------------------------------------------------------ fixable
  { kind: 'fixable', words: ['NOT NULL constraint failed', 'cannot store ', 'Incorrect number of bindings', '": syntax error'], source: 'SQLite messages that name the column, the binding count or the token', example: 'IntegrityError: NOT NULL constraint failed: users.email' },
  { kind: 'fixable', words: ['Missing required parameter', 'Invalid type for parameter', 'failed to satisfy constraint'], source: 'botocore ParamValidationError and AWS ValidationException', example: 'Parameter validation failed:\nMissing required parameter in input: "Key"' },
  { kind: 'fixable', words: ['Field required', '"loc": [', '"loc":['], source: 'pydantic v2 and FastAPI validation bodies, which name the field in "loc"', example: '{"detail": [{"type": "missing", "loc": ["body", "title"], "msg": "Field required", "input": {}}]}' },
  { kind: 'fixable', words: ['Failed to parse URL', 'No scheme supplied', 'unknown url type', 'ERR_INVALID_URL', 'ERR_INVALID_ARG_TYPE', 'ERR_INVALID_ARG_VALUE', 'must be of type', 'must be one of', 'must be in '], source: 'argument checks that name the value and what it must be: Node fetch and ERR_INVALID_ARG_*, requests, urllib, CPython ValueError', example: 'TypeError: Failed to parse URL from api.example.com/v1/items' },
  { kind: 'unrecoverable', words: ['PermissionDenied: FileSystem.', 'prevents you from using this specific tool call', 'rejected permission to use this specific tool call'], source: 'OpenCode / Kilo Code permission and file system errors', example: 'PermissionDenied: FileSystem.open (/etc/shadow)' },
  { kind: 'fixable', words: ['tool was called with invalid arguments', 'arguments provided to the tool are invalid', 'tried to call unavailable tool', 'Could not find oldString', 'multiple matches for oldString', 'oldString and newString are identical', 'not found. Available ', 'URL must start with http', 'InvalidUrl error ('], source: 'OpenCode / Kilo Code argument validation and edit tool', example: 'The read tool was called with invalid arguments: SchemaError(Missing key\n  at ["filePath"]).\nPlease rewrite the input so it satisfies the expected schema.' },
  { kind: 'fixable', words: ['must have required property', 'File path must be absolute', 'occurrences found for old_string', 'occurrences for old_string', 'old_string and new_string are identical', 'is a built-in tool that is disabled'], source: 'Qwen Code parameter checks, file tools, edit tool and tool registry', example: "params must have required property 'file_path'" },
  { kind: 'unrecoverable', words: ['aily quota', 'onthly quota', ' per day', 'insufficient_quota'], source: "API quota texts: a quota per day or month is spent until its reset, hours away (Google's \"limit 'Requests per day'\", OpenAI's insufficient_quota)", example: 'Daily quota exhausted for this API key; it resets at 00:00 UTC.' },
  { kind: 'unrecoverable', words: ['PermissionError', 'SMTPAuthenticationError', 'uthentication failed', 'invalid_token', 'expired_token', 'token expired', 'oken has expired', 'Partial credentials found'], source: 'permissions and credentials: EPERM\'s strerror, CPython PermissionError, smtplib 535, OAuth 2 invalid_token / expired tokens (RFC 6750), botocore PartialCredentialsError', example: "PermissionError: [Errno 1] Operation not permitted: '/srv/shared/settings.json'" },
  { kind: 'transient', words: ['Broken pipe', 'EPIPE', 'onnection unexpectedly closed', 'Server disconnected', '(ServiceUnavailable)', '(RequestTimeout)', 'Bad gateway'], source: 'dropped connections (EPIPE, smtplib, httpx RemoteProtocolError), AWS ServiceUnavailable / RequestTimeout codes, Cloudflare\'s "Bad gateway"', example: 'BrokenPipeError: [Errno 32] Broken pipe' },
  { kind: 'fixable', words: ['"param": "', '"param":"', 'Did you mean', 'GRAPHQL_VALIDATION_FAILED', "' does not match '", 'in header value', 'Content-Type was not'], source: 'texts that name the value to change: API error bodies with a param (Stripe, OpenAI), GraphQL validation and its suggestion, jsonschema pattern, requests InvalidHeader, werkzeug\'s 415 for JSON', example: '{"error": {"code": "parameter_invalid_integer", "message": "Invalid integer: 12.50", "param": "amount", "type": "invalid_request_error"}}' },
  { kind: 'fixable', words: ['is not one of [', 'invalid literal for', 'could not convert string to float', 'No host supplied'], source: 'value checks that quote the value and say what it must be: jsonschema enum, CPython int()/float(), requests InvalidURL', example: "'purple' is not one of ['red', 'green']" },
  { kind: 'fixable', words: ['Invalid input for tool ', 'Type validation failed'], source: 'Vercel AI SDK: tool input that fails the tool\'s inputSchema (AI_InvalidToolInputError, AI_TypeValidationError), which names the field', example: 'AI_InvalidToolInputError: Invalid input for tool create_invoice: AI_TypeValidationError: Type validation failed: Value: {"amount_cents":1200}.' },
  { kind: 'fixable', words: ['ENAMETOOLONG', 'ERR_OUT_OF_RANGE', 'is out of range. It must be', 'is invalid encoding', 'ERR_UNKNOWN_ENCODING'], source: 'Node argument checks: a path name too long, a value out of its range, an unknown encoding', example: 'RangeError [ERR_OUT_OF_RANGE]: The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received -1' },
  { kind: 'transient', words: ['TypeError: terminated', 'Connect Timeout'], source: 'Node fetch (undici): a body cut off by the server ("terminated"), a connection that was not accepted in time', example: 'TypeError: terminated' },
  { kind: 'commandTimeout', words: ['getaddrinfo ENOTFOUND', '-32602: Resource ', 'MCP error -32002'], source: 'failures whose next step the text leaves open although a retryable or fixable word is there: a host name that does not resolve (fetch failed … ENOTFOUND), an MCP resource that is not found (the SDK answers -32602, servers -32002)', example: 'fetch failed: getaddrinfo ENOTFOUND api.example.invalid' },
  { kind: 'unrecoverable', words: ['insufficient_scope', 'lacks the scope', 'credit balance', 'billing_error', 'Payment Required', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'does not exist in our records', '(535, '], source: 'missing scopes (RFC 6750 insufficient_scope), spent credit and 402, AWS key and signature errors, SMTP 535 (RFC 4954: credentials invalid)', example: '{"error": "insufficient_scope", "error_description": "The token lacks the scope write:packages required by this endpoint."}' },
  { kind: 'transient', words: ['verloaded', 'IncompleteRead', 'Connection broken', 'peer closed connection', 'incomplete chunked', 'onnection closed', 'aborted due to timeout', 'ervice not available', 'etry your request', 'etry after', 'Retry-After', 'ry again in ', 'nternal error', 'internal_failure'], source: 'overloaded servers (Anthropic 529 overloaded_error), bodies cut off (http.client IncompleteRead, urllib3 "Connection broken", httpx "peer closed connection"), closed connections (MCP -32000 "Connection closed"), timeouts by AbortSignal, SMTP 421, texts that ask for a retry', example: '{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}' },
  { kind: 'fixable', words: ['Parameter validation failed', 'parameter values were invalid', 'invalid-params', 'must match', "can't contain", 'unsupported protocol', 'does not match format', 'are the same file', 'CHECK constraint failed', 'unterminated subpattern', 'is malformed', 'is not a valid', 'is not supported; use', 'allowed methods', 'the maximum for this endpoint', 'Too small:', 'Too big:', '"too_small"', '"too_big"', '"invalid_type"', '"invalid_value"'], source: 'texts that name the value to change and what it must be: botocore ParamValidationError, DynamoDB ValidationException, RFC 7807 invalid-params, http.client InvalidURL, httpx UnsupportedProtocol, strptime, shutil SameFileError, SQLite CHECK, re.error, 405 and 413 bodies that name what is allowed, zod issues', example: 'Parameter validation failed:\nInvalid bucket name "quarterly reports": Bucket name must match the regex "^[a-zA-Z0-9.\\-_]{1,255}$"' },
  { kind: 'unrecoverable', words: ['invalid_auth', 'not_authed', 'token_revoked', 'account_inactive', 'AuthorizationFailed', 'does not have authorization', 'Login incorrect', '-ERR [AUTH]'], source: "Slack's auth error codes, Azure AuthorizationFailed, FTP 530 and POP3 [AUTH] replies", example: 'Slack API error: invalid_auth' },
  { kind: 'transient', words: ['ratelimited', 'TooManyRequestsException', 'ate exceeded', 'ate Exceeded', 'error_temp', 'try later', '[SYS/TEMP]'], source: "Slack's ratelimited, AWS TooManyRequestsException and \"Rate exceeded\", FTP 4yz (ftplib error_temp), POP3 [SYS/TEMP] (RFC 3206)", example: '{"__type": "ThrottlingException", "message": "Rate exceeded"}' },
  { kind: 'fixable', words: ["Invalid '", 'List of available', 'does not appear to be a', 'is a dependency of'], source: 'texts that name the value and the valid ones: Twilio\'s "Invalid \'To\' Phone Number", Azure\'s list of available regions, CPython ipaddress, jsonschema dependentRequired', example: "ValueError: '10.0.0.256' does not appear to be an IPv4 or IPv6 address" },
  { kind: 'transient', words: ['Greylisted', "(421, b'", "(450, b'", "(451, b'", "(452, b'", 'ETIMEOUT', 'ate of requests exceeds'], source: 'SMTP 4yz replies (RFC 5321: transient negative completion), greylisting, c-ares ETIMEOUT, DynamoDB throttling', example: "SMTPRecipientsRefused: {'ops@example.com': (450, b'4.2.0 <ops@example.com>: Recipient address rejected: Greylisted')}" },
  { kind: 'commandTimeout', words: ['Output validation error'], source: "MCP SDK: the tool's output broke its own output schema; the caller's arguments are not what is wrong", example: 'MCP error -32602: Output validation error: Invalid structured content for tool job_status' },
  { kind: 'fixable', words: ['must be a ', 'must be an ', 'must be greater than', 'must be less than', "can't be blank", 'is too short', 'is too long', 'badly formed', 'Invalid parameter: ', '"pointer":', '  → at ', 'parameter is required'], source: 'texts that name the value and what it must be: "x must be an ISO 8601 timestamp", Rails / Shopify validation bodies, JSON:API source pointers, jsonschema minLength, uuid, SNS InvalidParameter, zod\'s prettified paths', example: 'run_at must be an ISO 8601 UTC timestamp like 2026-04-01T02:00:00Z, got "tonight at 2"' },
  { kind: 'fixable', words: ['InvalidArgumentError'], source: "undici's InvalidArgumentError, thrown for the options a call passed (\"invalid request method\")", example: 'InvalidArgumentError: invalid request method' },
  { kind: 'fixable', words: ['Invalid value for'], source: 'API 400 bodies naming the parameter (OpenAI-compatible invalid_request_error)', example: '{"error": {"message": "Invalid value for \'limit\': expected an integer, got \'ten\'.", "type": "invalid_request_error", "param": "limit"}}' },
];

/**
 * Words for every rule, the agents' shell results included, so none may be a paper wide word or part of one:
 * the shared detection tests keep those ambiguous there. Only words that are safe inside shell output.
 */
export const EXTENDED_COMMON_WORD_GROUPS: readonly SourcedWords[] = [
  { kind: 'fixable', words: ['npm error Missing script: '], source: 'npm 11 run-script: the script name given does not exist in package.json; the text says how to list them', example: 'Command failed: npm run build\nnpm error Missing script: "build"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\n' },
  { kind: 'transient', words: ["Couldn't connect to server", 'curl: (7) ', 'curl: (28) ', 'curl: (52) ', 'curl: (56) ', ...[408, 429, 500, 502, 503, 504].map((s) => `The requested URL returned error: ${s}`)], source: "curl's exit diagnostics: (7) could not connect, (28) timeout, (52) empty reply, (56) receive failure, (22) with -f and a retryable status", example: "curl: (7) Failed to connect to 127.0.0.1 port 8001 after 0 ms: Couldn't connect to server\n" },
  { kind: 'unrecoverable', words: ['The requested URL returned error: 401', 'The requested URL returned error: 403'], source: "curl -f's diagnostic (22) for 401 and 403", example: 'curl: (22) The requested URL returned error: 403\n' },
  { kind: 'unrecoverable', words: ['failed with status code 401', 'failed with status code 403'], source: 'HTTP clients\' "Request failed with status code 401" (axios, Qwen Code web_fetch "Error during fetch for …")', example: 'Error during fetch for http://127.0.0.1:8200/status/401: Request failed with status code 401 Unauthorized' },
  { kind: 'transient', words: [408, 429, 500, 502, 503, 504].map((s) => `failed with status code ${s}`), source: 'HTTP clients\' "Request failed with status code 503" (axios, Qwen Code web_fetch)', example: 'Error during fetch for http://127.0.0.1:8200/status/503: Request failed with status code 503 Service Unavailable' },
  { kind: 'transient', words: ['database is locked'], source: 'SQLite SQLITE_BUSY, as a program the command ran prints it (sqlite3.OperationalError: database is locked)', example: 'Traceback (most recent call last):\n  File "migrate.py", line 8, in <module>\nsqlite3.OperationalError: database is locked\n' },
  { kind: 'unrecoverable', words: ['readonly database', 'Operation not permitted'], source: "SQLite SQLITE_READONLY and EPERM's strerror, as a command prints them", example: "chmod: changing permissions of 'generated.txt': Operation not permitted\n" },
  { kind: 'transient', words: ['TimeoutError: timed out', '<urlopen error timed out>'], source: 'the last line of a CPython traceback when a network read timed out', example: 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nTimeoutError: timed out\n' },
  { kind: 'transient', words: ['ConnectionRefusedError', 'ConnectionResetError'], source: 'CPython exception names a traceback ends with when a program met a refused or reset connection', example: 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nConnectionRefusedError: [Errno 111] Connection refused\n' },
];

function toWordLists(groups: readonly SourcedWords[]): WordLists {
  const of = (kind: keyof WordLists) => groups.filter((g) => g.kind === kind).flatMap((g) => g.words);
  return { unrecoverable: of('unrecoverable'), commandTimeout: of('commandTimeout'), transient: of('transient'), fixable: of('fixable') };
}

/**
 * Paper wide words that the extended set does not read: the texts that carry them name no cause or field by
 * themselves. `Bad Request` and `Unprocessable` are a status's reason phrase (a bare 400 or 422 names nothing to
 * change; a body that names a field has its own words); Node's `fetch failed` is said alike for a refused
 * connection, a host that does not resolve and a redirect loop (its cause, when given, has its own words).
 */
export const EXTENDED_DROPPED_WIDE_WORDS: readonly SourcedWords[] = [
  { kind: 'fixable', words: ['Bad Request', 'Unprocessable'], source: 'HTTP 400 and 422 reason phrases', example: '{"error": "Bad Request"}' },
  { kind: 'transient', words: ['fetch failed'], source: 'Node fetch (undici) TypeError message, whatever the cause', example: 'TypeError: fetch failed' },
];

/** Words added to the wide lists by the extended set. */
export const EXTENDED_WIDE_WORDS: WordLists = toWordLists(EXTENDED_WIDE_WORD_GROUPS);
/** Words added to the common lists (and so to the wide ones) by the extended set. */
export const EXTENDED_COMMON_WORDS: WordLists = toWordLists(EXTENDED_COMMON_WORD_GROUPS);
/** Paper wide words the extended set leaves out. */
export const EXTENDED_DROPPED_WORDS: WordLists = toWordLists(EXTENDED_DROPPED_WIDE_WORDS);
