import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkTable3, KINDS, SITUATION_NAME, type DeliveryForm, type DeliveryReport } from '@recovery-bench/delivery-study';
import { resolveProfile, type SimProfile } from '@recovery-bench/sim-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { presetConfig, selectTier } from '../config/load.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { writeReport } from '../report/write.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';


// A cell passes when |k/n − p| ≤ 4·√(p(1−p)/n) + 1/(2n): four binomial standard deviations plus half a step, since
// Table 6's shares are counts out of 60 rounded to two decimals; cells at 0 or 1 must match exactly (the sim's rule
// is u < p). Per model, a pooled z over its eighteen cells must stay within ±4, which a bias shared by the cells
// would break even when each passes alone.
const tolerance = (p: number, n: number) => (p === 0 || p === 1 ? 0 : 4 * Math.sqrt((p * (1 - p)) / n) + 1 / (2 * n));

/**
 * The delivery study's built-in default, for real: `run delivery` (every paper/<model> profile, 60 scenarios × 3
 * kinds × 6 forms, decision step) through the proxy to the sim engine over HTTP, then its report. Each model's
 * row must reproduce its profile (Table 6 for C0, C1, A2B1 and C2; Study 2 for C3 and C4) within sampling error,
 * and the verdicts must be those the paper drew from these rates.
 */
