import type { ContrastFilter } from './contrast-spec.ts';
import type { Interner, Metric, SampleIndex } from './samples.ts';

/** The per-task values of one contrast, paired, plus the counts a reader needs to trust them. */
export interface PairedTasks {
  /** A − B per paired task, in task-key order. */
  differences: Float64Array;
  samples: { a: number; b: number };
  errors: { a: number; b: number };
  /** Tasks that only one system has (after filtering); they are left out of the comparison. */
  unpairedTasks: { a: number; b: number };
  /** Paired tasks whose sample counts differ between A and B (e.g. a missing seed). */
  unbalancedTasks: number;
  notes: string[];
}

interface Scratch {
  sumA: Float64Array;
  sumB: Float64Array;
  countA: Int32Array;
  countB: Int32Array;
}

/** Reused across contrasts: one allocation per report rather than per contrast. */
export function createScratch(index: SampleIndex): Scratch {
  const n = index.tasks.ids.length;
  return { sumA: new Float64Array(n), sumB: new Float64Array(n), countA: new Int32Array(n), countB: new Int32Array(n) };
}

export function pairTasks(index: SampleIndex, scratch: Scratch, spec: { a: string; b: string; filter: ContrastFilter; metric: Metric }): PairedTasks {
  const notes: string[] = [];
  const systemA = lookupNoted(index.systems, spec.a, 'system', notes);
  const systemB = lookupNoted(index.systems, spec.b, 'system', notes);
  const benchmark = spec.filter.benchmark === undefined ? -2 : lookupNoted(index.benchmarks, spec.filter.benchmark, 'benchmark', notes);
  const tier = spec.filter.tier === undefined ? -2 : lookupNoted(index.tiers, spec.filter.tier, 'tier', notes);
  const conditions = mask(index.conditions, spec.filter.conditions, 'conditions', notes);
  const models = mask(index.models, spec.filter.models, 'models', notes);
  const values = spec.metric === 'stopped' ? index.stopped : index.value;
  const { sumA, sumB, countA, countB } = scratch;
  sumA.fill(0);
  sumB.fill(0);
  countA.fill(0);
  countB.fill(0);
  const errors = { a: 0, b: 0 };
  let seenMetric = false;
  for (let i = 0; i < index.size; i++) {
    const system = index.system[i]!;
    if (system !== systemA && system !== systemB) continue;
    if (benchmark !== -2 && index.benchmark[i] !== benchmark) continue;
    if (tier !== -2 && index.tier[i] !== tier) continue;
    if (conditions && conditions[index.condition[i]!] === 0) continue;
    if (models && models[index.model[i]!] === 0) continue;
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    seenMetric = true;
    const task = index.task[i]!;
    if (system === systemA) {
      sumA[task] = sumA[task]! + v;
      countA[task] = countA[task]! + 1;
      errors.a += index.error[i]!;
    } else {
      sumB[task] = sumB[task]! + v;
      countB[task] = countB[task]! + 1;
      errors.b += index.error[i]!;
    }
  }
  if (spec.metric === 'stopped' && !seenMetric) notes.push('no stopped values recorded for these samples');
  return { ...collectPairs(index.taskOrder, scratch), errors, notes };
}

function collectPairs(taskOrder: Int32Array, { sumA, sumB, countA, countB }: Scratch): Omit<PairedTasks, 'errors' | 'notes'> {
  const differences: number[] = [];
  const samples = { a: 0, b: 0 };
  const unpairedTasks = { a: 0, b: 0 };
  let unbalancedTasks = 0;
  for (let k = 0; k < taskOrder.length; k++) {
    const t = taskOrder[k]!;
    const ca = countA[t]!;
    const cb = countB[t]!;
    samples.a += ca;
    samples.b += cb;
    if (ca > 0 && cb > 0) {
      differences.push(sumA[t]! / ca - sumB[t]! / cb);
      if (ca !== cb) unbalancedTasks++;
    } else if (ca > 0) unpairedTasks.a++;
    else if (cb > 0) unpairedTasks.b++;
  }
  return { differences: Float64Array.from(differences), samples, unpairedTasks, unbalancedTasks };
}

function lookupNoted(interner: Interner, id: string, what: string, notes: string[]): number {
  const i = interner.lookup(id);
  if (i < 0) notes.push(`no samples for ${what} "${id}"`);
  return i;
}

/** A 0/1 membership table over interned ids, or undefined for "all". */
function mask(interner: Interner, names: readonly string[] | undefined, what: string, notes: string[]): Uint8Array | undefined {
  if (names === undefined) return undefined;
  const out = new Uint8Array(interner.ids.length);
  const missing: string[] = [];
  for (const name of names) {
    const i = interner.lookup(name);
    if (i < 0) missing.push(name);
    else out[i] = 1;
  }
  // A misspelt condition silently shrinks a contrast; saying so catches `schema-drift` against `schema_drift`.
  if (missing.length > 0) notes.push(`filter ${what} that no sample has: ${missing.join(', ')}`);
  return out;
}
