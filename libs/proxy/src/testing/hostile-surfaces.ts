import fc from 'fast-check';

/** Anthropic Messages and Responses bodies a careless or hostile client might send; each is the raw bytes of one POST. */
const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', '\u0000', '\ud800', '\u2028', 'Error: boom', 'File not found: /x', '{"isError":true}'),
  fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 1.5, -1),
);
const text = fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) }, { weight: 1, arbitrary: fc.constantFrom('Error: 503 Service Unavailable', 'permission denied', 'Traceback (most recent call last):') });

const anthropicBlock = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('text'), text: fc.oneof(text, odd) }, { requiredKeys: ['type'] }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('tool_use'), id: fc.oneof(fc.string({ maxLength: 6 }), odd), name: fc.oneof(fc.string({ maxLength: 6 }), odd), input: fc.oneof(fc.object({ maxDepth: 2 }), odd) }, { requiredKeys: ['type'] }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('tool_result'), tool_use_id: fc.oneof(fc.string({ maxLength: 6 }), odd), is_error: fc.oneof(fc.boolean(), odd),
      content: fc.oneof(text, fc.array(fc.record({ type: fc.constantFrom('text', 'image'), text: fc.oneof(text, odd) }), { maxLength: 3 }), odd),
    }, { requiredKeys: ['type'] }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('image', 'document', 'thinking', 'redacted_thinking', 'server_tool_use', 'x'), source: odd, thinking: odd }, { requiredKeys: ['type'] }) },
  { weight: 1, arbitrary: odd },
);

const anthropicMessage = fc.record({
  role: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('user', 'assistant') }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('system', 'tool', ''), odd) }),
  content: fc.oneof({ weight: 2, arbitrary: text }, { weight: 3, arbitrary: fc.array(anthropicBlock, { maxLength: 4 }) }, { weight: 1, arbitrary: odd }),
}, { requiredKeys: ['role'] });

const anthropicRequest = fc.record({
  model: fc.oneof(fc.string({ maxLength: 10 }), odd),
  max_tokens: fc.oneof(fc.integer({ min: 1, max: 4096 }), odd),
  messages: fc.oneof({ weight: 5, arbitrary: fc.array(anthropicMessage, { minLength: 1, maxLength: 6 }) }, { weight: 1, arbitrary: odd }),
  system: fc.oneof(text, fc.array(fc.record({ type: fc.constantFrom('text', 'image'), text: fc.oneof(text, odd) }), { maxLength: 2 }), odd),
  stream: fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd }),
  tools: fc.oneof(fc.array(fc.record({ name: fc.oneof(fc.string({ maxLength: 6 }), odd), type: fc.constantFrom(undefined, 'custom', 'web_search_20250305'), input_schema: fc.oneof(fc.object({ maxDepth: 2 }), odd) }, { requiredKeys: ['name'] }), { maxLength: 3 }), odd),
  tool_choice: fc.oneof(fc.record({ type: fc.constantFrom('auto', 'any', 'tool', 'none', 'x'), name: fc.string({ maxLength: 6 }), disable_parallel_tool_use: fc.boolean() }, { requiredKeys: ['type'] }), odd),
  stop_sequences: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), odd),
  temperature: odd,
  metadata: odd,
  geulpu_tool_errors: fc.oneof(fc.constantFrom('off', 'c1', 'c2', 'c3', 'c4', 'c9'), odd),
}, { requiredKeys: [] });

const responsesPart = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constantFrom('input_text', 'output_text', 'text'), text: fc.oneof(text, odd) }, { requiredKeys: ['type'] }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('input_image', 'input_file', 'refusal', 'x'), image_url: odd, refusal: odd }, { requiredKeys: ['type'] }) },
  { weight: 1, arbitrary: odd },
);

const responsesItem = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constantFrom(undefined, 'message'), role: fc.oneof(fc.constantFrom('user', 'assistant', 'system', 'developer'), odd), content: fc.oneof(text, fc.array(responsesPart, { maxLength: 3 }), odd) }, { requiredKeys: ['role'] }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('function_call'), call_id: fc.oneof(fc.string({ maxLength: 6 }), odd), name: fc.oneof(fc.string({ maxLength: 6 }), odd), arguments: fc.oneof(fc.json({ maxDepth: 2 }), odd) }, { requiredKeys: ['type'] }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('function_call_output'), call_id: fc.oneof(fc.string({ maxLength: 6 }), odd), output: fc.oneof(text, fc.array(responsesPart, { maxLength: 2 }), odd), is_error: fc.oneof(fc.boolean(), odd) }, { requiredKeys: ['type'] }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('reasoning', 'item_reference', 'web_search_call', 'custom_tool_call_output', 'x'), id: odd, summary: odd }, { requiredKeys: ['type'] }) },
  { weight: 1, arbitrary: odd },
);

