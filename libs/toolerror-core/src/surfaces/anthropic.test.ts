import { describe, expect, it } from 'vitest';
import { expectNotARequest } from '../testdata/expect-not-a-request.ts';
import { processRequest } from '../process.ts';
import type { Conversation, Message } from '../types.ts';
import { fromAnthropicMessages, normalizeAnthropicMessages, toAnthropicMessages } from './anthropic.ts';
import { originOf, stripOrigin } from './origin.ts';


const canonical = (body: Record<string, unknown>): Message[] => fromAnthropicMessages(body).messages.map(stripOrigin);
const indices = (body: Record<string, unknown>): (number | undefined)[] => fromAnthropicMessages(body).messages.map((m) => originOf(m)?.index);

const IMAGE = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
const CACHE = { type: 'ephemeral' };

const TABLE: { name: string; body: Record<string, unknown>; messages: Message[]; indices: number[] }[] = [
  {
    name: 'string contents',
    body: { model: 'claude', system: 'terse', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] },
    messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }],
    indices: [0, 1],
  },
  {
    name: 'an assistant message with thinking and interleaved text and tool_use',
    body: {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go', cache_control: CACHE }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'plan', signature: 'sig' },
            { type: 'text', text: 'first' },
            { type: 'tool_use', id: 'tu_1', name: 'read', input: { path: 'a', n: 1 } },
            { type: 'text', text: 'second' },
            { type: 'tool_use', id: 'tu_2', name: 'ls', input: {}, cache_control: CACHE },
            { type: 'redacted_thinking', data: 'xyz' },
          ],
        },
      ],
    },
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'go', cache_control: CACHE }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'plan', signature: 'sig' },
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
          { type: 'redacted_thinking', data: 'xyz' },
        ],
        tool_calls: [
          { id: 'tu_1', type: 'function', function: { name: 'read', arguments: '{"path":"a","n":1}' } },
          { id: 'tu_2', type: 'function', function: { name: 'ls', arguments: '{}' } },
        ],
      },
    ],
    indices: [0, 1],
  },
  {
    name: 'an assistant message with only tool_use (and one without input)',
    body: { messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'now' }] }] },
    messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 't', type: 'function', function: { name: 'now', arguments: '{}' } }] }],
    indices: [0],
  },
  {
    name: 'a user message with tool_result and text blocks in any order',
    body: {
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }, { type: 'tool_use', id: 'b', name: 'g', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'before' },
            { type: 'tool_result', tool_use_id: 'a', content: 'Error: EACCES', is_error: true, cache_control: CACHE },
            { type: 'text', text: 'between' },
            IMAGE,
            { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'line 1' }, IMAGE, { type: 'text', text: 'line 2' }] },
            { type: 'text', text: 'after' },
          ],
        },
      ],
    },
    messages: [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
          { id: 'b', type: 'function', function: { name: 'g', arguments: '{}' } },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'before' }] },
      { role: 'tool', tool_call_id: 'a', content: 'Error: EACCES', is_error: true },
      { role: 'user', content: [{ type: 'text', text: 'between' }, IMAGE] },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'line 1' }, IMAGE, { type: 'text', text: 'line 2' }] },
      { role: 'user', content: [{ type: 'text', text: 'after' }] },
    ],
    indices: [0, 1, 1, 1, 1, 1],
  },
  {
    name: 'tool_result blocks without content and with client extensions',
    body: {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a' },
            { type: 'tool_result', tool_use_id: 'b', content: null, is_error: false, tool_error_kind: 'transient', retry_safe: true },
          ],
        },
      ],
    },
    messages: [
      { role: 'tool', tool_call_id: 'a', content: null },
      { role: 'tool', tool_call_id: 'b', content: null, is_error: false, tool_error_kind: 'transient', retry_safe: true },
    ],
    indices: [0, 0],
  },
  {
    // Claude Code 2.1 sends its environment as a system message after the first user turn, with a field of its own.
    name: 'a system message after a user turn, in blocks and as a string',
    body: {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'system', content: [{ type: 'text', text: '# Environment', cache_control: CACHE }], output_config: { effort: 'medium' } },
        { role: 'assistant', content: 'ok' },
        { role: 'system', content: 'be brief' },
      ],
    },
    messages: [
      { role: 'user', content: 'go' },
      { role: 'system', content: [{ type: 'text', text: '# Environment', cache_control: CACHE }] },
      { role: 'assistant', content: 'ok' },
      { role: 'system', content: 'be brief' },
    ],
    indices: [0, 1, 2, 3],
  },
  {
    name: 'an empty user content and an empty assistant content',
    body: { messages: [{ role: 'user', content: [] }, { role: 'assistant', content: [] }, { role: 'assistant', content: '' }] },
    messages: [{ role: 'user', content: [] }, { role: 'assistant', content: null }, { role: 'assistant', content: '' }],
    indices: [0, 1, 2],
  },
];

