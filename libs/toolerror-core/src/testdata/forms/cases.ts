/**
 * Form cases for `forms.test.ts`. Most are written once as a surface-free scenario (turns of user text,
 * assistant calls and tool results) and rendered into each API surface, so that every surface meets the same
 * situations; surface-specific shapes live in the JSON files beside this module.
 */
import type { Api } from '../../surfaces/table.ts';
import type { ActionableKind, Form, Kind } from '../../types.ts';

export interface ExpectedFailure {
  /** The message (Chat, Anthropic) or input item (Responses) that holds the tool result. */
  index: number;
  /** The position of the `tool_result` block inside an Anthropic message. */
  block?: number;
  kind: Kind;
  rule: string;
  scope: 'decision' | 'history';
}

export interface FormCase {
  name: string;
  api: Api;
  /** The server's form; a `geulpu_tool_errors` field in the body overrides it. */
  form: Form;
  userAgent?: string;
  body: Record<string, unknown>;
  /** Every failure the layer must detect, in message order: the reference rewrites the decision-step ones. */
  failures: ExpectedFailure[];
}

/** A case whose forwarded body was written out by hand from the spec. */
export interface GoldenCase extends FormCase {
  expected: Record<string, unknown>;
}

type Part = { text: string } | { image: true };
type Text = string | Part[];

interface CallSpec {
  id: string;
  name: string;
  args: string;
}

interface ResultSpec {
  call: string;
  content: Text | null;
  isError?: boolean;
  clientKind?: string;
  failure?: { kind: Kind; rule: string };
}

type Turn =
  | { user: Text }
  | { assistant?: string; calls: CallSpec[] }
  | { results: ResultSpec[]; /** A user turn right after the results: in Anthropic, text blocks of the same message. */ after?: Text };

interface Scenario {
  name: string;
  form: Form;
  userAgent?: string;
  system?: string;
  /** Present when the request carries `geulpu_tool_errors`. */
  field?: { value: unknown };
  turns: Turn[];
  /** Surfaces that can express the scenario (Anthropic `input` is always an object, for one). */
  only?: Api[];
}

const ACTIONABLE: readonly ActionableKind[] = ['transient', 'fixable', 'unrecoverable'];
const REWRITING_FORMS: readonly Form[] = ['c1', 'c2', 'c3', 'c4'];
const ASK = 'Fix the failing test in src/app.py.';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** One failing call per kind, with an error text the generic rule detects and classifies as that kind. */
const FAILING: Readonly<Record<ActionableKind, { call: CallSpec; error: string }>> = {
  transient: {
    call: { id: 'call_fetch', name: 'fetch_url', args: '{"url":"https://example.com/data.json","timeout":30}' },
    error: 'Error: read ECONNRESET',
  },
  fixable: {
    call: { id: 'call_edit', name: 'edit_file', args: '{"path":"src/app.py","old_string":"return a+b","new_string":"return a + b"}' },
    error: 'Error: old_string did not match any text in src/app.py',
  },
  unrecoverable: {
    call: { id: 'call_write', name: 'write_file', args: '{"path":"/etc/hosts","content":"127.0.0.1 db\\n"}' },
    error: "Error: EACCES: permission denied, open '/etc/hosts'",
  },
};

