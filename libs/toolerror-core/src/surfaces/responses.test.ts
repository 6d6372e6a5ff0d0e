import { describe, expect, it } from 'vitest';
import { expectNotARequest } from '../testdata/expect-not-a-request.ts';
import { processRequest } from '../process.ts';
import type { ContentPart, Conversation, Message } from '../types.ts';
import { originOf, stripOrigin } from './origin.ts';
import { fromResponses, normalizeResponses, toResponses } from './responses.ts';


const canonical = (body: Record<string, unknown>): Message[] => fromResponses(body).messages.map(stripOrigin);
const indices = (body: Record<string, unknown>): (number | undefined)[] => fromResponses(body).messages.map((m) => originOf(m)?.index);

const REASONING = { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'think' }], encrypted_content: 'enc' };
const call = (id: string, name = 'read', args = '{"path":"a"}') => ({ type: 'function_call', id: `fc_${id}`, call_id: id, name, arguments: args, status: 'completed' });
const callMessage = (id: string, name = 'read', args = '{"path":"a"}') => ({ id, type: 'function' as const, function: { name, arguments: args } });

const TABLE: { name: string; body: Record<string, unknown>; messages: Message[]; indices: number[] }[] = [
  {
    name: 'a string input',
    body: { model: 'gpt', input: 'hello', instructions: 'terse', store: false },
    messages: [{ role: 'user', content: 'hello' }],
    indices: [0],
  },
  {
    name: 'message items with and without type "message"',
    body: {
      input: [
        { role: 'system', content: 'sys' },
        { role: 'developer', content: 'dev' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }, { type: 'input_image', image_url: 'data:,' }] },
        { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'yo', annotations: [] }] },
        { role: 'user', content: 'again' },
      ],
    },
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'developer', content: 'dev' },
      { role: 'user', content: [{ type: 'input_text', text: 'hi' }, { type: 'input_image', image_url: 'data:,' }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'yo', annotations: [] }] },
      { role: 'user', content: 'again' },
    ],
    indices: [0, 1, 2, 3, 4],
  },
  {
    name: 'runs of function_call items and their outputs',
    body: {
      input: [
        { role: 'user', content: 'go' },
        REASONING,
        call('a'),
        call('b', 'ls', '{}'),
        { type: 'function_call_output', call_id: 'a', output: 'Error: ECONNRESET', id: 'out_a' },
        { type: 'function_call_output', call_id: 'b', output: [{ type: 'input_text', text: 'x' }, { type: 'input_image', image_url: 'data:,' }] },
        call('c', 'now', ''),
        { type: 'function_call_output', call_id: 'c' },
      ],
    },
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, opaque: true },
      { role: 'assistant', content: null, tool_calls: [callMessage('a'), callMessage('b', 'ls', '{}')] },
      { role: 'tool', tool_call_id: 'a', content: 'Error: ECONNRESET' },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'input_text', text: 'x' }, { type: 'input_image', image_url: 'data:,' }] },
      { role: 'assistant', content: null, tool_calls: [callMessage('c', 'now', '')] },
      { role: 'tool', tool_call_id: 'c', content: null },
    ],
    indices: [0, 1, 2, 4, 5, 6, 7],
  },
  {
    name: 'function_call arguments given as an object',
    body: { input: [{ type: 'function_call', call_id: 'a', name: 'f', arguments: { q: 1 } }, { type: 'function_call', call_id: 'b', name: 'g' }] },
    messages: [{ role: 'assistant', content: null, tool_calls: [callMessage('a', 'f', '{"q":1}'), callMessage('b', 'g', '{}')] }],
    indices: [0],
  },
  {
    name: 'function_call_output with client extensions',
    body: { input: [{ type: 'function_call_output', call_id: 'a', output: 'x', is_error: true, tool_error_kind: 'fixable', retry_safe: false, extra: 1 }] },
    messages: [{ role: 'tool', tool_call_id: 'a', content: 'x', is_error: true, tool_error_kind: 'fixable', retry_safe: false }],
    indices: [0],
  },
  {
    name: 'opaque items',
    body: {
      input: [
        REASONING,
        { type: 'item_reference', id: 'msg_0' },
        { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'q' } },
        { type: 'message', role: 'user', content: 'between' },
        { type: 'computer_call_output', call_id: 'cc', output: { type: 'computer_screenshot', image_url: 'data:,' } },
      ],
    },
    messages: [
      { role: 'assistant', content: null, opaque: true },
      { role: 'assistant', content: null, opaque: true },
      { role: 'assistant', content: null, opaque: true },
      { role: 'user', content: 'between' },
      // An output of another tool kind is a tool result, so it never ends the decision step.
      { role: 'tool', content: null, opaque: true },
    ],
    indices: [0, 1, 2, 3, 4],
  },
  {
    name: 'an empty input array',
    body: { input: [] },
    messages: [],
    indices: [],
  },
];

