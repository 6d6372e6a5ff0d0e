import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerBenchmark } from './benchmarks.ts';
import { main } from './cli/main.ts';
import { readSamples, readScores } from './testing/run-files.ts';
import { tinyEntry } from './testing/tiny-benchmark.ts';

/** `recovery-bench …` in this process (the tiny benchmark is registered here only): exit code and stdout. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

const work = mkdtempSync(join(tmpdir(), 'rb-tiny-run-'));
const config = join(work, 'tiny.yaml');

beforeAll(() => {
  registerBenchmark(tinyEntry);
  writeFileSync(config, `version: 1
name: tiny-lab
engines: { sim: { kind: sim } }
models: { qwen3-8b: { simProfile: paper/qwen3-8b } }
systems:
  - { id: off, engine: sim, arm: off }
  - { id: c3, engine: sim, arm: proxy-c3 }
benchmarks: { tiny: { questions: 4 } }
contrasts:
  - { id: layer, name: layer on broken lookups, a: c3, b: off, conditions: [broken] }
`);
});
afterAll(() => vi.restoreAllMocks());

describe('a benchmark added by registering its entry, with no other change', () => {
  let dir = '';

  it('is validated, listed, run, scored and reported', async () => {
    expect((await cli(['validate', config])).stdout).toMatch(/valid \(2 systems, 1 models, benchmarks: tiny\)/);
    expect((await cli(['list', 'benchmarks'])).stdout).toMatch(/tiny +a test benchmark: .*\(score: answer rate; unit: question/);
    const run = await cli(['run', 'tiny', '--config', config, '--out', work]);
    expect(run.code, run.stderr).toBe(0);
    dir = lastLine(run.stdout);
    expect(readSamples(dir)).toHaveLength(16); // 2 systems × 4 questions × 2 conditions
    const scores = readScores(dir);
    expect(scores.map((s) => s.scorers)).toEqual(Array(16).fill({ 'tiny:answered': '1' }));
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))).toMatchObject({ benchmark: 'tiny', versions: { benchmark: '1.0.0' }, benchmarkSource: { questions: 4 }, scoring: { primary: { scorer: 'tiny:answered', label: 'answer rate' } } });
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toMatch(/^# tiny \(4 tasks\): tiny-lab \(simulated/);
    expect(report).toContain('| layer on broken lookups | `layer` | qwen3-8b |');
    expect(report).toContain('| tiny | qwen3-8b | broken | c3 |');
    expect(report).toContain('answer rate [95% CI]');
  }, 60_000);

  it('brings its own preset, run flag, subcommand and report section, and takes part in the demo', async () => {
    expect((await cli(['list', 'presets'])).stdout).toMatch(/^ {2}tiny +the tiny benchmark with the layer off and on, on the sim engine \(tiny\)$/m);
    const run = await cli(['run', 'tiny', '--questions', '2', '--out', work]);
    expect(run.code, run.stderr).toBe(0);
    const own = lastLine(run.stdout);
    expect(readSamples(own)).toHaveLength(8); // its preset's 2 systems × the flag's 2 questions × 2 conditions
    const report = readFileSync(join(own, 'report.md'), 'utf8');
    expect(report).toMatch(/^# tiny \(2 tasks\): tiny \(simulated/);
    expect(report).toContain('## Tiny answers');
    expect(report).toMatch(/\| tiny layer effect \(c3 − off\), explicit faults \| `tiny:layer-effect` \| all \|/);
    expect(readFileSync(join(own, 'report.html'), 'utf8')).toContain('<section class="benchmark"><h2>Tiny answers</h2>');
    expect((await cli(['tiny', 'count', '5'])).stdout).toBe('10 tasks\n');
    expect((await cli(['run', 'toolmaze', '--questions', '2'])).stderr).toBe('recovery-bench run: --questions is a flag of tiny, not of toolmaze\n');
    const { presetConfig } = await import('./config/load.ts');
    expect(presetConfig('default').benchmarks).toHaveProperty('tiny');
  }, 60_000);

  it('re-scores byte for byte, and a report of the saved run gives the same numbers', async () => {
    const before = readFileSync(join(dir, 'scores.jsonl'));
    const summaryBefore = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    const scored = await cli(['score', dir]);
    expect(scored.code, scored.stderr).toBe(0);
    expect(scored.stdout).toMatch(/^scored 16 samples into scores\.jsonl/);
    expect(readFileSync(join(dir, 'scores.jsonl')).equals(before)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).contrasts).toEqual(summaryBefore.contrasts);
  }, 60_000);

  it('runs in shards that merge into the whole plan', async () => {
    const a = await cli(['run', 'tiny', '--config', config, '--out', work, '--shard', '1/2', '--no-report']);
    const b = await cli(['run', 'tiny', '--config', config, '--out', work, '--shard', '2/2', '--no-report']);
    const merged = await cli(['merge', lastLine(a.stdout), lastLine(b.stdout), '--out', work]);
    expect(merged.code, merged.stderr).toBe(0);
    const key = (s: { system: string; task: string }) => `${s.system} ${s.task}`;
    expect(readScores(lastLine(merged.stdout)).map(key).sort()).toEqual(readScores(dir).map(key).sort());
  }, 60_000);

  it('is frozen with the stimuli its entry declares', async () => {
    const record = join(work, 'freeze.json');
    const frozen = await cli(['freeze', '--config', config, '--out', record]);
    expect(frozen.code, frozen.stderr).toBe(0);
    const { stimuli } = JSON.parse(readFileSync(record, 'utf8')) as { stimuli: { path: string }[] };
    expect(stimuli.map((s) => s.path)).toEqual([expect.stringMatching(/questions\.txt$/)]);
    expect((await cli(['verify', record, '--config', config])).code).toBe(0);
    writeFileSync(stimuli[0]!.path, 'what is six times nine?\n');
    expect((await cli(['verify', record, '--config', config])).code).toBe(1);
  }, 60_000);

  it('picks up a scorer fix on `score` without running a model', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'rb-tiny-rescore-'));
    for (const f of ['run.json', 'samples.jsonl', 'scores.jsonl']) copyFileSync(join(dir, f), join(copy, f));
    const prepare = tinyEntry.prepare.bind(tinyEntry);
    // A stricter judge: an answer counts only when it names the looked-up value.
    const spy = vi.spyOn(tinyEntry, 'prepare').mockImplementation(async (cfg, ctx) => {
      const prepared = await prepare(cfg, ctx);
      const strict = { id: 'tiny:answered', version: '2', score: (_t: unknown, tr: { finalAnswer: string | null }) => (tr.finalAnswer?.includes('42') ? { value: 1, outcome: 'pass' as const } : { value: 0, outcome: 'fail' as const }) };
      return { ...prepared, benchmark: { ...prepared.benchmark, scorers: [strict] } };
    });
    try {
      expect((await cli(['score', copy, '--no-report'])).code).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const rescored = readScores(copy);
    expect(rescored.every((s) => s.scorers['tiny:answered'] === '2')).toBe(true);
    expect(new Set(rescored.map((s) => s.scores['tiny:answered']!.outcome))).toEqual(new Set(['pass', 'fail']));
    expect(rescored.map((s) => s.scores['tiny:answered']!.outcome)).toEqual(readSamples(copy).map((s) => (s.transcript?.finalAnswer?.includes('42') ? 'pass' : 'fail')));
  }, 60_000);
});
