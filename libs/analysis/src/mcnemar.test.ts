import { describe, expect, it } from 'vitest';
import { AnalysisError } from './errors.ts';
import { mcnemarExact } from './mcnemar.ts';

/** The same two-sided binomial tail, summed in log space as an independent check. */
function logSpaceP(b: number, c: number): number {
  const n = b + c;
  const k = Math.min(b, c);
  let logTerm = -n * Math.LN2;
  let sum = Math.exp(logTerm);
  for (let i = 0; i < k; i++) {
    logTerm += Math.log(n - i) - Math.log(i + 1);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, 2 * sum);
}

describe('mcnemarExact', () => {
  it('gives 2^-115 ≈ 2.4e-35 for 116 against 0 discordant pairs (the paper, appendix G)', () => {
    const result = mcnemarExact(116, 0);
    expect(result).toMatchObject({ b: 116, c: 0, n: 116 });
    expect(result.p).toBe(2 ** -115);
    expect(result.p.toPrecision(2)).toBe('2.4e-35');
  });

  it('matches small cases worked by hand', () => {
    // n = 6: 2 · (C(6,0) + C(6,1)) / 64 = 2 · 7/64
    expect(mcnemarExact(1, 5).p).toBe(0.21875);
    expect(mcnemarExact(5, 1).p).toBe(0.21875);
    // n = 7: 2 · (1 + 7 + 21) / 128 = 29/64; the paper's Llama-3.1-8B, 2 against 5: p = 0.45
    expect(mcnemarExact(2, 5).p).toBe(29 / 64);
    // n = 3, k = 0: 2/8
    expect(mcnemarExact(0, 3).p).toBe(0.25);
    expect(mcnemarExact(1, 0).p).toBe(1);
  });

  it('reproduces the paper\'s other reported p-values', () => {
    expect(mcnemarExact(16, 5).p.toFixed(3)).toBe('0.027');
    expect(mcnemarExact(17, 13).p.toFixed(2)).toBe('0.58');
    expect(mcnemarExact(11, 5).p.toFixed(2)).toBe('0.21');
  });

  it('caps at 1 for balanced pairs and gives 1 without discordant pairs', () => {
    expect(mcnemarExact(3, 3).p).toBe(1);
    expect(mcnemarExact(0, 0)).toEqual({ b: 0, c: 0, n: 0, p: 1 });
  });

  it('agrees with a log-space sum over a grid, and stays positive for large n', () => {
    for (const [b, c] of [[10, 30], [40, 41], [200, 150], [900, 1100], [3, 60]] as const) {
      const { p } = mcnemarExact(b, c);
      expect(p).toBeGreaterThan(0);
      expect(Math.abs(p - logSpaceP(b, c)) / logSpaceP(b, c)).toBeLessThan(1e-9);
    }
    // 2^-1999 is below the smallest double: the honest answer rounds to 0 rather than failing.
    expect(mcnemarExact(2000, 0).p).toBe(0);
    expect(mcnemarExact(1070, 0).p).toBe(2 ** -1069);
  });

  it.each([[-1, 2], [1.5, 2], [Number.NaN, 0], [60_000, 60_000]])('rejects b=%s, c=%s', (b, c) => {
    expect(() => mcnemarExact(b, c)).toThrow(AnalysisError);
  });
});
