import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetConfig } from '../config/load.ts';
import { REPO_ROOT, runCli } from '../testing/run-cli.ts';
import { readSamples, readScores } from '../testing/run-files.ts';
import { executeRun } from './runner.ts';

const lastLine = (out: string) => out.trim().split('\n').at(-1)!;
const keys = (dir: string) => {
  const samples = readSamples(dir).map((s) => `${s.system}|${s.model}|${s.task}|${s.seed}`).sort();
  const scores = readScores(dir).map((s) => `${s.system}|${s.model}|${s.task}|${s.seed}|${s.scores['toolmaze:c1-judge']!.outcome}`).sort();
  expect(scores.map((k) => k.slice(0, k.lastIndexOf('|')))).toEqual(samples);
  return scores;
};

const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };

describe('shards and merge', () => {
  it('two shards merged hold exactly the samples of the whole plan', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-shards-'));
    const common = { benchmark: 'toolmaze' as const, config: presetConfig('default'), outDir: out, repoRoot: REPO_ROOT, tasks: ['FX_001', 'FX_002', 'FX_003', 'FX_004'], systems: ['off', 'proxy-c3'], ...quiet };
    const whole = await executeRun(common);
    const a = await executeRun({ ...common, shard: { index: 1, count: 2 } });
    const b = await executeRun({ ...common, shard: { index: 2, count: 2 } });
    expect(a.planned + b.planned).toBe(whole.planned);
    const merged = await runCli(['merge', a.dir, b.dir, '--out', out]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/^merged 2 runs: 64 of 64 planned samples \(complete\)/);
    expect(keys(lastLine(merged.stdout))).toEqual(keys(whole.dir));
    const other = await executeRun({ ...common, tasks: ['FX_001'], systems: ['off'] });
    const refused = await runCli(['merge', a.dir, other.dir, '--out', out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/was run with another config/);
  }, 180_000);
});

describe('freeze and verify', () => {
  it('records the hashes of config, stimuli and code, and catches a changed stimulus', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-freeze-'));
    const stimulus = join(dir, 'items.json');
    writeFileSync(stimulus, '{"items": [1, 2, 3]}\n');
    const record = join(dir, 'freeze.json');
    const frozen = await runCli(['freeze', '--preset', 'default', '--stimuli', stimulus, '--out', record]);
    expect(frozen.code, frozen.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(record, 'utf8'));
    expect(saved.format).toBe('recovery-bench/freeze@1');
    expect(saved.stimuli.map((s: { path: string }) => s.path)).toEqual(expect.arrayContaining([stimulus, expect.stringMatching(/toolmaze-fixture-suite\.json$/)]));
    expect(saved.code.trackedFilesSha256).toMatch(/^[0-9a-f]{64}$/);
    const ok = await runCli(['verify', record]);
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/verify: everything matches the freeze record/);
    writeFileSync(stimulus, '{"items": [1, 2, 4]}\n');
    const changed = await runCli(['verify', record]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(`CHANGED stimuli ${stimulus}: was `);
    expect(changed.stdout).toMatch(/verify: 1 item\(s\) changed since /);
  }, 60_000);
});
