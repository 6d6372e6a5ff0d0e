import { kindOfWords } from './classify.ts';
import { commandDiagnostic, failedCommandOutput, truncatedTraceback, fastApiDetail, htmlErrorPage, jsonErrorBody, messageEnvelope, nodeErrno, nodeErrorInSentence, nodeUncaught, spentQuota, SQLITE_MESSAGE, STATUS_THEN_BODY, zodIssues } from './extended-texts.ts';
import { parseJsonObject, skipLeadingWhiteSpace, type AgentId, type TextRule } from './paper-rules.ts';
import type { WordLists } from './words.ts';

/**
 * Sources the paper's rules miss. Each rule names its source; the rules' example texts are in
 * extended-rules.test.ts. The `paper` set never sees any of them. They are designed on the development part of
 * the labelled corpus (`corpora/tool-results/corpus/`, split `dev`) only. The text shapes they read are in
 * extended-texts.ts, the words that classify what they detect in extended-words.ts.
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

/** A cut output that ends in a traceback, for every client: the generic rules and each agent's. */
const TRUNCATED_TRACEBACK_RULE: TextRule = {
    name: 'truncated-traceback',
    source: "a coding agent's shell output cut at its head (Qwen Code, OpenCode, Kilo Code, Codex CLI markers) that ends in a Python traceback",
    family: 'wide',
    matches: (text) => truncatedTraceback(text) !== undefined,
  };

