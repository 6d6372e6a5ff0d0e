import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConditionRoles } from '@recovery-bench/analysis';
import { BenchError, type PrimaryScore, type Score, type TaskSource, type Transcript } from '@recovery-bench/harness';
import type { RunConfig } from '../config/schema.ts';

export const RUN_FORMAT = 'recovery-bench/run@1';
/** Samples hold transcripts; scores are their own file since @2 (an @1 sample also held its scores). */
export const SAMPLE_FORMAT = 'recovery-bench/sample@2';
export const SAMPLE_FORMATS = [SAMPLE_FORMAT, 'recovery-bench/sample@1'] as const;
export const SCORE_FORMAT = 'recovery-bench/score@1';
export const SCORE_FORMATS = [SCORE_FORMAT] as const;

/** What identifies one sample in a plan; the same key is never run twice in one run directory. */
export interface SampleKey {
  system: string;
  model: string;
  task: string;
  condition: string;
  seed: number;
}

export const keyString = (k: SampleKey): string => `${k.system}\u0000${k.model}\u0000${k.task}\u0000${k.seed}`;

export interface SampleRecord extends SampleKey {
  format: (typeof SAMPLE_FORMATS)[number];
  benchmark: string;
  /** The unit of resampling (the base task); see TaskRef.unit. */
  unit: string;
  startedAt: string;
  durationMs: number;
  transcript: Transcript | null;
  /** Set when the harness or the engine broke for this sample; the run went on. */
  error?: { code: string; message: string };
}

/** A sample's scores, one line per sample of samples.jsonl, in the same order; rewritten whole by `score`. */
export interface ScoreRecord extends SampleKey {
  format: typeof SCORE_FORMAT;
  benchmark: string;
  unit: string;
  /** Each scorer's version, so a report can tell scores of an older judge. */
  scorers: Record<string, string>;
  scores: Record<string, Score>;
  /** The sample's own error (no transcript to score), or why it could not be scored. */
  error?: { code: string; message: string };
}

/** How a run's samples are scored and resampled, as its benchmark's entry declares it. */
export interface RunScoring {
  primary: PrimaryScore;
  unit: string;
  roles: ConditionRoles;
}

export type RunStatus = 'running' | 'complete' | 'interrupted' | 'failed';

export interface RunManifest {
  format: typeof RUN_FORMAT;
  id: string;
  benchmark: string;
  createdAt: string;
  updatedAt: string;
  status: RunStatus;
  simulated: boolean;
  config: RunConfig;
  configHash: string;
  versions: { recoveryBench: string; node: string; benchmark: string };
  git: { sha: string | null; dirty: boolean | null };
  shard: { index: number; count: number } | null;
  /** The --systems and --tasks selection (and --allow-fixtures); a resumed run keeps it. */
  selection: { systems: string[] | null; tasks: string[] | null; allowFixtures?: boolean };
  plan: { samples: number };
  engines: { name: string; kind: string; model: string; detail?: Record<string, unknown> }[];
  /** What the benchmark records about its source (checkout commit, data hash, prompt hashes). */
  benchmarkSource: unknown;
  /** The module a benchmark of `run --benchmark-module` came from (absolute), for the run's later commands. */
  benchmarkModule?: string;
  /** Where the tasks come from and how many ran (absent in runs of older versions). */
  taskSource?: RecordedTaskSource;
  /** Which score the report reads, the resampling unit and the conditions' roles (absent in runs of older versions). */
  scoring?: RunScoring;
  /** For a run made by `recovery-bench merge`: the runs it joined. */
  mergedFrom?: { id: string; dir: string; shard: { index: number; count: number } | null; status: RunStatus }[];
}

/** A benchmark's task source as a run records it, with the selection's size. */
export interface RecordedTaskSource extends TaskSource {
  /** Tasks in the plan (trials of one system, model and seed). */
  tasks: number;
  /** Their resampling units (the benchmark's `unit`: base tasks, tasks, repositories). */
  units: number;
}

/** A stable hash of the config: canonical JSON with sorted keys. */
export function configHash(config: RunConfig): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * `runs/<ISO-time>_<benchmark>_<short-id>/`, created fresh; or the fixed folder `at` (a shard of `--shard auto`),
 * created when absent and refused when it already holds a run.
 */
export function createRunDir(outDir: string, benchmark: string, now = new Date(), at?: string): { dir: string; id: string } {
  const id = randomBytes(4).toString('hex');
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');
  const dir = at ? resolve(at) : resolve(outDir, `${stamp}_${benchmark}_${id}`);
  if (existsSync(runFile(dir, 'run.json'))) throw new BenchError('runlog:mismatch', `${dir} already holds a run`, { hint: `resume it: recovery-bench run --resume ${dir}` });
  mkdirSync(dir, { recursive: true });
  return { dir, id };
}

export const runFile = (dir: string, name: 'run.json' | 'samples.jsonl' | 'calls.jsonl' | 'scores.jsonl' | 'summary.json' | 'report.md' | 'report.html' | 'report.json') => join(dir, name);

/** Written whole through a temporary file and a rename, so a kill never leaves half a manifest. */
export function writeManifest(dir: string, manifest: RunManifest): void {
  const path = runFile(dir, 'run.json');
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, path);
}

export function readManifest(dir: string): RunManifest {
  const path = runFile(dir, 'run.json');
  if (!existsSync(path)) throw new BenchError('runlog:corrupt', `${dir} is not a run directory (no run.json)`);
  let manifest: RunManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as RunManifest;
  } catch {
    throw new BenchError('runlog:corrupt', `${path} is not JSON`);
  }
  if (manifest.format !== RUN_FORMAT) throw new BenchError('runlog:mismatch', `${path}: expected format ${RUN_FORMAT}, found ${JSON.stringify(manifest.format)}`);
  return manifest;
}

export function gitIdentity(cwd: string): { sha: string | null; dirty: boolean | null } {
  try {
    const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8').trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
    return { sha, dirty: status.trim() !== '' };
  } catch {
    return { sha: null, dirty: null };
  }
}
