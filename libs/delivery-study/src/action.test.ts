import { describe, expect, it } from 'vitest';
import { judgeAction, readAction } from './action.ts';
import { generateStimuli } from './stimuli.ts';

const all = generateStimuli();
const fixable = all.find((s) => s.kind === 'fixable' && s.tool === 'get_order')!;
const transient = all.find((s) => s.kind === 'transient')!;
const unrecoverable = all.find((s) => s.kind === 'unrecoverable')!;
const call = (name: string, args: string) => ({ content: null, toolCalls: [{ id: 'c1', type: 'function' as const, function: { name, arguments: args } }] });
const text = (content: string) => ({ content, toolCalls: [] });

describe('reading the next action leniently', () => {
  it('reads plain calls and text answers, and an empty answer as neither', () => {
    expect(readAction(call('get_order', '{"order_id":"ORD-1"}'))).toEqual({ type: 'call', calls: [{ name: 'get_order', arguments: { order_id: 'ORD-1' }, lenient: false }] });
    expect(readAction(text('The service refused access.'))).toEqual({ type: 'text', text: 'The service refused access.' });
    expect(readAction(text('  '))).toEqual({ type: 'empty' });
  });

  it('accepts slips a client would still take: fenced, trailing text, double-encoded arguments', () => {
    for (const raw of ['```json\n{"order_id": "ORD-1"}\n```', '{"order_id": "ORD-1"} ', '{"order_id": "ORD-1"}}', JSON.stringify(JSON.stringify({ order_id: 'ORD-1' }))]) {
      const a = readAction(call('get_order', raw));
      expect(a.type === 'call' && a.calls[0]!.arguments, raw).toEqual({ order_id: 'ORD-1' });
    }
  });

  it('reads a call written into the text in the common markups', () => {
    for (const t of [
      '<tool_call>\n{"name": "get_order", "arguments": {"order_id": "ORD-1"}}\n</tool_call>',
      '<|python_tag|>{"name": "get_order", "parameters": {"order_id": "ORD-1"}}',
      '<function=get_order>{"order_id": "ORD-1"}</function>',
      '```json\n{"name": "get_order", "arguments": {"order_id": "ORD-1"}}\n```',
    ]) expect(readAction(text(t)), t).toEqual({ type: 'call', calls: [{ name: 'get_order', arguments: { order_id: 'ORD-1' }, lenient: true }] });
  });

  it('judges: repeat for transient, the corrected value for fixable, a text answer for unrecoverable', () => {
    expect(judgeAction(transient, readAction(call(transient.tool, JSON.stringify(transient.arguments))))).toEqual({ correct: true, verdict: 'repeat' });
    expect(judgeAction(transient, readAction(text('Sorry, the service is down.')))).toEqual({ correct: false, verdict: 'gave-up' });
    expect(judgeAction(fixable, readAction(call('functions.GET_ORDER', JSON.stringify({ order_id: ` ${fixable.expected!.order_id} ` }))))).toEqual({ correct: true, verdict: 'fix' });
    expect(judgeAction(fixable, readAction(call(fixable.tool, JSON.stringify(fixable.arguments))))).toEqual({ correct: false, verdict: 'wrong-call' });
    expect(judgeAction(fixable, readAction(call('track_parcel', '{}')))).toEqual({ correct: false, verdict: 'other-tool' });
    expect(judgeAction(unrecoverable, readAction(text('I cannot access it: 403.')))).toEqual({ correct: true, verdict: 'stop' });
    expect(judgeAction(unrecoverable, readAction(call(unrecoverable.tool, JSON.stringify(unrecoverable.arguments))))).toEqual({ correct: false, verdict: 'repeat' });
  });
});
