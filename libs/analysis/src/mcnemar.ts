import { invalidInput } from './errors.ts';

export interface McNemarResult {
  /** Discordant pairs where only A is correct. */
  b: number;
  /** Discordant pairs where only B is correct. */
  c: number;
  /** b + c. */
  n: number;
  /** Two-sided exact p-value. */
  p: number;
}

/**
 * Beyond this many discordant pairs the exact sum gets slow (the terms are n-bit integers); the delivery study has
 * at most about a thousand.
 */
export const MCNEMAR_MAX_PAIRS = 100_000;

/**
 * McNemar's exact test: under the null, each of the n = b + c discordant pairs favours A with probability 1/2, so
 * the two-sided p-value is 2 · P(X ≤ min(b, c)) for X ~ Binomial(n, 1/2), capped at 1. The tail is summed exactly in
 * BigInt and divided once at the end, so tiny p-values (2^-115 for 116 against 0) keep full relative precision.
 */
export function mcnemarExact(b: number, c: number): McNemarResult {
  for (const [name, v] of [['b', b], ['c', c]] as const) {
    if (!(Number.isInteger(v) && v >= 0)) throw invalidInput(`mcnemarExact: ${name} must be a non-negative integer count, got ${v}`);
  }
  const n = b + c;
  if (n > MCNEMAR_MAX_PAIRS) throw invalidInput(`mcnemarExact: ${n} discordant pairs exceed the supported ${MCNEMAR_MAX_PAIRS}`);
  if (n === 0) return { b, c, n, p: 1 };
  const k = Math.min(b, c);
  // 2 · Σ_{i≤k} C(n, i) / 2^n = Σ_{i≤k} C(n, i) / 2^(n−1)
  let term = 1n;
  let tail = 1n;
  const bn = BigInt(n);
  for (let i = 0; i < k; i++) {
    term = (term * (bn - BigInt(i))) / BigInt(i + 1);
    tail += term;
  }
  return { b, c, n, p: Math.min(1, ratioToPowerOfTwo(tail, n - 1)) };
}

/** numerator / 2^exponent as a double, without overflowing on the way. */
function ratioToPowerOfTwo(numerator: bigint, exponent: number): number {
  const bits = numerator.toString(2).length;
  // Keep 64 leading bits: more than a double's 53, so the truncation below never shows.
  const shift = Math.max(0, bits - 64);
  const mantissa = Number(numerator >> BigInt(shift));
  const scale = shift - exponent;
  // Two factors, because 2^scale alone underflows to 0 before the mantissa could lift it back into range.
  const half = Math.trunc(scale / 2);
  return mantissa * 2 ** half * 2 ** (scale - half);
}
