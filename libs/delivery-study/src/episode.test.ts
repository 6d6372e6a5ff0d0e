import { ScriptedModel } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { runEpisode } from './episode.ts';
import { decisionScorer, episodeScorer, type DeliveryTask } from './scorers.ts';
import { generateStimuli, type Stimulus } from './stimuli.ts';

const all = generateStimuli();
const of = (kind: Stimulus['kind']) => all.find((s) => s.kind === kind)!;
const task = (stimulus: Stimulus, form: DeliveryTask['condition'], mode: DeliveryTask['mode'] = 'episode'): DeliveryTask => ({ id: `${stimulus.id}-${form}`, unit: stimulus.scenario, condition: form, stimulus, mode });

async function scored(t: DeliveryTask, model: ScriptedModel) {
  const transcript = await runEpisode({ stimulus: t.stimulus, form: t.condition, model, mode: t.mode });
  return { transcript, decision: decisionScorer.score(t, transcript) as ReturnType<typeof decisionScorer.score> & { value: number }, episode: episodeScorer.score(t, transcript) as { value: number; details?: Record<string, unknown> } };
}

describe('episodes with simulated tools', () => {
  it('transient: the retried call works and an answer with the result key completes the episode', async () => {
    const st = of('transient');
    const model = new ScriptedModel([{ calls: [{ name: st.tool, arguments: st.arguments }] }, { answer: '' }], 'm');
    const policy = new ScriptedModel((req) => (req.messages.some((m) => m.role === 'tool' && m.content.includes(st.key)) ? { answer: `Found it, ref ${st.key}.` } : { calls: [{ name: st.tool, arguments: st.arguments }] }));
    const r = await scored(task(st, 'C3'), policy);
    expect(r.decision.value).toBe(1);
    expect(r.episode.value).toBe(1);
    expect(r.transcript.end).toBe('answer');
    expect(model.requests).toHaveLength(0);
    // The model saw C3 at the decision step: the exchange kept and the note in a new user turn.
    expect(policy.requests[0]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  });

  it('fixable: the old value fails again and is delivered in the form again; the corrected one works', async () => {
    const st = of('fixable');
    const turns = [{ calls: [{ name: st.tool, arguments: st.arguments }] }, { calls: [{ name: st.tool, arguments: st.expected! }] }, { answer: `It is ready: ${st.key}` }];
    const model = new ScriptedModel(turns);
    const r = await scored(task(st, 'C2'), model);
    expect(r.decision.value).toBe(0);
    expect(r.episode.value).toBe(1);
    // The second failure is delivered as C2: the failed exchange of that turn is gone, a note closes the request.
    const second = model.requests[1]!.messages;
    expect(second.at(-1)!.role).toBe('user');
    expect(second.at(-1)!.content).toContain('Note from the tool runtime');
  });

  it('every failure of the episode is delivered in the sample\'s form: under C2 no failed exchange is ever seen, under C3 every one is', async () => {
    const st = of('unrecoverable');
    const repeat = () => new ScriptedModel(() => ({ calls: [{ name: st.tool, arguments: st.arguments }] }));
    const c2 = repeat();
    await runEpisode({ stimulus: st, form: 'C2', model: c2, mode: 'episode' });
    // Turn 3 under C2: the user's request with the three notes appended, nothing else (A2B2 on every failure).
    const third = c2.requests[2]!.messages;
    expect(third.map((m) => m.role)).toEqual(['user']);
    expect(String(third[0]!.content).split('Note from the tool runtime').length - 1).toBe(3);
    const c3 = repeat();
    await runEpisode({ stimulus: st, form: 'C3', model: c3, mode: 'episode' });
    expect(c3.requests[2]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant', 'tool', 'user', 'assistant', 'tool', 'user']);
    const c1 = repeat();
    await runEpisode({ stimulus: st, form: 'C1', model: c1, mode: 'episode' });
    const tools = c1.requests[2]!.messages.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(3);
    for (const t of tools) expect(t.content).toMatch(/Tell the user what happened\.$/);
  });

  it('unrecoverable: repeating until the turn limit counts four futile calls and fails the episode', async () => {
    const st = of('unrecoverable');
    const model = new ScriptedModel(() => ({ calls: [{ name: st.tool, arguments: st.arguments }] }));
    const r = await scored(task(st, 'C0'), model);
    expect(model.requests).toHaveLength(5);
    expect(r.transcript.end).toBe('limit');
    expect(r.decision.value).toBe(0);
    expect(r.episode).toMatchObject({ value: 0, details: { futileCalls: 5 } });
  });

  it('decision mode makes one model call; a model error is scored as error, not as the model\'s failure', async () => {
    const st = of('unrecoverable');
    const once = new ScriptedModel([{ answer: 'The lookup was refused: no access.' }]);
    const r = await scored(task(st, 'C4', 'decision'), once);
    expect(once.requests).toHaveLength(1);
    expect(r.decision).toMatchObject({ value: 1, outcome: 'pass', stopped: true });
    const { BenchError } = await import('@recovery-bench/harness');
    const broken = new ScriptedModel([{ error: new BenchError('model:http', 'HTTP 500') }]);
    const e = await scored(task(st, 'C4', 'decision'), broken);
    expect(e.transcript.end).toBe('model-error');
    expect(e.decision).toMatchObject({ outcome: 'error', reason: 'delivery:no-response' });
  });
});