const READ: CallSpec = { id: 'call_read', name: 'read_file', args: '{"path":"src/app.py"}' };
const LIST: CallSpec = { id: 'call_list', name: 'list_dir', args: '{"path":"src"}' };
const GREP: CallSpec = { id: 'call_grep', name: 'grep', args: '{"pattern":"def add","path":"src"}' };
const AMBIGUOUS_ERROR = 'Error: the tool returned an unexpected response';
const UNICODE_ERROR = 'Error: 書き込めません EACCES 🔒 café cafe\u0301';
const TRACEBACK = `Traceback (most recent call last):
  File "run.py", line 3, in <module>
    open("/etc/shadow")
PermissionError: [Errno 13] Permission denied: '/etc/shadow'`;
const MCP_ERROR = '{"content":[{"type":"text","text":"Rate limit reached, retry in 20 s"}],"isError":true}';
const QWEN_UA = 'QwenCode/0.0.14 (linux; x64)';
const QWEN_NOT_READ = 'Error: File has not been read yet. Read it first.';
const QWEN_SHELL = 'Command: npm test\nDirectory: (root)\nStdout: (empty)\nStderr: Error: connect ECONNREFUSED 127.0.0.1:5432\nError: (none)\nExit Code: 1\nSignal: (none)';
const CODEX_EXIT = 'Exit code: 1\nWall time: 0.2 seconds\nOutput:\ncat: /root/secret: Permission denied';
const KILO_FS = 'Unknown: FileSystem.writeFile (/srv/app.py): EPERM: operation not permitted';

function ok(call: CallSpec, text = 'def add(a, b):\n    return a+b\n'): ResultSpec {
  return { call: call.id, content: text };
}

function failed(call: CallSpec, content: Text | null, kind: Kind, rule = 'generic', extra: Partial<ResultSpec> = {}): ResultSpec {
  return { call: call.id, content, failure: { kind, rule }, ...extra };
}

/** The call of FAILING[kind], and its failed result. */
const callOf = (kind: ActionableKind): CallSpec => FAILING[kind].call;
const failing = (kind: ActionableKind): ResultSpec => failed(FAILING[kind].call, FAILING[kind].error, kind);

function single(kind: ActionableKind, form: Form): Scenario {
  return { name: `single ${kind} failure, ${form}`, form, turns: [{ user: ASK }, { calls: [callOf(kind)] }, { results: [failing(kind)] }] };
}

function withCall(name: string, form: Form, args: string, only?: Api[]): Scenario {
  const call: CallSpec = { id: 'call_args', name: 'run_tool', args };
  const s: Scenario = { name, form, turns: [{ user: ASK }, { calls: [call] }, { results: [failed(call, FAILING.fixable.error, 'fixable')] }] };
  return only ? { ...s, only } : s;
}

function withError(name: string, form: Form, error: Text, kind: Kind, rule = 'generic', extra: Partial<Scenario> = {}): Scenario {
  return { name, form, ...extra, turns: [{ user: ASK }, { calls: [READ] }, { results: [failed(READ, error, kind, rule)] }] };
}

const forms = (make: (form: Form) => Scenario, list: readonly Form[] = REWRITING_FORMS): Scenario[] => list.map(make);
const SUCCESS: Turn[] = [{ user: ASK }, { calls: [READ] }, { results: [ok(READ)] }];

