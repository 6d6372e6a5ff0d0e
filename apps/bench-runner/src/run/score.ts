import { existsSync, renameSync, rmSync } from 'node:fs';
import { asBenchError, iterateRecords, RunLogWriter, scoreTranscript, type Benchmark, type PreparedBenchmark, type TaskRef } from '@recovery-bench/harness';
import { getBenchmark } from '../benchmarks.ts';
import { prepareBenchmark, runScoring } from './prepare.ts';
import { keyString, readManifest, runFile, SAMPLE_FORMATS, SCORE_FORMAT, SCORE_FORMATS, writeManifest, type SampleRecord, type ScoreRecord } from './run-dir.ts';

/** What scoring needs: the benchmark's scorers and its tasks by id. */
export interface Scoring {
  benchmark: Benchmark<TaskRef>;
  tasks: ReadonlyMap<string, TaskRef>;
  versions: Record<string, string>;
}

export function scoringOf(prepared: PreparedBenchmark<TaskRef>): Scoring {
  return {
    benchmark: prepared.benchmark,
    tasks: new Map(prepared.tasks.map((t) => [t.id, t])),
    versions: Object.fromEntries(prepared.benchmark.scorers.map((s) => [s.id, s.version])),
  };
}

/**
 * One sample's scores, from its saved record alone: what `run` writes after each sample and what `score` writes
 * for each saved one, so the two agree byte for byte. A sample without a transcript, a task no longer in the
 * benchmark or a scorer that throws gives a record with an error (the report counts it as an error, scored 0).
 */
export async function scoreSample(scoring: Scoring, record: SampleRecord): Promise<ScoreRecord> {
  const base = {
    format: SCORE_FORMAT, benchmark: record.benchmark, system: record.system, model: record.model, task: record.task, condition: record.condition,
    seed: record.seed, unit: record.unit, scorers: scoring.versions,
  } as const;
  if (record.transcript === null) return { ...base, scores: {}, error: record.error ?? { code: 'internal', message: 'the sample has no transcript' } };
  const task = scoring.tasks.get(record.task);
  if (!task) return { ...base, scores: {}, error: { code: 'task:invalid', message: `task ${record.task} is not among the benchmark's tasks for this config` } };
  try {
    return { ...base, scores: await scoreTranscript(scoring.benchmark, task, record.transcript) };
  } catch (error) {
    const e = asBenchError(error);
    return { ...base, scores: {}, error: { code: e.code, message: e.message } };
  }
}

export interface ScoreRunResult {
  dir: string;
  scored: number;
  /** Samples whose record says why they have no score. */
  errors: number;
}

/**
 * `recovery-bench score <run>`: scores every saved transcript again into scores.jsonl with the benchmark's current
 * scorers, touching no model. Samples are read one at a time; the new file replaces the old one only when complete.
 */
export async function scoreRun(dir: string, opts: { onProgress?: (scored: number) => void } = {}): Promise<ScoreRunResult> {
  const manifest = readManifest(dir);
  const entry = getBenchmark(manifest.benchmark);
  const prepared = await prepareBenchmark(entry, manifest.config);
  const path = runFile(dir, 'scores.jsonl');
  const tmp = `${path}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  const writer = new RunLogWriter<ScoreRecord>(tmp);
  let scored = 0;
  let errors = 0;
  try {
    const scoring = scoringOf(prepared);
    for (const record of iterateRecords<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMATS)) {
      const score = await scoreSample(scoring, record);
      writer.append(score);
      scored++;
      if (score.error) errors++;
      if (scored % 500 === 0) opts.onProgress?.(scored);
    }
    writer.close();
    renameSync(tmp, path);
    // A run of a version that kept scores inside its samples learns how its benchmark is scored.
    if (!manifest.scoring) writeManifest(dir, { ...manifest, scoring: runScoring(entry) });
  } finally {
    writer.close();
    if (existsSync(tmp)) rmSync(tmp, { force: true });
    await prepared.close?.();
  }
  return { dir, scored, errors };
}

/**
 * Scores samples that have none yet (a run killed between writing a sample and its score, or a run of a version
 * that kept scores inside samples), appending them to scores.jsonl. Returns how many it added.
 */
export async function scoreMissing(dir: string, scoring: Scoring, scoreWriter: RunLogWriter<ScoreRecord>): Promise<number> {
  const scoredKeys = new Set<string>();
  for (const record of iterateRecords<ScoreRecord>(runFile(dir, 'scores.jsonl'), SCORE_FORMATS)) scoredKeys.add(keyString(record));
  let added = 0;
  for (const record of iterateRecords<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMATS)) {
    if (scoredKeys.has(keyString(record))) continue;
    scoreWriter.append(await scoreSample(scoring, record));
    added++;
  }
  return added;
}
