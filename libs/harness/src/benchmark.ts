import type { ModelClient } from './model.ts';
import type { ClientPlugin } from './plugins.ts';
import type { Transcript } from './transcript.ts';

/** `error` means the harness or the engine broke, never the model; reports keep it apart from `fail`. */
export type ScoreOutcome = 'pass' | 'fail' | 'error';

export interface Score {
  /** On a 0–1 scale: 1 or 0 for a pass rate, the share of agreeing state for state agreement. */
  value: number;
  outcome: ScoreOutcome;
  /** A namespaced reason code or text, e.g. `toolmaze:no-retry`. */
  reason?: string;
  /** Whether the run stopped calling the tool that failed, where a benchmark scores that (Study 3's H3.4). */
  stopped?: boolean;
  /**
   * Why the sample is left out of the analysis although it ran and is kept in the run log (e.g. a fault that never
   * fired: Loud/Quiet analyses fired faults only). Reports count it apart and never average it in.
   */
  excluded?: string;
  details?: Record<string, unknown>;
}

/**
 * One function from (task, transcript) to a score; it reads only what a run log holds, so a saved run can be
 * scored again. `version` changes whenever the same transcript could score differently.
 */
export interface Scorer<TTask> {
  id: string;
  version: string;
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

/**
 * Where the model is served for this sample: the proxy's route of the sample's system. Only benchmarks that drive
 * an external program (a coding agent with its own HTTP client) need it; everything else talks through `model`.
 */
export interface ModelEndpoint {
  /** OpenAI-compatible base URL, ending in `/v1`. */
  baseUrl: string;
  /** The route without `/v1`, for clients that append their own API paths (Anthropic Messages, Responses). */
  rootUrl: string;
  /** The served model name. */
  model: string;
}

export interface RunContext {
  model: ModelClient;
  /** The model's id in the run config's `models` (e.g. `qwen3-8b`), where a runner has one. */
  modelId?: string;
  endpoint?: ModelEndpoint;
  plugins: readonly ClientPlugin[];
  seed: number;
  signal?: AbortSignal;
  /**
   * How the benchmark's loop waits between a failed model call and its retry; absent: real time. A runner passes a
   * wait that returns at once where waiting cannot change the answer (the deterministic sim engine).
   */
  sleep?: (ms: number) => Promise<void>;
  /** Progress and diagnostics; never part of the result. */
  log?: (message: string) => void;
}

/** A benchmark's tasks at run time: how to run one, and how to score it. */
export interface Benchmark<TTask extends TaskRef> {
  id: string;
  version: string;
  run(task: TTask, ctx: RunContext): Promise<Transcript>;
  scorers: readonly Scorer<TTask>[];
}

/** Every scorer's score of one transcript, keyed by scorer id. */
export async function scoreTranscript<TTask extends TaskRef>(benchmark: Benchmark<TTask>, task: TTask, transcript: Transcript): Promise<Record<string, Score>> {
  const scores: Record<string, Score> = {};
  for (const scorer of benchmark.scorers) scores[scorer.id] = await scorer.score(task, transcript);
  return scores;
}

/** Runs one task and scores it: what adapters' tests do end to end. */
export async function runAndScore<TTask extends TaskRef>(benchmark: Benchmark<TTask>, task: TTask, ctx: RunContext): Promise<{ transcript: Transcript; scores: Record<string, Score> }> {
  const transcript = await benchmark.run(task, ctx);
  return { transcript, scores: await scoreTranscript(benchmark, task, transcript) };
}