const SCENARIOS: Scenario[] = [
  ...ACTIONABLE.flatMap((kind) => forms((form) => single(kind, form), ['off', ...REWRITING_FORMS])),
  ...forms((form) => ({
    name: `assistant text and its only call fails, ${form}`,
    form,
    system: 'You are a careful coding agent.',
    turns: [{ user: ASK }, { assistant: "I'll fix the spacing in add().", calls: [callOf('fixable')] }, { results: [failing('fixable')] }],
  })),
  ...forms((form) => ({
    name: `parallel calls: one succeeds, one fixable, one ambiguous left alone, ${form}`,
    form,
    turns: [{ user: ASK }, { calls: [READ, callOf('fixable'), GREP] }, { results: [ok(READ), failing('fixable'), failed(GREP, AMBIGUOUS_ERROR, 'ambiguous')] }],
  })),
  ...forms((form) => ({
    name: `parallel calls: both fail, transient then unrecoverable, ${form}`,
    form,
    turns: [{ user: ASK }, { calls: [callOf('transient'), callOf('unrecoverable')] }, { results: [failing('transient'), failing('unrecoverable')] }],
  })),
  ...forms((form) => ({
    name: `parallel calls with text: two fail around one success, ${form}`,
    form,
    turns: [
      { user: ASK },
      { assistant: 'Reading and patching in parallel.', calls: [callOf('fixable'), READ, callOf('transient')] },
      { results: [failing('fixable'), ok(READ), failing('transient')] },
    ],
  })),
  ...forms((form) => ({
    name: `ambiguous-only decision step stays unchanged, ${form}`,
    form,
    turns: [
      { user: ASK },
      { calls: [READ, GREP] },
      { results: [failed(READ, AMBIGUOUS_ERROR, 'ambiguous'), failed(GREP, 'Error: no such pattern', 'ambiguous')] },
    ],
  })),
  ...forms((form) => ({
    name: `history failure untouched, decision failure rewritten, ${form}`,
    form,
    turns: [
      { user: ASK },
      { calls: [LIST] },
      { results: [failed(LIST, 'Error: connect ECONNREFUSED 127.0.0.1:5432', 'transient')] },
      { assistant: 'The listing failed; editing directly.', calls: [callOf('fixable')] },
      { results: [failing('fixable')] },
    ],
  })),
  ...forms((form) => ({
    name: `a later user message follows the failed exchange, ${form}`,
    form,
    turns: [{ user: ASK }, { calls: [callOf('unrecoverable')] }, { results: [failing('unrecoverable')] }, { user: 'Any luck?' }],
  })),
  ...forms((form) => ({
    name: `user text right after the results, ${form}`,
    form,
    turns: [{ user: ASK }, { calls: [READ, callOf('transient')] }, { results: [ok(READ), failing('transient')], after: 'Keep going.' }],
  })),
  ...forms((form) => ({
    name: `c2 finds a tool result last after an earlier successful exchange, ${form}`,
    form,
    turns: [
      { user: ASK },
      { assistant: 'First the file.', calls: [READ] },
      { results: [ok(READ)] },
      { calls: [callOf('fixable')] },
      { results: [failing('fixable')] },
    ],
  }), ['c2', 'c3', 'c4']),
  // {arguments}
  withCall('arguments {} print as no arguments, c2', 'c2', '{}'),
  withCall('arguments with JSON white space around {}, c3', 'c3', ' \n{ }\t'),
  withCall('empty arguments print as no arguments, c3', 'c3', '', ['chat', 'responses']),
  withCall('white-space-only arguments print as no arguments, c4', 'c4', '  \n\t ', ['chat', 'responses']),
  withCall('non-JSON arguments print raw, c2', 'c2', 'path=src/app.py; mode=w', ['chat', 'responses']),
  withCall('truncated JSON arguments print raw, c3', 'c3', '{"path":"src/app.py",', ['chat', 'responses']),
  withCall('a JSON array prints raw, c3', 'c3', '[1, 2, "three"]', ['chat', 'responses']),
  withCall('a JSON string prints raw, c4', 'c4', '"src/app.py"', ['chat', 'responses']),
  withCall('JSON null prints raw, c2', 'c2', 'null', ['chat', 'responses']),
  withCall(
    'values of every JSON type, c3',
    'c3',
    '{"path":"a.py","opts":{"recursive":true,"depth":2},"globs":["*.py","*.ts"],"limit":null,"ratio":0.5,"off":false}',
  ),
  withCall(
    'numbers as JavaScript prints them, c2',
    'c2',
    '{"one":1.0,"big":1e21,"small":0.000001,"tiny":1e-7,"neg":-0,"huge":123456789012345678901,"inf":1e400,"exp":2.5E+3}',
  ),
  withCall('integer-like keys come first in numeric order, c3', 'c3', '{"path":"a.py","10":"ten","2":"two","-1":"minus","01":"zero-one"}'),
  withCall('a repeated key keeps its first place and last value, c4', 'c4', '{"a":1,"b":2,"a":3}', ['chat', 'responses']),
  withCall('pretty-printed arguments print compact, c3', 'c3', '{\n  "path" : "src/app.py",\n  "line" : 3\n}'),
  withCall(
    'escapes in string values, c2',
    'c2',
    '{"cmd":"echo \\"hi\\"\\n","tab":"a\\tb","ctl":"\\u0001\\u001f","slash":"a\\/b","back":"C:\\\\tmp"}',
  ),
  withCall(
    'Unicode arguments: CJK, emoji, combining marks, c3',
    'c3',
    '{"query":"日本語のテスト 🚀","name":"Zoe\u0308","escaped":"\\u65e5\\ud83d\\ude80","sep":"a\u2028b"}',
  ),
  withCall('a lone surrogate in arguments, c4', 'c4', '{"s":"\\ud83d","t":"x"}'),
  // {error} and Unicode in errors
  withError('Unicode error: CJK, emoji and combining marks, c1', 'c1', UNICODE_ERROR, 'unrecoverable'),
  withError('Unicode error: CJK, emoji and combining marks, c3', 'c3', UNICODE_ERROR, 'unrecoverable'),
  withError('multi-line error with a traceback, c2', 'c2', TRACEBACK, 'unrecoverable'),
  withError('exception-name error, c4', 'c4', 'TimeoutError: timed out after 30 s', 'transient'),
  withError('JSON error object written by Python, c3', 'c3', '{"error": "Invalid arguments: path must not be empty"}', 'fixable'),
  withError('MCP isError result, c2', 'c2', MCP_ERROR, 'transient', 'mcp-iserror'),
  withError('leading white space before the error, c1', 'c1', '\n  Error: ETIMEDOUT while connecting', 'transient'),
  withError('error text with a trailing newline, c3', 'c3', 'Error: old_string did not match\n', 'fixable'),
  // Text-part arrays
  withError('Qwen Code text-part error, c1', 'c1', [{ text: QWEN_NOT_READ }], 'fixable', 'qwen-error', { userAgent: QWEN_UA }),
  withError('Qwen Code text-part error, c3', 'c3', [{ text: QWEN_NOT_READ }], 'fixable', 'qwen-error', { userAgent: QWEN_UA }),
  withError('error over two text parts joins them with a line feed, c2', 'c2', [{ text: 'Error: Invalid parameters' }, { text: 'path: empty' }], 'fixable'),
  withError('error text part before an image, c1', 'c1', [{ text: 'Error: Too Many Requests' }, { image: true }], 'transient'),
  ...forms((form) => ({
    name: `user message of text parts receives the note, ${form}`,
    form,
    turns: [
      { user: [{ text: 'Look at this screenshot.' }, { image: true }] },
      { calls: [callOf('fixable')] },
      { results: [failing('fixable')] },
    ],
  }), ['c2', 'c3']),
  ...forms((form) => ({
    name: `later user message with no text part gets one, ${form}`,
    form,
    turns: [{ user: ASK }, { calls: [callOf('transient')] }, { results: [failing('transient')] }, { user: [{ image: true }] }],
  }), ['c2', 'c3']),
  // Explicit flags and client kinds
  withFlags('is_error flag on a text no rule reads, c1', 'c1', { content: 'Service Unavailable', isError: true }, 'transient', 'is_error'),
  withFlags('is_error flag on a text no rule reads, c3', 'c3', { content: 'Service Unavailable', isError: true }, 'transient', 'is_error'),
  withFlags('is_error with an unclassifiable text stays ambiguous, c2', 'c2', { content: 'No output', isError: true }, 'ambiguous', 'is_error'),
  withFlags('client kind on a success-looking text, c2', 'c2', { content: 'Wrote 0 bytes', clientKind: 'unrecoverable' }, 'unrecoverable', 'client-kind'),
  withFlags('client kind wins over the generic rule, c1', 'c1', { content: 'Error: read ECONNRESET', clientKind: 'fixable' }, 'fixable', 'client-kind'),
  withFlags('client kind "ambiguous" is ignored, c3', 'c3', { content: 'Error: read ECONNRESET', clientKind: 'ambiguous' }, 'transient', 'generic'),
  withFlags('client kind on empty content, c1', 'c1', { content: null, clientKind: 'transient' }, 'transient', 'client-kind', ['chat', 'anthropic']),
  withFlags('client kind on empty content, c3', 'c3', { content: null, clientKind: 'transient' }, 'transient', 'client-kind', ['chat', 'anthropic']),
  withFlags('client kind on an image-only result, c1', 'c1', { content: [{ image: true }], clientKind: 'fixable' }, 'fixable', 'client-kind'),
  withFlags('client kind on an image-only result, c2', 'c2', { content: [{ image: true }], clientKind: 'fixable' }, 'fixable', 'client-kind'),
  // Agents
  withError('Qwen Code shell exit code, c3', 'c3', QWEN_SHELL, 'transient', 'qwen-exit', { userAgent: QWEN_UA }),
  withError('Codex exit code, c4', 'c4', CODEX_EXIT, 'unrecoverable', 'codex-exit', { userAgent: 'codex_cli_rs/0.46.0 (Ubuntu 24.04; x86_64)' }),
  withError('Kilo Code file system error, c2', 'c2', KILO_FS, 'unrecoverable', 'kilo-fs', { userAgent: 'Kilo-Code/4.90.0' }),
  // The request field
  { ...single('fixable', 'off'), name: 'field c3 overrides the server form off', field: { value: 'c3' } },
  { ...single('transient', 'c2'), name: 'field off overrides the server form c2, and is removed', field: { value: 'off' } },
  { ...single('unrecoverable', 'c1'), name: 'invalid field value c9 leaves the server form c1', field: { value: 'c9' } },
  { ...single('fixable', 'off'), name: 'field c4 overrides the server form off', field: { value: 'c4' } },
  { ...single('transient', 'c3'), name: 'non-string field value leaves the server form c3', field: { value: 3 } },
  { ...single('fixable', 'c2'), name: 'field c1 overrides the server form c2', field: { value: 'c1' } },
  {
    name: 'field on an ambiguous-only step is removed, nothing else changes',
    form: 'off',
    field: { value: 'c2' },
    turns: [{ user: ASK }, { calls: [READ] }, { results: [failed(READ, AMBIGUOUS_ERROR, 'ambiguous')] }],
  },
  { name: 'field on a request without failures is removed', form: 'c3', field: { value: 'c3' }, turns: SUCCESS },
  { name: 'no failures: the body goes through as it came', form: 'c2', turns: SUCCESS },
];

