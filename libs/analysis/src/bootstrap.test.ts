import { describe, expect, it } from 'vitest';
import { bootstrap, bootstrapDifferences, bootstrapMean, quantileSorted } from './bootstrap.ts';
import { AnalysisError } from './errors.ts';
import { createRng, deriveSeed } from './rng.ts';

/**
 * One simulated study: per task a difficulty shared by both systems, A passing each of four conditions with
 * probability difficulty + 0.1 and B with probability difficulty. The truth (the mean difference over the task
 * population) is exactly 0.1.
 */
function simulatedDifferences(seed: number, tasks: number): number[] {
  const rng = createRng(seed);
  const rate = (p: number) => {
    let passes = 0;
    for (let c = 0; c < 4; c++) if (rng.float() < p) passes++;
    return passes / 4;
  };
  return Array.from({ length: tasks }, () => {
    const difficulty = 0.2 + 0.6 * rng.float();
    return rate(difficulty + 0.1) - rate(difficulty);
  });
}

function coverage(level: number): number {
  const datasets = 200;
  let covered = 0;
  for (let d = 0; d < datasets; d++) {
    const diffs = simulatedDifferences(deriveSeed(2024, `data ${d}`), 50);
    const { lower, upper } = bootstrapDifferences(diffs, { resamples: 2000, seed: deriveSeed(2024, `boot ${d}`), level });
    if (lower <= 0.1 && 0.1 <= upper) covered++;
  }
  return covered / datasets;
}

describe('bootstrap coverage on data with a known effect', () => {
  // With 200 datasets the observed coverage has a binomial sd of 1.5 points at 95% and 2.8 points at 80%. The
  // bands allow about 3 sd, plus the percentile interval's known slight undercoverage with 50 tasks; an interval at
  // the wrong level or around a biased estimate falls outside them.
  it('covers the truth in about 95% of datasets at level 0.95', () => {
    const rate = coverage(0.95);
    expect(rate).toBeGreaterThanOrEqual(0.9);
    expect(rate).toBeLessThanOrEqual(0.99);
  });

  it('covers the truth in about 80% of datasets at level 0.80', () => {
    const rate = coverage(0.8);
    expect(rate).toBeGreaterThanOrEqual(0.71);
    expect(rate).toBeLessThanOrEqual(0.89);
  });
});

describe('bootstrap (paired)', () => {
  const tasks = Array.from({ length: 40 }, (_, i) => `task-${i}`);

  it('cancels a difficulty shared by a task', () => {
    // Task values spread from 0 to 0.95; A is B plus 0.05 on every task.
    const b = Object.fromEntries(tasks.map((t, i) => [t, (i % 20) / 20]));
    const a = Object.fromEntries(tasks.map((t, i) => [t, (i % 20) / 20 + 0.05]));
    const paired = bootstrap({ a, b }, { seed: 3 });
    expect(paired.estimate).toBeCloseTo(0.05, 12);
    expect(paired.upper - paired.lower).toBeLessThan(1e-9);
    expect(paired.pOneSided).toBe(0);
    // Resampled separately, each system's rate is uncertain by far more than the difference.
    const alone = bootstrapMean(b, { seed: 3 });
    expect(alone.upper - alone.lower).toBeGreaterThan(0.15);
  });

  it('pairs tasks by id, whatever order the maps were built in', () => {
    const a = new Map(tasks.map((t, i) => [t, (i * 7) % 10 / 10]));
    const b = new Map(tasks.map((t, i) => [t, (i * 3) % 10 / 10]));
    const reversedA = new Map([...a].reverse());
    expect(bootstrap({ a: reversedA, b }, { seed: 9 })).toEqual(bootstrap({ a, b }, { seed: 9 }));
    expect(() => bootstrap({ a, b: new Map([...b].slice(1)) })).toThrow(/only in a: \[task-0\]/);
  });

  it('is deterministic under a seed and echoes it', () => {
    const diffs = simulatedDifferences(1, 30);
    const first = bootstrapDifferences(diffs, { seed: 11, resamples: 500 });
    expect(bootstrapDifferences(diffs, { seed: 11, resamples: 500 })).toEqual(first);
    expect(first).toMatchObject({ seed: 11, resamples: 500, level: 0.95, n: 30 });
    const other = bootstrapDifferences(diffs, { seed: 12, resamples: 500 });
    expect([other.lower, other.upper]).not.toEqual([first.lower, first.upper]);
  });

  it('gives the one-sided p as the share of resampled differences at or below zero', () => {
    // Half the tasks favour A by 1, half favour B by 1: the resampled mean is ≤ 0 in a little over half the draws.
    const balanced = bootstrapDifferences([...new Array(10).fill(1), ...new Array(10).fill(-1)], { seed: 1 });
    expect(balanced.pOneSided).toBeGreaterThan(0.5);
    expect(balanced.pOneSided).toBeLessThan(0.65);
    expect(bootstrapDifferences([0.1, 0.2, 0.3], { seed: 1 }).pOneSided).toBe(0);
    expect(bootstrapDifferences([0, 0, 0], { seed: 1 }).pOneSided).toBe(1);
    expect(bootstrapDifferences([0.3, 0.1, -0.4], { seed: 1 }).pOneSided).toBeGreaterThan(0.3);
  });

  it('rejects bad input with a clear error', () => {
    expect(() => bootstrapDifferences([])).toThrow(AnalysisError);
    expect(() => bootstrapDifferences([0.1, Number.NaN])).toThrow(/differences\[1\]/);
    expect(() => bootstrapDifferences([0.1], { resamples: 0 })).toThrow(/resamples/);
    expect(() => bootstrapDifferences([0.1], { level: 1 })).toThrow(/level/);
    expect(() => bootstrapDifferences([0.1], { seed: -3 })).toThrow(/seed/);
  });
});

describe('bootstrapMean', () => {
  it('brackets a pass rate and accepts arrays or task maps', () => {
    const values = [1, 1, 1, 0, 1, 0, 1, 1, 0, 1];
    const rate = bootstrapMean(values, { seed: 2 });
    expect(rate.estimate).toBeCloseTo(0.7, 12);
    expect(rate.lower).toBeLessThan(0.7);
    expect(rate.upper).toBeGreaterThan(0.7);
    expect(rate.lower).toBeGreaterThanOrEqual(0.3);
    expect(rate.upper).toBeLessThanOrEqual(1);
    const byTask = Object.fromEntries(values.map((v, i) => [`t${String(i).padStart(2, '0')}`, v]));
    expect(bootstrapMean(byTask, { seed: 2 })).toEqual(rate);
  });
});

describe('quantileSorted', () => {
  it('interpolates between order statistics', () => {
    const sorted = Float64Array.from([0, 1, 2, 3, 4]);
    expect(quantileSorted(sorted, 0)).toBe(0);
    expect(quantileSorted(sorted, 1)).toBe(4);
    expect(quantileSorted(sorted, 0.5)).toBe(2);
    expect(quantileSorted(sorted, 0.025)).toBeCloseTo(0.1, 12);
  });
});
