import { invalidInput } from './errors.ts';

export type Outcome = 'pass' | 'fail' | 'error';
const OUTCOMES: ReadonlySet<string> = new Set<Outcome>(['pass', 'fail', 'error']);

/** One scored run: a task under one condition, for one system, model and seed. */
export interface Sample {
  benchmark: string;
  system: string;
  model: string;
  task: string;
  condition: string;
  seed?: number | string;
  /**
   * The sample's own task when `task` is a resampling unit that holds several (e.g. ToolMaze's base task): with the
   * model, `task`, condition and seed it names the pair a sample belongs to.
   */
  item?: string;
  /** The study's size tier (`small`, `large`), when the run names one. */
  tier?: string;
  /** The score on a 0–1 scale (pass rate, state agreement). Ignored when the outcome is `error`. */
  value: number;
  outcome: Outcome;
  /** Whether the run stopped calling the tool that failed (Loud/Quiet's missing tool); absent when not scored. */
  stopped?: boolean | number;
}

/** Which score a contrast compares. */
export type Metric = 'value' | 'stopped';

/**
 * The samples as columns of small integers (interned strings) and numbers, built once and shared by every
 * contrast, so that evaluating a contrast is one pass over typed arrays.
 */
export interface SampleIndex {
  size: number;
  benchmarks: Interner;
  systems: Interner;
  models: Interner;
  conditions: Interner;
  tiers: Interner;
  /** Tasks are keyed by benchmark and task id, since two benchmarks may both have a task "1". */
  tasks: Interner;
  /** Task indices in the order of their keys, so resampling does not depend on the order samples arrive in. */
  taskOrder: Int32Array;
  /**
   * Pair keys: one per model × task × item × condition × seed. Two systems' samples of one key form a pair, so a
   * comparison never pairs one model's run with another's.
   */
  pairs: Interner;
  /** The task of each pair key. */
  pairTask: Int32Array;
  benchmark: Int32Array;
  system: Int32Array;
  model: Int32Array;
  condition: Int32Array;
  /** -1 when the sample names no tier. */
  tier: Int32Array;
  task: Int32Array;
  pair: Int32Array;
  /** The value a user experienced: 0 for an `error` outcome. */
  value: Float64Array;
  /** 1 or 0; NaN when the sample records no stop. */
  stopped: Float64Array;
  error: Uint8Array;
}

export class Interner {
  readonly ids: string[] = [];
  private readonly map = new Map<string, number>();

  intern(id: string): number {
    let i = this.map.get(id);
    if (i === undefined) {
      i = this.ids.length;
      this.ids.push(id);
      this.map.set(id, i);
    }
    return i;
  }

  /** -1 for an id no sample used. */
  lookup(id: string): number {
    return this.map.get(id) ?? -1;
  }
}

export function taskKey(benchmark: string, task: string): string {
  return `${benchmark}\u0000${task}`;
}

export function indexSamples(samples: readonly Sample[]): SampleIndex {
  const n = samples.length;
  const index: SampleIndex = {
    size: n,
    benchmarks: new Interner(),
    systems: new Interner(),
    models: new Interner(),
    conditions: new Interner(),
    tiers: new Interner(),
    tasks: new Interner(),
    taskOrder: new Int32Array(0),
    pairs: new Interner(),
    pairTask: new Int32Array(0),
    benchmark: new Int32Array(n),
    system: new Int32Array(n),
    model: new Int32Array(n),
    condition: new Int32Array(n),
    tier: new Int32Array(n),
    task: new Int32Array(n),
    pair: new Int32Array(n),
    value: new Float64Array(n),
    stopped: new Float64Array(n),
    error: new Uint8Array(n),
  };
  samples.forEach((sample, i) => {
    validateSample(sample, i);
    index.benchmark[i] = index.benchmarks.intern(sample.benchmark);
    index.system[i] = index.systems.intern(sample.system);
    index.model[i] = index.models.intern(sample.model);
    index.condition[i] = index.conditions.intern(sample.condition);
    index.tier[i] = sample.tier === undefined ? -1 : index.tiers.intern(sample.tier);
    index.task[i] = index.tasks.intern(taskKey(sample.benchmark, sample.task));
    index.pair[i] = index.pairs.intern(`${index.task[i]}\u0000${index.model[i]}\u0000${index.condition[i]}\u0000${sample.seed ?? ''}\u0000${sample.item ?? ''}`);
    const isError = sample.outcome === 'error';
    index.error[i] = isError ? 1 : 0;
    index.value[i] = isError ? 0 : sample.value;
    index.stopped[i] = sample.stopped === undefined ? Number.NaN : Number(sample.stopped);
  });
  index.pairTask = new Int32Array(index.pairs.ids.length);
  for (let i = 0; i < n; i++) index.pairTask[index.pair[i]!] = index.task[i]!;
  const keys = index.tasks.ids;
  index.taskOrder = Int32Array.from(keys.map((_, i) => i).sort((x, y) => (keys[x]! < keys[y]! ? -1 : keys[x]! > keys[y]! ? 1 : 0)));
  return index;
}

function validateSample(sample: Sample, i: number): void {
  const where = `samples[${i}]`;
  if (sample === null || typeof sample !== 'object') throw invalidInput(`${where} is not an object`);
  for (const field of ['benchmark', 'system', 'model', 'task', 'condition'] as const) {
    if (typeof sample[field] !== 'string' || sample[field] === '') throw invalidInput(`${where}.${field} must be a non-empty string`);
  }
  if (sample.tier !== undefined && (typeof sample.tier !== 'string' || sample.tier === '')) throw invalidInput(`${where}.tier must be a non-empty string when present`);
  if (sample.item !== undefined && (typeof sample.item !== 'string' || sample.item === '')) throw invalidInput(`${where}.item must be a non-empty string when present`);
  if (!OUTCOMES.has(sample.outcome)) throw invalidInput(`${where}.outcome must be pass, fail or error, got ${JSON.stringify(sample.outcome)}`);
  // An errored run may carry whatever its scorer wrote (or nothing usable); it counts as 0 regardless.
  if (sample.outcome !== 'error' && !(typeof sample.value === 'number' && sample.value >= 0 && sample.value <= 1)) {
    throw invalidInput(`${where}.value must be a number from 0 to 1, got ${JSON.stringify(sample.value)}`);
  }
  const s = sample.stopped;
  if (s !== undefined && typeof s !== 'boolean' && !(s === 0 || s === 1)) throw invalidInput(`${where}.stopped must be a boolean, 0 or 1 when present`);
}
