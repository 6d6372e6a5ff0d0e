import { describe, expect, it } from 'vitest';
import { equivalence } from './equivalence.ts';
import { AnalysisError } from './errors.ts';

describe('equivalence', () => {
  it.each([
    [{ lower: -0.05, upper: 0.05 }, true],
    [{ lower: -0.02, upper: 0.03 }, true],
    [{ lower: 0, upper: 0 }, true],
    [{ lower: 0.5 - 0.55, upper: 0.55 - 0.5 }, true],
    [{ lower: -0.0501, upper: 0 }, false],
    [{ lower: 0.01, upper: 0.0501 }, false],
    [{ lower: 0.06, upper: 0.09 }, false],
    [{ lower: -0.1, upper: 0.1 }, false],
  ])('%o within ±0.05 → %s', (interval, equal) => {
    expect(equivalence(interval, 0.05)).toEqual({ equal, margin: 0.05, ...interval });
  });

  it('refuses a non-positive margin or a reversed interval', () => {
    expect(() => equivalence({ lower: 0, upper: 0 }, 0)).toThrow(AnalysisError);
    expect(() => equivalence({ lower: 0.1, upper: 0 }, 0.05)).toThrow(/exceeds/);
    expect(() => equivalence({ lower: Number.NaN, upper: 0 }, 0.05)).toThrow(/finite/);
  });
});
