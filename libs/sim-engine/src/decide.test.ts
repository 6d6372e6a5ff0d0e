import { beforeAll, describe, expect, it } from 'vitest';
import { decide } from './decide.ts';
import { conversation, isCorrect, STIMULUS_TOOLS, stimuli } from './testing/delivery-stimuli.ts';
import { perceiveFailure } from './perceive.ts';
import { parseProfile, resolveProfile, type SimProfile, type SimProfileInput } from './profiles.ts';
import { simulateTurn } from './simulate.ts';
import { SIM_SITUATIONS } from './types.ts';

const all = stimuli();

describe('the decision rule with the ideal and stubborn profiles', () => {
  let ideal: SimProfile;
  let stubborn: SimProfile;
  beforeAll(async () => {
    ideal = await resolveProfile('ideal');
    stubborn = await resolveProfile('stubborn');
  });

  it.each(SIM_SITUATIONS)('ideal is correct on every stimulus in %s', (form) => {
    for (const st of all) {
      const turn = simulateTurn({ messages: conversation(st, form), tools: [...STIMULUS_TOOLS] }, { profile: ideal, seed: 3 });
      expect(isCorrect(st, turn), `${st.kind} #${st.scenario}: ${JSON.stringify(turn)}`).toBe(true);
    }
  });

  it.each(SIM_SITUATIONS)('stubborn gives up on transient and fixable errors and repeats after unrecoverable ones in %s', (form) => {
    for (const st of all) {
      const turn = simulateTurn({ messages: conversation(st, form), tools: [...STIMULUS_TOOLS] }, { profile: stubborn, seed: 3 });
      expect(isCorrect(st, turn)).toBe(false);
      if (st.kind === 'unrecoverable') {
        expect(turn.action).toEqual({ type: 'tool_calls', calls: [{ name: st.tool, arguments: JSON.stringify(st.failedArguments) }] });
        expect(turn.trace).toMatchObject({ outcome: 'repeat', correct: false });
      } else {
        expect(turn.action.type).toBe('text');
        expect(turn.trace).toMatchObject({ outcome: 'give-up', correct: false });
      }
    }
  });

  it('reports the failure and its cause in the unrecoverable answer', () => {
    const st = all.find((s) => s.kind === 'unrecoverable')!;
    const turn = simulateTurn({ messages: conversation(st, 'C0'), tools: [...STIMULUS_TOOLS] }, { profile: ideal, seed: 0 });
    expect(turn.action.type === 'text' && turn.action.content).toContain(st.error.split('\n')[0]);
    expect(turn.action.type === 'text' && turn.action.content).toContain(st.tool);
  });
});

describe('correct iff u < p', () => {
  const flat = (p: number): SimProfileInput => {
    const row = { C0: p, C1: p, 'note-no-guidance': p, C2: p, C3: p, C4: p };
    return { id: 'flat', title: 'flat', unknownKind: { kind: 'unrecoverable', source: 'test' }, rates: { transient: row, fixable: row, unrecoverable: row } };
  };
  const st = all.find((s) => s.kind === 'transient')!;
  const failure = perceiveFailure(conversation(st, 'C0'), 'unrecoverable')!;

  it.each([
    [0.5, 0.4999, true], [0.5, 0.5, false], [0.5, 0.5001, false], [0, 0, false], [1, 0.999999, true],
  ])('p=%d, u=%d → correct=%s', (p, u, correct) => {
    const turn = decide(failure, parseProfile(flat(p), 'test'), u, STIMULUS_TOOLS);
    expect(turn.trace).toMatchObject({ policy: 'decision', p, u, correct });
  });

  it('answers in text when no corrected value can be read from a fixable error', () => {
    const fixable = { ...failure, kind: 'fixable' as const, error: 'Error: invalid request' };
    const turn = decide(fixable, parseProfile(flat(1), 'test'), 0, STIMULUS_TOOLS);
    expect(turn.action.type).toBe('text');
    expect(turn.trace).toMatchObject({ correct: true, outcome: 'no-fix-found' });
  });
});

