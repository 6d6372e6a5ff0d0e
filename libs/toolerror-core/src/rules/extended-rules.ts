import { parseJsonObject, skipLeadingWhiteSpace, type AgentId, type TextRule } from './paper-rules.ts';
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
  'EPIPE', 'EROFS', 'ETIMEDOUT', 'EXDEV',
]);
const NODE_ERRNO_START = /^(?:(?:connect|read|write|getaddrinfo|spawn|spawnSync|open|listen|bind|unlink|mkdir|rmdir|scandir|stat|lstat|access|rename|copyfile|link|symlink|chmod|readlink|opendir) (?:\S+ )?)?(E[A-Z][A-Z_]+)(?::|\s|$)/;

function nodeErrno(text: string): boolean {
  const m = NODE_ERRNO_START.exec(skipLeadingWhiteSpace(text));
  return m !== null && NODE_ERRNO.has(m[1]!);
}

/** Node prints an uncaught exception as `file:line`, the source line, a caret, then the error and its stack. */
function nodeUncaught(text: string): boolean {
  return /^(?:node:[\w/.:-]+|\[eval\]|\/[^\n]*\.[cm]?[jt]s):\d+\n/.test(text) && text.includes('\n    at ');
}

/** CPython's http.server error page, werkzeug's and nginx's HTML error pages: a title naming the status. */
function htmlErrorPage(text: string): boolean {
  const t = skipLeadingWhiteSpace(text);
  if (!/^<(?:!doctype html|html)[\s>]/i.test(t)) return false;
  return /<title>(?:Error response|[45]\d\d [^<]+)<\/title>/i.test(t.slice(0, 2048));
}

/** FastAPI's validation body: `{"detail": [{"loc": [...], "msg": "..."}]}`. */
function fastApiDetail(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.includes('"detail"')) return false;
  const detail = parseJsonObject(t)?.detail;
  return Array.isArray(detail) && detail.length > 0 && detail.every((d) => typeof d === 'object' && d !== null && 'loc' in d && 'msg' in d);
}

