import { describe, expect, it } from 'vitest';
import { AnalysisError } from './errors.ts';
import { createRng, deriveSeed } from './rng.ts';

describe('createRng', () => {
  it('repeats its stream for the same seed and records the seed', () => {
    const draws = (seed: number) => {
      const rng = createRng(seed);
      return { seed: rng.seed, values: Array.from({ length: 20 }, () => rng.index(1000)) };
    };
    expect(draws(5)).toEqual(draws(5));
    expect(draws(5).seed).toBe(5);
    expect(draws(5).values).not.toEqual(draws(6).values);
  });

  it('draws indices uniformly within range', () => {
    const rng = createRng(1);
    const counts = new Array<number>(4).fill(0);
    for (let i = 0; i < 40_000; i++) counts[rng.index(4)]!++;
    // Each count is Binomial(40,000, 1/4): sd ≈ 87, so ±500 is over 5 sd.
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    for (let i = 0; i < 1000; i++) {
      const f = rng.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });

  it.each([-1, 1.5, 2 ** 32, Number.NaN])('rejects the seed %s', (seed) => {
    expect(() => createRng(seed)).toThrow(AnalysisError);
  });
});

describe('deriveSeed', () => {
  it('is a stable function of seed and label', () => {
    expect(deriveSeed(1, 'H3.1')).toBe(deriveSeed(1, 'H3.1'));
    const seeds = new Set([deriveSeed(1, 'a'), deriveSeed(1, 'b'), deriveSeed(2, 'a'), deriveSeed(2, 'b')]);
    expect(seeds.size).toBe(4);
    for (const s of seeds) expect(() => createRng(s)).not.toThrow();
  });
});
