import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveProfile } from '@recovery-bench/sim-engine';
import { describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { readSamples, readScores } from '../testing/run-files.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';

/**
 * The whole chain for real: the ToolMaze fixture suite → agent loop → OpenAIClient → proxy (arm off, arm c3)
 * → sim engine with a paper profile, over HTTP on 127.0.0.1. The arms' pass rates must differ in the
 * direction the profile's rates imply.
 */
describe('ToolMaze end to end on the sim engine', () => {
  it('the c3 arm beats the off arm on transient faults where the profile says C3 helps', async () => {
    const model = 'qwen3-8b';
    const profile = await resolveProfile(`paper/${model}`);
    const c0 = profile.rates.transient.C0.p;
    const c3 = profile.rates.transient.C3.p;
    expect(c3 - c0).toBeGreaterThan(0.5); // the profile's claim this test checks the direction of

    const config = parseRunConfig({
      version: 1, name: 'e2e',
      engines: { sim: { kind: 'sim' } },
      models: { [model]: { simProfile: `paper/${model}` } },
      systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
      benchmarks: { toolmaze: { conditions: ['P0', 'P1'] } },
      concurrency: { perEngine: 8 },
    }, 'e2e');
    const result = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-e2e-')), repoRoot: REPO_ROOT, progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} });
    expect(result.manifest.status).toBe('complete');
    const samples = readSamples(result.dir);
    const scores = readScores(result.dir);
    expect(samples).toHaveLength(result.planned);
    expect(scores.map((s) => s.task)).toEqual(samples.map((s) => s.task));
    const rate = (system: string, condition: string) => {
      const s = scores.filter((x) => x.system === system && x.condition === condition);
      return s.filter((x) => x.scores['toolmaze:c1-judge']!.outcome === 'pass').length / s.length;
    };
    expect(rate('c3', 'P1') - rate('off', 'P1')).toBeGreaterThan(0.3);
    // Where nothing fails, the layer does nothing, so both arms make the same calls.
    expect(rate('c3', 'P0')).toBe(rate('off', 'P0'));

    // The rewrite is visible in the proxy's records: c3 calls with a decision-step failure were changed.
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const changed = (runId: string) => calls.filter((c) => c.runId === runId && c.layer?.changed === true).length;
    expect(changed('c3')).toBeGreaterThan(0);
    expect(changed('off')).toBe(0);
    expect(samples.every((s) => !s.error)).toBe(true);
  }, 120_000);

  it('keeps calls.jsonl without bodies when records.bodies is false, with the same outcomes', async () => {
    const config = parseRunConfig({
      version: 1, name: 'e2e-lean',
      engines: { sim: { kind: 'sim' } },
      models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
      systems: [{ id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
      benchmarks: { toolmaze: { conditions: ['P1'], limit: 4 } },
      records: { bodies: false },
    }, 'e2e-lean');
    const result = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-e2e-')), repoRoot: REPO_ROOT, progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} });
    expect(result.manifest.status).toBe('complete');
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(calls.length).toBeGreaterThan(4);
    for (const c of calls) expect([c.request, c.forwarded, c.response]).toEqual([null, null, null]);
    expect(calls.some((c) => c.layer?.changed === true)).toBe(true);
  }, 60_000);
});
