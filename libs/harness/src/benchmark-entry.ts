import type { ConditionRoles } from '@recovery-bench/analysis';
import type { z } from 'zod';
import type { Benchmark, Score, TaskRef } from './benchmark.ts';

/**
 * Where a run's tasks come from. Every report names it, and a study of the paper's inputs (a config with
 * `requireRealTasks`) refuses fixtures: numbers on self-authored stand-ins test the machinery, not the benchmark.
 */
export interface TaskSource {
  /**
   * `real`: the benchmark's own tasks, read from a user's checkout or data files; `built-in`: tasks this suite defines
   * as the benchmark (generated stimuli, self-authored repositories); `fixture`: self-authored stand-ins in the
   * benchmark's format.
   */
  kind: 'real' | 'built-in' | 'fixture';
  /** One line naming it: the checkout and its commit, the data files and their hashes, or the fixture suite. */
  label: string;
  /** For a fixture: how to get the real tasks, as commands (the fetch, then the setting that points at them). */
  getReal?: string;
}

/** A benchmark's tasks for one run, with what the run directory records about where they came from. */
export interface PreparedBenchmark<TTask extends TaskRef> {
  benchmark: Benchmark<TTask>;
  tasks: TTask[];
  /** Where the tasks come from (before any selection). */
  source: TaskSource;
  /** What the benchmark records about its source (checkout commit, data hash, prompt hashes). */
  manifest: unknown;
  /** Problems in the source that do not stop a run, one line each. */
  warnings: string[];
  /** Sim-engine scripts (the tasks' gold paths), when the benchmark ships them. */
  simScriptsDir?: string;
  /** Releases what preparing started (e.g. Python bridge processes). */
  close?(): Promise<void>;
}

/** The run's settings a benchmark may take over for its own loop. */
export interface PrepareContext {
  limits: { maxRounds: number; requestTimeoutMs: number };
}

/** A subcommand a benchmark adds to the CLI (`recovery-bench <benchmark> <name>`, `recovery-bench fetch <benchmark>`). */
export interface BenchmarkCommand {
  summary: string;
  /** Returns the exit code; user mistakes throw errors that the CLI prints as one line. */
  run(args: string[]): Promise<number>;
}

/** How a sample's score is read for reports: which scorer, under what name. */
export interface PrimaryScore {
  /** The scorer id whose `value` and `outcome` the report and the progress line use. */
  scorer: string;
  /** What the value means: `pass rate`, `state agreement`, … */
  label: string;
}

/** One scored sample, as a benchmark's own report section reads it (from scores.jsonl). */
export interface ScoredSample {
  system: string;
  model: string;
  task: string;
  unit: string;
  condition: string;
  seed: number;
  /** Null when the sample ended in an error and has no scores. */
  scores: Record<string, Score> | null;
}

/** A table of a benchmark's own in the report (e.g. the coding testbed's per-agent table). */
export interface ReportSection {
  title: string;
  note?: string;
  header: string[];
  rows: string[][];
}

export interface ReportSectionOptions {
  resamples: number;
  seed: number;
  /** The run's systems in config order: arm, engine and output cap, for tables that find systems by their role. */
  systems: readonly { id: string; arm: string; engine: string; maxTokensCap?: number }[];
}

/**
 * The one way a benchmark enters the suite. The app registers entries in one list and assembles its config
 * schema, its `run`, `score`, `freeze` and `list` commands and its subcommands from them; nothing else about a
 * benchmark is known outside its library.
 *
 * Methods (not function-valued properties) on purpose: an entry for a specific config type is then usable where
 * the registry holds entries of unknown config.
 */
export interface BenchmarkEntry<TConfig = unknown, TTask extends TaskRef = TaskRef> {
  id: string;
  version: string;
  /** One line for `recovery-bench list benchmarks`. */
  summary: string;
  /** The `benchmarks.<id>` section of a run config (strict, with defaults). */
  configSchema: z.ZodType<TConfig>;
  /** Loads the tasks the section selects (its `tasks` and `limit` read by `selectTasks`). */
  prepare(config: TConfig, ctx: PrepareContext): Promise<PreparedBenchmark<TTask>>;
  /** The files and folders whose contents are the study's stimuli, for `recovery-bench freeze`. */
  stimuli(config: TConfig): Promise<string[]>;
  score: PrimaryScore;
  /** What one resampling unit is (the task ids' `unit`): e.g. "base task (its P0–P4 runs move together)". */
  unit: string;
  /** Which conditions each contrast of a study reads, and which contrasts cannot be measured here. */
  conditions: ConditionRoles;
  commands?: Readonly<Record<string, BenchmarkCommand>>;
  /** `recovery-bench fetch <id>`: gets the benchmark's own code and data, for users with network access. */
  fetch?: BenchmarkCommand;
  /** The benchmark's own analyses of its run directories, added to their report (e.g. the delivery study's table 6). */
  studyReport?(runDirs: readonly string[]): StudyReport | undefined;
  /** Tables of the benchmark's own for the report, computed from its scored samples. */
  reportSections?(samples: readonly ScoredSample[], options: ReportSectionOptions): ReportSection[];
}

/** A benchmark's own section of a report: Markdown for report.md and report.html, JSON for `<file>`. */
export interface StudyReport {
  markdown: string;
  json: unknown;
  /** File name of the JSON beside report.json, e.g. `delivery-report.json`. */
  file: string;
}

/** A task selection with one meaning everywhere: ids name tasks or units; `limit` keeps the first N units. */
export interface TaskSelection {
  ids?: readonly string[];
  limit?: number;
}

/** The tasks a selection keeps, in their order; every task of a kept unit stays, so contrasts stay paired. */
export function selectTasks<TTask extends TaskRef>(tasks: readonly TTask[], selection: TaskSelection): TTask[] {
  const unitOf = (t: TTask) => t.unit ?? t.id;
  let picked = selection.ids ? tasks.filter((t) => selection.ids!.includes(t.id) || selection.ids!.includes(unitOf(t))) : [...tasks];
  if (selection.limit !== undefined) {
    const units = new Set<string>();
    for (const t of picked) if (units.size < selection.limit) units.add(unitOf(t));
    picked = picked.filter((t) => units.has(unitOf(t)));
  }
  return picked;
}
