import { dumpsPy, field, isPyDict, pyDict, PyNumber, type PyDict, type PyValue } from '../records/pyjson.ts';
import { stateAgreement } from './state-agreement.ts';
import { recoveryMeasures } from './trial-measures.ts';

/** `recovered` holds from this agreement with the model's own clean run on. */
export const RECOVERED_AT = 0.999;

export interface TrialScores {
  trialId: string;
  stateAgreementRef: number | null;
  stateAgreementOwn: number | null;
  recovered: boolean | null;
  recoveryCost: number | null;
  budgetExhausted: boolean;
  replanned: boolean;
  perseveration: boolean;
  repeatIdentical: boolean;
}

const str = (v: PyValue | undefined) => (typeof v === 'string' ? v : undefined);
const num = (v: PyValue | undefined) => (v instanceof PyNumber ? v.value : undefined);
const truthy = (v: PyValue | undefined) => v === true || v === 'on';

/** The records that count: `status: "ok"`, the first of each `trial_id` (callers pass files in sorted order). */
export function countedRecords(records: Iterable<PyValue>): PyDict[] {
  const seen = new Set<string>();
  const out: PyDict[] = [];
  for (const r of records) {
    if (!isPyDict(r) || r.get('status') !== 'ok') continue;
    const id = str(r.get('trial_id'));
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    out.push(r);
  }
  return out;
}

const baselineKey = (model: string, task: string, seed: number) => `${model}\u0000${task}\u0000${seed}`;

/**
 * Every counted record's scores (spec §8). The baseline of `state_agreement_own` is the same model's
 * scaffolding-off clean final state for the task and seed; a scaffolding-off clean trial is compared with the
 * other seed's. `recovery_cost` subtracts the mean `n_steps` of the model's scaffolding-off clean runs of the task.
 */
export function scoreTrials(records: readonly PyDict[], references: PyValue): TrialScores[] {
  const cleanStates = new Map<string, PyValue>();
  const cleanSteps = new Map<string, number[]>();
  for (const r of records) {
    if (r.get('fault') !== 'clean' || truthy(r.get('scaffolding'))) continue;
    const model = str(r.get('model')) ?? '';
    const task = str(r.get('task_id')) ?? '';
    cleanStates.set(baselineKey(model, task, num(r.get('seed')) ?? -1), r.get('final_state') ?? null);
    const steps = num(r.get('n_steps'));
    if (steps !== undefined) cleanSteps.set(`${model}\u0000${task}`, [...(cleanSteps.get(`${model}\u0000${task}`) ?? []), steps]);
  }
  return records.map((r) => {
    const model = str(r.get('model')) ?? '';
    const task = str(r.get('task_id')) ?? '';
    const seed = num(r.get('seed')) ?? -1;
    const state = r.get('final_state') ?? null;
    const ref = field(field(references, task), 'state');
    const refScore = ref === undefined ? null : stateAgreement(state, ref).value;
    const baselineSeed = r.get('fault') === 'clean' && !truthy(r.get('scaffolding')) ? 1 - seed : seed;
    const baseline = cleanStates.get(baselineKey(model, task, baselineSeed));
    const own = baseline === undefined || !isPyDict(baseline) || baseline.size === 0 ? null : stateAgreement(state, baseline).value;
    const ownScore = own === null || Number.isNaN(own) ? null : own;
    const steps = cleanSteps.get(`${model}\u0000${task}`);
    const nSteps = num(r.get('n_steps'));
    const measures = recoveryMeasures(r);
    return {
      trialId: str(r.get('trial_id'))!,
      stateAgreementRef: refScore,
      stateAgreementOwn: ownScore,
      recovered: ownScore === null ? null : ownScore >= RECOVERED_AT,
      recoveryCost: steps === undefined || nSteps === undefined ? null : nSteps - steps.reduce((a, b) => a + b, 0) / steps.length,
      budgetExhausted: r.get('finish_reason') === 'step_budget',
      replanned: measures.replanned,
      perseveration: measures.perseveration,
      repeatIdentical: measures.repeatIdentical,
    };
  });
}

/** The line `loudquiet rescore` prints for a trial, as Python's `json.dumps` writes it. */
export function rescoreLine(s: TrialScores): string {
  const f = (v: number | null): PyValue => (v === null ? null : PyNumber.float(v));
  return dumpsPy(pyDict([
    ['trial_id', s.trialId], ['state_agreement_ref', f(s.stateAgreementRef)], ['state_agreement_own', f(s.stateAgreementOwn)],
    ['recovered', s.recovered], ['perseveration', s.perseveration], ['repeat_identical', s.repeatIdentical],
  ]));
}
