import type { ScoredSample } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { codingReportSections } from './report.ts';

function sample(system: string, repo: string, condition: string, value: number, details: Record<string, unknown>): ScoredSample {
  return {
    system, model: 'm', task: `qwen-code/${repo}/${condition}`, unit: `qwen-code/${repo}`, condition, seed: 0,
    scores: { 'coding:outcome': { value, outcome: value ? 'pass' : 'fail', details: { toolCalls: 4, wallMs: 10_000, ...details } } },
  };
}

describe('coding report section', () => {
  it('gives each system its measures and the layer minus the other system, per agent', () => {
    const samples: ScoredSample[] = [];
    for (const repo of ['a', 'b']) {
      samples.push(sample('off', repo, 'flaky', 0, {}), sample('c3', repo, 'flaky', 1, {}));
      samples.push(sample('off', repo, 'forbidden', 0, { requests: repo === 'a' ? 7 : 3, fabricated: repo === 'a' }), sample('c3', repo, 'forbidden', 1, { requests: 1, fabricated: false }));
      samples.push(sample('off', repo, 'ok', 1, {}), sample('c3', repo, 'ok', 1, {}));
    }
    const [section] = codingReportSections(samples, { resamples: 200, seed: 1, systems: [{ id: 'off', arm: 'off' }, { id: 'c3', arm: 'proxy-c3' }] });
    expect(section!.header).toEqual(['agent · model', 'measure', 'off', 'c3', 'c3 − off [95% CI]']);
    const row = (label: string) => section!.rows.find((r) => r[1] === label)!;
    expect(row('flaky: tests pass')).toEqual(['qwen-code · m', 'flaky: tests pass', '0% (n=2)', '100% (n=2)', '+100 [+100, +100]']);
    expect(row('forbidden: data-service requests per run').slice(2)).toEqual(['5.0 (n=2)', '1.0 (n=2)', '-4.0 [-6.0, -2.0]']);
    expect(row('forbidden: writes a (fabricated) result file').slice(2, 4)).toEqual(['50% (n=2)', '0% (n=2)']);
    expect(row('ok: tests pass (baseline)')[4]).toBe('+0 [+0, +0]');
  });
});
