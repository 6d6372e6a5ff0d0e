import { invalidInput } from './errors.ts';

export interface HolmResult {
  alpha: number;
  /** Holm-adjusted p-values, in input order. */
  adjusted: number[];
  /** Whether each hypothesis is rejected at `alpha`, in input order. */
  reject: boolean[];
}

/**
 * Holm's step-down procedure. The adjusted p-value of the i-th smallest of m p-values is the running maximum of
 * (m − j + 1) · p_(j) over j ≤ i, capped at 1; a hypothesis is rejected iff its adjusted p-value is ≤ alpha, which is
 * the same decision as stopping at the first p_(i) > alpha / (m − i + 1), and keeps the flags consistent with the
 * numbers a reader sees.
 */
export function holm(pValues: readonly number[], alpha = 0.05): HolmResult {
  if (!(Number.isFinite(alpha) && alpha > 0 && alpha < 1)) throw invalidInput(`holm: alpha must lie strictly between 0 and 1, got ${alpha}`);
  pValues.forEach((p, i) => {
    if (!(Number.isFinite(p) && p >= 0 && p <= 1)) throw invalidInput(`holm: pValues[${i}] must be a probability, got ${p}`);
  });
  const m = pValues.length;
  // A stable sort keeps tied p-values in input order, so equal inputs always get equal outputs.
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return { alpha, adjusted, reject: adjusted.map((p) => p <= alpha) };
}
