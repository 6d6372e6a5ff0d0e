import type { BenchmarkEntry } from '@recovery-bench/harness';
import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import type { LoudquietTask } from './loop/benchmark.ts';
import type { RunSource } from './loop/source.ts';

const CONDITION_IDS = ['clean', 'timeout', 'silent_corruption', 'schema_drift', 'missing_tool'] as const;

/** The `benchmarks.loudquiet` section of a run config. */
export const LoudquietConfigSchema = z.strictObject({
  /**
   * `auto` (default): the real suite when LOUDQUIET_GORILLA_DIR and LOUDQUIET_DATA_DIR (or LOUDQUIET_BRITTLE_DIR)
   * are set, else the built-in fixture suite; `fixture`; or the files themselves.
   */
  source: z
    .union([
      z.literal('auto'),
      z.literal('fixture'),
      /** A gorilla checkout and the data: a brittle-agents checkout, a folder with both files, or the two paths. */
      z.strictObject({
        gorilla: z.string().min(1),
        checkout: z.string().min(1).optional(),
        dataDir: z.string().min(1).optional(),
        suite: z.string().min(1).optional(),
        reference: z.string().min(1).optional(),
      }),
    ])
    .default('auto'),
  conditions: z.array(z.enum(CONDITION_IDS)).min(1).default([...CONDITION_IDS]),
  /** Task ids (`T001`) or trial ids (`T001:timeout`) to run (all when absent). */
  tasks: z.array(z.string()).optional(),
  /** The first N suite tasks, each with all its conditions. */
  limit: z.number().int().positive().optional(),
  /** The optional scaffolding arm: one more line in the system prompt. */
  scaffolding: z.boolean().default(false),
  python: z.string().min(1).default('python3'),
  /** The bridge's time zone (TradingBot timestamps use local time). */
  tz: z.string().min(1).default('UTC'),
  /** Run on a gorilla checkout at another commit than the pinned one (with a warning); refused otherwise. */
  allowUnpinned: z.boolean().default(false),
});
export type LoudquietConfig = z.infer<typeof LoudquietConfigSchema>;

/** The data a section names; for `auto` without the real data, the fixture suite and what was missing. */
async function resolveSource(config: LoudquietConfig): Promise<{ source: RunSource; missing?: string }> {
  const { fixtureSource, missingRealSource, realSource } = await import('./loop/source.ts');
  if (config.source === 'fixture') return { source: fixtureSource() };
  if (config.source === 'auto') {
    const real = realSource();
    return real ? { source: real } : { source: fixtureSource(), missing: missingRealSource() };
  }
  const found = realSource(config.source, {});
  if (!found) throw new BenchError('config:invalid', 'benchmarks.loudquiet.source: give the data as checkout, dataDir, or suite and reference');
  return { source: found };
}

/**
 * Loud/Quiet as the suite sees it. This module stays light (a schema and data): the loader, the loop, the bridge
 * and the scorer are imported when a run, a score or a subcommand needs them.
 */
export const loudquietEntry: BenchmarkEntry<LoudquietConfig, LoudquietTask> = {
  id: 'loudquiet',
  version: '0.1.0',
  summary: 'Loud/Quiet: 24 multi-turn BFCL tasks × clean, timeout, silent corruption, schema drift, missing tool; state agreement',
  configSchema: LoudquietConfigSchema,
  async prepare(config) {
    const { prepareLoudquiet } = await import('./loop/benchmark.ts');
    const { source, missing } = await resolveSource(config);
    const prepared = await prepareLoudquiet({
      source,
      conditions: config.conditions,
      ids: config.tasks,
      limit: config.limit,
      scaffolding: config.scaffolding,
      python: config.python,
      tz: config.tz,
      allowUnpinned: config.allowUnpinned,
    });
    if (missing) prepared.warnings.unshift(`loudquiet: source auto: ${missing}, so the fixture suite runs, not Loud/Quiet's 24 tasks (${prepared.source.getReal})`);
    return prepared;
  },
  async stimuli(config) {
    const { source } = await resolveSource(config);
    return [source.files.suitePath, source.files.referencePath];
  },
  score: { scorer: 'loudquiet:state-agreement', label: 'state agreement' },
  unit: 'task (its five conditions resample together)',
  commands: {
    rescore: {
      summary: 'score recorded trajectories again: `loudquiet rescore <trajectories.jsonl…> --reference <reference_states.json>` prints one JSON line per trial',
      run: async (args) => (await import('./cli/rescore.ts')).runRescoreCommand(args),
    },
  },
  fetch: {
    summary: "Loud/Quiet's data and BFCL's classes at the pinned commits (`fetch loudquiet --dest DIR`; needs network)",
    run: async (args) => (await import('./cli/fetch.ts')).runFetchCommand(args),
  },
  // Study 3 runs the frozen 24 tasks at the paper's seeds 0 and 1 (a fault's victim and corruption draw from them).
  presetSections: { study3: { source: 'auto', seeds: [0, 1] } },
  conditions: {
    explicit: ['timeout', 'schema_drift', 'missing_tool'],
    // The paper's control: where the layer must not act, the clean runs and the silent corruption no error text announces.
    control: ['clean', 'silent_corruption'],
    transient: ['timeout'],
    missingTool: ['missing_tool'],
  },
};