describe('the delivery study on the paper profiles reproduces Table 6 and its verdicts', () => {
  let report: DeliveryReport;
  let dir: string;
  const profiles = new Map<string, SimProfile>();

  beforeAll(async () => {
    const config = presetConfig('delivery');
    for (const [model, entry] of Object.entries(config.models)) profiles.set(model, await resolveProfile(entry.simProfile!));
    const result = await executeRun({ benchmark: 'delivery', config, outDir: mkdtempSync(join(tmpdir(), 'rb-delivery-')), repoRoot: REPO_ROOT, progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} });
    expect(result.manifest.status).toBe('complete');
    expect(result.planned).toBe(8 * 60 * 3 * 6);
    dir = result.dir;
    writeReport(dir, summarize([loadRun(dir)], { resamples: 2000 }));
    // The analysis the report wrote beside report.json (the delivery entry's report hook).
    report = JSON.parse(readFileSync(join(dir, 'delivery-report.json'), 'utf8')) as DeliveryReport;
  }, 300_000);

  const tier = (name: string) => report.tiers.find((t) => t.tier === name)!.analysis;
  const tableOf = (model: string) => report.tiers.find((t) => t.analysis.models.includes(model))!.analysis.table[model]!;

  it('analyses each tier alone: Table 6\'s six models, then the two-model extension', () => {
    expect(report.tiers.map((t) => [t.tier, t.analysis.models.length])).toEqual([['small', 6], ['large', 2]]);
    expect(tier('large').models).toEqual(['qwen2.5-32b', 'qwen3-32b']);
    // The extension's model-count rules count its own two models.
    expect(tier('large').settings.modelsNeeded).toBe(2);
  });

  it('every cell of every model within sampling error of its profile, 60 conversations per cell', () => {
    for (const [model, profile] of profiles) {
      let diff = 0;
      let variance = 0;
      for (const kind of KINDS) {
        for (const form of Object.keys(SITUATION_NAME) as DeliveryForm[]) {
          const cell = tableOf(model)[kind][form]!;
          const p = profile.rates[kind][SITUATION_NAME[form]].p;
          expect(cell.n).toBe(60);
          expect(Math.abs(cell.share - p), `${model} ${kind} ${form}: ${cell.k}/60 against ${p}`).toBeLessThanOrEqual(tolerance(p, 60));
          diff += cell.k - 60 * p;
          variance += 60 * p * (1 - p);
        }
      }
      expect(Math.abs(variance === 0 ? 0 : diff / Math.sqrt(variance)), `${model} pooled z`).toBeLessThanOrEqual(4);
    }
  });

  it('recovers the paper\'s verdicts on Table 6\'s six models: H1.1–H1.4, the selection of A2B2, H2.1, S1 and S4', () => {
    const verdict = (id: string) => tier('small').verdicts.find((v) => v.id === id)!;
    const perModel = (id: string, model: string) => verdict(id).perModel!.find((t) => t.model === model)!;
    expect(verdict('H1.1').result).toBe('supported');
    expect(perModel('H1.1', 'qwen3-8b').verdict).toBe('higher');
    // Llama-3.1-8B is already near 1 in A1B1 (the paper: 2 to 5 discordant pairs, p = 0.45).
    expect(perModel('H1.1', 'llama-3.1-8b').verdict).toBe('no difference');
    expect(verdict('H1.2').result).toBe('supported');
    expect(verdict('H1.3').result).toBe('supported (A2B2 better)');
    // Without guidance, the note makes Qwen2.5-7B and Qwen3-8B call again where they should stop.
    expect(verdict('H1.4').result).toBe('not supported for A2B1');
    expect(tier('small').selected).toBe('C2');
    expect(verdict('H2.1').result).toBe('supported');
    expect(verdict('S1').result).toBe('equivalent');
    // S2 is Study 2's claim over its seven small-tier models (study2 preset); of these six, four have C3 above A1B2.
    expect(perModel('S2', 'llama-3.1-8b').verdict).not.toBe('higher');
    expect(verdict('S4').result).toBe('supported');
    expect(verdict('S4').note).toMatch(/^llama-3\.1-8b: /);
    expect(verdict('H2.2').result).toBe('not measured');
  });

  it('Llama-3.1-8B does not stop under C2 and does under C3, so the recommendation for it is C3', () => {
    const llama = tableOf('llama-3.1-8b').unrecoverable;
    expect(llama.C2!.share).toBe(0);
    expect(llama.C4!.share).toBe(0);
    expect(llama.C3!.share).toBeGreaterThan(0.9);
    const rec = tier('small').recommendations.find((r) => r.model === 'llama-3.1-8b')!;
    expect(rec.ship).toBe('C3');
    expect(rec.difference.lower).toBeGreaterThan(0);
    expect(rec.text).toMatch(/^ship C3 for this model: \+\d+\.\d points over C\d \[\+\d+\.\d, \+\d+\.\d\]$/);
    // Where every shippable form is at the ceiling the data cannot decide, and the report says so.
    const qwen3 = tier('small').recommendations.find((r) => r.model === 'qwen3-8b')!;
    expect(qwen3.ship).toBeNull();
    expect(qwen3.text).toContain('cannot decide');
  });

  it('the run\'s report carries the study\'s table 6, marked simulated, and its JSON', () => {
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('## Delivery study (simulated: sim engine, not a model)');
    // Llama-3.1-8B's transient A1B1 and A1B2 cells, as the report prints them: table 6's .98 and .98 within sampling error.
    const cells = /\| llama-3\.1-8b \| (1\.00|\.\d\d) \| (1\.00|\.\d\d) \|/.exec(md);
    expect(cells).not.toBeNull();
    for (const cell of cells!.slice(1)) expect(Math.abs(Number(cell) - 0.98)).toBeLessThan(0.08);
    expect(md).toContain('ship C3 for this model');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<section class="benchmark"><h2>Delivery study (simulated: sim engine, not a model)</h2>');
    expect(existsSync(join(dir, 'delivery-report.json'))).toBe(true);
    const json = JSON.parse(readFileSync(join(dir, 'delivery-report.json'), 'utf8')) as DeliveryReport;
    expect(json.simulated).toBe(true);
    expect(json.cost.C3!.median).toBeGreaterThan(json.cost.C2!.median);
  });
});

/**
 * Study 2 as published (`--preset study2`): both tiers, thirteen models, episodes, each tier analysed alone; the
 * table-3 check sets the verdicts beside the paper's.
 */
