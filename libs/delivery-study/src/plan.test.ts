import { describe, expect, it } from 'vitest';
import { planScenarios, shiftRates } from './plan.ts';

describe('planning the number of scenarios', () => {
  it('a form that is always right against one always wrong needs six pairs: McNemar 6 to 0 gives p = 1/32', () => {
    const r = planScenarios({ baseline: { transient: 0 }, compared: { transient: 1 }, simulations: 200 });
    expect(r.scenarios).toBe(6);
    expect(r.at).toEqual({ scenarios: 6, power: 1, standardError: 0 });
    expect(r.range).toEqual({ low: 6, high: 6 });
  });

  it('spreads an effect over the kinds by their room and refuses one that cannot be reached', () => {
    expect(shiftRates({ transient: 1, fixable: 1, unrecoverable: 0 }, 5)).toEqual({ transient: 1, fixable: 1, unrecoverable: expect.closeTo(0.15, 12) });
    const shifted = shiftRates({ transient: 0.5, fixable: 0.9 }, 10);
    expect((shifted.transient! + shifted.fixable!) / 2).toBeCloseTo(0.8, 12);
    expect(() => shiftRates({ transient: 1, fixable: 0.98 }, 5)).toThrow(/cannot be reached/);
  });

  it('a smaller effect needs more scenarios, and the power there is within its simulation error of the target', () => {
    const big = planScenarios({ baseline: { transient: 0.7, fixable: 0.7 }, effect: 20, simulations: 1000 });
    const small = planScenarios({ baseline: { transient: 0.7, fixable: 0.7 }, effect: 8, simulations: 1000 });
    expect(small.scenarios!).toBeGreaterThan(big.scenarios!);
    expect(small.at!.power).toBeGreaterThanOrEqual(0.8);
    expect(small.range.low!).toBeLessThanOrEqual(small.scenarios!);
    expect(small.range.high!).toBeGreaterThanOrEqual(small.scenarios!);
    expect(planScenarios({ baseline: { transient: 0.7, fixable: 0.7 }, effect: 8, simulations: 1000 })).toEqual(small);
  });

  it('says when even the largest study is not enough', () => {
    expect(planScenarios({ baseline: { transient: 0.5 }, effect: 1, simulations: 100, maxScenarios: 20 }).scenarios).toBeNull();
  });
});
