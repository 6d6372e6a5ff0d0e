import { SANDBOX_KINDS } from '@recovery-bench/harness';
import { z } from 'zod';
import { AGENT_IDS } from './agents/types.ts';
import { SERVICE_MODES } from './data-service.ts';
import { REPO_IDS } from './datasets.ts';
import { AgentConcurrencySchema, DEFAULT_AGENT_RUNS } from './driver.ts';

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
