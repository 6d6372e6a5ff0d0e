import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBenchError } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
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
