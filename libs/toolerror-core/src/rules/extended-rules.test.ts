import { describe, expect, it } from 'vitest';
import { classifyFailure, detectToolResult } from '../detect.ts';
import type { Kind, Message } from '../types.ts';
import { EXTENDED_COMMON_WORD_GROUPS, EXTENDED_WIDE_WORD_GROUPS, type SourcedWords } from './extended-words.ts';
import { agentOf, AGENT_IDS } from './paper-rules.ts';
import { ruleNames, ruleSet } from './rule-sets.ts';
import { WIDE_WORDS } from './words.ts';

/**
 * Every rule of the extended set, one by one, on texts its source produced here (most from the corpus's `dev`
 * part: `corpora/tool-results/corpus/*.jsonl`), with the kind the extended set gives and what the paper set made
 * of the same text.
 */

const OTHER = 'python-httpx/0.28.1';
const QWEN = 'QwenCode/0.24.4 (linux; x64)';
const OPENCODE = 'opencode/1.18.33 ai-sdk/provider-utils/4.0.23 runtime/bun/1.3.14';
const KILO = 'Kilo-Code/7.7.9 ai-sdk/provider-utils/4.0.27 runtime/bun/1.3.14';

interface Example {
  text: string;
  ua?: string;
  /** The extended set's answer: the rule is the one under test. */
  kind: Kind;
  /** The paper set's answer on the same text: `none`, or `rule:kind`. */
  paper: string;
}

const ex = (text: string, kind: Kind, paper = 'none', ua = OTHER): Example => ({ text, kind, paper, ua });

