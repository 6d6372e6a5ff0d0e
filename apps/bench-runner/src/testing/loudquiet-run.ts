import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunConfig } from '../config/load.ts';
import { executeRun } from '../run/runner.ts';
import { readSamples, readScores } from './run-files.ts';
import { REPO_ROOT } from './run-cli.ts';

const quiet = { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream;

/** The Loud/Quiet chain for real: suite → bridge (Python) → agent loop → OpenAIClient → proxy (off, c3) → sim engine. */
export async function runLoudquietE2e(source: 'fixture' | 'auto', tasks?: string[]) {
  const config = parseRunConfig({
    version: 1, name: `loudquiet-e2e-${source}`,
    engines: { sim: { kind: 'sim' } },
    models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
    systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
    benchmarks: { loudquiet: { source, ...(tasks ? { tasks } : {}) } },
    concurrency: { perEngine: 8 },
  }, 'e2e');
  const result = await executeRun({ benchmark: 'loudquiet', config, outDir: mkdtempSync(join(tmpdir(), 'rb-lq-e2e-')), repoRoot: REPO_ROOT, progressOut: quiet, log: () => {} });
  return { result, samples: readSamples(result.dir), scores: readScores(result.dir) };
}

