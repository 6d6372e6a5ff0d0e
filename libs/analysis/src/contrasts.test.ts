import { describe, expect, it } from 'vitest';
import type { ContrastSpec } from './contrast-spec.ts';
import { evaluateContrasts } from './contrasts.ts';
import { AnalysisError } from './errors.ts';
import { holm } from './holm.ts';
import type { Sample } from './samples.ts';

function sample(fields: Partial<Sample> & Pick<Sample, 'system' | 'task' | 'value'>): Sample {
  return { benchmark: 'bm', model: 'm1', condition: 'c1', outcome: fields.value >= 0.5 ? 'pass' : 'fail', ...fields };
}

/** Tasks t0…t(n−1) where system A scores `a(i)` and B scores `b(i)`, one sample each. */
function pairs(n: number, a: (i: number) => number, b: (i: number) => number, extra: Partial<Sample> = {}): Sample[] {
  return Array.from({ length: n }, (_, i) => [sample({ system: 'A', task: `t${i}`, value: a(i), ...extra }), sample({ system: 'B', task: `t${i}`, value: b(i), ...extra })]).flat();
}

const describeAB = (name: string, extra: Partial<ContrastSpec> = {}): ContrastSpec => ({ name, a: 'A', b: 'B', filter: {}, test: 'descriptive', ...extra });

