import { DEFAULT_LEVEL, DEFAULT_RESAMPLES, percentileInterval, resampleRatios, shareAtMostZero } from './bootstrap.ts';
import { DEFAULT_ALPHA, DEFAULT_EQUIVALENCE_LEVEL, DEFAULT_MARGIN, validateSpecs, type ContrastSpec, type ContrastTest } from './contrast-spec.ts';
import { assertResamples } from './errors.ts';
import { equivalence } from './equivalence.ts';
import { holm } from './holm.ts';
import { createScratch, pairTasks, type PairedTasks } from './pairing.ts';
import { assertSeed, createRng, DEFAULT_SEED, deriveSeed } from './rng.ts';
import { indexSamples, type Metric, type Sample, type SampleIndex } from './samples.ts';

export interface EvaluateOptions {
  resamples?: number;
  /** The base seed; each contrast draws from its own stream derived from this seed and its name. */
  seed?: number;
}

/** One contrast's numbers, in the data's units (a difference of 0.142 is +14.2 points). */
export interface ContrastResult {
  /** The spec's stable id (its name when it declares none). */
  id: string;
  name: string;
  a: string;
  b: string;
  test: ContrastTest;
  metric: Metric;
  family: string | null;
  level: number;
  alpha: number | null;
  margin: number | null;
  /** Mean of A − B over pairs (one model × task × item × condition × seed under both systems); null without a pair. */
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  /** One-sided bootstrap p-value for A > B (one-sided tests only). */
  p: number | null;
  /** Holm-adjusted within the family (equal to `p` for a family of one). */
  adjustedP: number | null;
  /** One-sided tests: adjusted p ≤ alpha. */
  supported: boolean | null;
  /** Equivalence tests: the interval lies within ±margin. */
  equal: boolean | null;
  /** False when the benchmark cannot measure what the contrast asks (see notes). */
  valid: boolean;
  /** With a baseline check: true when the baselines were not shown equal, so a gain mixes layer and engine. */
  mixed: boolean | null;
  nTasks: number;
  /** Pairs the estimate is the mean over. */
  nPairs: number;
  samples: { a: number; b: number };
  /** Runs that ended in an engine or harness error; they count as 0. */
  errors: { a: number; b: number };
  unpairedTasks: { a: number; b: number };
  /** Samples of paired tasks left out for want of a partner (a model only one system ran). */
  unpairedSamples: { a: number; b: number };
  resamples: number;
  /** The contrast's own stream seed. */
  seed: number;
  notes: string[];
}

export interface ContrastEvaluation {
  seed: number;
  resamples: number;
  contrasts: ContrastResult[];
}

export function evaluateContrasts(samples: readonly Sample[] | SampleIndex, specs: readonly ContrastSpec[], options: EvaluateOptions = {}): ContrastEvaluation {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  assertResamples(resamples);
  assertSeed(seed);
  validateSpecs(specs);
  const index = Array.isArray(samples) ? indexSamples(samples as readonly Sample[]) : (samples as SampleIndex);
  const scratch = createScratch(index);
  const contrasts = specs.map((spec) => {
    const metric = spec.metric ?? 'value';
    const paired = pairTasks(index, scratch, { a: spec.a, b: spec.b, filter: spec.filter, metric });
    return evaluateOne(spec, metric, paired, resamples, deriveSeed(seed, spec.name));
  });
  applyHolm(contrasts);
  applyBaselineChecks(specs, contrasts);
  return { seed, resamples, contrasts };
}

