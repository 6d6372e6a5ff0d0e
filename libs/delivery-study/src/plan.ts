import { createRng, deriveSeed, mcnemarExact } from '@recovery-bench/analysis';
import { BenchError } from '@recovery-bench/harness';
import type { StudyKind } from './stimuli.ts';

/** Per kind, the probability of a correct next action (a sim profile's rates for one form). */
export type KindRates = Readonly<Partial<Record<StudyKind, number>>>;

export interface PlanInput {
  /** The baseline form's rates (e.g. C2 of a profile). */
  baseline: KindRates;
  /** The compared form's rates; when absent, the baseline shifted by `effect`. */
  compared?: KindRates;
  /** The difference to detect, in points, pooled over the kinds (e.g. 5 for +5 points). */
  effect?: number;
  /** Target power, default 0.8. */
  power?: number;
  /** Two-sided level of McNemar's exact test, default 0.05. */
  alpha?: number;
  /** Simulated studies per scenario count, default 2,000. */
  simulations?: number;
  seed?: number;
  /** Largest number of scenarios searched, default 5,000. */
  maxScenarios?: number;
}

export interface PowerPoint { scenarios: number; power: number; standardError: number }

export interface PlanResult {
  /** Fewest scenarios whose simulated power reaches the target; null when even `maxScenarios` does not. */
  scenarios: number | null;
  /** Power at that count, with its simulation standard error. */
  at: PowerPoint | null;
  /**
   * The simulation's own error as a range of scenario counts: from the fewest whose power could reach the target
   * (estimate + 2 SE) to the fewest whose power surely does (estimate − 2 SE).
   */
  range: { low: number | null; high: number | null };
  baseline: Record<string, number>;
  compared: Record<string, number>;
  effect: number;
  settings: { power: number; alpha: number; simulations: number; seed: number; maxScenarios: number; kinds: string[] };
  /** Every scenario count simulated, in order. */
  curve: PowerPoint[];
}

const bad = (message: string) => new BenchError('config:invalid', message);

/**
 * Spreads a pooled difference over the kinds in proportion to the room each has (1 − p upwards, p downwards), so
 * no rate leaves [0, 1]; a difference larger than the room of all kinds together cannot be planned for.
 */
export function shiftRates(baseline: KindRates, effectPoints: number): Record<string, number> {
  const kinds = Object.keys(baseline) as StudyKind[];
  const d = effectPoints / 100;
  const room = kinds.map((k) => (d >= 0 ? 1 - baseline[k]! : baseline[k]!));
  const total = room.reduce((a, b) => a + b, 0);
  if (Math.abs(d) * kinds.length > total + 1e-12) {
    const mean = kinds.reduce((a, k) => a + baseline[k]!, 0) / kinds.length;
    throw bad(`an effect of ${effectPoints} points cannot be reached: the baseline form is at ${(100 * mean).toFixed(1)}% pooled over ${kinds.join(', ')}, so ${d >= 0 ? 'at most +' : 'at least −'}${(100 * (d >= 0 ? 1 - mean : mean)).toFixed(1)} points are possible`);
  }
  return Object.fromEntries(kinds.map((k, i) => [k, Math.min(1, Math.max(0, baseline[k]! + (total === 0 ? 0 : (d * kinds.length * room[i]!) / total)))]));
}

/**
 * How many scenarios a study needs to detect the difference between two forms for one model at a given power, by
 * simulation. Each scenario gives one pair per kind; within a pair the two forms' actions are independent draws at
 * their rates (the sim engine draws each conversation's decision from its own hash, so two forms of one stimulus are
 * independent given the rates). A simulated study detects the difference when McNemar's exact test on its pairs
 * has p < alpha with the compared form ahead, the rule of H1.1, H1.2 and S2. Power at each count is the share of
 * detecting studies; its standard error √(P(1 − P)/simulations) is the simulation's own error.
 */