describe('fromAnthropicMessages', () => {
  it.each(TABLE)('converts $name', ({ body, messages }) => expect(canonical(body)).toEqual(messages));

  it.each(TABLE)('reports the Anthropic message index for $name', ({ body, indices: expected }) => {
    expect(indices(body)).toEqual(expected);
  });

  it('remembers the source message and, for a tool result, its block', () => {
    const body = TABLE[3]!.body;
    const conversation = fromAnthropicMessages(body);
    const source = (body.messages as { content: unknown[] }[])[1]!;
    expect(originOf(conversation.messages[2]!)?.raw).toBe(source);
    expect(originOf(conversation.messages[2]!)?.block).toBe(source.content[1]);
    expect(originOf(conversation.messages[1]!)?.block).toBeUndefined();
  });

  it('reads tool names and annotations', () => {
    const tools = [{ name: 'read', input_schema: { type: 'object' } }, { name: 'rm', annotations: { destructiveHint: true } }, { type: 'bash_20250124', name: 'bash' }];
    expect(fromAnthropicMessages({ messages: [], tools }).tools).toEqual([{ name: 'read' }, { name: 'rm', annotations: { destructiveHint: true } }, { name: 'bash' }]);
  });
});

describe('toAnthropicMessages', () => {
  it.each(TABLE)('gives back the request for $name', ({ body }) => {
    const back = toAnthropicMessages(fromAnthropicMessages(body), body);
    expect(back).toEqual(body);
    expect(JSON.stringify(back)).toBe(JSON.stringify(body));
  });

  // A pure converter: writing a conversation back must not change it, so a second call gives the same request.
  it.each(TABLE)('can be called twice on one conversation ($name)', ({ body }) => {
    const conversation = fromAnthropicMessages(body);
    const before = conversation.messages.map((m) => structuredClone(stripOrigin(m)));
    toAnthropicMessages(conversation, body);
    expect(conversation.messages.map(stripOrigin)).toEqual(before);
    expect(toAnthropicMessages(conversation, body)).toEqual(body);
  });

  it('drops a removed call from its place and keeps the other blocks in order', () => {
    const body = TABLE[1]!.body;
    const conversation = fromAnthropicMessages(body);
    const assistant = conversation.messages[1]!;
    const kept: Conversation = { ...conversation, messages: [conversation.messages[0]!, { ...assistant, tool_calls: [assistant.tool_calls![1]!] }] };
    const source = (body.messages as { content: unknown[] }[])[1]!.content;
    expect((toAnthropicMessages(kept, body).messages as { content: unknown[] }[])[1]!.content).toEqual([source[0], source[1], source[3], source[4], source[5]]);
  });

  it('writes a message the layer made as a message of its own', () => {
    const body = { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'x' }] }] };
    const conversation = fromAnthropicMessages(body);
    const added: Conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', content: 'note' }] };
    expect(toAnthropicMessages(added, body).messages).toEqual([...body.messages, { role: 'user', content: 'note' }]);
  });

  it('writes changed tool result content into the source block, keeping its other keys', () => {
    const block = { type: 'tool_result', tool_use_id: 'a', content: 'Error: x', is_error: true, cache_control: CACHE };
    const body = { messages: [{ role: 'user', content: [block] }] };
    const conversation = fromAnthropicMessages(body);
    const changed: Conversation = { ...conversation, messages: [{ ...conversation.messages[0]!, content: 'Error: x\nmore' }] };
    expect(toAnthropicMessages(changed, body).messages).toEqual([{ role: 'user', content: [{ ...block, content: 'Error: x\nmore' }] }]);
  });
});