describe('the study2 preset reproduces table 3\'s synthetic verdicts per tier', () => {
  let cells: ReturnType<typeof checkTable3>;

  beforeAll(async () => {
    const config = presetConfig('study2');
    expect(Object.values(config.models).map((m) => m.tier)).toEqual([...Array(7).fill('small'), ...Array(6).fill('large')]);
    const result = await executeRun({ benchmark: 'delivery', config, outDir: mkdtempSync(join(tmpdir(), 'rb-study2-')), repoRoot: REPO_ROOT, progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} });
    expect(result.manifest.status).toBe('complete');
    // 60 scenarios × 3 kinds × C0–C4 per model.
    expect(result.planned).toBe(13 * 60 * 3 * 5);
    writeReport(result.dir, summarize([loadRun(result.dir)], { resamples: 2000 }));
    cells = checkTable3([JSON.parse(readFileSync(join(result.dir, 'delivery-report.json'), 'utf8')) as DeliveryReport]);
    md = readFileSync(join(result.dir, 'report.md'), 'utf8');
  }, 300_000);
  let md: string;

  it('prints each tier\'s column of table 3 in the report', () => {
    for (const tier of ['small', 'large']) expect(md).toContain(`### Table 3: Study 2's registered results (${tier})`);
    expect(md).toMatch(/\| H2\.1: C3 − C2, synthetic \| \+\d\.\d \[\+\d\.\d, \+\d\.\d\], supported \|/);
    expect(md).toMatch(/\| S2: C3 > C1 \| 5 of 7 models, supported \|/);
    expect(md).toMatch(/\| H2\.2: real histories, C3 vs\. C2 \| not measured \|/);
  });

  const at = (row: string, tier: string) => cells.find((c) => c.row.startsWith(row) && c.tier === tier)!;

  it('H2.1 supported in both tiers, S1 equivalent, S2 in five of seven and five of six models, S4 for the registered Llama', () => {
    for (const tier of ['small', 'large']) {
      expect(at('H2.1', tier).ours).toMatch(/, supported$/);
      expect(at('S1', tier)).toMatchObject({ holds: true });
      expect(at('S2', tier)).toMatchObject({ holds: true });
      expect(at('S4', tier)).toMatchObject({ holds: true });
    }
    expect(at('H2.1', 'small')).toMatchObject({ holds: true });
    // Every failure of an episode delivered in the form: Llama under C2 keeps calling, under C3 it stops (S5).
    expect(at('S5: futile', 'small')).toMatchObject({ holds: true });
    expect(at('S5: futile', 'large')).toMatchObject({ holds: true });
    // H2.2 and its components need real agent histories: never compared on synthetic stimuli.
    expect(at('H2.2', 'small')).toMatchObject({ ours: 'not measured', holds: null });
  });
});

describe('the study1 preset over whole episodes', () => {
  it('H1.5 is not supported, as in the paper: A2B2 completes more in five of six models but adds futile calls, all Llama-3.1-8B\'s', async () => {
    const config = selectTier(presetConfig('study1'), 'small');
    const result = await executeRun({ benchmark: 'delivery', config, outDir: mkdtempSync(join(tmpdir(), 'rb-study1-')), repoRoot: REPO_ROOT, progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} });
    expect(result.planned).toBe(6 * 60 * 3 * 4);
    writeReport(result.dir, summarize([loadRun(result.dir)], { resamples: 2000 }));
    const report = JSON.parse(readFileSync(join(result.dir, 'delivery-report.json'), 'utf8')) as DeliveryReport;
    const h15 = report.tiers[0]!.analysis.verdicts.find((v) => v.id === 'H1.5')!;
    expect(h15.result).toBe('not supported');
    // The paper: completion higher in five models; futile calls +0.56 [0.51, 0.61] pooled.
    expect(h15.note).toMatch(/^completion higher in 5 of 6 models; futile calls per unrecoverable episode \+0\.(5|6)\d \[/);
  }, 300_000);
});