function withFlags(name: string, form: Form, result: Pick<ResultSpec, 'content' | 'isError' | 'clientKind'>, kind: Kind, rule: string, only?: Api[]): Scenario {
  const s: Scenario = { name, form, turns: [{ user: ASK }, { calls: [READ] }, { results: [{ call: READ.id, ...result, failure: { kind, rule } }] }] };
  return only ? { ...s, only } : s;
}

// --- Rendering ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

interface Rendered {
  items: Json[];
  failures: ExpectedFailure[];
}

interface Renderer {
  body(s: Scenario, items: Json[]): Json;
  user(text: Text): Json;
  assistant(text: string | undefined, calls: CallSpec[]): Json[];
  /** The results turn as items, and where each result landed (item index, block index). */
  results(results: ResultSpec[], after: Text | undefined, start: number): { items: Json[]; at: { index: number; block?: number }[] };
}

const withField = (s: Scenario, body: Json): Json => {
  if (!s.field) return body;
  const { model, ...rest } = body;
  return { model, geulpu_tool_errors: s.field.value, ...rest };
};

const flags = (r: ResultSpec): Json => ({ ...(r.isError ? { is_error: true } : {}), ...(r.clientKind ? { tool_error_kind: r.clientKind } : {}) });

function partsOf(text: Text, textType: string, image: () => Json): string | Json[] {
  if (typeof text === 'string') return text;
  return text.map((p) => ('text' in p ? { type: textType, text: p.text } : image()));
}

