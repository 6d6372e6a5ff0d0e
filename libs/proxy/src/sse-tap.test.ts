import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SseTap } from './sse-tap.ts';
import { chunks } from './testing/fake-engine.ts';

function tapOf(...parts: (string | Buffer)[]): SseTap {
  const tap = new SseTap();
  for (const part of parts) tap.push(typeof part === 'string' ? Buffer.from(part) : part);
  tap.end();
  return tap;
}

const sseText = (events: unknown[], done = true): string => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');

describe('SseTap', () => {
  it('puts content, tool calls per index, finish_reason and usage back together', () => {
    const tap = tapOf(sseText(chunks({ content: 'héllo wörld', toolCalls: [{ name: 'a', arguments: '{"x":1}' }, { id: 'k', name: 'b', arguments: '{}' }] })));
    expect(tap.content()).toBe('héllo wörld');
    expect(tap.toolCalls()).toEqual([
      { id: 'call_0', type: 'function', name: 'a', arguments: '{"x":1}' },
      { id: 'k', type: 'function', name: 'b', arguments: '{}' },
    ]);
    expect(tap.finishReason).toBe('tool_calls');
    expect(tap.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    expect(tap.done).toBe(true);
    expect(tap.reassemble()).toMatchObject({ object: 'chat.completion', choices: [{ index: 0, finish_reason: 'tool_calls' }] });
  });

  it('gives the same result however the bytes are split (UTF-8, CRLF, events across chunks)', () => {
    const text = sseText(chunks({ content: 'naïve 日本語 🐱 text', toolCalls: [{ name: 'f', arguments: '{"city":"Zürich"}' }] }));
    const whole = tapOf(text);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (cuts, crlf) => {
        const bytes = Buffer.from(crlf ? text.replaceAll('\n', '\r\n') : text);
        const points = [...new Set(cuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
        const pieces = [0, ...points].map((start, i) => bytes.subarray(start, points[i] ?? bytes.length));
        const tap = tapOf(...pieces);
        expect(tap.content()).toBe(whole.content());
        expect(tap.toolCalls()).toEqual(whole.toolCalls());
        expect(tap.events).toBe(whole.events);
        expect(tap.done).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('skips comments (llama.cpp `: ping`) and counts them apart', () => {
    const tap = tapOf(': ping\n\n', sseText(chunks({ content: 'x' })), ': ping\n\n');
    expect(tap.comments).toBe(2);
    expect(tap.events).toBe(chunks({ content: 'x' }).length + 1);
  });

  it('notices `data: {"error":…}` mid-stream', () => {
    const tap = tapOf(sseText([chunks({ content: 'ab' })[1], { error: { message: 'boom', type: 'server_error', code: 500 } }]));
    expect(tap.error).toEqual({ message: 'boom', type: 'server_error', code: 500 });
    expect(tap.done).toBe(true);
  });

  it('reads old llama.cpp `error:` lines and queues them for re-sending', () => {
    const tap = new SseTap();
    tap.push(Buffer.from('error: {"code":500,"message":"Failed to parse input at pos 3","type":"server_error"}'));
    expect(tap.legacyQueue).toEqual([]);
    expect(tap.atBoundary).toBe(false);
    tap.push(Buffer.from('\n\n'));
    expect(tap.atBoundary).toBe(true);
    expect(tap.legacyError).toBe(true);
    expect(tap.legacyQueue).toEqual([{ code: 500, message: 'Failed to parse input at pos 3', type: 'server_error' }]);
    expect(tap.error?.message).toBe('Failed to parse input at pos 3');
  });

  it('counts events that are not JSON, and a final event without its blank line', () => {
    const tap = tapOf('data: {not json\n\n', `data: ${JSON.stringify(chunks({ content: 'z' })[1])}`);
    expect(tap.malformedEvents).toBe(1);
    expect(tap.content()).toBe('z');
  });

  it('joins multi-line data fields with a newline', () => {
    const tap = tapOf('data: {"choices":[{"index":0,\ndata: "delta":{"content":"ok"}}]}\n\n');
    expect(tap.content()).toBe('ok');
  });

  it('bounds what an endless event can make it hold', () => {
    const tap = new SseTap();
    const block = Buffer.alloc(1024 * 1024, 0x61);
    tap.push(Buffer.from('data: '));
    for (let i = 0; i < 20; i++) tap.push(block);
    expect(tap.overflowed).toBe(true);
    tap.push(Buffer.from('\n\n'));
    tap.end();
    expect(tap.content()).toBe('');
  });
});