export function planScenarios(input: PlanInput): PlanResult {
  const power = input.power ?? 0.8;
  const alpha = input.alpha ?? 0.05;
  const simulations = input.simulations ?? 2000;
  const seed = input.seed ?? 20_261_026;
  const maxScenarios = input.maxScenarios ?? 5000;
  if (!(power > 0 && power < 1)) throw bad(`--power must lie between 0 and 1; got ${power}`);
  if (!(alpha > 0 && alpha < 1)) throw bad(`--alpha must lie between 0 and 1; got ${alpha}`);
  if (!(Number.isInteger(simulations) && simulations >= 100)) throw bad(`--simulations must be an integer of at least 100; got ${simulations}`);
  if (!(Number.isInteger(maxScenarios) && maxScenarios >= 1)) throw bad(`--max-scenarios must be a positive integer; got ${maxScenarios}`);
  const kinds = Object.keys(input.baseline) as StudyKind[];
  if (kinds.length === 0) throw bad('plan needs the rates of at least one kind');
  const baseline = Object.fromEntries(kinds.map((k) => [k, input.baseline[k]!]));
  const compared = input.compared ? Object.fromEntries(kinds.map((k) => [k, input.compared![k]!])) : shiftRates(input.baseline, input.effect ?? 0);
  const effect = (100 * kinds.reduce((a, k) => a + compared[k]! - baseline[k]!, 0)) / kinds.length;
  if (effect <= 0) throw bad(`the compared form must be ahead of the baseline to plan for detecting it; the difference is ${effect.toFixed(1)} points`);

  const cache = new Map<number, PowerPoint>();
  const at = (n: number): PowerPoint => {
    let point = cache.get(n);
    if (!point) {
      point = simulatePower(n, kinds, baseline, compared, alpha, simulations, deriveSeed(seed, `plan/${n}`));
      cache.set(n, point);
    }
    return point;
  };
  // Doubling from a few scenarios, then halving the last step: large counts, slow to simulate, are visited only when needed.
  const fewest = (reaches: (p: PowerPoint) => boolean): number | null => {
    let hi = Math.min(8, maxScenarios);
    while (!reaches(at(hi))) {
      if (hi === maxScenarios) return null;
      hi = Math.min(2 * hi, maxScenarios);
    }
    let lo = hi > 8 ? Math.floor(hi / 2) + 1 : 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (reaches(at(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const n = fewest((p) => p.power >= power);
  const low = fewest((p) => p.power + 2 * p.standardError >= power);
  const high = fewest((p) => p.power - 2 * p.standardError >= power);
  return {
    scenarios: n, at: n === null ? null : at(n), range: { low, high }, baseline, compared, effect,
    settings: { power, alpha, simulations, seed, maxScenarios, kinds }, curve: [...cache.values()].sort((a, b) => a.scenarios - b.scenarios),
  };
}

const criticalCache = new Map<string, number>();

/**
 * The most pairs the worse form may win among n discordant ones for McNemar's exact test to reject at alpha (−1 when
 * none): the p-value grows with the smaller count, so a binary search finds it, and the studies of one plan share it.
 */
function critical(n: number, alpha: number): number {
  const key = `${n}/${alpha}`;
  let w = criticalCache.get(key);
  if (w === undefined) {
    let lo = -1;
    let hi = Math.floor((n - 1) / 2);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (mcnemarExact(n - mid, mid).p < alpha) lo = mid;
      else hi = mid - 1;
    }
    w = lo;
    criticalCache.set(key, w);
  }
  return w;
}

function simulatePower(n: number, kinds: readonly StudyKind[], a: Record<string, number>, b: Record<string, number>, alpha: number, simulations: number, seed: number): PowerPoint {
  const rng = createRng(seed);
  // Per kind, the chance that a pair is discordant one way or the other.
  const onlyB = kinds.map((k) => b[k]! * (1 - a[k]!));
  const either = kinds.map((k, i) => onlyB[i]! + a[k]! * (1 - b[k]!));
  let detected = 0;
  for (let s = 0; s < simulations; s++) {
    let better = 0;
    let worse = 0;
    for (let i = 0; i < kinds.length; i++) {
      const pOnlyB = onlyB[i]!;
      const pEither = either[i]!;
      for (let j = 0; j < n; j++) {
        const u = rng.float();
        if (u < pOnlyB) better++;
        else if (u < pEither) worse++;
      }
    }
    if (better > worse && worse <= critical(better + worse, alpha)) detected++;
  }
  const power = detected / simulations;
  return { scenarios: n, power, standardError: Math.sqrt((power * (1 - power)) / simulations) };
}