const chat: Renderer = {
  body: (s, items) => withField(s, { model: 'qwen3-coder-30b', messages: s.system ? [{ role: 'system', content: s.system }, ...items] : items, temperature: 0 }),
  user: (text) => ({ role: 'user', content: partsOf(text, 'text', () => ({ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } })) }),
  assistant: (text, calls) => [
    { role: 'assistant', content: text ?? null, tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) },
  ],
  results: (results, after, start) => {
    const items: Json[] = results.map((r) => ({ role: 'tool', tool_call_id: r.call, content: r.content === null ? null : chat.user(r.content).content, ...flags(r) }));
    const at = results.map((_, i) => ({ index: start + i }));
    if (after !== undefined) items.push(chat.user(after));
    return { items, at };
  },
};

const anthropicImage = (): Json => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });

const anthropic: Renderer = {
  body: (s, items) => withField(s, { model: 'claude-sonnet-4-5', max_tokens: 4096, ...(s.system ? { system: s.system } : {}), messages: items }),
  user: (text) => ({ role: 'user', content: partsOf(text, 'text', anthropicImage) }),
  assistant: (text, calls) => [
    {
      role: 'assistant',
      content: [...(text ? [{ type: 'text', text }] : []), ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.args) as unknown }))],
    },
  ],
  results: (results, after, start) => {
    const blocks: Json[] = results.map((r) => ({
      type: 'tool_result',
      tool_use_id: r.call,
      ...(r.content === null ? {} : { content: partsOf(r.content, 'text', anthropicImage) }),
      ...flags(r),
    }));
    if (after !== undefined) blocks.push(...(typeof after === 'string' ? [{ type: 'text', text: after }] : (partsOf(after, 'text', anthropicImage) as Json[])));
    return { items: [{ role: 'user', content: blocks }], at: results.map((_, b) => ({ index: start, block: b })) };
  },
};

