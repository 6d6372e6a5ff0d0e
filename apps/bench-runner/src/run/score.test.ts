import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presetConfig } from '../config/load.ts';
import { loadRun } from '../report/summarize.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { readScores } from '../testing/run-files.ts';
import { runFile } from './run-dir.ts';
import { executeRun } from './runner.ts';
import { scoreRun } from './score.ts';

const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };

describe('score as its own step', () => {
  it('re-scores a saved run of the built-in default byte for byte, from its transcripts alone', async () => {
    const run = await executeRun({ benchmark: 'toolmaze', config: presetConfig('default'), outDir: mkdtempSync(join(tmpdir(), 'rb-score-')), repoRoot: REPO_ROOT, tasks: ['FX_001', 'FX_002', 'FX_003'], ...quiet });
    const written = readFileSync(runFile(run.dir, 'scores.jsonl'));
    expect(readScores(run.dir)).toHaveLength(run.planned);
    // Elsewhere, without the engines or the proxy that made it: only the run directory.
    const copy = mkdtempSync(join(tmpdir(), 'rb-score-copy-'));
    for (const f of ['run.json', 'samples.jsonl'] as const) copyFileSync(runFile(run.dir, f), join(copy, f));
    const result = await scoreRun(copy);
    expect(result).toMatchObject({ scored: run.planned, errors: 0 });
    expect(readFileSync(join(copy, 'scores.jsonl')).equals(written)).toBe(true);
    expect(loadRun(copy).samples).toEqual(loadRun(run.dir).samples);
  }, 120_000);

  it('keeps the old scores when scoring fails half-way, and says why', async () => {
    const run = await executeRun({ benchmark: 'toolmaze', config: presetConfig('default'), outDir: mkdtempSync(join(tmpdir(), 'rb-score-')), repoRoot: REPO_ROOT, tasks: ['FX_001'], systems: ['off'], ...quiet });
    const scores = readFileSync(runFile(run.dir, 'scores.jsonl'));
    const samples = readFileSync(runFile(run.dir, 'samples.jsonl'), 'utf8').split('\n');
    writeFileSync(runFile(run.dir, 'samples.jsonl'), [samples[0], 'not json', ...samples.slice(1)].join('\n'));
    await expect(scoreRun(run.dir)).rejects.toThrow(/samples\.jsonl:2: not a JSON record/);
    expect(readFileSync(runFile(run.dir, 'scores.jsonl')).equals(scores)).toBe(true);
  }, 60_000);
});
