import { randomUUID } from 'node:crypto';
import {
  BenchError,
  runAgentLoop,
  selectTasks,
  type AgentLoopSettingsInput,
  type Benchmark,
  type ChatMessage,
  type RunContext,
  type ToolExecutor,
  type ToolSpec as ModelToolSpec,
  type Transcript,
} from '@recovery-bench/harness';
import { z } from 'zod';
import { BridgeOptionsSchema, sharedBridgePool, type BridgeOptions } from './bridge/bridge-client.ts';
import { loadCheckout, type LoadedSuite } from './checkout.ts';
import { assertC1 } from './errors.ts';
import { CheckoutToolExecutor } from './executor/checkout-executor.ts';
import { FixtureToolExecutor } from './executor/fixture-executor.ts';
import { ADAPTER_VERSION } from './identity.ts';
import { buildManifest, type ToolmazeManifest } from './manifest.ts';
import { choosePrompt, PromptSourceSchema, PromptVariantSchema, resolvePrompts } from './prompts.ts';
import { ComplexitySchema, ModeSchema, type Prompts, type ToolSpec } from './schema.ts';
import type { ToolmazeSample } from './sample.ts';
import { c1JudgeScorer } from './scorer.ts';
import { loadSuiteFile } from './suite-file.ts';
import type { LoadWarning } from './task-rules.ts';

/** Options of `prepareToolmaze`, grouped by concern; defaults are ToolMaze's (spec §5). */
export const ToolmazeOptionsSchema = z
  .object({
    source: z
      .discriminatedUnion('kind', [
        /** A suite file in the normalised shape; the built-in fixture suite by default. */
        z.object({ kind: z.literal('fixture'), path: z.string().min(1).optional() }).strict(),
        z
          .object({
            kind: z.literal('checkout'),
            root: z.string().min(1),
            python: z.string().min(1).default('python3'),
            bridgeTimeoutMs: z.number().int().positive().default(30_000),
            complexities: z.array(ComplexitySchema).min(1).default(['C1']),
            computeDataHash: z.boolean().default(false),
          })
          .strict(),
      ])
      .default({ kind: 'fixture' }),
    promptVariant: PromptVariantSchema.default('by-mode'),
    /** Default: the suite's prompts for a suite file, the checkout's for a checkout. */
    prompts: PromptSourceSchema.optional(),
    select: z
      /** `ids` name tasks or base tasks; `limit` keeps the first N base tasks, each with all its modes. */
      .object({ modes: z.array(ModeSchema).optional(), ids: z.array(z.string()).optional(), limit: z.number().int().positive().optional() })
      .strict()
      .default({}),
    limits: z.object({ maxRounds: z.number().int().positive().default(25) }).strict().default({ maxRounds: 25 }),
    generation: z
      .object({
        temperature: z.number().min(0).default(1),
        /** The paper's 16000; the repository's configs use 10240. */
        maxOutputTokens: z.number().int().positive().default(16_000),
        requestTimeoutS: z.number().positive().default(45),
      })
      .strict()
      .default({ temperature: 1, maxOutputTokens: 16_000, requestTimeoutS: 45 }),
    /**
     * Model-call retries: 5 attempts, waiting baseDelayMs·2ⁿ (2 s, 4 s, …) after a failed call; tests set 0. Empty
     * answers share the attempts and are asked again at once, unless `waitAfterEmpty` (ToolMaze's own timing, about
     * 30 s per sample whose model answers empty).
     */
    retry: z
      .object({ attempts: z.number().int().min(1).default(5), baseDelayMs: z.number().min(0).default(2000), waitAfterEmpty: z.boolean().default(false) })
      .strict()
      .default({ attempts: 5, baseDelayMs: 2000, waitAfterEmpty: false }),
  })
  .strict();
export type ToolmazeOptions = z.infer<typeof ToolmazeOptionsSchema>;
export type ToolmazeOptionsInput = z.input<typeof ToolmazeOptionsSchema>;

export type { SampleExecutor, ToolmazeSample } from './sample.ts';

export interface PreparedToolmaze {
  samples: ToolmazeSample[];
  warnings: LoadWarning[];
  manifest: ToolmazeManifest;
}

/** The function spec exactly as ToolMaze sends it: `{"type": "function", "function": {name, description, parameters}}`. */
export function modelToolSpec(spec: ToolSpec): ModelToolSpec {
  return { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.parameters } };
}

