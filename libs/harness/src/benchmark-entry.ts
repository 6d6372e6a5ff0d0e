import type { ConditionRoles } from '@recovery-bench/analysis';
import type { Sandbox, SandboxKind } from './sandbox.ts';
import type { z } from 'zod';
import type { Benchmark, TaskRef } from './benchmark.ts';
import { BenchError } from './errors.ts';
import type { BenchmarkReport, BenchmarkReportInput } from './report-section.ts';

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

/**
 * What the suite lends a benchmark that a benchmark library may not import itself (it imports no I/O library of the
 * workspace): the coding agents `recovery-bench agents install` put in place, and the sim engine's profiles.
 */
export interface BenchmarkServices {
  /**
   * Finds an installed agent; throws a one-line error naming the install command when it is missing. `paths`: the
   * folders of its installation (and of the runtime it runs on), which a sandbox must let it read.
   */
  locateAgent(name: string): Promise<{ command: string; args: string[]; version: string; paths: string[] }>;
  /** A sandbox for model-driven programs: `auto` the first that works here; throws a one-line error without one. */
  sandbox(kind: SandboxKind): Promise<Sandbox>;
  /** A sim profile's decision rates: `rates[kind][situation].p`, the share of correct next actions. */
  simProfile(id: string): Promise<{ id: string; rates: Readonly<Record<string, Readonly<Record<string, { p: number }>>>> }>;
}

/**
 * Services for a benchmark driven without the suite (a library user, a test): each says in one line that it is
 * not available here.
 */
export const NO_SERVICES: BenchmarkServices = {
  locateAgent: async (name) => {
    throw new BenchError('config:invalid', `no agents are installed for this caller (wanted ${name}); run the benchmark through recovery-bench, which finds installed agents`);
  },
  simProfile: async (id) => {
    throw new BenchError('config:invalid', `no sim profiles are available to this caller (wanted ${id}); run the command through recovery-bench`);
  },
  sandbox: async (kind) => {
    throw new BenchError('config:invalid', `no sandbox is available to this caller (wanted ${kind}); run the benchmark through recovery-bench`);
  },
};

/** The run's settings a benchmark may take over for its own loop, and the suite's services. */
export interface PrepareContext {
  limits: { maxRounds: number; requestTimeoutMs: number };
  services: BenchmarkServices;
}

/** What a subcommand gets besides its arguments. */
export interface CommandContext {
  services: BenchmarkServices;
}

/** A subcommand a benchmark adds to the CLI (`recovery-bench <benchmark> <name>`, `recovery-bench fetch <benchmark>`). */
export interface BenchmarkCommand {
  summary: string;
  /** Returns the exit code; user mistakes throw errors that the CLI prints as one line. */
  run(args: string[], ctx: CommandContext): Promise<number>;
}

/**
 * A run preset of a benchmark's own (`recovery-bench run <id> --preset <name>`): the parts of a run config it sets
 * over a base the suite keeps (`sim`: the sim engine alone; `study3`: the paper's engines and models), and its
 * section. The suite checks it with the run config's strict schema when it is used.
 */
export interface RunPreset {
  description: string;
  base: 'sim' | 'study3';
  /** Run-config fields that replace the base's (`models`, `systems`, `concurrency`, `analysis`, …). */
  config?: Readonly<Record<string, unknown>>;
  /** The benchmark's `benchmarks.<id>` section. */
  section: Readonly<Record<string, unknown>>;
}

/** A flag `recovery-bench run <id>` takes for this benchmark, written into its section (`--agents a,b`). */
export interface RunFlag {
  description: string;
  /** The section with the flag's value in it (a user mistake throws a CliError). */
  apply(section: Readonly<Record<string, unknown>>, value: string): Record<string, unknown>;
}

/** How a sample's score is read for reports: which scorer, under what name. */
export interface PrimaryScore {
  /** The scorer id whose `value` and `outcome` the report and the progress line use. */
  scorer: string;
  /** What the value means: `pass rate`, `state agreement`, … */
  label: string;
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
  /** `recovery-bench <id> <name>`. */
  commands?: Readonly<Record<string, BenchmarkCommand>>;
  /** `recovery-bench fetch <id>`: gets the benchmark's own code and data, for users with network access. */
  fetch?: BenchmarkCommand;
  /** Run presets of its own; one named like the entry is what `run <id>` runs without --config or --preset. */
  presets?: Readonly<Record<string, RunPreset>>;
  /**
   * Its section in the suite's shared presets: `default` (the built-in demo: `{}` unless given; `false` leaves the
   * benchmark out, e.g. when it needs programs installed first) and `study3` (the paper's Study 3, for the
   * benchmarks it ran).
   */
  presetSections?: { default?: Readonly<Record<string, unknown>> | false; study3?: Readonly<Record<string, unknown>> };
  /** Flags `recovery-bench run <id>` takes beyond the common ones. */
  runFlags?: Readonly<Record<string, RunFlag>>;
  /** The benchmark's own part of a report (tables, lists, figures), from its scored samples. */
  report?(input: BenchmarkReportInput): BenchmarkReport | undefined;
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