/** Checked after the paper's generic rule, for clients that are not one of the four agents. */
export const EXTENDED_GENERIC_RULES: readonly TextRule[] = [
  TRUNCATED_TRACEBACK_RULE,
  {
    name: 'agents-js-arguments',
    source: 'OpenAI Agents JS 0.20 runner: arguments that are not JSON are answered "An error occurred while parsing tool arguments. Please try again with valid JSON."',
    family: 'wide',
    kind: 'fixable',
    matches: startsWith(/^An error occurred while parsing tool arguments\. /),
  },
  {
    name: 'agents-js-timeout',
    source: 'OpenAI Agents JS 0.20 tool timeout: "Tool \'<name>\' timed out after <n>ms."',
    family: 'wide',
    kind: 'transient',
    matches: whole(/^Tool '[^'\n]+' timed out after \d+ms\.$/),
  },
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
    source: 'CPython TypeError for a call with wrong arguments, str() without the class name: "f() missing 1 required positional argument: …", "\'digits\' is an invalid keyword argument for round()"; inspect.Signature.bind\'s "missing a required argument: \'subject\'", "got an unexpected keyword argument \'reply_to\'"; SimpleXMLRPCServer\'s faultString "<class \'TypeError\'>:f() …"',
    family: 'wide',
    matches: startsWith(/^(?:<class '[\w.]+'>:)?(?:[A-Za-z_][\w.<>]*\(\) (?:missing \d+ required|got an unexpected keyword argument|got multiple values for argument|takes (?:from )?\d+)|'\w+' is an invalid keyword argument for |missing a required argument: '|got an unexpected keyword argument '|too many positional arguments$)/),
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
      /^(?:\d+ validation errors? for [\w.]+\n|(?:ParamValidationError: )?Parameter validation failed:\n|(?:'[^'\n]*'|[\w.-]+) (?:is not of type '|is not one of \[|is a required property|does not match '|is a dependency of '|is too (?:short|long)|is (?:greater|less) than (?:or equal to )?the (?:maximum|minimum) of )|Additional properties are not allowed \()/,
    ),
  },
  {
    name: 'py-requests-url',
    source: 'requests MissingSchema / InvalidURL / InvalidSchema / InvalidHeader: "Invalid URL \'…\': No scheme supplied…", "Failed to parse: http://host:80a/…", "Invalid leading whitespace, reserved character(s), or return character(s) in header value: …"',
    family: 'wide',
    matches: startsWith(/^(?:(?:MissingSchema|InvalidURL|InvalidSchema|InvalidHeader): )?(?:Invalid URL '|Failed to parse: https?:\/\/|No connection adapters were found for '|Invalid leading whitespace, reserved character\(s\), or return character\(s\) in header )/),
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
    name: 'node-error-in-sentence',
    source: "a tool's own sentence around a Node system error, on its first line: \"Contact sync failed: fetch failed (ECONNRESET: read ECONNRESET)\", \"Could not save the note: EACCES: permission denied, open '/etc/notes.md'\"",
    family: 'wide',
    matches: nodeErrorInSentence,
  },
  {
    name: 'node-error-code',
    source: 'Node errors with a code: String(err) "TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be …", "Error [ECONNRESET]: read ECONNRESET", and their messages alone ("The value of "size" is out of range. …")',
    family: 'wide',
    matches: startsWith(/^(?:[A-Za-z]*Error \[(?:ERR_[A-Z0-9_]+|E[A-Z]+)\]: |The "[^"\n]+" (?:argument|property|option) (?:must|is invalid)|The value of "[^"\n]+" is out of range\. |The argument '[^'\n]+' (?:is invalid|must))/),
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
    source: 'Node fetch (undici): a body cut off when the server closed the connection or the body timed out, err.message "terminated" (cause "other side closed" or "Body Timeout Error"), also as LangChain.js\'s ToolNode returns it ("Error: terminated\\n Please fix your mistakes.")',
    family: 'wide',
    kind: 'transient',
    matches: whole(/^(?:(?:Type)?Error: )?terminated(?:: [^\n]*)?(?:\n Please fix your mistakes\.)?$/),
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
    source: 'CPython and library exceptions whose names do not end in Error: http.client IncompleteRead / InvalidURL / BadStatusLine, httpx UnsupportedProtocol, requests InvalidHeader / TooManyRedirects, smtplib SMTP*Refused, subprocess TimeoutExpired, zipfile BadZipFile, and str() of IncompleteRead and smtplib replies ("(421, b\'…\')", SMTPRecipientsRefused\'s "{\'ops@example.com\': (450, b\'…\')}")',
    family: 'wide',
    matches: startsWith(
      /^(?:(?:[\w]+\.)*(?:IncompleteRead|UnsupportedProtocol|InvalidURL|InvalidHeader|InvalidSchema|MissingSchema|SMTPServerDisconnected|SMTPRecipientsRefused|SMTPSenderRefused|BadStatusLine|LineTooLong|TooManyRedirects|TimeoutExpired|BadZipFile)[:(]|\((?:'Connection broken: )?IncompleteRead\(|\([245]\d\d, b['"]|\{'[^'\n]+': \([245]\d\d, b['"]|Request URL has an unsupported protocol |URL can't contain control characters|peer closed connection without sending|'[^'\n]+' and '[^'\n]+' are the same file$|Redirect response '3\d\d )/,
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
    matches: (text) => {
      const head = text.slice(0, 1024);
      return /\b(?:exhausted|exceeded|reached|spent|used up|run out)\b/i.test(head) && spentQuota(head);
    },
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
    // The issues name a path and what it must be, but not whose data failed: a tool's arguments, or a response
    // the tool checked (both seen in the corpus), so the list alone gives no guidance.
    kind: 'ambiguous',
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
    name: 'request-failed-sentence',
    source: 'tool wrappers that put the request before the failure: "GET http://…/v2/invoices failed: TimeoutError: …", "Update of Tasks/rec8XkQ2 failed (422): {…}"',
    family: 'wide',
    matches: (text) => text.includes('failed') && (/^(?:GET|POST|PUT|PATCH|DELETE|HEAD) https?:\/\/\S+ failed: /.test(text) || /^[^\n]{0,200}\bfailed \([45]\d\d\): /.test(text)),
  },
  {
    name: 'invalid-arguments',
    source: 'tools that reject their arguments in their own words and list what is wrong: "Invalid arguments: from: must be a 3-letter IATA airport code; depart: Invalid ISO date", "Invalid arguments for tool send_email: …"; JSON-RPC 2.0\'s -32602 message "Invalid params" with its detail',
    family: 'wide',
    matches: startsWith(/^Invalid (?:arguments|parameters|params)(?: for (?:tool )?[\w.-]+)?: \S/),
  },
  {
    name: 'proxy-plain-body',
    source: "reverse proxies' plain-text bodies for an upstream that failed: Go's httputil.ReverseProxy and Traefik \"Bad Gateway\" (502), \"Gateway Timeout\" (504), \"Service Unavailable\" (503), Envoy's \"upstream request timeout\" (504) and \"no healthy upstream\" (503)",
    family: 'wide',
    kind: 'transient',
    matches: whole(/^(?:Bad Gateway|Gateway Time-?out|Service Unavailable|upstream request timeout|no healthy upstream)$/),
  },
  {
    name: 'envoy-upstream',
    source: 'Envoy proxy 503 body: "upstream connect error or disconnect/reset before headers…"',
    family: 'wide',
    matches: startsWith(/^upstream connect error or disconnect\/reset before headers/),
  },
];

/**
 * An API's JSON error envelope of a message and a few bookkeeping fields (`{"message": "Internal server error"}`,
 * `{"id": "server_error", "message": "Server was unable to give you a response.", "request_id": "…"}`) — the body
 * a tool returns without its status. A success body can have the same shape (`{"message": "Created"}`), so it is
 * read as a failure only when the rule set's words give it a kind to act on. Last of the generic rules.
 */
export function messageEnvelopeRule(words: WordLists): TextRule {
  return {
    name: 'json-message-body',
    source: 'API error bodies with only a message: AWS API Gateway {"message": "Internal server error"}, DigitalOcean {"id": "server_error", "message": …}, Mailgun {"message": "to parameter is missing"}, rate-limit bodies',
    family: 'wide',
    matches: (text) => {
      if (!messageEnvelope(text)) return false;
      const kind = kindOfWords(text, words);
      return kind === 'transient' || kind === 'fixable' || kind === 'unrecoverable';
    },
  };
}

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
    TRUNCATED_TRACEBACK_RULE,
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
      name: 'qwen-file-type',
      source: 'Qwen Code notebook_edit: "File must be a Jupyter notebook (.ipynb). Use the edit tool for other file types."',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^File must be an? /),
    },
    {
      name: 'qwen-malformed',
      source: 'Qwen Code\'s own argument checks: web_fetch "The \'url\' is malformed and could not be parsed.", read_file "Offset must be a non-negative integer"',
      family: 'wide',
      kind: 'fixable',
      matches: startsWith(/^(?:The '[^'\n]+' is malformed|[A-Z][a-z_]* must be (?:a|an|one of|between|at least|at most) )/),
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
  codex: [TRUNCATED_TRACEBACK_RULE],
  'kilo-code': [TRUNCATED_TRACEBACK_RULE, ...OPENCODE_FAMILY_RULES],
  opencode: [TRUNCATED_TRACEBACK_RULE, ...OPENCODE_FAMILY_RULES],
};
