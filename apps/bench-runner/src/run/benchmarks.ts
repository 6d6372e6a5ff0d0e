import { BenchError, type Benchmark, type TaskRef } from '@recovery-bench/harness';
import type { RunConfig } from '../config/schema.ts';

/** A benchmark with its tasks loaded for one run. */
export interface LoadedBenchmark {
  id: string;
  version: string;
  benchmark: Benchmark<TaskRef, never>;
  tasks: TaskRef[];
  /** Sim-engine scripts (the tasks' gold paths), when the benchmark ships them. */
  simScriptsDir?: string;
  /** What the benchmark records about its source (checkout commit, data hash, prompts). */
  manifest: unknown;
  warnings: string[];
  /** Releases what loading started (e.g. Python bridge processes). */
  close?: () => Promise<void>;
}

export interface BenchmarkEntry {
  summary: string;
  load(config: RunConfig): Promise<LoadedBenchmark>;
  /** The files and folders whose contents are the study's stimuli, for `recovery-bench freeze`. */
  stimuli(config: RunConfig): Promise<string[]>;
}

/** Typed registry of benchmarks: ids are what `recovery-bench run <benchmark>` and configs name. */
export const BENCHMARKS = {
  toolmaze: {
    summary: 'ToolMaze C1: fault injection P0–P4, pass rate by its rule-based judge',
    async load(config) {
      const settings = config.benchmarks.toolmaze;
      if (!settings) throw new BenchError('config:invalid', 'the config has no benchmarks.toolmaze section');
      const adapter = await import('@recovery-bench/toolmaze-adapter');
      const source = settings.source === 'fixture' ? { kind: 'fixture' as const } : { kind: 'checkout' as const, root: settings.source.checkout, python: settings.source.python };
      const prepared = await adapter.prepareToolmaze({
        source,
        promptVariant: settings.promptVariant,
        select: { modes: settings.conditions, ...(settings.tasks ? { ids: settings.tasks } : {}) },
        limits: { maxRounds: config.limits.maxRounds },
        generation: { requestTimeoutS: config.limits.requestTimeoutMs / 1000 },
      });
      const tasks = settings.limit === undefined ? prepared.samples : limitBaseTasks(prepared.samples, settings.limit);
      return {
        id: 'toolmaze',
        version: adapter.toolmazeBenchmark.version,
        benchmark: adapter.toolmazeBenchmark as unknown as Benchmark<TaskRef, never>,
        tasks,
        simScriptsDir: settings.source === 'fixture' ? adapter.FIXTURE_SIM_SCRIPTS_DIR : undefined,
        manifest: prepared.manifest,
        warnings: prepared.warnings.map((w) => `${w.code}: ${w.where}: ${w.message}`),
        close: async () => adapter.sharedBridgePool.closeAll(),
      };
    },
    async stimuli(config) {
      const source = config.benchmarks.toolmaze?.source;
      if (source === undefined) return [];
      const adapter = await import('@recovery-bench/toolmaze-adapter');
      if (source === 'fixture') return [adapter.FIXTURE_SUITE_PATH, adapter.FIXTURE_SIM_SCRIPTS_DIR];
      return [`${source.checkout}/data/perturbed_tasks`, `${source.checkout}/tools`];
    },
  },
} as const satisfies Record<string, BenchmarkEntry>;

export type BenchmarkId = keyof typeof BENCHMARKS;

/** The first `limit` base tasks, each with all its conditions. */
function limitBaseTasks<T extends TaskRef & { task: { baseId: string } }>(samples: T[], limit: number): T[] {
  const bases: string[] = [];
  for (const s of samples) if (!bases.includes(s.task.baseId)) bases.push(s.task.baseId);
  const keep = new Set(bases.slice(0, limit));
  return samples.filter((s) => keep.has(s.task.baseId));
}