describe('the cause an unrecoverable report quotes', () => {
  it('quotes the line that names the cause, not the first line of a traceback or a shell result', async () => {
    const ideal = await resolveProfile('ideal');
    const traceback = [
      'Command: python fetch_data.py',
      'Traceback (most recent call last):',
      '  File "fetch_data.py", line 9, in <module>',
      '    data = urllib.request.urlopen(URL).read()',
      'urllib.error.HTTPError: HTTP Error 403: Forbidden',
      'Exit code: 1',
    ].join('\n');
    const failure = { call: { name: 'run_shell', arguments: '{}' }, error: traceback, kind: 'unrecoverable', situation: 'C3', kindSource: 'keywords' } as const;
    const turn = decide(failure as Parameters<typeof decide>[0], ideal, 0, []);
    expect(turn.action).toEqual({ type: 'text', content: expect.stringContaining('failed with: urllib.error.HTTPError: HTTP Error 403: Forbidden.') });
  });

  it('keeps a one-line error whole', async () => {
    const ideal = await resolveProfile('ideal');
    const failure = { call: { name: 'get_order', arguments: '{}' }, error: 'Error: 403 Forbidden: a token is required', kind: 'unrecoverable', situation: 'C2', kindSource: 'keywords' } as const;
    const turn = decide(failure as Parameters<typeof decide>[0], ideal, 0, []);
    expect(turn.action).toEqual({ type: 'text', content: expect.stringContaining('failed with: Error: 403 Forbidden: a token is required.') });
  });
});

describe('a failure the model has seen before', () => {
  const call = (id: string) => ({ role: 'assistant' as const, content: null, tool_calls: [{ id, type: 'function', function: { name: 'read_meter', arguments: '{"meter":"M-7"}' } }] });
  const denied = (id: string) => ({ role: 'tool' as const, tool_call_id: id, content: 'Error: 403 Forbidden: this meter belongs to another account' });
  const note = 'Note from the tool runtime: the last attempt called read_meter with meter="M-7" and it failed with: Error: 403 Forbidden: this meter belongs to another account\n\nThis cannot be fixed by retrying or by changing the arguments. Tell the user what happened.';

  it('is perceived from two calls of the same call (C0, C1, C3) or two notes naming it (C2, C4), not from one', () => {
    const first = [{ role: 'user' as const, content: 'Read meter M-7.' }, call('a'), denied('a')];
    expect(perceiveFailure(first, 'unrecoverable')).toMatchObject({ situation: 'C0', repeated: false });
    expect(perceiveFailure([...first, call('b'), denied('b')], 'unrecoverable')).toMatchObject({ situation: 'C0', repeated: true });
    // Arguments are compared as JSON, whatever their key order or spacing.
    const spaced = { ...call('b'), tool_calls: [{ id: 'b', type: 'function', function: { name: 'read_meter', arguments: '{ "meter": "M-7" }' } }] };
    expect(perceiveFailure([...first, spaced, denied('b')], 'unrecoverable')?.repeated).toBe(true);
    expect(perceiveFailure([{ role: 'user', content: `Read meter M-7.\n\n${note}` }], 'unrecoverable')).toMatchObject({ situation: 'C2', repeated: false });
    expect(perceiveFailure([{ role: 'user', content: `Read meter M-7.\n\n${note}\n\n${note}` }], 'unrecoverable')).toMatchObject({ situation: 'C2', repeated: true });
  });

  it('takes the profile\'s rate for a repeated failure where it has one (Llama-3.1-8B stops on seeing its call fail again under C0, never under C2)', async () => {
    const llama = await resolveProfile('paper/llama-3.1-8b');
    const twice = [{ role: 'user' as const, content: 'Read meter M-7.' }, call('a'), denied('a'), call('b'), denied('b')];
    const turn = decide(perceiveFailure(twice, 'unrecoverable')!, llama, 0.5, []);
    expect(turn.trace).toMatchObject({ policy: 'decision', situation: 'C0', p: 0.58, repeated: true, outcome: 'report' });
    const c2 = decide(perceiveFailure([{ role: 'user', content: `Read meter M-7.\n\n${note}\n\n${note}` }], 'unrecoverable')!, llama, 0.5, []);
    expect(c2.trace).toMatchObject({ situation: 'C2', p: 0, outcome: 'repeat' });
    expect(c2.trace).not.toHaveProperty('repeated');
    // A situation without a repeated rate keeps its own; the first failure never takes the repeated rate.
    expect(decide(perceiveFailure(twice.slice(0, 3), 'unrecoverable')!, llama, 0.5, []).trace).toMatchObject({ p: 0.02, outcome: 'repeat' });
    expect(decide(perceiveFailure(twice.slice(0, 3), 'unrecoverable')!, llama, 0.5, []).trace).not.toHaveProperty('repeated');
  });
});
