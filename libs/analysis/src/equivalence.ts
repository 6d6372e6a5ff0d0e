import { ZERO_TOLERANCE } from './bootstrap.ts';
import { invalidInput } from './errors.ts';

export interface EquivalenceResult {
  /** The interval lies within ±margin (the bounds themselves included). */
  equal: boolean;
  margin: number;
  lower: number;
  upper: number;
}

/**
 * Baselines count as equal when the whole interval of their difference lies within ±margin (H3.2: the 90% interval
 * within ±0.05, i.e. ±5 points on a 0–1 scale). Bounds that touch the margin count as inside; a tolerance of
 * {@link ZERO_TOLERANCE} keeps 0.55 − 0.5 (= 0.05000000000000004) from failing a margin of 0.05.
 */
export function equivalence(interval: { lower: number; upper: number }, margin: number): EquivalenceResult {
  const { lower, upper } = interval;
  if (!(Number.isFinite(margin) && margin > 0)) throw invalidInput(`equivalence: margin must be a positive number, got ${margin}`);
  if (!(Number.isFinite(lower) && Number.isFinite(upper))) throw invalidInput(`equivalence: interval bounds must be finite, got [${lower}, ${upper}]`);
  if (lower > upper) throw invalidInput(`equivalence: lower bound ${lower} exceeds upper bound ${upper}`);
  const equal = lower >= -margin - ZERO_TOLERANCE && upper <= margin + ZERO_TOLERANCE;
  return { equal, margin, lower, upper };
}
