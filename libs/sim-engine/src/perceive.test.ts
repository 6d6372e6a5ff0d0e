import { describe, expect, it } from 'vitest';
import { conversation, SPEC_GUIDANCE, stimuli } from './testing/delivery-stimuli.ts';
import { looksLikeFailure, kindFromKeywords } from './kind.ts';
import { parseNotes, rebuildArguments } from './note.ts';
import { perceiveFailure } from './perceive.ts';
import type { ChatMessage } from './request.ts';
import { GUIDANCE_SENTENCES, NOTE_PREFIX } from './texts.ts';
import { SIM_SITUATIONS } from './types.ts';

describe('perceiving the delivery situation', () => {
  const all = stimuli();

  it.each(SIM_SITUATIONS)('reads %s from every hand-built conversation of that form', (form) => {
    for (const st of all) {
      const failure = perceiveFailure(conversation(st, form), 'unrecoverable');
      expect(failure, `${st.kind} #${st.scenario}`).toBeDefined();
      expect(failure!.situation).toBe(form);
      expect(failure!.kind).toBe(st.kind);
      expect(failure!.error).toBe(st.error);
      expect(failure!.call).toEqual({ name: st.tool, arguments: JSON.stringify(st.failedArguments) });
    }
  });

  it('takes the kind from the guidance sentence before the error words', () => {
    const st = all.find((s) => s.kind === 'transient')!;
    const messages = conversation(st, 'C1');
    messages[2]!.content = `Error: 403 Forbidden\n${SPEC_GUIDANCE.fixable}`;
    expect(perceiveFailure(messages, 'transient')).toMatchObject({ kind: 'fixable', kindSource: 'guidance', situation: 'C1' });
  });

  it('falls back to the profile’s unknownKind for a failure with no known words', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'read', arguments: '{"path":"x"}' } }] },
      { role: 'tool', tool_call_id: 'a', content: 'Error: file x has gone missing' },
    ];
    expect(perceiveFailure(messages, 'transient')).toMatchObject({ kind: 'transient', kindSource: 'unknown-kind', situation: 'C0' });
  });

  it('reads C2 in a history with several calls as C4: the note then stands in a turn of its own', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'look up both' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_order', arguments: '{"order_id":"ORD-1"}' } }] },
      { role: 'tool', tool_call_id: 'a', content: '{"status":"shipped"}' },
      { role: 'user', content: `${NOTE_PREFIX} the last attempt called get_parcel with code="P1" and it failed with: Error: 503\n\n${GUIDANCE_SENTENCES.transient}` },
    ];
    expect(perceiveFailure(messages, 'unrecoverable')).toMatchObject({ situation: 'C4', call: { name: 'get_parcel', arguments: '{"code":"P1"}' } });
  });

  it('reads C3 when the note is appended to a later user message that already existed', () => {
    const st = all[0]!;
    const messages = conversation(st, 'C3');
    messages[3]!.content = `Please go on.\n\n${messages[3]!.content as string}`;
    expect(perceiveFailure(messages, 'unrecoverable')?.situation).toBe('C3');
  });

  it('sees no decision step after an assistant answer or a plain new user turn', () => {
    const st = all[0]!;
    const c0 = conversation(st, 'C0');
    expect(perceiveFailure([...c0, { role: 'assistant', content: 'sorry' }], 'transient')).toBeUndefined();
    expect(perceiveFailure([...c0, { role: 'user', content: 'never mind, something else' }], 'transient')).toBeUndefined();
  });

  it('acts on the first failure when several results follow one assistant message', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [
        { id: 'a', type: 'function', function: { name: 'one', arguments: '{}' } },
        { id: 'b', type: 'function', function: { name: 'two', arguments: '{"n":2}' } },
        { id: 'c', type: 'function', function: { name: 'three', arguments: '{}' } },
      ] },
      { role: 'tool', tool_call_id: 'a', content: 'fine' },
      { role: 'tool', tool_call_id: 'b', content: [{ type: 'text', text: 'Error: 503 Service Unavailable' }] },
      { role: 'tool', tool_call_id: 'c', content: 'Error: 403' },
    ];
    expect(perceiveFailure(messages, 'fixable')).toMatchObject({ call: { name: 'two', arguments: '{"n":2}' }, kind: 'transient' });
  });
});

describe('perceiving a failure in a tool result', () => {
  it.each([
    'Error: boom', 'ERROR: boom', 'error: boom', 'ToolError: boom', 'HTTP Error 500: x', 'HTTP 404 Not Found',
    '500 Server Error: Internal', 'Traceback (most recent call last):\n  File "x"', 'TypeError: x is undefined',
    'requests.exceptions.ReadTimeout(...)', 'socket.timeout: timed out', '  \nValueError: bad', '{"error": "bad"}', '{"error": {"code": 1}}',
  ])('%j is a failure', (text) => expect(looksLikeFailure(text)).toBe(true));

  it.each([
    'The order shipped.', 'No Error: all good', '{"error": null, "data": 1}', '{"error": false}', '{"error": ""}', '[{"error": "x"}]', 'Errorless result',
  ])('%j is not a failure', (text) => expect(looksLikeFailure(text)).toBe(false));

  it.each([
    ['503 Service Unavailable', 'transient'], ['request timed out', 'transient'], ['rate limit exceeded', 'transient'],
    ['id must not be empty', 'fixable'], ['invalid date', 'fixable'], ['expected an integer', 'fixable'],
    ['403 Forbidden', 'unrecoverable'], ['permission denied', 'unrecoverable'], ['a token required header is missing', 'unrecoverable'],
    ['something odd happened', undefined],
  ] as const)('%j reads as %s', (text, kind) => expect(kindFromKeywords(text)).toBe(kind));
});

describe('reading the runtime note', () => {
  it('rebuilds the call’s arguments from key=JSON pairs', () => {
    expect(rebuildArguments('no arguments')).toBe('{}');
    expect(rebuildArguments('a="x, y=1", b=2, c={"d":[1,2]}, e=null')).toBe('{"a":"x, y=1","b":2,"c":{"d":[1,2]},"e":null}');
    expect(rebuildArguments('not pairs at all')).toBe('not pairs at all');
  });

  it('splits several notes joined by a blank line and strips each guidance sentence', () => {
    const one = `${NOTE_PREFIX} the last attempt called a with x=1 and it failed with: Error: 503\n\nline two\n\n${GUIDANCE_SENTENCES.transient}`;
    const two = `${NOTE_PREFIX} the last attempt called b with no arguments and it failed with: Error: 403\n\n${GUIDANCE_SENTENCES.unrecoverable}`;
    const notes = parseNotes(`task text\n\n${one}\n\n${two}`);
    expect(notes).toEqual([
      { name: 'a', arguments: '{"x":1}', error: 'Error: 503\n\nline two', guidance: 'transient', ownMessage: false },
      { name: 'b', arguments: '{}', error: 'Error: 403', guidance: 'unrecoverable', ownMessage: false },
    ]);
  });
});