const EXAMPLES: Readonly<Record<string, readonly Example[]>> = {
  'truncated-traceback': [
    ex(`Tool output was too large and has been truncated.\nThe full output has been saved to: /tmp/out\n${'mirrored page\n'.repeat(3)}[CONTENT TRUNCATED]\nTraceback (most recent call last):\n  File "/tmp/mirror.py", line 9, in <module>\n    urllib.request.urlopen(url)\nurllib.error.HTTPError: HTTP Error 503: Service Unavailable\nError: (none)\nExit Code: 1\nSignal: (none)\nProcess Group PGID: (none)`, 'transient', 'none', QWEN),
    ex(`...output truncated...\n\nFull output saved to: /tmp/out\n\n${'mirrored page\n'.repeat(3)}Traceback (most recent call last):\n  File "/tmp/mirror.py", line 9, in <module>\n    fetch(url)\nPermissionError: [Errno 13] Permission denied: '/srv/report.txt'\n`, 'unrecoverable', 'none', OPENCODE),
    // The traceback a cut output ends with is read as any traceback: a script's TypeError stays ambiguous.
    ex(`...output truncated...\n\nFull output saved to: /tmp/out\n\nline\nTraceback (most recent call last):\n  File "/tmp/app.py", line 4, in <module>\n    print(total([1, 2]))\nTypeError: total() missing 1 required positional argument: 'tax'\n`, 'ambiguous', 'none', KILO),
  ],
  'agents-js-arguments': [ex('An error occurred while parsing tool arguments. Please try again with valid JSON.', 'fixable')],
  'agents-js-timeout': [ex("Tool 'slow_search' timed out after 20ms.", 'transient')],
  'py-errno': [
    ex('[Errno 111] Connection refused', 'transient'),
    ex("[Errno 13] Permission denied: '/root/report.txt'", 'unrecoverable'),
    ex("[Errno 2] No such file or directory: '/tmp/rb-corpus/py/data/missing.txt'", 'ambiguous'),
  ],
  'py-urllib-str': [
    ex('<urlopen error [Errno 111] Connection refused>', 'transient'),
    ex("<HTTPError 503: 'Service Unavailable'>", 'transient'),
    ex("<HTTPError 403: 'Forbidden'>", 'unrecoverable'),
    ex("<HTTPError 400: 'Bad Request'>", 'ambiguous'),
    ex("unknown url type: 'api.example.com/items'", 'fixable'),
  ],
  'json-error-body': [
    ex('{"errorCode": "E0000011", "errorSummary": "Invalid token provided", "errorLink": "E0000011", "errorId": "oae1", "errorCauses": []}', 'unrecoverable'),
    ex('{"name": "UNPROCESSABLE_ENTITY", "details": [{"field": "/purchase_units/0/amount/value", "value": "19.999", "issue": "DECIMAL_PRECISION"}], "message": "The requested action could not be performed.", "debug_id": "a1b2"}', 'fixable'),
    ex('{"cod": 429, "message": "Your account is blocked: the 1,000 calls per day of the Free plan are used up."}', 'unrecoverable'),
    ex('[{"message": "Required fields are missing: [LastName]", "errorCode": "REQUIRED_FIELD_MISSING", "fields": ["LastName"]}]', 'fixable'),
    ex('{"message": "Client must be authenticated to access this resource.", "status-code": 401}', 'unrecoverable'),
    ex('{"message": "403 Forbidden"}', 'unrecoverable'),
    ex('{"message": "404 Not Found"}', 'ambiguous'),
    ex('{"message": "Resource not accessible by this token", "status": "403"}', 'unrecoverable'),
    ex('{"type": "about:blank", "title": "Service Unavailable", "status": 503}', 'transient'),
    ex('{"ok": false, "error": "channel_not_found"}', 'ambiguous'),
    ex('{"data": null, "errors": [{"message": "Cannot query field \\"nme\\" on type \\"User\\". Did you mean \\"name\\"?"}]}', 'fixable'),
    ex('{"errors": [{"status": "404", "title": "Not Found"}]}', 'ambiguous'),
    ex('{"status": 429, "message": "slow down"}', 'transient'),
    ex('{"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "Method not found"}}', 'unrecoverable'),
  ],
  'py-value-error': [
    ex("invalid literal for int() with base 10: 'ten'", 'fixable'),
    ex("could not convert string to float: 'n/a'", 'fixable'),
    ex("time data '05/01/2026' does not match format '%Y-%m-%d'", 'fixable'),
  ],
  'py-http-client': [
    ex('Remote end closed connection without response', 'transient'),
    ex("RemoteDisconnected('Remote end closed connection without response')", 'transient'),
    ex("('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))", 'transient'),
    ex("HTTPConnectionPool(host='127.0.0.1', port=8002): Read timed out. (read timeout=0.3)", 'transient'),
  ],
  'py-call-signature': [
    ex("search() missing 1 required positional argument: 'query'", 'fixable'),
    ex("search() got an unexpected keyword argument 'max_results'", 'fixable'),
  ],
  'py-validation': [
    ex("1 validation error for Query\ndays\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='two', input_type=str]", 'fixable'),
    ex('Parameter validation failed:\nMissing required parameter in input: "Key"', 'fixable'),
    ex("'ten' is not of type 'integer'", 'fixable'),
    ex("Additional properties are not allowed ('shape' was unexpected)", 'fixable'),
    ex('500 is greater than the maximum of 100', 'fixable'),
  ],
  'py-requests-url': [
    ex('Failed to parse: http://api.example.com:80a/v1/orders', 'fixable'),
    ex('InvalidURL: Failed to parse: http://api.example.com:80a/v1/orders', 'fixable'),
    ex("Invalid URL 'api.example.com/v1/items': No scheme supplied. Perhaps you meant https://api.example.com/v1/items?", 'fixable'),
    ex("MissingSchema: Invalid URL 'api.example.com/v1/items': No scheme supplied. Perhaps you meant https://api.example.com/v1/items?", 'fixable'),
  ],
  botocore: [
    ex('An error occurred (AccessDenied) when calling the GetObject operation: Access Denied', 'unrecoverable'),
    ex('AccessDenied: An error occurred (AccessDenied) when calling the GetObject operation: Access Denied', 'unrecoverable'),
    ex('An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 0): Please reduce your request rate.', 'transient'),
    ex("An error occurred (ValidationException) when calling the Scan operation: 1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1", 'fixable'),
    ex('An error occurred (NoSuchKey) when calling the GetObject operation: The specified key does not exist.', 'ambiguous'),
    ex('Read timeout on endpoint URL: "http://127.0.0.1:8002/"', 'transient'),
    ex('Unable to locate credentials', 'unrecoverable'),
  ],
  sqlite: [
    ex('ambiguous column name: id', 'fixable'),
    ex('table jobs has 4 columns but 3 values were supplied', 'fixable'),
    ex('no such function: NOW', 'fixable'),
    ex('database is locked', 'transient'),
    ex('attempt to write a readonly database', 'unrecoverable'),
    ex('near "SELEC": syntax error', 'fixable'),
    ex('NOT NULL constraint failed: users.email', 'fixable'),
    ex('no such table: userz', 'ambiguous'),
  ],
  'node-errno': [
    ex('connect ECONNREFUSED 127.0.0.1:8101', 'transient'),
    ex('read ECONNRESET', 'transient'),
    ex("EACCES: permission denied, open '/root/report.txt'", 'unrecoverable'),
    ex('spawn /tmp/rb-corpus/node/tool.sh EACCES', 'unrecoverable'),
    ex("ENOENT: no such file or directory, open '/tmp/rb-corpus/node/missing.txt'", 'ambiguous'),
    ex('spawnSync /bin/sh ETIMEDOUT', 'ambiguous'),
  ],
  'node-error-code': [
    ex('Error [ECONNRESET]: read ECONNRESET', 'transient'),
    ex("The argument 'mode' must be a 32-bit unsigned integer or an octal string. Received 'rwxr-xr-x'", 'fixable'),
    ex('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string or an instance of Buffer or URL. Received type number (42.5)', 'fixable'),
    ex('The "path" argument must be of type string or an instance of Buffer or URL. Received type number (42.5)', 'fixable'),
  ],
  'node-uncaught': [
    ex("node:fs:2380\n    return binding.writeFileUtf8(\n                   ^\n\nError: EACCES: permission denied, open '/root/report.txt'\n    at Object.writeFileSync (node:fs:2380:20)\n", 'unrecoverable'),
    ex('node:internal/deps/undici/undici:14976\n      Error.captureStackTrace(err);\n            ^\n\nTypeError: fetch failed\n    at node:internal/deps/undici/undici:14976:13\n', 'ambiguous'),
    ex("[eval]:1\nconst cfg = undefined; console.log(cfg.port)\n                                       ^\n\nTypeError: Cannot read properties of undefined (reading 'port')\n    at [eval]:1:40\n", 'ambiguous'),
  ],
  'node-fetch': [
    ex('fetch failed', 'ambiguous'),
    ex('fetch failed: connect ECONNREFUSED 127.0.0.1:8101', 'transient'),
    ex('Failed to parse URL from api.example.com/v1/items', 'fixable'),
    ex('other side closed', 'transient'),
    ex('Headers Timeout Error', 'transient'),
  ],
  'undici-response': [
    ex('Response Error (status 503)', 'transient'),
    ex('Response Error (status 401)', 'unrecoverable'),
    ex('Response Error', 'ambiguous'),
  ],
  'timed-out': [ex('timed out', 'transient'), ex('Request timed out', 'transient'), ex('The operation was aborted due to timeout', 'transient')],
  'py-exception-names': [
    ex("{'ops@example.com': (450, b'4.2.0 <ops@example.com>: Recipient address rejected: Greylisted, see http://postgrey.example.com/help.html')}", 'transient'),
    ex('IncompleteRead(18 bytes read, 102 more expected)', 'transient'),
    ex("UnsupportedProtocol: Request URL has an unsupported protocol 'ftp://'.", 'fixable'),
    ex("InvalidURL: URL can't contain control characters. '/v1/search?q=red shoes' (found at least ' ')", 'fixable'),
    ex("(421, b'4.3.2 Service not available, closing transmission channel')", 'transient'),
    ex("(535, b'5.7.8 Username and Password not accepted')", 'unrecoverable'),
    ex("'/srv/a.txt' and '/srv/a.txt' are the same file", 'fixable'),
    ex("TimeoutExpired: Command '['sleep', '5']' timed out after 0.3 seconds", 'ambiguous'),
    ex("Redirect response '301 Moved Permanently' for url 'http://127.0.0.1:8000/old'\nRedirect location: '/new'", 'fixable'),
  ],
  'api-error-prefix': [
    ex('Slack API error: ratelimited', 'transient'),
    ex('Slack API error: invalid_auth', 'unrecoverable'),
    ex('Request Failed.\nStatus Code: 503', 'transient'),
  ],
  'zod-pretty': [ex('Invalid report arguments:\n✖ Invalid input: expected number, received string\n  → at limit', 'fixable')],
  'reply-code': [
    ex('421 There are too many connected users, please try later.', 'transient'),
    ex("error_perm: 530 Login incorrect.", 'unrecoverable'),
    ex("b'-ERR [SYS/TEMP] Temporary authentication failure.'", 'transient'),
    ex("<ProtocolError for 127.0.0.1:8000/rpc: 503 Service Unavailable>", 'transient'),
    ex("Fault: <Fault 1: \"<class 'TypeError'>:add_note() missing 1 required positional argument: 'text'\">", 'fixable'),
  ],
  'quota-spent': [
    ex('Monthly request quota of 10000 calls exhausted for key ending in 7f3a. Your quota renews on 2026-02-01 00:00 UTC.', 'unrecoverable'),
    ex('Daily quota exhausted for this API key; it resets at 00:00 UTC.', 'unrecoverable'),
  ],
  'request-failed-status': [ex('Request failed (status 503)', 'transient'), ex('Request failed (status 404)', 'ambiguous')],
  'zod-issues': [ex('[\n  {\n    "origin": "number",\n    "code": "too_small",\n    "minimum": 0,\n    "path": [\n      "amount_cents"\n    ],\n    "message": "Too small: expected number to be >0"\n  }\n]', 'ambiguous')],
  'py-disconnected': [
    ex('Connection unexpectedly closed', 'transient'),
    ex("SMTPServerDisconnected('Connection unexpectedly closed')", 'transient'),
    ex('Server disconnected without sending a response.', 'transient'),
  ],
  'node-fetch-terminated': [
    ex('terminated', 'transient'),
    ex('terminated: other side closed', 'transient'),
  ],
  'node-exec': [
    ex('Command failed: cat /etc/shadow\ncat: /etc/shadow: Permission denied\n', 'unrecoverable'),
    // npm names the missing script but not the ones there are: which to run is not said.
    ex('Command failed: npm run build\nnpm error Missing script: "build"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\n', 'ambiguous'),
    ex('Command failed: python3 app.py\nTraceback (most recent call last):\n  File "/tmp/app.py", line 1, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'\n', 'ambiguous'),
  ],
  'tool-diagnostic': [
    ex('--2026-01-02 10:00:00--  http://127.0.0.1:8041/api9/okta\nConnecting to 127.0.0.1:8041... connected.\nHTTP request sent, awaiting response... 401 Unauthorized\n\nUsername/Password Authentication Failed.\n', 'unrecoverable'),
    ex('failed: Connection refused.\n', 'ambiguous'),
    ex('E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)\nE: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), are you root?\n', 'unrecoverable'),
    ex('grep: Unmatched ( or \\(\n', 'fixable'),
    ex('jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n.jobs[] | select(.status\njq: 1 compile error\n', 'fixable'),
    ex("fatal: could not read Username for 'http://127.0.0.1:8041': terminal prompts disabled\n", 'unrecoverable'),
    ex('npm error Missing script: "lint"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\n', 'ambiguous'),
    ex('<html>\n<body>maintenance</body>\n</html>\ncurl: (22) The requested URL returned error: 503\n', 'transient'),
    ex("sed: -e expression #1, char 23: unterminated `s' command\n", 'fixable'),
    ex('permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get "http://%2Fvar%2Frun%2Fdocker.sock/v1.50/containers/json": dial unix /var/run/docker.sock: connect: permission denied\n', 'unrecoverable'),
    ex('usage: export.py [-h] --since SINCE [--format {csv,json}]\nexport.py: error: the following arguments are required: --since\n', 'fixable'),
    ex("chmod: invalid mode: '0o755'\nTry 'chmod --help' for more information.\n", 'fixable'),
    ex("head: invalid number of lines: 'ten'\n", 'fixable'),
    ex("fatal: --author 'Grace Hopper' is not 'Name <email>' and matches no existing author\n", 'fixable'),
    ex('cat: /etc/shadow: Permission denied', 'unrecoverable'),
    ex("ls: cannot access '/srv/data': No such file or directory\n", 'ambiguous'),
    ex("ls: invalid argument 'sometimes' for '--color'\nValid arguments are:\n  - 'always', 'yes', 'force'\nTry 'ls --help' for more information.\n", 'fixable'),
  ],
  'http-status-text': [
    ex('503 Service Unavailable: The server is temporarily unable to service your request due to maintenance downtime or capacity problems. Please try again later.', 'transient'),
    ex('429 Too Many Requests: {"error": {"message": "Rate limit reached: 60 requests per minute. Try again in 12s.", "type": "rate_limit_error"}}', 'transient'),
    ex('400 Bad Request: The browser (or proxy) sent a request that this server could not understand.', 'ambiguous'),
  ],
  'html-error-page': [
    ex('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<HTML><HEAD><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY>\n<H1>504 Gateway Timeout ERROR</H1>\n</BODY></HTML>', 'transient'),
    ex('<!doctype html>\n<title>Down for maintenance</title>\n<h1>We will be back soon!</h1>\n', 'transient'),
    ex('<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n', 'transient'),
    ex('<!DOCTYPE HTML>\n<html lang="en">\n    <head>\n        <meta charset="utf-8">\n        <title>Error response</title>\n    </head>\n    <body>\n        <h1>Error response</h1>\n        <p>Error code: 503</p>\n        <p>Message: Service Unavailable.</p>\n    </body>\n</html>\n', 'transient'),
    ex('<!DOCTYPE HTML>\n<html lang="en">\n    <head>\n        <title>Error response</title>\n    </head>\n    <body>\n        <p>Error code: 400</p>\n        <p>Message: Bad Request.</p>\n    </body>\n</html>\n', 'ambiguous'),
    ex('<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request.</p>\n', 'transient'),
  ],
  'fastapi-detail': [ex('{"detail": [{"type": "missing", "loc": ["body", "title"], "msg": "Field required", "input": {}}]}', 'fixable')],
  'envoy-upstream': [ex('upstream connect error or disconnect/reset before headers. reset reason: connection failure', 'transient')],
  'request-failed-sentence': [
    ex('GET http://127.0.0.1:8102/v2/invoices?status=open failed: TimeoutError: The operation was aborted due to timeout', 'transient'),
    ex('Update of Tasks/rec8XkQ2 failed (422): {"error":{"type":"INVALID_VALUE_FOR_COLUMN","message":"Field \\"Status\\" cannot accept the value \\"Done!\\"; valid options are \\"Todo\\", \\"Done\\""}}', 'fixable'),
    ex('Sync of invoices failed (503): upstream unavailable', 'transient'),
    ex('Sync of invoices failed (404): {"error": "not found"}', 'ambiguous'),
  ],
  'invalid-arguments': [
    ex('Invalid arguments: from: must be a 3-letter IATA airport code; depart: Invalid ISO date; passengers: Too small: expected number to be >=1', 'fixable'),
    ex('Invalid parameters for search_flights: from: must be a 3-letter IATA airport code', 'fixable'),
  ],
  'node-error-in-sentence': [
    ex('Contact sync failed: fetch failed (ECONNRESET: read ECONNRESET)', 'transient'),
    ex("Could not save the note: EACCES: permission denied, open '/etc/rb-notes.md'", 'unrecoverable'),
    ex("Report failed (ENOENT: no such file or directory, open '/srv/reports/q1.csv')", 'ambiguous'),
  ],
  'json-message-body': [
    ex('{"message": "Internal server error"}', 'transient'),
    ex('{"id": "server_error", "message": "Server was unable to give you a response.", "request_id": "4e3c1b2a"}', 'transient'),
    ex('{"message": "to parameter is missing"}', 'fixable'),
  ],
  'proxy-plain-body': [ex('Bad Gateway', 'transient'), ex('upstream request timeout', 'transient'), ex('no healthy upstream\n', 'transient'), ex('Gateway Timeout', 'transient')],
};

const AGENT_EXAMPLES: Readonly<Record<string, readonly Example[]>> = {
  'qwen-params': [
    ex("params must have required property 'file_path'", 'fixable', 'none', QWEN),
    ex("params must have required property 'content'", 'fixable', 'none', QWEN),
    ex('params/is_background must be boolean', 'fixable', 'none', QWEN),
  ],
  'qwen-path': [
    ex('File path must be absolute, but was relative: notes.txt. You must provide an absolute path.', 'fixable', 'none', QWEN),
    ex('Path is a directory, not a file: /tmp/rb-corpus/agents/qwen-code/read-directory', 'ambiguous', 'none', QWEN),
  ],
  'qwen-errno': [ex("EACCES: permission denied, open '/etc/hosts'", 'unrecoverable', 'none', QWEN)],
  'qwen-write-denied': [ex('Permission denied writing to file: /etc/rb-corpus.conf (EACCES)', 'unrecoverable', 'none', QWEN)],
  'qwen-blocked': [
    ex('Blocked: standalone sleep 5. Run blocking commands in the background with is_background: true. For streaming events (watching logs, polling APIs), use the Monitor tool. If you genuinely need a standalone delay (rate limiting, deliberate pacing), add a trailing comment like `# intentional-sleep: wait for MCP rate limit reset` (up to 10 minutes).', 'fixable', 'none', QWEN),
  ],
  'opencode-errno': [
    ex("EACCES: permission denied, open '/etc/shadow'", 'unrecoverable', 'none', KILO),
    ex("ENOENT: no such file or directory, open '/tmp/ws/missing.txt'", 'ambiguous', 'none', OPENCODE),
  ],
  'opencode-transport': [ex('Transport error (GET http://127.0.0.1:8201/notes)', 'ambiguous', 'none', OPENCODE)],
  'opencode-timeout': [ex('Request timed out', 'transient', 'none', OPENCODE)],
  'opencode-unknown-agent': [ex('Unknown agent type: code-reviewer is not a valid agent type', 'fixable', 'none', KILO)],
  'qwen-malformed': [ex("The 'url' is malformed and could not be parsed.", 'fixable', 'none', QWEN), ex('Offset must be a non-negative integer', 'fixable', 'none', QWEN)],
  'opencode-invalid-value': [ex('Invalid delay: soon', 'fixable', 'none', KILO)],
  'opencode-param-required': [ex("The 'sessionID' parameter is required when mode is 'read'", 'fixable', 'none', KILO)],
  'opencode-fs-failed': [ex("Filesystem operation failed: readDirectoryEntries: EACCES: permission denied, scandir '/root'", 'unrecoverable', 'none', OPENCODE)],
  'qwen-file-type': [ex('File must be a Jupyter notebook (.ipynb). Use the edit tool for other file types.', 'fixable', 'none', QWEN)],
  'opencode-read-range': [ex('Offset 100 is out of range for this file (3 lines)', 'fixable', 'none', KILO)],
  'opencode-invalid-regex': [ex('rg: regex parse error:\n    (?:total(items)\n    ^\nerror: unclosed group', 'fixable', 'none', KILO)],
  'qwen-invalid-regex': [ex('Invalid regular expression pattern: total(items. Error: Invalid regular expression: /total(items/: Unterminated group', 'fixable', 'none', QWEN)],
  'qwen-unknown-name': [
    ex('Subagent "code-reviewer" not found. Available subagents: general-purpose, Explore, statusline-setup', 'fixable', 'none', QWEN),
    ex('[tool_call bridge refused] Deferred tool "web_search" is not registered in this session. Run tool_search again to inspect the available tools.', 'fixable', 'none', QWEN),
  ],
  'opencode-shell-output': [
    ex('failed: Connection refused.\n', 'ambiguous', 'none', OPENCODE),
    ex('\nnode:internal/deps/undici/undici:14976\n      Error.captureStackTrace(err);\n            ^\nDOMException [TimeoutError]: The operation was aborted due to timeout\n    at node:internal/deps/undici/undici:14976:13\n\nNode.js v20.20.2\n', 'transient', 'none', OPENCODE),
    ex('fatal: unrecognized argument: --onelin\n', 'fixable', 'none', KILO),
    ex('{"error":{"message":"Rate limit reached for requests per min (RPM): Limit 60, Used 60. Please try again in 20s.","code":"rate_limit_exceeded"}}curl: (22) The requested URL returned error: 429\n', 'transient', 'none', OPENCODE),
    ex('cat: /etc/shadow: Permission denied\n', 'unrecoverable', 'none', OPENCODE),
    ex("ls: cannot access '/rb-nowhere': No such file or directory\n", 'ambiguous', 'none', KILO),
    ex('bash: line 1: rb-no-such-program: command not found\n', 'ambiguous', 'none', OPENCODE),
    ex("error: pathspec 'release/2.1' did not match any file(s) known to git\n", 'ambiguous', 'none', KILO),
    ex("usage: python -m json.tool [-h] [--indent INDENT]\npython -m json.tool: error: argument --indent: invalid int value: 'two'\n", 'fixable', 'none', OPENCODE),
    ex('401 Unauthorized: {"message":"Bad credentials","status":"401"}\n', 'unrecoverable', 'none', KILO),
    ex('Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nConnectionRefusedError: [Errno 111] Connection refused\n', 'ambiguous', 'none', KILO),
    ex('Traceback (most recent call last):\n  File "/tmp/ws/app.py", line 4, in <module>\n    print(total([1, 2]))\nTypeError: total() missing 1 required positional argument: \'tax\'\n', 'ambiguous', 'none', OPENCODE),
  ],
  'qwen-edit': [
    ex("Failed to edit, 0 occurrences found for old_string in /tmp/ws/notes.txt. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context.", 'fixable', 'none', QWEN),
    ex('Failed to edit. Found 2 occurrences for old_string in /tmp/ws/notes.txt but replace_all was not enabled.', 'fixable', 'none', QWEN),
    ex('No changes to apply. The old_string and new_string are identical in file: /tmp/ws/notes.txt', 'fixable', 'none', QWEN),
  ],
  'qwen-tool-unavailable': [
    ex('Tool "list_directory" is a built-in tool that is disabled by default because glob covers directory listing in most cases. Enable it with the tools.listDirectory.enabled setting. Use glob instead.', 'fixable', 'none', QWEN),
  ],
  'opencode-invalid-args': [
    ex('The read tool was called with invalid arguments: SchemaError(Missing key\n  at ["filePath"]).\nPlease rewrite the input so it satisfies the expected schema.', 'fixable', 'none', OPENCODE),
    ex('The read tool was called with invalid arguments: ["filePath"]: is missing and is required.\nPlease rewrite the input so it satisfies the expected schema.', 'fixable', 'none', KILO),
    ex("The arguments provided to the tool are invalid: Model tried to call unavailable tool 'list_directory'. Available tools: bash, edit, glob, grep, invalid, read, skill, task, todowrite, webfetch, write.", 'fixable', 'none', OPENCODE),
    ex("Model tried to call unavailable tool 'list_directory'. Available tools: background_process, bash, edit, read.", 'fixable', 'none', KILO),
  ],
  'opencode-fs': [
    ex('PermissionDenied: FileSystem.open (/etc/shadow)', 'unrecoverable', 'none', OPENCODE),
    ex('PermissionDenied: FileSystem.writeFile (/etc/rb-corpus.conf)', 'unrecoverable', 'none', KILO),
    ex('BadResource: FileSystem.readFile (/tmp/ws)', 'ambiguous', 'none', OPENCODE),
  ],
  'opencode-edit': [
    ex('Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings.', 'fixable', 'none', OPENCODE),
    ex('Could not find oldString in the file. It must match exactly, including whitespace, indentation, and line endings.', 'fixable', 'none', KILO),
    ex('No changes to apply: oldString and newString are identical.', 'fixable', 'none', OPENCODE),
    ex('oldString cannot be empty when editing an existing file. Provide the exact text to replace, or use write for an intentional full-file replacement.', 'fixable', 'none', OPENCODE),
  ],
  'opencode-permission': [
    ex('The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules [{"permission":"*","action":"allow","pattern":"*"}]', 'unrecoverable', 'none', OPENCODE),
    ex('The user rejected permission to use this specific tool call.', 'unrecoverable', 'none', KILO),
  ],
  'opencode-webfetch': [
    ex('URL must start with http:// or https://', 'fixable', 'none', OPENCODE),
    ex('StatusCode: non 2xx status code (403 GET http://127.0.0.1:8200/status/403)', 'unrecoverable', 'none', OPENCODE),
    ex('StatusCode: non 2xx status code (503 GET http://127.0.0.1:8200/status/503)', 'transient', 'none', KILO),
    ex('InvalidUrl error (GET http://[127.0.0.1]/release-notes)', 'fixable', 'none', KILO),
  ],
  'opencode-skill': [ex('Skill "deploy" not found. Available skills: customize-opencode', 'fixable', 'none', OPENCODE)],
};

/** Texts the extended rules must leave alone: successes that look a little like errors. */
const NOT_FAILURES: readonly { text: string; ua?: string }[] = [
  { text: '{"message": "200 OK"}' },
  { text: '{"message": "Created"}' },
  { text: '{"message": "Queued; retry after 5 seconds if needed", "id": "job_1", "status_url": "/jobs/1"}' },
  { text: '{"ok": true, "message": "posted", "warning": "missing_charset"}' },
  { text: '{"check": "disk", "summary": "0 errors; last ECONNRESET failed (ECONNRESET) at 09:00 resolved"}' },
  { text: '{"detail": "ok", "items": [1, 2]}' },
  { text: '[{"code": "A1", "path": ["x"], "title": "no message"}]' },
  { text: 'Request failed successfully? no: 3 requests done' },
  { text: 'Quota: 10000 requests per day, 1200 used today.' },
  { text: 'Usage today: 1200 of the 10000 requests in the daily quota.' },
  { text: '200 OK' },
  { text: '{"error": null, "result": {"rows": 3}}' },
  { text: '{"errors": [], "status": 200, "items": []}' },
  { text: '{"ok": true, "error": false, "code": 1001}' },
  { text: '{"status": "active", "code": "400x", "error": {}}' },
  { text: '{"detail": [{"id": 1, "msg": "hello"}]}' },
  { text: 'ECHO is on.' },
  { text: '404 tests passed: 0 failed' },
  { text: '<!doctype html>\n<html><head><title>Release notes</title></head><body>Fixed: 503 Service Unavailable on restart.</body></html>' },
  { text: 'timed out requests today: 0' },
  { text: 'database is locked? no: 3 writers finished' },
  { text: '[Errno] none' },
  { text: 'notes.txt\nsub' },
  { text: 'Edit applied successfully.', ua: OPENCODE },
  { text: 'Wrote file successfully.', ua: KILO },
  { text: '<path>/tmp/ws/notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n</content>', ua: OPENCODE },
  { text: 'The file: /tmp/ws/notes.txt has been updated. Showing lines 1-4 of 4 from the edited file:\n\n---\n\ngamma\n', ua: QWEN },
  { text: 'No files found matching pattern "**/*.rs" within /tmp/ws', ua: QWEN },
  { text: 'total 8\n-rw-r--r-- 1 nobody nogroup 17 Dec  2 10:00 notes.txt\n', ua: OPENCODE },
  { text: 'build: 3 targets, 0 errors: Permission denied checks passed\n', ua: KILO },
  { text: 'notes.txt: see "Errors: Permission denied" in the FAQ\nREADME.md\n', ua: OPENCODE },
];

const message = (text: string): Message => ({ role: 'tool', tool_call_id: 'c1', content: text });
const answer = (text: string, ua: string | undefined, rules: 'paper' | 'extended') => {
  const match = detectToolResult(message(text), agentOf(ua), rules);
  return match ? `${match.rule}:${match.kind}` : 'none';
};

const EXTENDED_SET = ruleSet('extended');
const ruleOf = (name: string) => [...EXTENDED_SET.explicit, ...EXTENDED_SET.generic, ...AGENT_IDS.flatMap((a) => EXTENDED_SET.agents[a])].find((r) => r.name === name);

/** Each example is detected by the rule it is listed under, with its kind; the paper set's answer is as noted. */
function checkExamples(byRule: Readonly<Record<string, readonly Example[]>>): void {
  for (const [name, examples] of Object.entries(byRule)) {
    it.each(examples)(`${name}: %#`, ({ text, kind, paper, ua }) => {
      expect(answer(text, ua, 'extended')).toBe(`${name}:${kind}`);
      expect(answer(text, ua, 'paper')).toBe(paper);
    });
  }
}

describe('extended detection rules', () => {
  it('every extended rule has a source and examples (rules tested elsewhere are listed here)', () => {
    const testedInDetectTest = ['adk-reflect-retry', 'py-exception-group', 'langchain-invoke', 'langchain-retry'];
    const extendedOnly = ruleNames('extended').filter((n) => !ruleNames('paper').includes(n));
    for (const name of extendedOnly) {
      expect(ruleOf(name)?.source, name).toMatch(/\S/);
      if (!testedInDetectTest.includes(name)) expect(EXAMPLES[name] ?? AGENT_EXAMPLES[name], `examples for ${name}`).toBeDefined();
    }
  });

  checkExamples(EXAMPLES);

  it.each(NOT_FAILURES)('leaves $text alone', ({ text, ua }) => {
    expect(answer(text, ua ?? OTHER, 'extended')).toBe('none');
  });
});

describe('extended agent rules', () => {
  checkExamples(AGENT_EXAMPLES);
});

const kindOfGroup = (g: SourcedWords): Kind => (g.kind === 'commandTimeout' ? 'ambiguous' : g.kind);

describe('extended classification words', () => {
  describe.each(EXTENDED_WIDE_WORD_GROUPS.map((g) => [g.source, g] as const))('wide: %s', (_source, group) => {
    it('classifies its example', () => {
      expect(classifyFailure(group.example, 'wide', 'extended')).toBe(kindOfGroup(group));
    });
    it.each(group.words)('classifies "Error: …%s…" under the generic rule, not under an agent rule', (word) => {
      expect(answer(`Error: ${word}`, OTHER, 'extended')).toBe(`generic:${kindOfGroup(group)}`);
      expect(answer(`Error: ${word}`, QWEN, 'extended')).toBe('qwen-error:ambiguous');
    });
  });

  describe.each(EXTENDED_COMMON_WORD_GROUPS.map((g) => [g.source, g] as const))('common: %s', (_source, group) => {
    it('classifies its example', () => {
      expect(classifyFailure(group.example, 'common', 'extended')).toBe(kindOfGroup(group));
    });
    it.each(group.words)('classifies %s for every rule, is_error included', (word) => {
      expect(answer(`Error: ${word}`, OTHER, 'extended')).toBe(`generic:${kindOfGroup(group)}`);
      expect(answer(`Error: ${word}`, QWEN, 'extended')).toBe(`qwen-error:${kindOfGroup(group)}`);
      expect(detectToolResult({ ...message(word), is_error: true }, undefined, 'extended')?.kind).toBe(kindOfGroup(group));
    });
  });

  it('adds no common word that is, or is part of, a paper wide word (those stay wide-only by the spec)', () => {
    const wide = [...WIDE_WORDS.unrecoverable, ...WIDE_WORDS.transient, ...WIDE_WORDS.fixable, ...WIDE_WORDS.commandTimeout];
    for (const group of EXTENDED_COMMON_WORD_GROUPS) for (const word of group.words) expect(wide.filter((w) => w.includes(word)), word).toEqual([]);
  });
});


/** Each text's answer under `extended` and under `paper` (for a client that is no known agent). */
function answersUnderBoth(cases: readonly (readonly [text: string, extended: string, paper: string])[]): void {
  it.each(cases)('%s', (text, extended, paper) => {
    expect(answer(text, OTHER, 'extended')).toBe(extended);
    expect(answer(text, OTHER, 'paper')).toBe(paper);
  });
}

// The extended set's first step for the wide family: a text that is only a status line takes its status's kind.
describe('bare status lines under extended', () => {
  answersUnderBoth([
    ['HTTP 400 Bad Request', 'generic:ambiguous', 'generic:fixable'],
    ['HTTP Error 422: Unprocessable Entity', 'generic:ambiguous', 'generic:fixable'],
    ['HTTPError: 422 Client Error: Unprocessable Entity for url: http://127.0.0.1:8000/bare/422', 'generic:ambiguous', 'generic:fixable'],
    ["Client error '400 Bad Request' for url 'http://127.0.0.1:8000/x'\nFor more information check: https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/400", 'generic:ambiguous', 'generic:fixable'],
    ['Error: Request failed with status code 403', 'generic:unrecoverable', 'generic:ambiguous'],
    ['HTTP 503', 'generic:transient', 'generic:ambiguous'],
    ['HTTP 501 Not Implemented', 'generic:ambiguous', 'generic:ambiguous'],
    ['422 Unprocessable Entity: {"errors": {"email": ["has already been taken"]}}', 'http-status-text:ambiguous', 'none'],
    ['429 Too Many Requests: {"error": {"code": 429, "message": "Quota exceeded for limit \'Requests per day\'.", "status": "RESOURCE_EXHAUSTED"}}', 'quota-spent:unrecoverable', 'none'],
    ['503 Service Unavailable: back soon', 'http-status-text:transient', 'none'],
    // A body after the status line names more: the words decide.
    ['HTTP 400 Bad Request: {"error": {"param": "limit", "message": "Invalid value for \'limit\': must be an integer"}}', 'generic:fixable', 'generic:fixable'],
  ]);
});

// The extended set's structure steps on MCP texts: the SDK's answer for a disabled tool, a CallToolResult's own text.
describe('MCP texts under extended', () => {
  answersUnderBoth([
    ['MCP error -32602: Tool export_csv disabled', 'generic:ambiguous', 'generic:fixable'],
    ['MCP error -32602: Tool legacy_search not found', 'generic:fixable', 'generic:fixable'],
    // -32601: the server does not offer the method; neither a retry nor other arguments help.
    ['McpError: MCP error -32601: Method not found', 'generic:unrecoverable', 'generic:fixable'],
    ['{"content":[{"type":"text","text":"Request Failed.\\nStatus Code: 503"}],"isError":true}', 'mcp-iserror:transient', 'mcp-iserror:ambiguous'],
    ['{"content":[{"type":"text","text":"MCP error -32602: Tool export_csv disabled"}],"isError":true}', 'mcp-iserror:ambiguous', 'mcp-iserror:fixable'],
    // The CallToolResult's text is read as the text itself: a status line with a body naming the field.
    ['{"content":[{"type":"text","text":"HTTP 422 Unprocessable Entity: {\\"detail\\":[{\\"type\\":\\"missing\\",\\"loc\\":[\\"body\\",\\"due_date\\"],\\"msg\\":\\"Field required\\"}]}"}],"isError":true}', 'mcp-iserror:fixable', 'mcp-iserror:fixable'],
    ['{"content":[{"type":"text","text":"HTTP 422 Unprocessable Entity: {}"}],"isError":true}', 'mcp-iserror:ambiguous', 'mcp-iserror:fixable'],
  ]);
});

// A refused connection in a command's output is the agent's own target not listening (LABELLING.md): ambiguous; a
// tool's backend refusing, or a command whose every named host is another machine, stays transient. Texts from the
// corpus (Qwen Code 0.24.4, OpenCode 1.18, Claude Code's Bash tool, Node's child_process and undici).
describe('refused connections in a command output under extended', () => {
  const QWEN_CURL = (host: string) =>
    `Command: curl -sS http://${host}:8201/health\nDirectory: (root)\nOutput: curl: (7) Failed to connect to ${host} port 8201 after 0 ms: Couldn't connect to server\nError: (none)\nExit Code: 7\nSignal: (none)\nProcess Group PGID: (none)`;
  const SCRIPT_TRACEBACK =
    'Traceback (most recent call last):\n  File "/srv/app/ping_cache.py", line 5, in <module>\n    with socket.create_connection((host, int(port)), timeout=5) as s:\n  File "/usr/lib/python3.11/socket.py", line 851, in create_connection\n    raise exceptions[0]\nConnectionRefusedError: [Errno 111] Connection refused\n';
  it.each([
    [QWEN_CURL('127.0.0.1'), QWEN, 'qwen-exit:ambiguous'],
    [QWEN_CURL('localhost'), QWEN, 'qwen-exit:ambiguous'],
    [QWEN_CURL('registry.example.org'), QWEN, 'qwen-exit:transient'],
    // OpenCode's bare output names no host: the agent's own command, to a target it knows.
    [SCRIPT_TRACEBACK, OPENCODE, 'opencode-shell-output:ambiguous'],
    [SCRIPT_TRACEBACK, OTHER, 'generic:ambiguous'],
    ['Error: Command failed: npm view left-pad version\nnpm error code ECONNREFUSED\nnpm error FetchError: request to http://127.0.0.1:8101/left-pad failed, reason: connect ECONNREFUSED 127.0.0.1:8101\n', OTHER, 'generic:ambiguous'],
    ['Error: Command failed: git fetch origin\nfatal: unable to access \'https://git.example.org/acme/api.git/\': Failed to connect to git.example.org port 443 after 3 ms: Couldn\'t connect to server\n', OTHER, 'generic:transient'],
    ['node:events:502\n      throw er; // Unhandled \'error\' event\n      ^\n\nError: connect ECONNREFUSED ::1:5173\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)\n', OTHER, 'node-uncaught:ambiguous'],
    // A tool's backend: the library's error is the whole result.
    ["HTTPConnectionPool(host='127.0.0.1', port=8001): Max retries exceeded with url: /v1/orders (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f0000000000>: Failed to establish a new connection: [Errno 111] Connection refused'))", OTHER, 'py-http-client:transient'],
    ['fetch failed: connect ECONNREFUSED 127.0.0.1:8101', OTHER, 'node-fetch:transient'],
    ['Error: connect ECONNREFUSED 127.0.0.1:5432', OTHER, 'generic:transient'],
  ])('%s (%s) → %s', (text, ua, expected) => {
    expect(answer(text, ua, 'extended')).toBe(expected);
  });

  it("reads Claude Code's flagged Bash result by its Exit code line", () => {
    const text = `Exit code 1\n${SCRIPT_TRACEBACK}`;
    expect(detectToolResult({ role: 'tool', content: text, is_error: true }, undefined, 'extended')).toEqual({ rule: 'is_error', kind: 'ambiguous' });
    expect(detectToolResult({ role: 'tool', content: 'connect ECONNREFUSED 127.0.0.1:5432', is_error: true }, undefined, 'extended')).toEqual({ rule: 'is_error', kind: 'transient' });
  });
});

// A Python TypeError about a call's arguments is fixable when the failing call is the one made with the model's
// arguments (LABELLING.md), ambiguous when the last frame is a line of a program's file. Texts as CPython 3.11 prints
// them (the corpus's round 13), LangGraph's documented ToolNode error ("Error: {repr(e)}\n Please fix your
// mistakes.") and the MCP Python SDK's FastMCP ("Error executing tool {name}: {e}").
describe('argument TypeErrors under extended', () => {
  const HOST = (call: string, error: string) =>
    `Traceback (most recent call last):\n  File "/srv/agent/tool_host.py", line 91, in run_tool\n    ${call}\n             ^^^^^^^^^^^^^^^^^^^^^^^^\nTypeError: ${error}\n`;
  const SCRIPT = (error: string) =>
    `Traceback (most recent call last):\n  File "/srv/app/export_orders.py", line 16, in <module>\n    write_csv(ORDERS, path="orders.csv", delimeter=";")\nTypeError: ${error}\n`;
  it.each([
    [HOST('result = TOOLS[name](**arguments)', "create_invoice() got an unexpected keyword argument 'amount'"), OTHER, 'generic:fixable'],
    [HOST('return self.func(*args, **kwargs)', "schedule_meeting() missing 1 required keyword-only argument: 'duration_minutes'"), OTHER, 'generic:fixable'],
    [HOST('return format_money(amount_cents, currency_code="eur")', "format_money() got an unexpected keyword argument 'currency_code'"), OTHER, 'generic:ambiguous'],
    [SCRIPT("write_csv() got an unexpected keyword argument 'delimeter'"), OTHER, 'generic:ambiguous'],
    [SCRIPT("write_csv() got an unexpected keyword argument 'delimeter'"), OPENCODE, 'opencode-shell-output:ambiguous'],
    [`Command: python3 -c "import textwrap; print(textwrap.shorten('hello world', widht=5))"\nDirectory: (root)\nOutput: Traceback (most recent call last):\n  File "<string>", line 1, in <module>\nTypeError: shorten() missing 1 required positional argument: 'width'\nError: (none)\nExit Code: 1\nSignal: (none)\nProcess Group PGID: (none)`, QWEN, 'qwen-exit:fixable'],
    ["list_invoices() got multiple values for argument 'user_id'", OTHER, 'py-call-signature:fixable'],
    ["'digits' is an invalid keyword argument for round()", OTHER, 'py-call-signature:fixable'],
    ["missing a required argument: 'subject'", OTHER, 'py-call-signature:fixable'],
    ["<class 'TypeError'>:convert_currency() missing 1 required positional argument: 'to_currency'", OTHER, 'py-call-signature:fixable'],
    ["Invalid arguments for tool send_email: got an unexpected keyword argument 'reply_to'", OTHER, 'invalid-arguments:fixable'],
    ["Invalid params: create_ticket() missing 1 required positional argument: 'description'", OTHER, 'invalid-arguments:fixable'],
    ['Error: TypeError("create_invoice() got an unexpected keyword argument \'amount\'")\n Please fix your mistakes.', OTHER, 'generic:fixable'],
    ["Error executing tool create_invoice: create_invoice() got an unexpected keyword argument 'amount'", OTHER, 'generic:fixable'],
  ])('%s (%s) → %s', (text, ua, expected) => {
    expect(answer(text, ua, 'extended')).toBe(expected);
  });
});