describe('fromResponses', () => {
  it.each(TABLE)('converts $name', ({ body, messages }) => expect(canonical(body)).toEqual(messages));

  it.each(TABLE)('reports the input item index for $name', ({ body, indices: expected }) => expect(indices(body)).toEqual(expected));

  it('keeps a run of calls together with its items, and other items as they came', () => {
    const body = TABLE[2]!.body;
    const input = body.input as unknown[];
    const conversation = fromResponses(body);
    expect(originOf(conversation.messages[2]!)?.raw).toEqual([input[2], input[3]]);
    expect(originOf(conversation.messages[1]!)?.raw).toBe(REASONING);
    expect(originOf(conversation.messages[3]!)?.raw).toBe(input[4]);
  });

  it('reads tool names and annotations', () => {
    const tools = [{ type: 'function', name: 'f', parameters: {}, annotations: { readOnlyHint: true } }, { type: 'web_search' }];
    expect(fromResponses({ input: 'x', tools }).tools).toEqual([{ name: 'f', annotations: { readOnlyHint: true } }]);
  });
});

describe('toResponses', () => {
  it.each(TABLE)('gives back the request for $name', ({ body }) => {
    const back = toResponses(fromResponses(body), body);
    expect(back).toEqual(body);
    expect(JSON.stringify(back)).toBe(JSON.stringify(body));
  });

  it.each(TABLE)('can be called twice on one conversation ($name)', ({ body }) => {
    const conversation = fromResponses(body);
    const before = conversation.messages.map((m) => structuredClone(stripOrigin(m)));
    toResponses(conversation, body);
    expect(conversation.messages.map(stripOrigin)).toEqual(before);
    expect(toResponses(conversation, body)).toEqual(body);
  });

  it('drops a removed call from its run and keeps the other items untouched', () => {
    const body = TABLE[2]!.body;
    const input = body.input as unknown[];
    const conversation = fromResponses(body);
    const run = conversation.messages[2]!;
    const messages = conversation.messages.filter((_, i) => i !== 3);
    messages[2] = { ...run, tool_calls: [run.tool_calls![1]!] };
    expect(toResponses({ ...conversation, messages }, body).input).toEqual([input[0], input[1], input[3], input[5], input[6], input[7]]);
  });

  it('writes the messages the layer made as plain items', () => {
    const body = { input: [call('a'), { type: 'function_call_output', call_id: 'a', output: 'Error: x' }] };
    const conversation = fromResponses(body);
    const added: Conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', content: 'note' }] };
    expect(toResponses(added, body).input).toEqual([...body.input, { role: 'user', content: 'note' }]);
  });

  it('writes a string input that the layer had to extend as an array', () => {
    const body = { input: 'hello' };
    const conversation = fromResponses(body);
    const added: Conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', content: 'note' }] };
    expect(toResponses(added, body).input).toEqual([{ role: 'user', content: 'hello' }, { role: 'user', content: 'note' }]);
  });
});

describe('normalizeResponses', () => {
  it('writes a text part the layer added in the Responses dialect, as the written request reads back', () => {
    const body = { input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'data:,' }] }, { role: 'assistant', content: [] }] };
    const conversation = fromResponses(body);
    const [user, assistant] = conversation.messages;
    const appended: Conversation = {
      ...conversation,
      messages: [{ ...user!, content: [...(user!.content as ContentPart[]), { type: 'text', text: 'note' }] }, { ...assistant!, content: [{ type: 'text', text: 'ok' }] }],
    };
    const normalized = normalizeResponses(appended);
    expect(normalized.messages.map(stripOrigin)).toEqual([
      { role: 'user', content: [{ type: 'input_image', image_url: 'data:,' }, { type: 'input_text', text: 'note' }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
    ]);
    expect(normalized.messages.map(stripOrigin)).toEqual(fromResponses(toResponses(appended, body)).messages.map(stripOrigin));
  });

  it('leaves alone a conversation in the dialect already', () => {
    const conversation = fromResponses(TABLE[2]!.body);
    expect(normalizeResponses(conversation)).toBe(conversation);
  });
});

describe('the messageIndex of a Responses detection', () => {
  it('is the index of the function_call_output item in input', () => {
    expect(processRequest(TABLE[2]!.body, { api: 'responses' }).detections).toEqual([
      { messageIndex: 4, kind: 'transient', rule: 'generic', scope: 'history' },
    ]);
  });
});

describe('malformed Responses requests', () => {
  const cases: [string, unknown][] = [
    ['null', null],
    ['an array', [{ role: 'user', content: 'x' }]],
    ['no input', { model: 'gpt', instructions: 'x' }],
    ['input that is a number', { input: 3 }],
    ['input that is null', { input: null }],
    ['an item that is not an object', { input: ['hello'] }],
    ['an item without type and role', { input: [{ content: 'x' }] }],
    ['an item without type and with an unknown role', { input: [{ role: 'tool', content: 'x' }] }],
    ['a message without content', { input: [{ role: 'user' }] }],
    ['a message with numeric content', { input: [{ type: 'message', role: 'user', content: 5 }] }],
    ['a function_call without call_id', { input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }],
    ['a function_call without name', { input: [{ type: 'function_call', call_id: 'a', arguments: '{}' }] }],
    ['a function_call_output without call_id', { input: [{ type: 'function_call_output', output: 'x' }] }],
  ];
  it.each(cases)('rejects %s', (_name, body) => expectNotARequest(() => fromResponses(body)));

  // A message item is not an unknown item type; carrying it as opaque would also count it as an assistant turn.
  it('rejects a message item with a role that Responses does not have', () => {
    expectNotARequest(() => fromResponses({ input: [{ type: 'message', role: 'tool', content: 'x' }] }));
  });
});
