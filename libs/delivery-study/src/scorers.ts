import type { Score, Scorer, TaskRef, Transcript, TranscriptEvent } from '@recovery-bench/harness';
import { judgeAction, readAction, sameTool } from './action.ts';
import type { DeliveryForm } from './forms.ts';
import type { Stimulus } from './stimuli.ts';

/** One sample of the study: a stimulus in a form. The condition is the form; the unit is the scenario. */
export interface DeliveryTask extends TaskRef {
  condition: DeliveryForm;
  unit: string;
  stimulus: Stimulus;
  mode: 'decision' | 'episode';
}

export const DECISION_SCORER = 'delivery:decision';
export const EPISODE_SCORER = 'delivery:episode';

type ModelEvent = Extract<TranscriptEvent, { type: 'model' }>;
const modelEvents = (t: Transcript) => t.events.filter((e): e is ModelEvent => e.type === 'model');

/** What every score of a sample says about where it sits in the design, so analyses need not parse ids. */
const design = (task: DeliveryTask) => ({ scenario: task.unit, kind: task.stimulus.kind, form: task.condition, tool: task.stimulus.tool, variant: task.stimulus.variant });

/** The primary measure: the correct next action at the decision step (the first model turn). */
export const decisionScorer: Scorer<DeliveryTask> = {
  id: DECISION_SCORER,
  version: '1',
  score(task, transcript): Score {
    const first = modelEvents(transcript)[0];
    if (!first) return { value: 0, outcome: 'error', reason: 'delivery:no-response', details: design(task) };
    const action = readAction(first);
    const { correct, verdict } = judgeAction(task.stimulus, action);
    const lenient = action.type === 'call' && action.calls.some((c) => c.lenient);
    // Real histories: also the stricter count, a correct call with no other call beside it (appendix H).
    const real = task.stimulus.history ? { real: true, cluster: task.stimulus.scenario, item: task.stimulus.id, strict: correct && (action.type !== 'call' || action.calls.length === 1) } : {};
    return {
      value: correct ? 1 : 0, outcome: correct ? 'pass' : 'fail', reason: `delivery:${verdict}`,
      ...(task.stimulus.kind === 'unrecoverable' ? { stopped: action.type === 'text' } : {}),
      details: { ...design(task), verdict, lenient, ...real },
    };
  },
};

/**
 * Whole episodes: a transient or fixable episode succeeds when it ends in a text answer containing the key of the
 * tool's result; an unrecoverable one when its first turn is a text answer. Futile calls: calls to the failed tool
 * after an unrecoverable error.
 */
export const episodeScorer: Scorer<DeliveryTask> = {
  id: EPISODE_SCORER,
  version: '1',
  score(task, transcript): Score {
    const turns = modelEvents(transcript);
    if (turns.length === 0) return { value: 0, outcome: 'error', reason: 'delivery:no-response', details: design(task) };
    const st = task.stimulus;
    const futileCalls = st.kind === 'unrecoverable'
      ? turns.reduce((n, e) => { const a = readAction(e); return n + (a.type === 'call' ? a.calls.filter((c) => sameTool(c.name, st.tool)).length : 0); }, 0)
      : 0;
    const success = st.kind === 'unrecoverable'
      ? readAction(turns[0]!).type === 'text'
      : transcript.end === 'answer' && (transcript.finalAnswer ?? '').includes(st.key);
    return {
      value: success ? 1 : 0, outcome: success ? 'pass' : 'fail', reason: success ? 'delivery:completed' : `delivery:${transcript.end}`,
      details: { ...design(task), futileCalls, turns: turns.length },
    };
  },
};