function loopSettings(o: ToolmazeOptions): AgentLoopSettingsInput {
  return {
    limits: { maxRounds: o.limits.maxRounds },
    generation: { temperature: o.generation.temperature, maxTokens: o.generation.maxOutputTokens, parallelToolCalls: false, requestTimeoutMs: Math.round(o.generation.requestTimeoutS * 1000) },
    toolCallsPerTurn: 'first',
    // 400s are not retried: the harness cannot tell a passing 400 from a context-length or invalid request.
    modelRetry: { attempts: o.retry.attempts, baseDelayMs: o.retry.baseDelayMs, statuses: [429, 502, 503], retryEmpty: true, waitAfterEmpty: o.retry.waitAfterEmpty },
    badArguments: 'end-run',
    errorAnswerPrefix: 'Error during execution: ',
  };
}


/** Loads the suite, resolves prompts, and builds the samples, the loader's warnings and the run manifest. */
export async function prepareToolmaze(input: ToolmazeOptionsInput = {}): Promise<PreparedToolmaze> {
  const parsed = ToolmazeOptionsSchema.safeParse(input);
  if (!parsed.success) throw new BenchError('config:invalid', `toolmaze options: ${z.prettifyError(parsed.error)}`);
  const o = parsed.data;
  const src = o.source;
  const loaded: LoadedSuite = src.kind === 'fixture' ? loadSuiteFile(src.path) : loadCheckout(src.root, { complexities: src.complexities, computeDataHash: src.computeDataHash });
  const bridge = src.kind === 'checkout' ? BridgeOptionsSchema.parse({ root: src.root, python: src.python, timeoutMs: src.bridgeTimeoutMs }) : undefined;
  const promptSource = o.prompts ?? (src.kind === 'checkout' ? { source: 'checkout' as const } : { source: 'suite' as const });
  const prompts = await resolvePrompts(promptSource, {
    suitePrompts: loaded.suite.prompts,
    fromCheckout: bridge ? () => checkoutPrompts(bridge) : undefined,
  });
  const { suite } = loaded;
  const loop = loopSettings(o);
  const inModes = suite.tasks.filter((t) => !o.select.modes || o.select.modes.includes(t.mode));
  const all = inModes.map((task): ToolmazeSample => {
    const offered = task.offeredTools.map((name) => suite.tools[name]!);
    const promptKind = choosePrompt(o.promptVariant, task.mode);
    return {
      id: task.id,
      condition: task.mode,
      unit: task.baseId,
      task,
      tools: offered.map(modelToolSpec),
      systemPrompt: prompts[promptKind],
      promptKind,
      promptVariant: o.promptVariant,
      loop,
      executor: bridge ? { kind: 'checkout', bridge } : { kind: 'fixture', tools: Object.fromEntries(offered.map((t) => [t.name, t])) },
    };
  });
  const samples = selectTasks(all, { ids: o.select.ids, limit: o.select.limit });
  const manifest = buildManifest({ source: suite.source, promptVariant: o.promptVariant, prompts, configuration: o });
  return { samples, warnings: loaded.warnings, manifest };
}

async function checkoutPrompts(options: BridgeOptions): Promise<Prompts> {
  return sharedBridgePool.with(options, (bridge) => bridge.prompts());
}

async function runSample(sample: ToolmazeSample, ctx: RunContext, executor: ToolExecutor): Promise<Transcript> {
  const messages: ChatMessage[] = [
    { role: 'system', content: sample.systemPrompt },
    { role: 'user', content: sample.task.query },
  ];
  return runAgentLoop({ model: ctx.model, messages, tools: sample.tools, executor, plugins: ctx.plugins, settings: sample.loop, signal: ctx.signal, sleep: ctx.sleep });
}

/** Checkout mode: one bridge process per concurrent run, taken from the shared pool and given back. */
async function runWithBridge(sample: ToolmazeSample, ctx: RunContext, options: BridgeOptions): Promise<Transcript> {
  return sharedBridgePool.with(options, async (bridge) => {
    const run = `${sample.id}#${randomUUID()}`;
    try {
      await bridge.start(run);
      return await runSample(sample, ctx, new CheckoutToolExecutor(sample.task, bridge, run));
    } finally {
      await bridge.end(run).catch(() => undefined);
    }
  });
}

/**
 * ToolMaze as a harness Benchmark: C1 runs, is judged and scored; C2–C4 load but `run` and the scorer throw
 * `UnsupportedComplexityError`.
 */
export const toolmazeBenchmark: Benchmark<ToolmazeSample> = {
  id: 'toolmaze',
  version: ADAPTER_VERSION,
  async run(sample, ctx) {
    assertC1(sample.task.complexity);
    if (sample.executor.kind === 'checkout') return runWithBridge(sample, ctx, sample.executor.bridge);
    return runSample(sample, ctx, new FixtureToolExecutor(sample.task, sample.executor.tools));
  },
  scorers: [c1JudgeScorer],
};
