import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunLogWriter, type Score } from '@recovery-bench/harness';
import { getBenchmark } from '../benchmarks.ts';
import { presetConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { runScoring } from '../run/prepare.ts';
import { configHash, createRunDir, runFile, SAMPLE_FORMAT, SCORE_FORMAT, writeManifest, type RunManifest, type SampleRecord, type ScoreRecord } from '../run/run-dir.ts';

export interface SyntheticRunOptions {
  units?: number;
  transcript?: (system: string, unit: number) => string;
  config?: RunConfig;
  /** A registered benchmark whose scoring the run records (default `toolmaze`). */
  benchmark?: string;
  /** Default: ToolMaze's P0, P1 and P2. */
  conditions?: readonly string[];
}

/**
 * A run directory with hand-made samples: `pass(system, model, unit, condition)` decides each outcome. Used to
 * test the report and the gate on known numbers without running anything.
 */
export function syntheticRun(pass: (system: string, model: string, unit: number, condition: string) => boolean | 'error', opts: SyntheticRunOptions = {}): string {
  const config = opts.config ?? presetConfig('default');
  const benchmark = opts.benchmark ?? 'toolmaze';
  const entry = getBenchmark(benchmark);
  const scorer = entry.score.scorer;
  const { dir, id } = createRunDir(mkdtempSync(join(tmpdir(), 'rb-synth-')), benchmark, new Date('2026-12-01T00:00:00Z'));
  const manifest: RunManifest = {
    format: 'recovery-bench/run@1', id, benchmark, createdAt: '2026-12-01T00:00:00Z', updatedAt: '2026-12-01T00:00:00Z', status: 'complete', simulated: true,
    config, configHash: configHash(config), versions: { recoveryBench: '0.1.0', node: process.version, benchmark: 'test' }, git: { sha: null, dirty: null },
    shard: null, selection: { systems: null, tasks: null }, plan: { samples: 0 }, engines: [{ name: 'sim', kind: 'sim', model: 'qwen3-8b', detail: { profile: 'paper/qwen3-8b' } }], benchmarkSource: null,
    scoring: runScoring(entry),
  };
  const writer = new RunLogWriter<SampleRecord>(runFile(dir, 'samples.jsonl'));
  const scores = new RunLogWriter<ScoreRecord>(runFile(dir, 'scores.jsonl'));
  let n = 0;
  for (const model of Object.keys(config.models)) {
    for (let unit = 0; unit < (opts.units ?? 20); unit++) {
      for (const condition of opts.conditions ?? ['P0', 'P1', 'P2']) {
        for (const system of config.systems.map((s) => s.id)) {
          const verdict = pass(system, model, unit, condition);
          const content = opts.transcript?.(system, unit) ?? 'done';
          const key = { benchmark, system, model, task: `U${unit}_${condition}`, unit: `U${unit}`, condition, seed: 0 };
          writer.append({
            format: SAMPLE_FORMAT, ...key, startedAt: '2026-12-01T00:00:00Z', durationMs: 1,
            transcript: { messages: [], events: [{ type: 'model', t: 0, round: 1, durationMs: 1, content, toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } }], finalAnswer: content, end: 'answer', usage: { promptTokens: 1, completionTokens: 1 } },
          });
          const score: Score = verdict === 'error' ? { value: 0, outcome: 'error', reason: `${benchmark}:model-error` } : { value: verdict ? 1 : 0, outcome: verdict ? 'pass' : 'fail' };
          scores.append({ format: SCORE_FORMAT, ...key, scorers: { [scorer]: 'test' }, scores: { [scorer]: score } });
          n++;
        }
      }
    }
  }
  writer.close();
  scores.close();
  manifest.plan.samples = n;
  writeManifest(dir, manifest);
  return dir;
}
