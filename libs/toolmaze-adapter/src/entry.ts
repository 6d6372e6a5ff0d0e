import type { BenchmarkEntry, TaskSource } from '@recovery-bench/harness';
import { z } from 'zod';
import { ADAPTER_VERSION } from './identity.ts';
import { MODES } from './schema.ts';
import type { ToolmazeSample } from './benchmark.ts';
import type { ToolmazeManifest } from './manifest.ts';

/** The environment variable naming a ToolMaze checkout for `source: auto`. */
export const TOOLMAZE_ROOT_ENV = 'TOOLMAZE_ROOT';

const CheckoutSourceSchema = z.strictObject({ checkout: z.string().min(1), python: z.string().default('python3') });
type CheckoutSource = z.infer<typeof CheckoutSourceSchema>;

/** The `benchmarks.toolmaze` section of a run config. */
export const ToolmazeConfigSchema = z.strictObject({
  /**
   * `fixture` (built in, the default), a ToolMaze checkout folder, or `auto`: the checkout `TOOLMAZE_ROOT` names,
   * else the fixture suite with a warning saying so.
   */
  source: z.union([z.literal('fixture'), z.literal('auto'), CheckoutSourceSchema]).default('fixture'),
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
/** How a user gets ToolMaze's own tasks: the fetch, then the setting `auto` reads. */
const GET_REAL = `recovery-bench fetch toolmaze --dest ToolMaze && export ${TOOLMAZE_ROOT_ENV}=$PWD/ToolMaze`;

/** The checkout a section names, or `auto`'s; undefined for the fixture suite (with why, for `auto`). */
function resolveSource(config: ToolmazeConfig, env: NodeJS.ProcessEnv = process.env): { checkout?: CheckoutSource; missing?: string } {
  if (config.source === 'fixture') return {};
  if (config.source !== 'auto') return { checkout: config.source };
  const root = env[TOOLMAZE_ROOT_ENV];
  return root ? { checkout: { checkout: root, python: 'python3' } } : { missing: `${TOOLMAZE_ROOT_ENV} is not set` };
}

function taskSource(manifest: ToolmazeManifest): TaskSource {
  const s = manifest.source;
  if (s.kind === 'fixture') return { kind: 'fixture', label: 'ToolMaze fixture suite (self-authored stand-ins in ToolMaze\'s format, not ToolMaze\'s tasks)', getReal: GET_REAL };
  const data = s.dataRevision ? `data revision ${s.dataRevision.slice(0, 7)}` : 'data revision not the pinned one';
  const hash = s.perturbedTasksSha256 ? ` (perturbed tasks SHA-256 ${s.perturbedTasksSha256.slice(0, 12)})` : '';
  const code = s.codeCommit ? `${s.codeCommit.slice(0, 7)}${manifest.pinned.codeAtPin ? ' (the paper\'s commit)' : ` (not the paper's ${manifest.pinned.codeCommit})`}` : 'an unknown commit (no .git)';
  return { kind: 'real', label: `ToolMaze checkout ${s.root} at ${code}, ${data}${hash}` };
}

export const toolmazeEntry: BenchmarkEntry<ToolmazeConfig, ToolmazeSample> = {
  id: 'toolmaze',
  version: ADAPTER_VERSION,
  summary: 'ToolMaze C1: fault injection P0–P4, pass rate by its rule-based judge',
  configSchema: ToolmazeConfigSchema,
  async prepare(config, ctx) {
    const { prepareToolmaze, toolmazeBenchmark } = await import('./benchmark.ts');
    const { sharedBridgePool } = await import('./bridge/bridge-client.ts');
    const { FIXTURE_SIM_SCRIPTS_DIR } = await import('./suite-file.ts');
    const { checkout, missing } = resolveSource(config);
    const fixture = checkout === undefined;
    const prepared = await prepareToolmaze({
      source: checkout ? { kind: 'checkout', root: checkout.checkout, python: checkout.python, computeDataHash: true } : { kind: 'fixture' },
      promptVariant: config.promptVariant,
      select: { modes: config.conditions, ids: config.tasks, limit: config.limit },
      limits: { maxRounds: ctx.limits.maxRounds },
      generation: { requestTimeoutS: ctx.limits.requestTimeoutMs / 1000 },
    });
    return {
      benchmark: toolmazeBenchmark,
      tasks: prepared.samples,
      source: taskSource(prepared.manifest),
      manifest: prepared.manifest,
      warnings: [
        ...(missing ? [`toolmaze: source auto: ${missing}, so the fixture suite runs, not ToolMaze's tasks (${GET_REAL})`] : []),
        ...prepared.warnings.map((w) => `${w.code}: ${w.where}: ${w.message}`),
      ],
      ...(fixture ? { simScriptsDir: FIXTURE_SIM_SCRIPTS_DIR } : {}),
      close: async () => sharedBridgePool.closeAll(),
    };
  },
  async stimuli(config) {
    const { checkout } = resolveSource(config);
    if (checkout) return [`${checkout.checkout}/data/perturbed_tasks`, `${checkout.checkout}/tools`];
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
  // The demo runs the fixture suite; Study 3 runs ToolMaze's own C1 tasks in the paper's three modes, the large
  // tier's models the first 50 tasks per mode (`limitByTier`, as the paper ran them).
  presetSections: { study3: { source: 'auto', conditions: ['P0', 'P1', 'P2'], limitByTier: { large: 50 } } },
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
