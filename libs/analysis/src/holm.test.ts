import { describe, expect, it } from 'vitest';
import { AnalysisError } from './errors.ts';
import { holm } from './holm.ts';

describe('holm', () => {
  it('matches the worked example, in input order', () => {
    // Sorted: 0.01 · 3 = 0.03 ≤ 0.05 rejects; 0.03 · 2 = 0.06 > 0.05 stops; 0.04 · 1 = 0.04 is lifted to 0.06.
    const result = holm([0.01, 0.04, 0.03], 0.05);
    expect(result.reject).toEqual([true, false, false]);
    expect(result.adjusted[0]).toBeCloseTo(0.03, 15);
    expect(result.adjusted[1]).toBeCloseTo(0.06, 15);
    expect(result.adjusted[2]).toBeCloseTo(0.06, 15);
    expect(result.alpha).toBe(0.05);
  });

  it('rejects all when every step passes, and caps adjusted values at 1', () => {
    expect(holm([0.001, 0.02, 0.04]).reject).toEqual([true, true, true]);
    expect(holm([0.6, 0.9]).adjusted).toEqual([1, 1]);
  });

  it('treats ties alike and leaves a single p-value as it is', () => {
    const tied = holm([0.01, 0.01, 0.5]);
    expect(tied.adjusted[0]).toBe(tied.adjusted[1]);
    expect(tied.reject).toEqual([true, true, false]);
    // 0.02 · 3 = 0.06: tied p-values fall together too.
    expect(holm([0.02, 0.02, 0.5]).reject).toEqual([false, false, false]);
    expect(holm([0.049])).toEqual({ alpha: 0.05, adjusted: [0.049], reject: [true] });
    expect(holm([])).toEqual({ alpha: 0.05, adjusted: [], reject: [] });
  });

  it('rejects a p-value at the boundary alpha / (m − i + 1)', () => {
    expect(holm([0.025, 0.05]).reject).toEqual([true, true]);
  });

  it('refuses values that are not probabilities', () => {
    expect(() => holm([0.1, 1.2])).toThrow(AnalysisError);
    expect(() => holm([Number.NaN])).toThrow(/pValues\[0\]/);
    expect(() => holm([0.1], 0)).toThrow(/alpha/);
  });
});
