import fc from 'fast-check';
import type { ServerResponse } from 'node:http';

/** Bodies a careless or hostile client might send; each is the raw bytes of one POST. */
const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function', 'robot', '', 'USER'];
const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', '\u0000', '\ud800', '\u2028', '<tool_call>', 'Error: boom', 'File not found: /x', '{"isError":true}'),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 1.5, -1),
);

const toolCall = fc.record(
  { id: fc.oneof(fc.string({ maxLength: 12 }), odd), type: fc.constantFrom('function', 'x'), function: fc.record({ name: fc.oneof(fc.string({ maxLength: 8 }), odd), arguments: fc.oneof(fc.json({ maxDepth: 2 }), fc.object({ maxDepth: 2 }), odd) }, { requiredKeys: [] }) },
  { requiredKeys: [] },
);

const content = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.array(fc.oneof(fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 20 }) }), fc.record({ type: fc.string({ maxLength: 8 }), text: odd }, { requiredKeys: [] })), { maxLength: 4 }),
  fc.constant(null),
  odd,
);

const message = fc.record(
  {
    role: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ROLES) }, { weight: 1, arbitrary: odd }),
    content,
    tool_calls: fc.oneof(fc.array(toolCall, { maxLength: 3 }), odd),
    tool_call_id: fc.oneof(fc.string({ maxLength: 8 }), odd),
    name: fc.string({ maxLength: 8 }),
    is_error: fc.oneof(fc.boolean(), odd),
    tool_error_kind: fc.oneof(fc.constantFrom('transient', 'fixable', 'unrecoverable', 'ambiguous'), odd),
    reasoning_content: odd,
  },
  { requiredKeys: ['role'] },
);

const request = fc.record(
  {
    messages: fc.oneof({ weight: 5, arbitrary: fc.array(message, { minLength: 1, maxLength: 6 }) }, { weight: 1, arbitrary: odd }),
    model: fc.oneof(fc.string({ maxLength: 10 }), odd),
    stream: fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd }),
    max_tokens: fc.oneof(fc.nat(100_000), odd),
    max_completion_tokens: fc.oneof(fc.nat(100_000), odd),
    tools: fc.oneof(fc.array(fc.record({ type: fc.constant('function'), function: fc.record({ name: fc.string({ maxLength: 8 }), parameters: fc.object({ maxDepth: 2 }) }) }), { maxLength: 2 }), odd),
    tool_choice: fc.oneof(fc.constantFrom('auto', 'required', 'none'), odd),
    temperature: odd,
    geulpu_tool_errors: fc.oneof(fc.constantFrom('off', 'c1', 'c2', 'c3', 'c4', 'c9'), odd),
    stream_options: fc.oneof(fc.constant({ include_usage: true }), odd),
    chat_template_kwargs: odd,
    extra: odd,
  },
  { requiredKeys: [] },
);

const nested = fc.tuple(fc.integer({ min: 500, max: 12_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) => {
  const close = open === '[' ? ']' : '}';
  return `{"messages":[{"role":"user","content":"x"}],"response_format":${open.repeat(depth)}1${close.repeat(depth)}}`;
});

export const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 12, arbitrary: request.map((r) => Buffer.from(JSON.stringify(r))) },
  { weight: 4, arbitrary: fc.tuple(request, fc.nat()).map(([r, cut]) => { const t = JSON.stringify(r); return Buffer.from(t.slice(0, cut % (t.length + 1))); }) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((j) => Buffer.from(j)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 100 }).map((s) => Buffer.from(s)) },
  // Deep nesting is costly to parse on both sides; a few hundred cases cover it.
  { weight: 1, arbitrary: nested.map((s) => Buffer.from(s)) },
);

/** What a broken engine might answer; `send` writes it (or breaks the connection). */
export interface HostileAnswer {
  describe: string;
  send(res: ServerResponse): void;
}

const sseLine = fc.oneof(
  fc.constant('data: {"id":"x","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n'),
  fc.constant('data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"f","arguments":"{\\"a\\""}}]}}]}\n\n'),
  fc.constant('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'),
  fc.constant('data: [DONE]\n\n'),
  fc.constant(': ping\n\n'),
  fc.constant('data: {"error":{"message":"Failed to parse input at pos 1: x","type":"server_error"}}\n\n'),
  fc.constant('error: {"code":500,"message":"boom"}\n\n'),
  fc.constant('data: {"choices":[{"index":7,"delta":{"tool_calls":[{"index":"x"}]}}]}\r\n\r\n'),
  fc.jsonValue({ maxDepth: 3 }).map((v) => `data: ${JSON.stringify(v)}\n\n`),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.nat(5).map((n) => '\n'.repeat(n)),
);

const hostileStream = fc.record({ lines: fc.array(sseLine, { maxLength: 12 }), cut: fc.boolean(), split: fc.nat(7) }).map(({ lines, cut, split }) => ({
  describe: `sse ${cut ? 'cut' : 'ended'} ${JSON.stringify(lines).slice(0, 200)}`,
  send(res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    // Split the bytes at odd places so that events, lines and UTF-8 sequences straddle chunks.
    const bytes = Buffer.from(lines.join(''));
    const step = split + 1;
    for (let i = 0; i < bytes.length; i += step) res.write(bytes.subarray(i, i + step));
    if (cut) res.socket?.destroy();
    else res.end();
  },
}));

const hostileJson = fc.record({
  status: fc.constantFrom(200, 200, 201, 400, 401, 404, 413, 422, 429, 500, 501, 502, 503),
  body: fc.oneof(fc.json({ maxDepth: 4 }), fc.string({ unit: 'binary', maxLength: 80 }), fc.constant('{"error":{"message":"The input (9 tokens) is longer than the model\'s context length (4 tokens)."}}')),
  type: fc.constantFrom('application/json', 'text/plain', 'text/event-stream', 'application/octet-stream'),
}).map(({ status, body, type }) => ({
  describe: `${status} ${type} ${body.slice(0, 120)}`,
  send(res: ServerResponse) {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  },
}));

const broken = fc.constantFrom<HostileAnswer>(
  { describe: 'reset', send: (res) => void res.socket?.destroy() },
  { describe: 'garbage status line', send: (res) => void res.socket?.end('HTTP/1.1 abc\r\n\r\n') },
  {
    describe: 'short body, then closed',
    send: (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"a":', () => res.socket?.destroy());
    },
  },
);

/** Costs a body timeout each time: rare. */
const silence: HostileAnswer = { describe: 'headers, then silence', send: (res) => void res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders() };

export const hostileAnswer: fc.Arbitrary<HostileAnswer> = fc.oneof(
  { weight: 50, arbitrary: hostileStream },
  { weight: 40, arbitrary: hostileJson },
  { weight: 9, arbitrary: broken },
  { weight: 1, arbitrary: fc.constant(silence) },
);
