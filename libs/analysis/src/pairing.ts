import type { ContrastFilter } from './contrast-spec.ts';
import type { Interner, Metric, SampleIndex } from './samples.ts';

/**
 * The pairs of one contrast, summed per task, plus the counts a reader needs to trust them. A pair is one model ×
 * task × item × condition × seed that both systems ran; its difference is A − B. The estimate is the mean over
 * pairs, and a resample draws whole tasks (all of a task's pairs, every model's, move together).
 */
export interface PairedTasks {
  /** Per paired task in task-key order: the sum of its pairs' differences, and how many pairs it has. */
  sums: Float64Array;
  counts: Float64Array;
  pairs: number;
  samples: { a: number; b: number };
  errors: { a: number; b: number };
  /** Tasks that only one system has (after filtering); they are left out of the comparison. */
  unpairedTasks: { a: number; b: number };
  /** Samples of a paired task without a partner of the same model, item, condition and seed; left out. */
  unpairedSamples: { a: number; b: number };
  /** Pairs whose systems have different sample counts (e.g. a sample recorded twice); each side is averaged. */
  unbalancedPairs: number;
  notes: string[];
}

interface Scratch {
  sumA: Float64Array;
  sumB: Float64Array;
  countA: Int32Array;
  countB: Int32Array;
  taskSum: Float64Array;
  taskPairs: Float64Array;
  taskA: Int32Array;
  taskB: Int32Array;
}

/** Reused across contrasts: one allocation per report rather than per contrast. */
export function createScratch(index: SampleIndex): Scratch {
  const pairs = index.pairs.ids.length;
  const tasks = index.tasks.ids.length;
  return {
    sumA: new Float64Array(pairs), sumB: new Float64Array(pairs), countA: new Int32Array(pairs), countB: new Int32Array(pairs),
    taskSum: new Float64Array(tasks), taskPairs: new Float64Array(tasks), taskA: new Int32Array(tasks), taskB: new Int32Array(tasks),
  };
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
  for (const array of Object.values(scratch)) array.fill(0);
  const { sumA, sumB, countA, countB } = scratch;
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
    const pair = index.pair[i]!;
    if (system === systemA) {
      sumA[pair] = sumA[pair]! + v;
      countA[pair] = countA[pair]! + 1;
      errors.a += index.error[i]!;
    } else {
      sumB[pair] = sumB[pair]! + v;
      countB[pair] = countB[pair]! + 1;
      errors.b += index.error[i]!;
    }
  }
  if (spec.metric === 'stopped' && !seenMetric) notes.push('no stopped values recorded for these samples');
  return { ...collectPairs(index, scratch), errors, notes };
}

function collectPairs(index: SampleIndex, scratch: Scratch): Omit<PairedTasks, 'errors' | 'notes'> {
  const { sumA, sumB, countA, countB, taskSum, taskPairs, taskA, taskB } = scratch;
  const samples = { a: 0, b: 0 };
  let unbalancedPairs = 0;
  let pairs = 0;
  for (let p = 0; p < sumA.length; p++) {
    const ca = countA[p]!;
    const cb = countB[p]!;
    if (ca === 0 && cb === 0) continue;
    const task = index.pairTask[p]!;
    samples.a += ca;
    samples.b += cb;
    taskA[task] = taskA[task]! + ca;
    taskB[task] = taskB[task]! + cb;
    if (ca > 0 && cb > 0) {
      taskSum[task] = taskSum[task]! + sumA[p]! / ca - sumB[p]! / cb;
      taskPairs[task] = taskPairs[task]! + 1;
      pairs++;
      if (ca !== cb) unbalancedPairs++;
    }
  }
  const sums: number[] = [];
  const counts: number[] = [];
  const unpairedTasks = { a: 0, b: 0 };
  const unpairedSamples = { a: 0, b: 0 };
  for (let k = 0; k < index.taskOrder.length; k++) {
    const t = index.taskOrder[k]!;
    if (taskPairs[t]! > 0) {
      sums.push(taskSum[t]!);
      counts.push(taskPairs[t]!);
    } else if (taskA[t]! > 0 && taskB[t]! > 0) {
      // Both systems ran the task, but never the same model, item, condition and seed: nothing to pair.
      unpairedTasks.a++;
      unpairedTasks.b++;
    } else if (taskA[t]! > 0) unpairedTasks.a++;
    else if (taskB[t]! > 0) unpairedTasks.b++;
  }
  // Samples left out of tasks that do pair (a model one system did not run); whole unpaired tasks are counted above.
  for (let p = 0; p < sumA.length; p++) {
    const t = index.pairTask[p]!;
    if (taskPairs[t]! === 0) continue;
    if (countA[p]! > 0 && countB[p]! === 0) unpairedSamples.a += countA[p]!;
    else if (countB[p]! > 0 && countA[p]! === 0) unpairedSamples.b += countB[p]!;
  }
  return { sums: Float64Array.from(sums), counts: Float64Array.from(counts), pairs, samples, unpairedTasks, unpairedSamples, unbalancedPairs };
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
