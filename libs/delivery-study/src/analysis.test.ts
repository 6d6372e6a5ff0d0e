import { describe, expect, it } from 'vitest';
import { delivery, type AnalysisOptions, type DecisionRow, type EpisodeRow, type RealRow } from './analysis.ts';
import { DELIVERY_FORMS, STUDY_KINDS as KINDS, type DeliveryForm, type StudyKind } from './design.ts';

const analyseDelivery = (decisions: readonly DecisionRow[], episodes: readonly EpisodeRow[], options: AnalysisOptions) => delivery.analyse({ decisions, episodes }, options);

/** Rows where the share of each cell is exactly `rate(model, kind, form)` (the first k scenarios correct). */
function rows(models: string[], rate: (m: string, k: StudyKind, f: DeliveryForm) => number, n = 60): DecisionRow[] {
  const out: DecisionRow[] = [];
  for (const model of models) for (const kind of KINDS) for (const form of DELIVERY_FORMS) {
    const k = Math.round(rate(model, kind, form) * n);
    for (let s = 0; s < n; s++) out.push({ model, scenario: `S${String(s).padStart(2, '0')}`, kind, form, correct: s < k });
  }
  return out;
}

const opts = { resamples: 2000, seed: 1 };

describe('the delivery analyses on data with a known answer', () => {
  it('table 6 shares are the counts over 60; a note that wins everywhere supports H1.1 with exact McNemar p', () => {
    const a = analyseDelivery(rows(['m1', 'm2', 'm3'], (_m, k, f) => (k === 'unrecoverable' ? 1 : f === 'C0' ? 0 : 1)), [], opts);
    expect(a.table.m1!.transient.C0).toEqual({ k: 0, n: 60, share: 0 });
    expect(a.table.m1!.fixable.C2).toEqual({ k: 60, n: 60, share: 1 });
    const h11 = a.verdicts.find((v) => v.id === 'H1.1')!;
    expect(h11.result).toBe('supported');
    // 120 discordant pairs, all one way: p = 2 · 2^-120.
    expect(h11.perModel![0]).toMatchObject({ better: 120, worse: 0, verdict: 'higher' });
    expect(h11.perModel![0]!.p).toBeCloseTo(2 * 2 ** -120, 45);
    expect(a.settings.modelsNeeded).toBe(2);
  });

  it('H1.4 fails a form whose stopping falls by more than 10 points, and the selection skips it', () => {
    const a = analyseDelivery(rows(['m1', 'm2'], (_m, k, f) => (k === 'unrecoverable' ? (f === 'A2B1' ? 0.5 : 1) : f === 'C0' ? 0.3 : f === 'C1' ? 0.6 : 1)), [], opts);
    expect(a.verdicts.find((v) => v.id === 'H1.4')!.result).toBe('not supported for A2B1');
    expect(a.selected).toBe('C2');
  });

  it('a run without unrecoverable errors: the analyses of stopping are not measured, the rest are', () => {
    const a = analyseDelivery(rows(['m1'], (_m, _k, f) => (f === 'C0' ? 0.2 : 0.9)).filter((r) => r.kind === 'transient'), [], opts);
    const result = (id: string) => a.verdicts.find((v) => v.id === id)!.result;
    expect([result('H1.4'), result('S4')]).toEqual(['not measured', 'not measured']);
    expect(result('H2.1')).toBe('supported');
  });

  it('H2.1: C3 five points below C2 is not non-inferior; one point below is', () => {
    const at = (gap: number) => analyseDelivery(rows(['m1'], (_m, _k, f) => (f === 'C3' ? 0.9 - gap : 0.9)), [], opts).verdicts.find((v) => v.id === 'H2.1')!.result;
    expect(at(0.1)).toBe('not supported');
    expect(at(0)).toBe('supported');
  });

  it('H2.1 prints table 3\'s 95% interval of C3 − C2 and is decided by the one-sided test under Holm over the primary family', () => {
    const h21 = analyseDelivery(rows(['m1', 'm2'], (_m, _k, f) => (f === 'C3' ? 0.95 : 0.9)), [], opts).verdicts.find((v) => v.id === 'H2.1')!;
    expect(h21.interval).toMatchObject({ level: 0.95 });
    expect(h21.interval!.lower).toBeLessThan(h21.interval!.estimate);
    expect(h21.note).toMatch(/^C3 − C2 \+5\.0 points, 95% interval \[/);
    expect(h21.note).toContain('Holm over {H2.1} (H2.2 not measured)');
  });

  it('H2.2 on real items: exact McNemar of C3 against C2, a cluster bootstrap, the strict count, and Holm with H2.1', () => {
    // 30 items in 10 clusters; C2 right on the first 10, C3 on the first 20: 10 discordant pairs, all for C3.
    const real: RealRow[] = [];
    for (let i = 0; i < 30; i++) {
      for (const form of ['C0', 'C2', 'C3'] as const) {
        const correct = form === 'C3' ? i < 20 : form === 'C2' ? i < 10 : false;
        real.push({ model: 'm', item: `R${i}`, cluster: `c${i % 10}`, kind: 'transient', form, correct, strict: correct && i % 2 === 0 });
      }
    }
    const a = delivery.analyse({ decisions: rows(['m'], (_m, _k, f) => (f === 'C3' ? 0.95 : 0.9)), real }, opts);
    const h22 = a.verdicts.find((v) => v.id === 'H2.2')!;
    expect(h22.result).toBe('supported');
    expect(h22.note).toMatch(/^C3 66\.7% vs C2 33\.3% of 30 items \(10 against 0 discordant, exact McNemar p = 0\.0020\); C3 − C2 over 10 clusters \+33\.3 \[/);
    expect(h22.parts!.c3MinusC0!.estimate).toBeCloseTo(66.67, 1);
    expect(h22.note).toContain('strict (no other call beside the correct one): C3 33.3% vs C2 16.7% (5 against 0, p = 0.063)');
    // Holm over both: H2.1's bootstrap p is the smaller (below 1/2000), so H2.2's stays as it is.
    expect(h22.note).toMatch(/Holm over \{H2\.1, H2\.2\} p = 0\.0020$/);
    expect(a.verdicts.find((v) => v.id === 'H2.1')!.note).toContain('Holm over {H2.1, H2.2}');
    // C3 worse than C2 is never supported, however small p is.
    const flipped = real.map((r) => (r.form === 'C3' ? { ...r, form: 'C2' as const } : r.form === 'C2' ? { ...r, form: 'C3' as const } : r));
    expect(delivery.analyse({ decisions: [], real: flipped }, opts).verdicts.find((v) => v.id === 'H2.2')!.result).toBe('not supported');
  });

  it('S4 is the registered test of the Llama models, whatever the data say: a Llama that stops under C2 is still tested, another model that does not is not', () => {
    // llama-3.1-x stops under C2 (so C3 restores nothing); qwen-y never stops under C2 and C3 fixes it.
    const rate = (m: string, k: StudyKind, f: DeliveryForm) => (k !== 'unrecoverable' ? 0.9 : m === 'llama-3.1-x' ? 1 : f === 'C3' ? 1 : 0);
    const s4 = analyseDelivery(rows(['llama-3.1-x', 'qwen-y'], rate), [], opts).verdicts.find((v) => v.id === 'S4')!;
    expect(s4.result).toBe('not supported');
    expect(s4.note).toMatch(/^llama-3.1-x: \+0\.0 \[/);
    expect(s4.note).not.toContain('qwen-y');
    expect(analyseDelivery(rows(['qwen-y', 'llama-3.2-3b'], rate), [], opts).verdicts.find((v) => v.id === 'S4')).toMatchObject({ result: 'not applicable' });
    // A lab may name its own S4 models, before the data.
    expect(analyseDelivery(rows(['llama-3.1-x', 'qwen-y'], rate), [], { ...opts, s4Models: ['qwen-y'] }).verdicts.find((v) => v.id === 'S4')).toMatchObject({ result: 'supported' });
  });

  it('S2 counts as registered (five of seven) and names the rules that are the project\'s own', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const s2 = (models: string[]) => analyseDelivery(rows(models, (m, _k, f) => (f === 'C3' && m < 'f' ? 1 : 0.5)), [], opts).verdicts.find((v) => v.id === 'S2')!;
    expect(s2(seven)).toMatchObject({ result: 'supported' });
    expect(s2(seven).note).toMatch(/in 5 of 7 models; needed 5; ours: a model counts when McNemar's exact test \(two-sided, p < 0\.05\) has C3 higher$/);
    expect(s2(seven.slice(0, 6)).note).toMatch(/needed 5; .*with 6 models the threshold is five sevenths of them, rounded up$/);
  });

  it('recommends a form only when its interval over the runner-up excludes 0, and says when it cannot decide', () => {
    const clear = analyseDelivery(rows(['m'], (_m, k, f) => (k === 'unrecoverable' && f !== 'C3' ? 0 : 1)), [], opts).recommendations[0]!;
    expect(clear.ship).toBe('C3');
    expect(clear.text).toMatch(/^ship C3 for this model: \+33\.3 points over C\d \[/);
    const tie = analyseDelivery(rows(['m'], () => 0.9), [], opts).recommendations[0]!;
    expect(tie.ship).toBeNull();
    expect(tie.text).toContain('cannot decide between C3 and C2');
  });

  it('episodes: H1.5 fails on added futile calls, S5 passes when C3 loses nothing', () => {
    const decisions = rows(['m1', 'm2'], (_m, k, f) => (k === 'unrecoverable' ? 1 : f === 'C0' || f === 'C1' ? 0.2 : 1));
    const episodes: EpisodeRow[] = decisions.map((r) => ({ ...r, success: r.correct, futileCalls: r.kind === 'unrecoverable' && r.form === 'C2' ? 2 : 0 }));
    const a = analyseDelivery(decisions, episodes, opts);
    expect(a.verdicts.find((v) => v.id === 'H1.5')!.result).toBe('not supported');
    expect(a.verdicts.find((v) => v.id === 'S5')!.result).toBe('supported');
    expect(analyseDelivery(decisions, [], opts).verdicts.find((v) => v.id === 'H1.5')!.result).toBe('not measured');
  });
});
