import type { ModelClient } from './model.ts';
import type { ClientPlugin } from './plugins.ts';
import type { Transcript } from './transcript.ts';

/** `error` means the harness or the engine broke, never the model; reports keep it apart from `fail`. */
export type ScoreOutcome = 'pass' | 'fail' | 'error';

export interface Score {
  value: number;
  outcome: ScoreOutcome;
  /** A namespaced reason code or text, e.g. `toolmaze:no-retry`. */
  reason?: string;
  details?: Record<string, unknown>;
}

/** One function from (task, transcript) to a score; it reads only what a run log holds. */
export interface Scorer<TTask> {
  id: string;
  score(task: TTask, transcript: Transcript): Score | Promise<Score>;
}

export interface TaskRef {
  id: string;
  /** The fault condition the task runs under (e.g. `P1`), for grouping in reports. */
  condition: string;
  /**
   * The unit reports resample: runs of one task under several conditions share it (ToolMaze's base task,
   * `FX_001` for `FX_001_P0`…`FX_001_P4`). Default: the id.
   */
  unit?: string;
}

export interface RunContext {
  model: ModelClient;
  plugins: readonly ClientPlugin[];
  seed: number;
  signal?: AbortSignal;
  /** Progress and diagnostics; never part of the result. */
  log?: (message: string) => void;
}

/** A benchmark: tasks, how to run one, and how to score it. */
export interface Benchmark<TTask extends TaskRef, TLoadOptions = unknown> {
  id: string;
  version: string;
  loadTasks(options: TLoadOptions): Promise<TTask[]>;
  run(task: TTask, ctx: RunContext): Promise<Transcript>;
  scorers: readonly Scorer<TTask>[];
}

/** Runs one task and scores it: what the runner does per sample, and what adapters' tests do end to end. */
export async function runAndScore<TTask extends TaskRef>(benchmark: Benchmark<TTask, never>, task: TTask, ctx: RunContext): Promise<{ transcript: Transcript; scores: Record<string, Score> }> {
  const transcript = await benchmark.run(task, ctx);
  const scores: Record<string, Score> = {};
  for (const scorer of benchmark.scorers) scores[scorer.id] = await scorer.score(task, transcript);
  return { transcript, scores };
}