const responsesImage = (): Json => ({ type: 'input_image', image_url: `data:image/png;base64,${PNG}` });

const responses: Renderer = {
  body: (s, items) => withField(s, { model: 'gpt-oss-120b', ...(s.system ? { instructions: s.system } : {}), input: items, store: false }),
  user: (text) => ({ type: 'message', role: 'user', content: partsOf(text, 'input_text', responsesImage) }),
  assistant: (text, calls) => [
    ...(text ? [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }] : []),
    ...calls.map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.args })),
  ],
  results: (results, after, start) => {
    const items: Json[] = results.map((r) => ({
      type: 'function_call_output',
      call_id: r.call,
      output: r.content === null ? '' : partsOf(r.content, 'input_text', responsesImage),
      ...flags(r),
    }));
    const at = results.map((_, i) => ({ index: start + i }));
    if (after !== undefined) items.push(responses.user(after));
    return { items, at };
  },
};

const RENDERERS: Readonly<Record<Api, Renderer>> = { chat, anthropic, responses };

function render(s: Scenario, api: Api): FormCase {
  const r = RENDERERS[api];
  const lastAssistant = s.turns.reduce((last, t, i) => ('calls' in t ? i : last), -1);
  // Chat counts the system message among `messages`; the other surfaces carry it outside the list.
  const offset = api === 'chat' && s.system ? 1 : 0;
  const out: Rendered = { items: [], failures: [] };
  s.turns.forEach((turn, t) => {
    if ('user' in turn) out.items.push(r.user(turn.user));
    else if ('calls' in turn) out.items.push(...r.assistant(turn.assistant, turn.calls));
    else {
      const { items, at } = r.results(turn.results, turn.after, out.items.length + offset);
      turn.results.forEach((result, i) => {
        if (result.failure) out.failures.push({ ...at[i]!, ...result.failure, scope: t > lastAssistant ? 'decision' : 'history' });
      });
      out.items.push(...items);
    }
  });
  const base = { name: s.name, api, form: s.form, body: r.body(s, out.items), failures: out.failures };
  return s.userAgent ? { ...base, userAgent: s.userAgent } : base;
}

/** The scenario cases rendered into one API surface. */
export function scenarioCases(api: Api): FormCase[] {
  return SCENARIOS.filter((s) => !s.only || s.only.includes(api)).map((s) => render(s, api));
}
