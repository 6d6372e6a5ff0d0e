import type { DeliveryAnalysis, Verdict } from './analysis.ts';
import { describe, expect, it } from 'vitest';
import type { DeliveryReport } from './report.ts';
import { checkTable3, PAPER_TABLE3, renderTable3Check, TABLE3_ROWS } from './table3-check.ts';

const interval = (estimate: number, lower: number, upper: number) => ({ estimate, lower, upper, level: 0.95 });
const pair = (model: string, higher: boolean) => ({ model, better: higher ? 9 : 0, worse: 0, p: higher ? 0.004 : 1, verdict: higher ? 'higher' as const : 'no difference' as const });

function report(tiers: { tier: string | null; verdicts: Verdict[] }[]): DeliveryReport {
  return {
    format: 'recovery-bench/delivery-report@2', title: 't', simulated: true, cost: {}, lenient: {},
    tiers: tiers.map(({ tier, verdicts }) => ({ tier, analysis: { verdicts } as unknown as DeliveryAnalysis })),
  };
}

describe('the table 3 check against the paper\'s cells', () => {
  it('holds every row of the paper in both tiers', () => {
    expect(Object.keys(PAPER_TABLE3)).toEqual(TABLE3_ROWS.map((r) => r.row));
    for (const cells of Object.values(PAPER_TABLE3)) expect(cells).toHaveLength(2);
  });

  it('holds a cell when the paper\'s value is in our interval with the same verdict, compares counts exactly, and never compares real histories', () => {
    const small: Verdict[] = [
      { id: 'H2.1', question: '', result: 'supported', note: '', interval: interval(3.5, 2.9, 4.4) },
      { id: 'H2.2', question: '', result: 'not measured', note: 'needs real histories' },
      // Paper −3.8 [−4.5, −3.2]: outside [−3.0, −2.0].
      { id: 'S1', question: '', result: 'equivalent', note: '', interval: interval(-2.5, -3.0, -2.0) },
      { id: 'S2', question: '', result: 'supported', note: '', perModel: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((m, i) => pair(m, i < 5)) },
      { id: 'S4', question: '', result: 'supported', note: '', parts: { 'llama-3.1-8b': interval(95, 88.3, 100) } },
      { id: 'S5', question: '', result: 'not supported', note: '', parts: { completion: interval(4, 2, 6), futileCalls: interval(-0.7, -0.75, -0.65) } },
    ];
    const large: Verdict[] = [{ id: 'S2', question: '', result: 'supported', note: '', perModel: ['a', 'b', 'c', 'd', 'e', 'f'].map((m, i) => pair(m, i < 4)) }];
    const cells = checkTable3([report([{ tier: 'small', verdicts: small }]), report([{ tier: 'large', verdicts: large }])]);
    const at = (row: string, tier: string) => cells.find((c) => c.row.startsWith(row) && c.tier === tier)!;
    expect(at('H2.1', 'small')).toMatchObject({ holds: true, ours: '+3.5 [+2.9, +4.4], supported' });
    expect(at('S1', 'small')).toMatchObject({ holds: false, why: 'the paper\'s value is outside our interval; same verdict' });
    expect(at('S2', 'small')).toMatchObject({ holds: true, ours: '5 of 7 models, supported' });
    expect(at('S2', 'large')).toMatchObject({ holds: false, ours: '4 of 6 models, supported' });
    expect(at('S4', 'small')).toMatchObject({ holds: true });
    // Inside the interval, but the verdict is not the paper's.
    expect(at('S5: completion', 'small')).toMatchObject({ holds: false, why: 'the paper\'s value is within our interval; verdict differs (paper supported)' });
    expect(at('S5: futile', 'small').ours).toBe('−0.70 [−0.75, −0.65], not supported');
    expect(at('H2.2', 'small')).toMatchObject({ holds: null, ours: 'not measured' });
    expect(at('H2.1', 'large')).toMatchObject({ holds: null, why: 'no such verdict in the run' });
    const text = renderTable3Check(cells);
    expect(text).toContain('| S5: futile calls, C3 − C2 | small | −0.71 [−0.74, −0.66], supported | −0.70 [−0.75, −0.65], not supported | no (');
    expect(text).toMatch(/\n3 of 7 comparable cells hold \(11 not comparable: real histories, or not in these runs\)\.$/);
  });

  it('a run without tiers has nothing to compare', () => {
    expect(checkTable3([report([{ tier: null, verdicts: [{ id: 'H2.1', question: '', result: 'supported', note: '' }] }])]).every((c) => c.holds === null)).toBe(true);
  });
});