describe('evaluateContrasts', () => {
  it('counts an errored run as 0, whatever value it carries, and reports how many there were', () => {
    const samples = [
      ...pairs(10, () => 1, () => 1),
      sample({ system: 'A', task: 't0', value: 1, outcome: 'error', condition: 'c2' }),
      sample({ system: 'B', task: 't0', value: 1, condition: 'c2' }),
    ];
    const [result] = evaluateContrasts(samples, [describeAB('errors')], { resamples: 200 }).contrasts;
    // Eleven pairs: t0's c2 pair is 0 − 1 (the error counts as 0); the other ten tie. Mean difference −1/11.
    expect(result!.estimate).toBeCloseTo(-1 / 11, 12);
    expect(result!.nPairs).toBe(11);
    expect(result!.errors).toEqual({ a: 1, b: 0 });
    expect(result!.notes).toContain('errored runs counted as 0: 1 for A, 0 for B');
  });

  it('pairs samples of one model, task, condition and seed, and averages over the pairs that pass the filter', () => {
    const samples = [
      sample({ system: 'A', task: 't0', value: 1, condition: 'P1', seed: 0 }),
      sample({ system: 'A', task: 't0', value: 0, condition: 'P1', seed: 1 }),
      sample({ system: 'A', task: 't0', value: 1, condition: 'P2', model: 'm2' }),
      sample({ system: 'A', task: 't0', value: 1, condition: 'P0' }),
      sample({ system: 'B', task: 't0', value: 0, condition: 'P1', seed: 0 }),
      sample({ system: 'B', task: 't0', value: 0, condition: 'P2', model: 'm2' }),
      sample({ system: 'B', task: 't0', value: 1, condition: 'P0' }),
      sample({ system: 'A', task: 't0', value: 0, condition: 'P1', benchmark: 'other' }),
      sample({ system: 'B', task: 't0', value: 1, condition: 'P1', benchmark: 'other' }),
    ];
    const specs: ContrastSpec[] = [
      describeAB('explicit', { filter: { benchmark: 'bm', conditions: ['P1', 'P2'] } }),
      describeAB('explicit m1', { filter: { benchmark: 'bm', conditions: ['P1', 'P2'], models: ['m1'] } }),
      describeAB('control', { filter: { benchmark: 'bm', conditions: ['P0'] } }),
      describeAB('both benchmarks', { filter: { conditions: ['P1'] } }),
    ];
    const byName = Object.fromEntries(evaluateContrasts(samples, specs, { resamples: 100 }).contrasts.map((c) => [c.name, c]));
    // Pairs: P1 seed 0 (1 − 0) and P2 on m2 (1 − 0); A's seed-1 run has no partner and is left out.
    expect(byName['explicit']).toMatchObject({ estimate: 1, nPairs: 2, nTasks: 1, samples: { a: 3, b: 2 }, unpairedSamples: { a: 1, b: 0 } });
    expect(byName['explicit']!.notes).toContain('left out 1 sample(s) of A and 0 of B without a partner of the same model, condition and seed');
    expect(byName['explicit m1']).toMatchObject({ estimate: 1, nPairs: 1 });
    expect(byName['control']!.estimate).toBe(0);
    // A task id is only unique within its benchmark: bm/t0 and other/t0 are two tasks.
    expect(byName['both benchmarks']).toMatchObject({ nTasks: 2, nPairs: 2 });
    expect(byName['both benchmarks']!.estimate).toBeCloseTo((1 - 1) / 2, 12);
  });

  it('compares within a model: neither pooling a task over models nor averaging per model first', () => {
    // G-on ran both models; V only m1, as vLLM ran only Qwen3-32B in the paper's large tier. G-on scores 1 with m1
    // and 0 with m2; V scores 1 with m1.
    const vs = ['t0', 't1', 't2', 't3'].flatMap((task) => [
      sample({ system: 'G-on', task, model: 'm1', value: 1 }),
      sample({ system: 'G-on', task, model: 'm2', value: 0 }),
      sample({ system: 'V', task, model: 'm1', value: 1 }),
    ]);
    const [v] = evaluateContrasts(vs, [{ name: 'G-on − V', a: 'G-on', b: 'V', filter: {}, test: 'descriptive' }], { resamples: 200 }).contrasts;
    // Pooling a task over models would give 0.5 − 1 = −0.5; within m1 the two tie.
    expect(v).toMatchObject({ estimate: 0, nPairs: 4, nTasks: 4, unpairedSamples: { a: 4, b: 0 }, lower: 0, upper: 0 });
    // L ran both models, m2 on one task only: G-on − L is +1 on m1's three pairs and 0 on m2's one. Averaging per model
    // first would give (1 + 0) / 2 = 0.5; over pairs it is 3 / 4.
    const vsL = [
      ...['t0', 't1', 't2'].flatMap((task) => [sample({ system: 'G-on', task, model: 'm1', value: 1 }), sample({ system: 'L', task, model: 'm1', value: 0 })]),
      sample({ system: 'G-on', task: 't3', model: 'm2', value: 1 }),
      sample({ system: 'L', task: 't3', model: 'm2', value: 1 }),
    ];
    const [l] = evaluateContrasts(vsL, [{ name: 'G-on − L', a: 'G-on', b: 'L', filter: {}, test: 'descriptive' }], { resamples: 200 }).contrasts;
    expect(l!.estimate).toBeCloseTo(0.75, 12);
    expect(l!.nPairs).toBe(4);
  });

  it('pairs only tasks both systems have, and says which it left out', () => {
    const samples = [...pairs(5, () => 1, () => 0), sample({ system: 'A', task: 'extra', value: 0 }), sample({ system: 'B', task: 'x1', value: 1 }), sample({ system: 'B', task: 'x2', value: 1 })];
    const [result] = evaluateContrasts(samples, [describeAB('paired')], { resamples: 100 }).contrasts;
    expect(result).toMatchObject({ nTasks: 5, estimate: 1, unpairedTasks: { a: 1, b: 2 } });
    expect(result!.notes).toContain('left out 1 task(s) only A has and 2 only B has');
  });

  it('applies Holm within a family and decides support on the adjusted p', () => {
    const a = (i: number) => (i % 3 === 0 ? 1 : 0.5);
    const others: Record<string, (i: number) => number> = {
      B: () => 0.5,
      C: (i) => (i % 2 === 0 ? 1 : 0.4),
      D: (i) => (i === 0 || i === 3 ? 0.5 : i === 1 ? 1 : a(i)),
    };
    const samples = [
      ...Array.from({ length: 30 }, (_, i) => sample({ system: 'A', task: `t${i}`, value: a(i) })),
      ...Object.entries(others).flatMap(([system, value]) => Array.from({ length: 30 }, (_, i) => sample({ system, task: `t${i}`, value: value(i) }))),
    ];
    const family = { test: 'one-sided' as const, family: 'H', alpha: 0.05 };
    const specs: ContrastSpec[] = [describeAB('vs B', family), { ...describeAB('vs C', family), b: 'C' }, { ...describeAB('vs D', family), b: 'D' }];
    const results = evaluateContrasts(samples, specs, { resamples: 2000, seed: 5 }).contrasts;
    const expected = holm(results.map((r) => r.p!), 0.05);
    expect(results.map((r) => r.adjustedP)).toEqual(expected.adjusted);
    expect(results.map((r) => r.supported)).toEqual(expected.reject);
    expect(results[0]!.supported).toBe(true);
    expect(results[1]!.supported).toBe(false);
    expect(results[2]!.p).toBeGreaterThan(0.05);
    expect(results[0]!.adjustedP).toBeGreaterThanOrEqual(results[0]!.p!);
  });

  it('marks a contrast mixed when its baseline check is not equal', () => {
    const samples = [
      ...pairs(20, () => 0.8, () => 0.5, { condition: 'explicit' }),
      ...pairs(20, () => 0.5, () => 0.5, { condition: 'clean' }).map((s) => ({ ...s, system: s.system === 'A' ? 'Aoff' : 'B' })),
      // Aoff's explicit runs pair with B's above: 0.3 − 0.5, so the baseline over all conditions is −0.1.
      ...pairs(20, () => 0.3, () => 0.5, { condition: 'explicit' }).filter((s) => s.system === 'A').map((s) => ({ ...s, system: 'Aoff' })),
    ];
    const specs: ContrastSpec[] = [
      { ...describeAB('gain'), filter: { conditions: ['explicit'] }, test: 'one-sided', baselineCheck: 'baseline' },
      { ...describeAB('baseline'), a: 'Aoff', test: 'equivalence' },
      { ...describeAB('baseline clean'), a: 'Aoff', test: 'equivalence', filter: { conditions: ['clean'] } },
      { ...describeAB('gain, clean check'), name: 'gain 2', filter: { conditions: ['explicit'] }, test: 'one-sided', baselineCheck: 'baseline clean' },
    ];
    const [gain, baseline, clean, gain2] = evaluateContrasts(samples, specs, { resamples: 500 }).contrasts;
    expect(baseline).toMatchObject({ equal: false, level: 0.9, margin: 0.05 });
    expect(gain).toMatchObject({ supported: true, mixed: true });
    expect(gain!.notes).toContain('mixed with engine differences: "baseline" is not within ±5 points at 90%');
    expect(clean).toMatchObject({ equal: true });
    expect(gain2).toMatchObject({ mixed: false });
  });

  it('returns empty numbers and a note when no task is paired', () => {
    const [result] = evaluateContrasts(pairs(3, () => 1, () => 0), [{ ...describeAB('none'), b: 'Z', test: 'one-sided' }], { resamples: 50 }).contrasts;
    expect(result).toMatchObject({ nTasks: 0, estimate: null, lower: null, p: null, adjustedP: null, supported: null });
    expect(result!.notes).toEqual(['no samples for system "Z"', 'left out 3 task(s) only A has and 0 only Z has', 'no task has samples for both systems']);
  });

  it('names filter conditions no sample has, so a misspelling is visible', () => {
    const [result] = evaluateContrasts(pairs(3, () => 1, () => 0), [describeAB('typo', { filter: { conditions: ['c1', 'schema_drift'] } })], { resamples: 50 }).contrasts;
    expect(result!.nTasks).toBe(3);
    expect(result!.notes).toContain('filter conditions that no sample has: schema_drift');
  });

  it('compares stop rates where samples record them', () => {
    const samples = pairs(10, () => 0, () => 0).map((s, i) => ({ ...s, stopped: s.system === 'A' ? true : i % 4 === 1 }));
    const specs = [describeAB('stops', { metric: 'stopped' }), describeAB('values')];
    const [stops, values] = evaluateContrasts(samples, specs, { resamples: 100 }).contrasts;
    expect(stops!.estimate).toBeCloseTo(0.5, 12);
    expect(values!.estimate).toBe(0);
    const [none] = evaluateContrasts(pairs(3, () => 1, () => 0), [describeAB('stops', { metric: 'stopped' })], { resamples: 100 }).contrasts;
    expect(none!.nTasks).toBe(0);
    expect(none!.notes).toContain('no stopped values recorded for these samples');
  });

  it('gives the same numbers whatever the order of samples or of other contrasts', () => {
    const samples = pairs(25, (i) => (i * 37) % 11 / 10, (i) => (i * 17) % 7 / 10);
    const target = describeAB('target', { test: 'one-sided' });
    const base = evaluateContrasts(samples, [target], { resamples: 1000, seed: 3 }).contrasts[0]!;
    const shuffled = [...samples].reverse();
    const withOthers = evaluateContrasts(shuffled, [describeAB('other'), target], { resamples: 1000, seed: 3 }).contrasts[1]!;
    expect(withOthers).toEqual(base);
    const reseeded = evaluateContrasts(samples, [target], { resamples: 1000, seed: 4 }).contrasts[0]!;
    expect(reseeded.seed).not.toBe(base.seed);
    expect(evaluateContrasts(samples, [target], { resamples: 1000, seed: 3 })).toMatchObject({ seed: 3, resamples: 1000 });
  });

  it.each<[string, ContrastSpec[], RegExp]>([
    ['duplicate names', [describeAB('x'), describeAB('x')], /used twice/],
    ['a equals b', [{ ...describeAB('x'), b: 'A' }], /both "A"/],
    ['unknown test', [{ ...describeAB('x'), test: 'two-sided' as never }], /test must be/],
    ['empty condition list', [describeAB('x', { filter: { conditions: [] } })], /at least one name/],
    ['family on a descriptive contrast', [describeAB('x', { family: 'F' })], /one-sided tests only/],
    ['margin on a one-sided test', [describeAB('x', { test: 'one-sided', margin: 0.05 })], /equivalence tests only/],
    ['unknown baseline check', [describeAB('x', { baselineCheck: 'nope' })], /not among the contrasts/],
    ['baseline check that is no equivalence test', [describeAB('x', { baselineCheck: 'y' }), describeAB('y')], /must be an equivalence test/],
    ['mixed alpha in a family', [describeAB('x', { test: 'one-sided', family: 'F', alpha: 0.05 }), describeAB('y', { test: 'one-sided', family: 'F', alpha: 0.1 })], /Holm needs one/],
  ])('rejects a spec with %s', (_, specs, message) => {
    expect(() => evaluateContrasts(pairs(2, () => 1, () => 0), specs)).toThrow(message);
    expect(() => evaluateContrasts(pairs(2, () => 1, () => 0), specs)).toThrow(AnalysisError);
  });

  it('rejects malformed samples with the index of the first bad one', () => {
    const bad = [...pairs(2, () => 1, () => 0), { ...sample({ system: 'A', task: 't9', value: 1.5 }) }];
    expect(() => evaluateContrasts(bad, [describeAB('x')])).toThrow(/samples\[4\]\.value/);
    const badOutcome = [{ ...sample({ system: 'A', task: 't9', value: 1 }), outcome: 'crash' as never }];
    expect(() => evaluateContrasts(badOutcome, [describeAB('x')])).toThrow(/samples\[0\]\.outcome/);
  });
});
