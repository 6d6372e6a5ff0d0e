import type { BenchmarkEntry } from '@recovery-bench/harness';
import { z } from 'zod';
import { ADAPTER_VERSION } from './identity.ts';
import { MODES } from './schema.ts';
import type { ToolmazeSample } from './benchmark.ts';

/** The `benchmarks.toolmaze` section of a run config. */
export const ToolmazeConfigSchema = z.strictObject({
  /** `fixture` (built in) or a ToolMaze checkout folder. */
  source: z.union([z.literal('fixture'), z.strictObject({ checkout: z.string().min(1), python: z.string().default('python3') })]).default('fixture'),
  conditions: z.array(z.enum(MODES)).min(1).default([...MODES]),
  /** Task or base task ids to run (all when absent). */
  tasks: z.array(z.string()).optional(),
  /** The first N base tasks, each with all its conditions. */
  limit: z.number().int().positive().optional(),
  promptVariant: z.enum(['by-mode', 'always-p0']).default('by-mode'),
});
export type ToolmazeConfig = z.infer<typeof ToolmazeConfigSchema>;

/**
 * ToolMaze C1 as the suite sees it. This module stays light (a schema and data): the loader, the agent loop, the
 * Python bridge and the judge are imported when a run, a score or a subcommand needs them.
 */
export const toolmazeEntry: BenchmarkEntry<ToolmazeConfig, ToolmazeSample> = {
  id: 'toolmaze',
  version: ADAPTER_VERSION,
  summary: 'ToolMaze C1: fault injection P0–P4, pass rate by its rule-based judge',
  configSchema: ToolmazeConfigSchema,
  async prepare(config, ctx) {
    const { prepareToolmaze, toolmazeBenchmark } = await import('./benchmark.ts');
    const { sharedBridgePool } = await import('./bridge/bridge-pool.ts');
    const { FIXTURE_SIM_SCRIPTS_DIR } = await import('./suite-file.ts');
    const fixture = config.source === 'fixture';
    const prepared = await prepareToolmaze({
      source: config.source === 'fixture' ? { kind: 'fixture' } : { kind: 'checkout', root: config.source.checkout, python: config.source.python },
      promptVariant: config.promptVariant,
      select: { modes: config.conditions, ids: config.tasks, limit: config.limit },
      limits: { maxRounds: ctx.limits.maxRounds },
      generation: { requestTimeoutS: ctx.limits.requestTimeoutMs / 1000 },
    });
    return {
      benchmark: toolmazeBenchmark,
      tasks: prepared.samples,
      manifest: prepared.manifest,
      warnings: prepared.warnings.map((w) => `${w.code}: ${w.where}: ${w.message}`),
      ...(fixture ? { simScriptsDir: FIXTURE_SIM_SCRIPTS_DIR } : {}),
      close: async () => sharedBridgePool.closeAll(),
    };
  },
  async stimuli(config) {
    if (config.source !== 'fixture') return [`${config.source.checkout}/data/perturbed_tasks`, `${config.source.checkout}/tools`];
    const { FIXTURE_SUITE_PATH, FIXTURE_SIM_SCRIPTS_DIR } = await import('./suite-file.ts');
    return [FIXTURE_SUITE_PATH, FIXTURE_SIM_SCRIPTS_DIR];
  },
  score: { scorer: 'toolmaze:c1-judge', label: 'pass rate' },
  unit: 'base task (its P0–P4 runs resample together)',
  commands: {
    judge: {
      summary: 'judge one C1 inference trace: `toolmaze judge --task T --trace R` prints {pass, failure_reason, trace_check}',
      run: async (args) => (await import('./cli/judge.ts')).runJudgeCommand(args),
    },
  },
  fetch: {
    summary: "ToolMaze's code and pinned data into a folder (`fetch toolmaze --dest DIR`; needs network)",
    run: async (args) => (await import('./cli/fetch.ts')).runFetchCommand(args),
  },
  conditions: {
    explicit: ['P1', 'P2'],
    control: ['P0'],
    transient: ['P1'],
    missingTool: null,
    invalid: {
      // Its judge passes P1 only if the model itself calls the failed tool twice, so a retry inside the tool layer fails by construction.
      e2: 'the judge requires a visible retry',
    },
  },
};
