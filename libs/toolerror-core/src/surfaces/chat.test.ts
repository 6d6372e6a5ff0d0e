import { describe, expect, it } from 'vitest';
import { expectNotARequest } from '../testdata/expect-not-a-request.ts';
import { processRequest } from '../process.ts';
import { ORIGIN, type Conversation } from '../types.ts';
import { fromChatCompletions, toChatCompletions } from './chat.ts';
import { originOf, stripOrigin } from './origin.ts';


const READ_CALL = { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } };

const REQUEST = {
  model: 'qwen',
  temperature: 0,
  stream: true,
  messages: [
    { role: 'system', content: 'You are terse.' },
    { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
    { role: 'user', content: [{ type: 'text', text: 'Read a.txt' }, { type: 'image_url', image_url: { url: 'data:,' } }], name: 'ana' },
    { role: 'assistant', content: null, tool_calls: [READ_CALL], refusal: null },
    { role: 'tool', tool_call_id: 'call_1', content: 'Error: ECONNRESET', is_error: true, x_trace: { span: 7 } },
    { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'ok' }], tool_error_kind: 'fixable', retry_safe: true },
    { role: 'assistant', content: 'Done.', tool_calls: null },
    { role: 'function', name: 'legacy', content: 'legacy role' },
    { role: 'user', content: null },
  ],
  tools: [
    { type: 'function', function: { name: 'read_file', parameters: { type: 'object' } } },
    { type: 'function', function: { name: 'write_file', annotations: { readOnlyHint: false } } },
  ],
};

describe('fromChatCompletions', () => {
  it('keeps every message as it is, with its own index as origin', () => {
    const conversation = fromChatCompletions(REQUEST);
    expect(conversation.messages.map(stripOrigin)).toEqual(REQUEST.messages);
    conversation.messages.forEach((message, index) => {
      expect(originOf(message)).toEqual({ index, raw: REQUEST.messages[index] });
      expect(originOf(message)?.raw).toBe(REQUEST.messages[index]);
    });
  });

  it('copies messages rather than sharing them with the request', () => {
    const conversation = fromChatCompletions(REQUEST);
    conversation.messages.forEach((message, index) => expect(message).not.toBe(REQUEST.messages[index]));
  });

  it('hides the origin from JSON', () => {
    const conversation = fromChatCompletions(REQUEST);
    expect(JSON.parse(JSON.stringify(conversation.messages))).toEqual(REQUEST.messages);
  });

  it('reads tool names and annotations', () => {
    expect(fromChatCompletions(REQUEST).tools).toEqual([
      { name: 'read_file' },
      { name: 'write_file', annotations: { readOnlyHint: false } },
    ]);
  });

  it('accepts an empty conversation', () => {
    expect(fromChatCompletions({ messages: [] })).toEqual({ messages: [], tools: [] });
  });
});

describe('toChatCompletions', () => {
  it('gives back the request it was made from', () => {
    const back = toChatCompletions(fromChatCompletions(REQUEST), REQUEST);
    expect(back).toEqual(REQUEST);
    // Key order is kept too, so a re-serialised request differs from the input only where the layer wrote.
    expect(JSON.stringify(back)).toBe(JSON.stringify(REQUEST));
  });

  it('writes no symbol keys into the messages', () => {
    const back = toChatCompletions(fromChatCompletions(REQUEST), REQUEST);
    for (const message of back.messages as object[]) expect(Object.getOwnPropertySymbols(message)).toEqual([]);
  });

  it('writes messages the layer made, and leaves the request untouched', () => {
    const before = structuredClone(REQUEST);
    const conversation = fromChatCompletions(REQUEST);
    const added: Conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', content: 'note' }] };
    const back = toChatCompletions(added, REQUEST);
    expect((back.messages as unknown[]).at(-1)).toEqual({ role: 'user', content: 'note' });
    expect(back.model).toBe('qwen');
    expect(REQUEST).toEqual(before);
  });

  it('can be called twice on one conversation', () => {
    const conversation = fromChatCompletions(REQUEST);
    const first = toChatCompletions(conversation, REQUEST);
    expect(toChatCompletions(conversation, REQUEST)).toEqual(first);
    expect(conversation.messages.every((m) => originOf(m) !== undefined && ORIGIN in m)).toBe(true);
  });
});

describe('the messageIndex of a Chat Completions detection', () => {
  it('is the index in messages', () => {
    const result = processRequest({
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [READ_CALL, { ...READ_CALL, id: 'call_2' }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'Error: EACCES' },
        { role: 'tool', tool_call_id: 'call_2', content: 'fine' },
      ],
    });
    expect(result.detections).toEqual([{ messageIndex: 2, kind: 'unrecoverable', rule: 'generic', scope: 'decision' }]);
  });
});

describe('malformed Chat Completions requests', () => {
  const cases: [string, unknown][] = [
    ['null', null],
    ['an array', []],
    ['a string', 'messages'],
    ['no messages', { model: 'm' }],
    ['messages not an array', { messages: { 0: { role: 'user', content: 'x' } } }],
    ['a message that is not an object', { messages: ['hello'] }],
    ['a message that is null', { messages: [null] }],
    ['a message without role', { messages: [{ content: 'x' }] }],
    ['a role that is not a string', { messages: [{ role: 1, content: 'x' }] }],
    ['tool_calls that is an object', { messages: [{ role: 'assistant', content: null, tool_calls: READ_CALL }] }],
  ];
  it.each(cases)('rejects %s', (_name, body) => expectNotARequest(() => fromChatCompletions(body)));

  it('rejects a role that Chat Completions does not have', () => {
    expectNotARequest(() => fromChatCompletions({ messages: [{ role: 'bogus', content: 'x' }] }));
  });

  // A failed result makes the layer look up the call it answers; a malformed call must stop the request with a
  // LayerInputError rather than crash with a TypeError or silently miss its call.
  const badCalls: [string, unknown][] = [
    ['null', null],
    ['without function', { id: 'a', type: 'function' }],
    ['without id', { type: 'function', function: { name: 'f', arguments: '{}' } }],
  ];
  it.each(badCalls)('rejects a tool_calls entry that is %s', (_name, call) => {
    const body = {
      geulpu_tool_errors: 'c2',
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'a', content: 'Error: ECONNRESET' },
      ],
    };
    expectNotARequest(() => processRequest(body));
  });
});
