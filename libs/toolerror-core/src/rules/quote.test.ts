import { describe, expect, it } from 'vitest';
import { applyLayer, processRequest, type Conversation } from '../index.ts';
import { quoteWithoutNoise } from './quote.ts';

const STACK = [
  "Error invoking tool 'list_items' with kwargs {\"count\":0} with error:",
  'count: Too small: expected number to be >=1',
  '    at StructuredTool.call (/home/user/app/node_modules/@langchain/core/dist/tools/index.js:123:19)',
  '    at async ToolNode.runTool (file:///home/user/app/node_modules/langchain/dist/agents/nodes/ToolNode.js:240:20)',
  '    at async Promise.all (index 0)',
  '    at /home/user/app/main.js:10:5',
].join('\n');

describe('the extended rules quote a failure without noise', () => {
  it("drops LangChain's advice where it contradicts the kind, and keeps it where it agrees", () => {
    const text = 'Error: HTTP 503 Service Unavailable\n Please fix your mistakes.';
    expect(quoteWithoutNoise(text, 'transient')).toBe('Error: HTTP 503 Service Unavailable');
    expect(quoteWithoutNoise(text, 'unrecoverable')).toBe('Error: HTTP 503 Service Unavailable');
    expect(quoteWithoutNoise(text, 'fixable')).toBe(text);
  });

  it('drops JavaScript stack frames and keeps every other line byte for byte', () => {
    expect(quoteWithoutNoise(STACK, 'fixable')).toBe("Error invoking tool 'list_items' with kwargs {\"count\":0} with error:\ncount: Too small: expected number to be >=1");
    const python = 'Traceback (most recent call last):\n  File "main.py", line 3, in <module>\nTypeError: f() got an unexpected keyword argument \'x\'';
    expect(quoteWithoutNoise(python, 'fixable')).toBe(python);
  });

  it('changes the note under the extended rules only; the paper forms quote the result as it is', () => {
    const body = {
      messages: [
        { role: 'user', content: 'status?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'fetch_page', arguments: '{"url":"https://x"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'Error: HTTP 503 Service Unavailable\n Please fix your mistakes.', is_error: true },
      ],
    };
    const note = (rules: 'paper' | 'extended') => {
      const out = processRequest(body, { form: 'c3', rules }).body as { messages: { content: string }[] };
      return out.messages[3]!.content;
    };
    expect(note('paper')).toContain('failed with: Error: HTTP 503 Service Unavailable\n Please fix your mistakes.\n\nThis is a temporary failure.');
    expect(note('extended')).toContain('failed with: Error: HTTP 503 Service Unavailable\n\nThis is a temporary failure.');
    const c1 = processRequest(body, { form: 'c1', rules: 'extended' }).body as { messages: { content: string }[] };
    expect(c1.messages[2]!.content).toBe('Error: HTTP 503 Service Unavailable\nThis is a temporary failure. Retrying the same call is expected to succeed.');
  });
});

describe('applyLayer on a canonical conversation', () => {
  const conversation: Conversation = {
    messages: [
      { role: 'user', content: 'status?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'fetch_page', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'something odd happened' },
    ],
    tools: [],
  };

  it('asks the known kind first, and names its rule in the header', () => {
    const result = applyLayer(conversation, { form: 'c3', knownKind: (m) => (m.tool_call_id === 'c1' ? { kind: 'transient', rule: 'error-status' } : undefined) });
    expect(result.detections).toEqual([{ messageIndex: 2, kind: 'transient', rule: 'error-status', scope: 'decision' }]);
    expect(result.header).toBe('form=c3; rules=paper; changed=true; failures=2:transient:error-status:decision');
    expect(result.conversation.messages).toHaveLength(4);
  });

  it('leaves the very conversation when the rules find nothing', () => {
    const result = applyLayer(conversation, { form: 'c3' });
    expect(result.changed).toBe(false);
    expect(result.conversation).toBe(conversation);
  });
});
