import { assertLevel, assertResamples, invalidInput } from './errors.ts';
import { createRng, DEFAULT_SEED, type SeededRng } from './rng.ts';

export const DEFAULT_RESAMPLES = 10_000;
export const DEFAULT_LEVEL = 0.95;

/**
 * Resampled means of sums of floating-point values that are zero in exact arithmetic can come out as ±1e-17; this
 * tolerance decides them as zero, so a p-value or an equivalence verdict never hinges on rounding.
 */
export const ZERO_TOLERANCE = 1e-12;

export interface BootstrapOptions {
  /** Default 10,000. */
  resamples?: number;
  /** Default {@link DEFAULT_SEED}; always echoed in the result. */
  seed?: number;
  /** Confidence level of the percentile interval, default 0.95. */
  level?: number;
}

/** Per-task values keyed by task id. */
export type TaskValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

/** A mean with its percentile interval, in the data's units. */
export interface MeanBootstrap {
  estimate: number;
  lower: number;
  upper: number;
  level: number;
  resamples: number;
  seed: number;
  n: number;
}

/** A paired difference A − B with its interval and the one-sided bootstrap p-value for "A > B". */
export interface DifferenceBootstrap extends MeanBootstrap {
  /** Share of resampled differences ≤ 0. */
  pOneSided: number;
}

interface ResolvedOptions {
  resamples: number;
  seed: number;
  level: number;
}

export function resolveOptions(options: BootstrapOptions = {}): ResolvedOptions {
  const resolved = { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED, level: options.level ?? DEFAULT_LEVEL };
  assertResamples(resolved.resamples);
  assertLevel(resolved.level);
  return resolved;
}

/**
 * The mean of each of `resamples` resamples of `values` with replacement, drawn from `rng`. This is the hot loop of
 * every report: one index draw per value per resample, no allocation inside.
 */
export function resampleMeans(values: Float64Array, resamples: number, rng: SeededRng): Float64Array {
  const n = values.length;
  const out = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.index(n)]!;
    out[r] = sum / n;
  }
  return out;
}

/**
 * Clustered resamples: each draws `sums.length` clusters with replacement (one index draw per cluster, as
 * `resampleMeans`) and takes the mean over the drawn clusters' items, Σ sums / Σ counts, so a cluster weighs as much
 * as its items do. With one item per cluster it is `resampleMeans`.
 */
export function resampleRatios(sums: Float64Array, counts: Float64Array, resamples: number, rng: SeededRng): Float64Array {
  const k = sums.length;
  const out = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < k; i++) {
      const c = rng.index(k);
      sum += sums[c]!;
      count += counts[c]!;
    }
    out[r] = sum / count;
  }
  return out;
}

/** The `q`-quantile of sorted values, interpolating linearly between order statistics (R's type 7). */
export function quantileSorted(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const below = sorted[lo]!;
  const above = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return below + (h - lo) * (above - below);
}

/** Sorts `stats` in place and returns the central percentile interval at `level`. */
export function percentileInterval(stats: Float64Array, level: number): { lower: number; upper: number } {
  stats.sort();
  const tail = (1 - level) / 2;
  return { lower: quantileSorted(stats, tail), upper: quantileSorted(stats, 1 - tail) };
}

export function shareAtMostZero(stats: Float64Array): number {
  let count = 0;
  for (let i = 0; i < stats.length; i++) if (stats[i]! <= ZERO_TOLERANCE) count++;
  return count / stats.length;
}

export function toFiniteArray(values: ArrayLike<number>, what: string): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw invalidInput(`${what}[${i}] is not a finite number (${v})`);
    out[i] = v;
  }
  return out;
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/** Bootstraps the mean difference of already paired per-task differences (A − B for each task). */
export function bootstrapDifferences(differences: ArrayLike<number>, options: BootstrapOptions = {}): DifferenceBootstrap {
  const { resamples, seed, level } = resolveOptions(options);
  const values = toFiniteArray(differences, 'differences');
  if (values.length === 0) throw invalidInput('a bootstrap needs at least one task');
  const stats = resampleMeans(values, resamples, createRng(seed));
  const pOneSided = shareAtMostZero(stats);
  return { estimate: mean(values), ...percentileInterval(stats, level), level, resamples, seed, pOneSided, n: values.length };
}

/**
 * Paired bootstrap over tasks: the same resampled tasks for both systems, so a difficulty shared by a task cancels.
 * Both systems must have a value for exactly the same tasks.
 */
export function bootstrap(input: { a: TaskValues; b: TaskValues }, options: BootstrapOptions = {}): DifferenceBootstrap {
  const a = toMap(input.a, 'a');
  const b = toMap(input.b, 'b');
  const onlyA = [...a.keys()].filter((task) => !b.has(task));
  const onlyB = [...b.keys()].filter((task) => !a.has(task));
  if (onlyA.length > 0 || onlyB.length > 0) {
    throw invalidInput(`tasks must be aligned: only in a: [${preview(onlyA)}], only in b: [${preview(onlyB)}]`);
  }
  // Sorting the ids makes the resampled tasks independent of the order the caller built its maps in.
  const tasks = [...a.keys()].sort();
  return bootstrapDifferences(tasks.map((task) => a.get(task)! - b.get(task)!), options);
}

/** One system's mean over tasks (e.g. a pass rate) with its percentile interval. */
export function bootstrapMean(values: TaskValues | readonly number[] | Float64Array, options: BootstrapOptions = {}): MeanBootstrap {
  const { resamples, seed, level } = resolveOptions(options);
  const array = Array.isArray(values) || values instanceof Float64Array ? toFiniteArray(values as ArrayLike<number>, 'values') : byTaskId(toMap(values as TaskValues, 'values'));
  if (array.length === 0) throw invalidInput('a bootstrap needs at least one task');
  const stats = resampleMeans(array, resamples, createRng(seed));
  return { estimate: mean(array), ...percentileInterval(stats, level), level, resamples, seed, n: array.length };
}

function byTaskId(values: ReadonlyMap<string, number>): Float64Array {
  const tasks = [...values.keys()].sort();
  return Float64Array.from(tasks, (task) => values.get(task)!);
}

function toMap(values: TaskValues, what: string): ReadonlyMap<string, number> {
  const map = values instanceof Map ? (values as ReadonlyMap<string, number>) : new Map(Object.entries(values));
  for (const [task, v] of map) if (!Number.isFinite(v)) throw invalidInput(`${what}: task "${task}" has a non-finite value (${v})`);
  return map;
}

function preview(ids: string[]): string {
  return ids.length > 5 ? `${ids.slice(0, 5).join(', ')}, … (${ids.length})` : ids.join(', ');
}
