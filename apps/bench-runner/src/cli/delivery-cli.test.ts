import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAgentSessions } from '@recovery-bench/delivery-study/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { defaultPreset, resolveConfig } from './run.ts';

describe('the delivery study on the command line', () => {
  it('run delivery without a config takes its own preset: every paper profile, one system with the layer off', () => {
    expect(defaultPreset('delivery')).toBe('delivery');
    expect(defaultPreset('toolmaze')).toBe('default');
    expect(defaultPreset(undefined)).toBe('default');
    const config = resolveConfig({}, 'delivery');
    expect(Object.values(config.models).map((m) => m.simProfile)).toHaveLength(8);
    expect(config.systems).toEqual([expect.objectContaining({ id: 'off', arm: 'off' })]);
  });

  it('delivery generate writes the stimuli and their manifest; a bad seed is a one-line error', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-delivery-gen-'));
    const r = await runCli(['delivery', 'generate', '--out', out, '--seed', '3']);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ seed: 3, scenarios: 60, conversations: 1080 });
    const bad = await runCli(['delivery', 'generate', '--out', out, '--seed', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('a short run with episodes writes the study section into the report', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-delivery-run-'));
    const config = join(out, 'episodes.yaml');
    writeFileSync(config, "version: 1\nname: episodes\nengines: { sim: { kind: sim } }\nmodels: { llama-3.1-8b: { simProfile: paper/llama-3.1-8b } }\nsystems: [{ id: 'off', engine: sim, arm: 'off' }]\nbenchmarks: { delivery: { mode: episode, limit: 6 } }\n");
    const r = await runCli(['run', 'delivery', '--config', config, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const dir = r.stdout.trim().split('\n').at(-1)!;
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('## Delivery study (simulated: sim engine, not a model)');
    expect(md).toMatch(/\| S5 \| .* \| (supported|not supported) \| completion C3 − C2/);
    const report = JSON.parse(readFileSync(join(dir, 'delivery-report.json'), 'utf8'));
    // A model without a tier: one analysis, with no tier.
    expect(report.tiers.map((t: { tier: string | null }) => t.tier)).toEqual([null]);
    expect(report.tiers[0].analysis.table['llama-3.1-8b'].unrecoverable.C3.n).toBe(6);
    expect(md).not.toContain('tier');
  }, 120_000);

  it('measures H2.2 on a real agent\'s recorded sessions (realHistories): failure points × kinds in C0–C3, beside the synthetic study', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-delivery-real-'));
    const sessions = writeAgentSessions();
    const config = join(out, 'h22.yaml');
    writeFileSync(config, `version: 1\nname: h22\nengines: { sim: { kind: sim } }\nmodels: { qwen3-8b: { simProfile: paper/qwen3-8b } }\nsystems: [{ id: 'off', engine: sim, arm: 'off' }]\nbenchmarks: { delivery: { forms: [C0, C1, C2, C3], limit: 6, realHistories: { from: [${JSON.stringify(sessions)}] } } }\n`);
    const r = await runCli(['run', 'delivery', '--config', config, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const dir = r.stdout.trim().split('\n').at(-1)!;
    // 6 scenarios × 3 kinds × 4 forms, and 4 points × 3 kinds × 4 forms.
    expect(readFileSync(join(dir, 'samples.jsonl'), 'utf8').trim().split('\n')).toHaveLength(72 + 48);
    const report = JSON.parse(readFileSync(join(dir, 'delivery-report.json'), 'utf8'));
    const h22 = report.tiers[0].analysis.verdicts.find((v: { id: string }) => v.id === 'H2.2');
    expect(h22.result).toMatch(/^(supported|not supported)$/);
    expect(h22.note).toMatch(/^C3 \d+\.\d% vs C2 \d+\.\d% of 12 items \(\d+ against \d+ discordant, exact McNemar p = [\d.]+\); C3 − C2 over 3 clusters /);
    // The real items never enter the synthetic table.
    expect(report.tiers[0].analysis.table['qwen3-8b'].transient.C3.n).toBe(6);
  }, 120_000);
});