/** SQLite's own messages, as `str(e)` of Python's sqlite3 errors returns them: the whole text is the message. */
const SQLITE_MESSAGE = new RegExp(
  '^(?:database is locked|database table is locked|attempt to write a readonly database|unable to open database file|' +
    'no such (?:table|column|function): \\S+|near "[^"\\n]*": syntax error|(?:NOT NULL|UNIQUE|CHECK|FOREIGN KEY) constraint failed(?:: [\\w.]+(?:, [\\w.]+)*)?|' +
    'cannot store \\w+ value in \\w+ column [\\w.]+|Incorrect number of bindings supplied\\. .*)$',
);

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
    source: 'CPython urllib.error: str(URLError) "<urlopen error …>", repr(HTTPError) "<HTTPError 503: \'…\'>"',
    family: 'wide',
    matches: startsWith(/^<(?:urlopen error |HTTPError \d{3}: )/),
  },
  {
    name: 'py-http-client',
    source: 'CPython http.client RemoteDisconnected; requests/urllib3 str() "HTTPConnectionPool(host=…)" and "(\'Connection aborted.\', …)"',
    family: 'wide',
    matches: startsWith(/^(?:(?:RemoteDisconnected[:(] ?'?)?Remote end closed connection without response|HTTPS?ConnectionPool\(host=|\('Connection aborted\.', )/),
  },
  {
    name: 'py-call-signature',
    source: 'CPython TypeError for a call with wrong arguments, str() without the class name: "f() missing 1 required positional argument: …"',
    family: 'wide',
    matches: startsWith(/^[A-Za-z_][\w.<>]*\(\) (?:missing \d+ required|got an unexpected keyword argument|got multiple values for argument|takes (?:from )?\d+)/),
  },
  {
    name: 'py-validation',
    source: 'pydantic ValidationError str "N validation error(s) for Model"; botocore ParamValidationError; jsonschema ValidationError.message',
    family: 'wide',
    matches: startsWith(
      /^(?:\d+ validation errors? for [\w.]+\n|(?:ParamValidationError: )?Parameter validation failed:\n|(?:'[^'\n]*'|[\w.-]+) (?:is not of type '|is not one of \[|is a required property)|Additional properties are not allowed \()/,
    ),
  },
  {
    name: 'py-requests-url',
    source: 'requests MissingSchema / InvalidURL / InvalidSchema: "Invalid URL \'…\': No scheme supplied…"',
    family: 'wide',
    matches: startsWith(/^(?:(?:MissingSchema|InvalidURL|InvalidSchema): )?(?:Invalid URL '|No connection adapters were found for ')/),
  },
  {
    name: 'botocore',
    source: 'botocore ClientError "An error occurred (Code) when calling the Op operation…", EndpointConnectionError, ReadTimeoutError, NoCredentialsError',
    family: 'wide',
    matches: startsWith(
      /^(?:[A-Za-z]+: )?(?:An error occurred \([\w.]+\) when calling the \w+ operation|(?:Could not connect to|Read timeout on|Connect timeout on) (?:the )?endpoint URL: |Unable to locate credentials$)/,
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
    source: 'Node errors with a code: String(err) "TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be …"',
    family: 'wide',
    matches: startsWith(/^(?:[A-Za-z]*Error \[ERR_[A-Z0-9_]+\]: |The "[^"\n]+" (?:argument|property|option) (?:must|is invalid))/),
  },
  {
    name: 'node-uncaught',
    source: "Node's report of an uncaught exception on stderr: \"file:line\", the source line, a caret, the error and its stack",
    family: 'wide',
    matches: nodeUncaught,
  },
  {
    name: 'node-fetch',
    source: "Node fetch (undici): err.message alone, \"fetch failed\", \"Failed to parse URL from …\"; undici's \"other side closed\", \"Headers Timeout Error\"",
    family: 'wide',
    matches: whole(/^(?:fetch failed(?:: .*)?|Failed to parse URL from .*|other side closed|(?:Headers|Body|Connect) Timeout Error|socket hang up)$/),
  },
  {
    name: 'undici-response',
    source: 'undici interceptors.responseError: ResponseError, whose message is "Response Error" (tools add the status)',
    family: 'wide',
    matches: startsWith(/^(?:ResponseError: )?Response Error\b/),
  },
  {
    name: 'timed-out',
    source: 'CPython socket.timeout / TimeoutError str(): the whole text is "timed out"',
    family: 'wide',
    matches: whole(/^timed out$/),
  },
  {
    name: 'http-status-text',
    source: 'a status line at the start: werkzeug HTTPException str() "503 Service Unavailable: …", "NNN Reason: <body>" of HTTP clients',
    family: 'wide',
    matches: startsWith(/^[45]\d\d [A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*: /),
  },
  {
    name: 'html-error-page',
    source: "HTML error pages: CPython http.server send_error (\"<title>Error response</title>\"), werkzeug's and nginx's \"<title>503 Service Unavailable</title>\"",
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
    source: 'OpenCode / Kilo Code edit tool: "Could not find oldString in the file…", "No changes to apply: oldString and newString are identical."',
    family: 'wide',
    matches: startsWith(/^(?:Could not find oldString|Found multiple matches for oldString|No changes to apply: oldString and newString)/),
  },
  {
    name: 'opencode-permission',
    source: 'OpenCode / Kilo Code permission system: "The user has specified a rule which prevents you from using this specific tool call", "The user rejected permission to use this specific tool call"',
    family: 'wide',
    matches: startsWith(/^The user (?:has specified a rule which prevents you from using|rejected permission to use) this specific tool call/),
  },
  {
    name: 'opencode-webfetch',
    source: 'OpenCode / Kilo Code webfetch tool: "URL must start with http:// or https://", "StatusCode: non 2xx status code (503 GET …)"',
    family: 'wide',
    matches: startsWith(/^(?:URL must start with http:\/\/ or https:\/\/|StatusCode: non 2xx status code \()/),
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
      source: "Qwen Code's schema check of tool parameters: \"params must have required property 'file_path'\"",
      family: 'wide',
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
  { kind: 'unrecoverable', words: ['readonly database'], source: 'SQLite SQLITE_READONLY', example: 'attempt to write a readonly database' },
  { kind: 'unrecoverable', words: ['AccessDenied', 'ccess Denied', 'UnrecognizedClientException', 'InvalidClientTokenId', 'ExpiredToken', 'security token included in the request is invalid', 'Unable to locate credentials'], source: 'AWS error codes and botocore NoCredentialsError', example: 'An error occurred (UnrecognizedClientException) when calling the Scan operation: The security token included in the request is invalid.' },
  { kind: 'unrecoverable', words: ['status 401', 'status 403', 'status code 401', 'status code 403', 'Error code: 401', 'Error code: 403', '401 Client Error', '403 Client Error'], source: 'HTTP 401/403 as Node tools ("Request failed with status code 403"), CPython http.server pages and requests word them', example: 'Error: Request failed with status 401' },
  { kind: 'unrecoverable', words: ['status code (401', 'status code (403'], source: 'OpenCode / Kilo Code webfetch: "StatusCode: non 2xx status code (403 GET …)"', example: 'StatusCode: non 2xx status code (403 GET http://127.0.0.1:8200/status/403)' },
  { kind: 'transient', words: ['status code (408', 'status code (429', 'status code (500', 'status code (502', 'status code (503', 'status code (504'], source: 'OpenCode / Kilo Code webfetch: "StatusCode: non 2xx status code (503 GET …)"', example: 'StatusCode: non 2xx status code (503 GET http://127.0.0.1:8200/status/503)' },
  { kind: 'unrecoverable', words: ['authentication_error', 'permission_error'], source: 'error types of API JSON bodies (Anthropic, OpenAI-compatible)', example: '{"error": {"message": "Invalid authentication token.", "type": "authentication_error"}}' },
  // ------------------------------------------------------------------ stays ambiguous
  { kind: 'commandTimeout', words: ['spawnSync '], source: "Node child_process.execSync/spawnSync with a timeout: \"spawnSync /bin/sh ETIMEDOUT\" is the command's own timeout", example: 'Error: spawnSync /bin/sh ETIMEDOUT' },
  { kind: 'commandTimeout', words: ['^\nTypeError: ', ')\nTypeError: '], source: 'a CPython traceback ending in TypeError (after the caret line of 3.11+, or the call line): the program the command ran is wrong, not the call', example: "Traceback (most recent call last):\n  File \"/tmp/app.py\", line 4, in <module>\n    print(total([1, 2]))\nTypeError: total() missing 1 required positional argument: 'tax'\n" },
  { kind: 'commandTimeout', words: ['Error 400: Bad Request', '<HTTPError 400: ', '<HTTPError 422: ', '400 Client Error: Bad Request for url', 'Error code: 400', 'Error code: 422', 'Error 422: Unprocessable Entity', 'HTTP 422 Unprocessable Entity', '<title>400 Bad Request</title>', 'The browser (or proxy) sent a request that this server could not understand'], source: 'bare 400/422 texts that name no field: urllib HTTPError, requests raise_for_status, CPython http.server and werkzeug pages, Node fetch status lines', example: 'HTTP Error 400: Bad Request' },
  // ------------------------------------------------------------------ transient
  { kind: 'transient', words: ['database is locked', 'database table is locked'], source: 'SQLite SQLITE_BUSY / SQLITE_LOCKED', example: 'OperationalError: database is locked' },
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
  { kind: 'fixable', words: ['tool was called with invalid arguments', 'arguments provided to the tool are invalid', 'tried to call unavailable tool', 'Could not find oldString', 'multiple matches for oldString', 'oldString and newString are identical', 'not found. Available skills:', 'URL must start with http'], source: 'OpenCode / Kilo Code argument validation and edit tool', example: 'The read tool was called with invalid arguments: SchemaError(Missing key\n  at ["filePath"]).\nPlease rewrite the input so it satisfies the expected schema.' },
  { kind: 'fixable', words: ['must have required property', 'File path must be absolute', 'occurrences found for old_string', 'occurrences for old_string', 'old_string and new_string are identical', 'is a built-in tool that is disabled'], source: 'Qwen Code parameter checks, file tools, edit tool and tool registry', example: "params must have required property 'file_path'" },
  { kind: 'fixable', words: ['Invalid value for'], source: 'API 400 bodies naming the parameter (OpenAI-compatible invalid_request_error)', example: '{"error": {"message": "Invalid value for \'limit\': expected an integer, got \'ten\'.", "type": "invalid_request_error", "param": "limit"}}' },
];

/**
 * Words for every rule (agents' text rules and `is_error` too), so none may be a paper wide word or part of
 * one: the shared detection tests keep those ambiguous there. None was needed on `dev`; the list stays the
 * place for words that are safe inside shell output.
 */
export const EXTENDED_COMMON_WORD_GROUPS: readonly SourcedWords[] = [];

function toWordLists(groups: readonly SourcedWords[]): WordLists {
  const of = (kind: keyof WordLists) => groups.filter((g) => g.kind === kind).flatMap((g) => g.words);
  return { unrecoverable: of('unrecoverable'), commandTimeout: of('commandTimeout'), transient: of('transient'), fixable: of('fixable') };
}

/** Words added to the wide lists by the extended set. */
export const EXTENDED_WIDE_WORDS: WordLists = toWordLists(EXTENDED_WIDE_WORD_GROUPS);
/** Words added to the common lists (and so to the wide ones) by the extended set. */
export const EXTENDED_COMMON_WORDS: WordLists = toWordLists(EXTENDED_COMMON_WORD_GROUPS);
