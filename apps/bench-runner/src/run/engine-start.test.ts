import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBenchError } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { readSamples } from '../testing/run-files.ts';
import { executeRun } from './runner.ts';

const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };

describe('engines of a run that do not start', () => {
  it('stop the run before any sample, with the engine\'s last lines and command in the error', async () => {
    const config = parseRunConfig({
      version: 1, name: 'broken',
      engines: { e: { kind: 'process', command: process.execPath, args: ['-e', 'console.error("CUDA error: no CUDA-capable device is detected"); process.exit(1)'] } },
      models: { m: {} },
      systems: [{ id: 'off', engine: 'e', arm: 'off' }],
      benchmarks: { toolmaze: { tasks: ['FX_001'] } },
    }, 'broken');
    const error = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-broken-')), repoRoot: REPO_ROOT, ...quiet }).catch((e: unknown) => e);
    expect(isBenchError(error, 'engine:start-failed')).toBe(true);
    expect((error as Error).message).toMatch(/engine "e" for model m did not start: generic process \(model\): \S+ exited with code 1\nlast 1 log line\(s\):\n {2}\| CUDA error: no CUDA-capable device is detected\ncommand:/);
  }, 30_000);
});

describe('engines started one at a time', () => {
  it('runs all samples of one engine × model, stops it, then starts the next', async () => {
    const config = parseRunConfig({
      version: 1, name: 'one-gpu',
      engines: { a: { kind: 'sim' }, b: { kind: 'sim', seed: 1 } },
      models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
      systems: [{ id: 'on-a', engine: 'a', arm: 'proxy-c3' }, { id: 'on-b', engine: 'b', arm: 'proxy-c3' }],
      benchmarks: { toolmaze: { conditions: ['P1'], limit: 3 } },
      concurrency: { perEngine: 4, engines: 'one-at-a-time' },
    }, 'one-gpu');
    const result = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-one-gpu-')), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    expect(result.manifest.engines.map((e) => e.name)).toEqual(['a', 'b']);
    const samples = readSamples(result.dir);
    expect(samples).toHaveLength(result.planned);
    const span = (system: string) => {
      const own = samples.filter((s) => s.system === system);
      return { first: Math.min(...own.map((s) => Date.parse(s.startedAt))), last: Math.max(...own.map((s) => Date.parse(s.startedAt) + s.durationMs)) };
    };
    // Every sample on engine b starts after the last one on engine a ended (and a's engine was stopped).
    expect(span('on-b').first).toBeGreaterThanOrEqual(Math.floor(span('on-a').last));
  }, 60_000);
});
