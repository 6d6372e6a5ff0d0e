import { SANDBOX_KINDS, type BenchmarkEntry } from '@recovery-bench/harness';
import { UsageError } from '@recovery-bench/harness/cli';
import { CODING_PRESETS } from './presets.ts';
import { codingReport } from './report.ts';
import { z } from 'zod';
import { AGENT_IDS } from './agents/types.ts';
import { SERVICE_MODES } from './data-service.ts';
import { REPO_IDS } from './datasets.ts';
import { AgentConcurrencySchema, DEFAULT_AGENT_RUNS, TESTBED_VERSION } from './driver.ts';
import type { CodingTask } from './task.ts';

/**
 * Output limits by name. `paper`: what Qwen Code asks for in the paper's runs (32,000 tokens); an engine whose
 * context cannot hold that beside the prompt clamps it (the proxy's clamp, recorded in calls.jsonl) or rejects the
 * request, as SGLang did. `capped-8192`: the paper's deviation 4, the 8,192 tokens of its added SGLang run, here
 * declared by the agent itself (the paper's run had the proxy lower the agent's 32,000: a system's `maxTokensCap`).
 */
export const OUTPUT_LIMITS = { paper: 32_000, 'capped-8192': 8_192 } as const;
const OUTPUT_LIMIT_NAMES = Object.keys(OUTPUT_LIMITS) as [keyof typeof OUTPUT_LIMITS, ...(keyof typeof OUTPUT_LIMITS)[]];

/** The `benchmarks.coding` section of a run config. */
export const CodingConfigSchema = z.strictObject({
  agents: z.array(z.enum(AGENT_IDS)).min(1).default(['qwen-code']),
  repos: z.array(z.enum(REPO_IDS)).min(1).default([...REPO_IDS]),
  modes: z.array(z.enum(SERVICE_MODES)).min(1).default([...SERVICE_MODES]),
  /** Task or unit ids (`qwen-code/grade_book/flaky`, `qwen-code/grade_book`). */
  tasks: z.array(z.string()).optional(),
  limit: z.number().int().positive().optional(),
  /**
   * Where the agents run: `auto` (default) the first sandbox that works here (bubblewrap, else Docker), `bwrap`,
   * `docker`, or `none`, which runs them unsandboxed, as the harness's user (the report says so).
   */
  sandbox: z.enum(SANDBOX_KINDS).default('auto'),
  /**
   * Agent runs at once (each is an agent process, shells and Python), whatever `concurrency.perEngine` says: one
   * number for every model (default 4), or one per model with `default` for the models not named (else 4), as the
   * paper ran Qwen3-8B four at a time and Qwen3-32B one at a time: `{ qwen3-8b: 4, qwen3-32b: 1 }`, models named by
   * their ids in the config's `models`. run.json keeps what it comes to (`benchmarkSource.concurrency`).
   */
  concurrency: AgentConcurrencySchema.default(DEFAULT_AGENT_RUNS),
  agentLimits: z.strictObject({
    /** The output limit every agent declares: a number of tokens, or a name of OUTPUT_LIMITS. */
    maxOutputTokens: z.union([z.enum(OUTPUT_LIMIT_NAMES), z.number().int().positive()]).default('paper').transform((v) => (typeof v === 'number' ? v : OUTPUT_LIMITS[v])),
    /**
     * The context window every agent is told (its compaction and output budget follow it), or `agent-default`: none
     * declared, so each agent assumes its own; Qwen Code then asks for the whole output limit, as in the paper.
     */
    contextWindow: z.union([z.literal('agent-default'), z.number().int().positive()]).default(32_768),
    timeoutMs: z.number().int().positive().default(180_000),
  }).prefault({}),
});
export type CodingConfig = z.infer<typeof CodingConfigSchema>;

/**
 * The coding-agent testbed as the suite sees it. Agents are installed and found by the suite (the services `prepare`
 * gets locate what `recovery-bench agents install` put in place), since a benchmark library does not install programs.
 */
export const codingEntry: BenchmarkEntry<CodingConfig, CodingTask> = {
  id: 'coding',
  version: TESTBED_VERSION,
  summary: 'coding-agent testbed: real agents on six Python repositories; data service ok, flaky (503 twice) or forbidden (403)',
  configSchema: CodingConfigSchema,
  prepare: async (config, ctx) => (await import('./prepare.ts')).prepareCoding(config, ctx.services.locateAgent, ctx.services.sandbox),
  stimuli: async () => {
    const { REPOS_DIR, SOLUTIONS_DIR } = await import('./paths.ts');
    return [REPOS_DIR, SOLUTIONS_DIR];
  },
  score: { scorer: 'coding:outcome', label: 'success (tests pass; forbidden: access reported)' },
  unit: 'agent × repository (its ok, flaky and forbidden runs resample together)',
  conditions: {
    explicit: ['flaky', 'forbidden'],
    control: ['ok'],
    transient: ['flaky'],
    missingTool: null,
    invalid: {
      e1: 'E1 on the coding testbed (client-side guidance needs the harness to be the client; the agent talks to the proxy itself)',
      e2: 'E2 on the coding testbed (tool-side retries need the harness to run the tools; the agent runs its own shell)',
    },
  },
  report: (input) => codingReport(input),
  commands: {
    messages: {
      summary: 'print the final messages of a run directory\'s coding runs (`coding messages <runDir> [--mode forbidden]`)',
      run: async (args) => (await import('./cli/messages.ts')).runMessagesCommand(args),
    },
  },
  presets: CODING_PRESETS,
  // The agents must be installed first (`recovery-bench agents install`): the demo leaves the testbed out.
  presetSections: { default: false },
  runFlags: {
    agents: {
      description: 'the coding agents to run, e.g. qwen-code,opencode (the section\'s `agents`)',
      apply(section, value) {
        const agents = value.split(',').map((a) => a.trim()).filter(Boolean);
        if (agents.length === 0) throw new UsageError('--agents takes a comma-separated list, e.g. qwen-code,opencode');
        return { ...section, agents };
      },
    },
    sandbox: {
      description: `where the agents run: ${SANDBOX_KINDS.join(', ')} (the section's \`sandbox\`; none runs them unsandboxed)`,
      apply(section, value) {
        if (!(SANDBOX_KINDS as readonly string[]).includes(value)) throw new UsageError(`--sandbox takes ${SANDBOX_KINDS.join(', ')} (got "${value}")`);
        return { ...section, sandbox: value };
      },
    },
  },
};