function evaluateOne(spec: ContrastSpec, metric: Metric, paired: PairedTasks, resamples: number, seed: number): ContrastResult {
  const isEquivalence = spec.test === 'equivalence';
  const level = spec.level ?? (isEquivalence ? DEFAULT_EQUIVALENCE_LEVEL : DEFAULT_LEVEL);
  const notes = [...paired.notes];
  const result: ContrastResult = {
    id: spec.id ?? spec.name,
    name: spec.name,
    a: spec.a,
    b: spec.b,
    test: spec.test,
    metric,
    family: spec.test === 'one-sided' ? (spec.family ?? null) : null,
    level,
    alpha: spec.test === 'one-sided' ? (spec.alpha ?? DEFAULT_ALPHA) : null,
    margin: isEquivalence ? (spec.margin ?? DEFAULT_MARGIN) : null,
    estimate: null,
    lower: null,
    upper: null,
    p: null,
    adjustedP: null,
    supported: null,
    equal: null,
    valid: spec.invalidReason === undefined,
    mixed: null,
    nTasks: paired.sums.length,
    nPairs: paired.pairs,
    samples: paired.samples,
    errors: paired.errors,
    unpairedTasks: paired.unpairedTasks,
    unpairedSamples: paired.unpairedSamples,
    resamples,
    seed,
    notes,
  };
  if (spec.invalidReason !== undefined) notes.unshift(`not valid: ${spec.invalidReason}`);
  if (paired.unpairedTasks.a + paired.unpairedTasks.b > 0) notes.push(`left out ${paired.unpairedTasks.a} task(s) only ${spec.a} has and ${paired.unpairedTasks.b} only ${spec.b} has`);
  if (paired.unpairedSamples.a + paired.unpairedSamples.b > 0) notes.push(`left out ${paired.unpairedSamples.a} sample(s) of ${spec.a} and ${paired.unpairedSamples.b} of ${spec.b} without a partner of the same model, condition and seed`);
  if (paired.unbalancedPairs > 0) notes.push(`${paired.unbalancedPairs} pair(s) have different sample counts for ${spec.a} and ${spec.b}; each side is averaged`);
  if (paired.errors.a + paired.errors.b > 0) notes.push(`errored runs counted as 0: ${paired.errors.a} for ${spec.a}, ${paired.errors.b} for ${spec.b}`);
  if (result.nTasks === 0) {
    notes.push('no task has samples for both systems');
    return result;
  }
  const stats = resampleRatios(paired.sums, paired.counts, resamples, createRng(seed));
  let sum = 0;
  for (let i = 0; i < paired.sums.length; i++) sum += paired.sums[i]!;
  result.estimate = sum / paired.pairs;
  if (spec.test === 'one-sided') result.p = shareAtMostZero(stats);
  const { lower, upper } = percentileInterval(stats, level);
  result.lower = lower;
  result.upper = upper;
  if (isEquivalence) result.equal = equivalence({ lower, upper }, result.margin!).equal;
  return result;
}

/** Holm within each family; a one-sided contrast without a family is a family of one. */
function applyHolm(results: ContrastResult[]): void {
  const families = new Map<string, ContrastResult[]>();
  for (const r of results) {
    if (r.test !== 'one-sided') continue;
    const key = r.family ?? `\u0000${r.name}`;
    families.set(key, [...(families.get(key) ?? []), r]);
  }
  for (const members of families.values()) {
    const tested = members.filter((r) => r.p !== null);
    const untested = members.filter((r) => r.p === null);
    if (tested.length === 0) continue;
    const { adjusted, reject } = holm(tested.map((r) => r.p!), tested[0]!.alpha!);
    tested.forEach((r, i) => {
      r.adjustedP = adjusted[i]!;
      r.supported = r.valid ? reject[i]! : null;
      if (untested.length > 0) r.notes.push(`Holm over ${tested.length} of ${members.length} in family "${r.family}": ${untested.map((u) => u.name).join(', ')} had no paired tasks`);
    });
  }
}

function applyBaselineChecks(specs: readonly ContrastSpec[], results: ContrastResult[]): void {
  const byName = new Map(results.map((r) => [r.name, r]));
  specs.forEach((spec, i) => {
    if (spec.baselineCheck === undefined) return;
    const result = results[i]!;
    const check = byName.get(spec.baselineCheck)!;
    if (check.equal === null) {
      result.notes.push(`baseline check "${check.name}" has no data, so engine differences are not ruled out`);
      return;
    }
    result.mixed = !check.equal;
    if (result.mixed) result.notes.push(`mixed with engine differences: "${check.name}" is not within ±${formatPoints(check.margin!)} points at ${Math.round(check.level * 100)}%`);
  });
}

function formatPoints(share: number): string {
  return String(Math.round(share * 1000) / 10);
}