describe('normalizeAnthropicMessages', () => {
  const body = {
    messages: [
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'before' }, { type: 'tool_result', tool_use_id: 'a', content: 'Error: x' }, { type: 'text', text: 'after' }] },
    ],
  };

  it('joins the runs of one user message that a removed tool_result kept apart, as the written request reads back', () => {
    const conversation = fromAnthropicMessages(body);
    const removed: Conversation = { ...conversation, messages: conversation.messages.filter((m) => m.role === 'user') };
    const normalized = normalizeAnthropicMessages(removed);
    expect(normalized.messages.map(stripOrigin)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'before' }, { type: 'text', text: 'after' }] }]);
    expect(normalized.messages.map(stripOrigin)).toEqual(canonical(toAnthropicMessages(removed, body)));
    expect(originOf(normalized.messages[0]!)?.index).toBe(1);
  });

  it('leaves alone a conversation with nothing to join, and a message the layer made', () => {
    const conversation = fromAnthropicMessages(body);
    expect(normalizeAnthropicMessages(conversation)).toBe(conversation);
    const added: Conversation = { ...conversation, messages: [...conversation.messages, { role: 'user', content: [{ type: 'text', text: 'note' }] }] };
    expect(normalizeAnthropicMessages(added)).toBe(added);
  });
});

describe('the messageIndex of an Anthropic detection', () => {
  it('is the index of the message holding the tool_result', () => {
    const result = processRequest(TABLE[3]!.body, { api: 'anthropic' });
    expect(result.detections).toEqual([{ messageIndex: 1, kind: 'unrecoverable', rule: 'is_error', scope: 'decision' }]);
  });

  it('is shared by several results of one message, in block order', () => {
    const body = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }, { type: 'tool_use', id: 'b', name: 'g', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'Error: rate limit' }, IMAGE] },
            { type: 'tool_result', tool_use_id: 'b', content: 'x', is_error: true },
          ],
        },
      ],
    };
    expect(processRequest(body, { api: 'anthropic' }).detections).toEqual([
      { messageIndex: 2, kind: 'transient', rule: 'generic', scope: 'decision' },
      { messageIndex: 2, kind: 'ambiguous', rule: 'is_error', scope: 'decision' },
    ]);
  });
});

describe('a mid-conversation system message', () => {
  const body = {
    messages: [
      { role: 'user', content: 'deploy' },
      { role: 'system', content: [{ type: 'text', text: '# Environment' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'sh deploy.sh' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'Exit code 1\nerror: permission denied', is_error: true }] },
    ],
  };

  it('leaves the decision step as it is: the failed result is detected and C3 writes its note after it, the system message in place', () => {
    const result = processRequest(body, { api: 'anthropic', form: 'c3' });
    expect(result.detections).toEqual([{ messageIndex: 3, kind: 'unrecoverable', rule: 'is_error', scope: 'decision' }]);
    const messages = (result.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'system', 'assistant', 'user', 'user']);
    expect(messages[1]).toEqual(body.messages[1]);
    expect(String(messages[4]!.content)).toMatch(/^Note from the tool runtime: /);
  });
});

describe('malformed Anthropic requests', () => {
  const cases: [string, unknown][] = [
    ['null', null],
    ['an array', [{ role: 'user', content: 'x' }]],
    ['no messages', { model: 'claude', system: 'x' }],
    ['messages not an array', { messages: 'hi' }],
    ['a message that is not an object', { messages: [7] }],
    ['a system message with a non-text block', { messages: [{ role: 'user', content: 'x' }, { role: 'system', content: [{ type: 'image', source: {} }] }] }],
    ['a tool role', { messages: [{ role: 'tool', content: 'x' }] }],
    ['a message without role', { messages: [{ content: 'x' }] }],
    ['a message without content', { messages: [{ role: 'user' }] }],
    ['content that is null', { messages: [{ role: 'user', content: null }] }],
    ['content that is an object', { messages: [{ role: 'assistant', content: { type: 'text', text: 'x' } }] }],
    ['a block without type', { messages: [{ role: 'user', content: [{ text: 'x' }] }] }],
    ['a block whose type is not a string', { messages: [{ role: 'assistant', content: [{ type: 1 }] }] }],
    ['a block that is a string', { messages: [{ role: 'user', content: ['x'] }] }],
    ['a tool_use without id', { messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'f', input: {} }] }] }],
    ['a tool_use without name', { messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't', input: {} }] }] }],
    ['a tool_use with a numeric id', { messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 1, name: 'f' }] }] }],
    ['a tool_result without tool_use_id', { messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }] }],
  ];
  it.each(cases)('rejects %s', (_name, body) => expectNotARequest(() => fromAnthropicMessages(body)));

  it('names the offending message and block', () => {
    expect(() => fromAnthropicMessages({ messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'tool_use', name: 'f' }] }] })).toThrow(
      'messages[1].content[1]',
    );
  });
});
