import { GUIDANCE } from '@recovery-bench/toolerror-core';
import type { ParsedToolCall, ToolContext, ToolOutcome } from './tools.ts';

/**
 * A client-side alternative to the recovery layer, acting in the tool layer of any benchmark.
 * `wrapExecute` surrounds execution (retries); `transformResult` edits what the model will read.
 */
export interface ClientPlugin {
  readonly id: string;
  wrapExecute?(call: ParsedToolCall, ctx: ToolContext, next: (ctx: ToolContext) => Promise<ToolOutcome>): Promise<ToolOutcome>;
  transformResult?(outcome: ToolOutcome, call: ParsedToolCall, ctx: ToolContext): ToolOutcome;
}

/**
 * E1, the paper's oracle client: the guidance sentence of the injected fault's exact kind is appended to that
 * fault's tool result, on a new line as the layer's C1 does. Ambiguous faults get nothing.
 */
export const e1Plugin: ClientPlugin = {
  id: 'e1',
  transformResult(outcome) {
    const kind = outcome.fault?.kind;
    if (kind === undefined || kind === 'ambiguous') return outcome;
    return { ...outcome, content: `${outcome.content}\n${GUIDANCE[kind]}`, meta: { ...outcome.meta, e1: kind } };
  },
};

/** How many times E2 retries a transient fault inside the tool layer (LangChain-style tool retry). */
export const E2_MAX_RETRIES = 3;

/**
 * E2: a call whose injected fault is transient is retried up to three times before the model sees anything.
 * Each hidden attempt is recorded; the model reads only the last outcome.
 */
export const e2Plugin: ClientPlugin = {
  id: 'e2',
  async wrapExecute(call, ctx, next) {
    let outcome = await next(ctx);
    let attempt = ctx.attempt;
    while (outcome.fault?.kind === 'transient' && attempt < ctx.attempt + E2_MAX_RETRIES) {
      ctx.record({ type: 'tool', t: 0, round: ctx.round, callId: call.id, name: call.name, arguments: call.arguments, content: outcome.content, isError: outcome.isError, durationMs: 0, attempt, hidden: true, injected: true });
      attempt++;
      outcome = await next({ ...ctx, attempt });
    }
    return attempt === ctx.attempt ? outcome : { ...outcome, meta: { ...outcome.meta, e2Attempts: attempt - ctx.attempt + 1 } };
  },
};

/** The plug-in registry: ids are what configs name (`e1`, `e2`). */
export const CLIENT_PLUGINS = { e1: e1Plugin, e2: e2Plugin } as const;
export type ClientPluginId = keyof typeof CLIENT_PLUGINS;

/** Runs a call through the plug-ins' wrappers (first plug-in outermost), then their result transforms. */
export async function executeWithPlugins(plugins: readonly ClientPlugin[], call: ParsedToolCall, ctx: ToolContext, execute: (ctx: ToolContext) => Promise<ToolOutcome>): Promise<ToolOutcome> {
  const chain = plugins.reduceRight<(c: ToolContext) => Promise<ToolOutcome>>(
    (next, plugin) => (plugin.wrapExecute ? (c) => plugin.wrapExecute!(call, c, next) : next),
    execute,
  );
  let outcome = await chain(ctx);
  for (const plugin of plugins) if (plugin.transformResult) outcome = plugin.transformResult(outcome, call, ctx);
  return outcome;
}