const responsesRequest = fc.record({
  model: fc.oneof(fc.string({ maxLength: 10 }), odd),
  input: fc.oneof({ weight: 2, arbitrary: text }, { weight: 5, arbitrary: fc.array(responsesItem, { minLength: 1, maxLength: 6 }) }, { weight: 1, arbitrary: odd }),
  instructions: fc.oneof(text, odd),
  stream: fc.oneof({ weight: 3, arbitrary: fc.boolean() }, { weight: 1, arbitrary: odd }),
  max_output_tokens: fc.oneof(fc.nat(100_000), odd),
  tools: fc.oneof(fc.array(fc.record({ type: fc.constantFrom('function', 'web_search', 'x'), name: fc.oneof(fc.string({ maxLength: 6 }), odd), parameters: fc.oneof(fc.object({ maxDepth: 2 }), odd) }, { requiredKeys: ['type'] }), { maxLength: 3 }), odd),
  tool_choice: fc.oneof(fc.constantFrom('auto', 'none', 'required'), fc.record({ type: fc.constant('function'), name: fc.string({ maxLength: 6 }) }), odd),
  previous_response_id: fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 8 }), odd),
  store: fc.oneof(fc.boolean(), odd),
  text: fc.oneof(fc.record({ format: fc.record({ type: fc.constantFrom('text', 'json_schema', 'json_object'), name: fc.string({ maxLength: 5 }), schema: fc.object({ maxDepth: 2 }) }) }), odd),
  reasoning: odd,
  geulpu_tool_errors: fc.oneof(fc.constantFrom('off', 'c1', 'c2', 'c3', 'c4', 'c9'), odd),
}, { requiredKeys: [] });

/** Well-formed conversations with failed tool results, hostile text inside: the converters' and the layer's paths. */
const failureText = fc.oneof(text, fc.constantFrom('Error: 503 Service Unavailable', 'Exit code 1\npermission denied', 'Error: invalid value, use \'EUR\''));
const plausibleAnthropic = fc.record({
  model: fc.string({ maxLength: 10 }), max_tokens: fc.integer({ min: 1, max: 4096 }), stream: fc.boolean(), system: text,
  tools: fc.constant([{ name: 'f', input_schema: { type: 'object', properties: { a: { type: 'number' } } } }]),
  turns: fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.object({ maxDepth: 1 }), failureText, fc.boolean()), { maxLength: 3 }),
  user: text,
}).map(({ turns, user, ...rest }) => ({
  ...rest,
  messages: [
    { role: 'user', content: user },
    ...turns.flatMap(([id, input, result, isError], i) => [
      { role: 'assistant', content: [{ type: 'text', text: 'calling' }, { type: 'tool_use', id: `t${i}${id}`, name: 'f', input }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}${id}`, content: result, is_error: isError }] },
    ]),
  ],
}));
const plausibleResponses = fc.record({
  model: fc.string({ maxLength: 10 }), stream: fc.boolean(), instructions: text, store: fc.boolean(),
  tools: fc.constant([{ type: 'function', name: 'f', parameters: { type: 'object', properties: { a: { type: 'number' } } } }]),
  turns: fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.json({ maxDepth: 1 }), failureText), { maxLength: 3 }),
  user: text,
}).map(({ turns, user, ...rest }) => ({
  ...rest,
  input: [
    { role: 'user', content: [{ type: 'input_text', text: user }] },
    ...turns.flatMap(([id, args, output], i) => [
      { type: 'function_call', call_id: `c${i}${id}`, name: 'f', arguments: args },
      { type: 'function_call_output', call_id: `c${i}${id}`, output },
    ]),
  ],
}));

function bodies(request: fc.Arbitrary<Record<string, unknown>>, plausible: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Buffer> {
  return fc.oneof(
    { weight: 8, arbitrary: plausible.map((r) => Buffer.from(JSON.stringify(r))) },
    { weight: 12, arbitrary: request.map((r) => Buffer.from(JSON.stringify(r))) },
    { weight: 3, arbitrary: fc.tuple(request, fc.nat()).map(([r, cut]) => { const t = JSON.stringify(r); return Buffer.from(t.slice(0, cut % (t.length + 1))); }) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }).map((j) => Buffer.from(j)) },
  );
}

export const hostileAnthropicBody = bodies(anthropicRequest, plausibleAnthropic);
export const hostileResponsesBody = bodies(responsesRequest, plausibleResponses);
