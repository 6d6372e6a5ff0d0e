import type { Score, Scorer, Transcript } from '@recovery-bench/harness';
import { field, parsePyJson, PyNumber } from '../records/pyjson.ts';
import { isLoudquietTranscript } from '../records/transcript.ts';
import { RECOVERED_AT } from './rescore.ts';
import { stateAgreement } from './state-agreement.ts';
import { faultStep, hiddenToolCalls, recoveryMeasures } from './trial-measures.ts';

const VICTIM_FAULTS: readonly string[] = ['schema_drift', 'missing_tool'];

/** What the scorer reads of a task: its condition and its reference state (Python's JSON text). */
export interface ScoredTask {
  condition: string;
  referenceStateJson: string | null;
}

/**
 * The primary score: agreement of the final state with the task's reference state (spec §8). A pass is full
 * agreement (≥ 0.999). A trial whose model calls all failed is an error. On a missing tool, `stopped` says whether
 * the run stopped calling the hidden tool once it was gone (H3.4). A schema-drift or missing-tool trial whose victim
 * was never called is `excluded` from the analysis (kept in the run log, scored, not averaged in), as in the paper.
 */
export const stateAgreementScorer: Scorer<ScoredTask> = {
  id: 'loudquiet:state-agreement',
  version: '1',
  score(task, transcript: Transcript): Score {
    if (!isLoudquietTranscript(transcript)) return { value: 0, outcome: 'error', reason: 'loudquiet:no-record' };
    const record = parsePyJson(transcript.loudquiet.record, 'trajectory record');
    if (field(record, 'status') !== 'ok') return { value: 0, outcome: 'error', reason: 'loudquiet:model-failed', details: { error: String(field(record, 'error') ?? '') } };
    if (task.referenceStateJson === null) return { value: 0, outcome: 'error', reason: 'loudquiet:no-reference' };
    const agreement = stateAgreement(field(record, 'final_state') ?? null, parsePyJson(task.referenceStateJson, 'reference state'));
    if (Number.isNaN(agreement.value)) return { value: 0, outcome: 'error', reason: 'loudquiet:empty-reference' };
    const measures = recoveryMeasures(record);
    const hidden = hiddenToolCalls(record);
    const steps = field(record, 'n_steps');
    const score: Score = {
      value: agreement.value,
      outcome: agreement.value >= RECOVERED_AT ? 'pass' : 'fail',
      ...(agreement.value >= RECOVERED_AT ? {} : { reason: 'loudquiet:state-differs' }),
      details: {
        matched: agreement.matched, total: agreement.total, fault_fired: faultStep(record) !== null, fault_step: faultStep(record),
        n_steps: steps instanceof PyNumber ? steps.value : null, budget_exhausted: field(record, 'finish_reason') === 'step_budget',
        replanned: measures.replanned, perseveration: measures.perseveration, repeat_identical: measures.repeatIdentical,
        ...(task.condition === 'missing_tool' ? { hidden_tool_called_again: hidden.calledAgain } : {}),
      },
    };
    if (task.condition === 'missing_tool' && hidden.fired) score.stopped = hidden.calledAgain === 0;
    // A victim fault fires only if the model calls the victim; the analysis set holds fired faults and clean trials.
    if (VICTIM_FAULTS.includes(task.condition) && faultStep(record) === null) score.excluded = 'loudquiet:fault-not-fired';
    return score;
  },
};
