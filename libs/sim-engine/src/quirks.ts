import { z } from 'zod';
import type { SimDialect } from './dialect.ts';
import { SimConfigError } from './errors.ts';
import { withoutNotes } from './note.ts';
import { messageText, type ChatRequest } from './request.ts';
import type { SimToolCall } from './types.ts';

/**
 * When a quirk fires. Chat requests are numbered from 1 per server; `everyNth: N` fires on requests N, 2N, …;
 * `marker` fires when the last user message contains it; `always` fires on every eligible request.
 * Several conditions: any one suffices.
 */
export const SimTriggerSchema = z.object({
  everyNth: z.number().int().min(1).optional(),
  marker: z.string().min(1).optional(),
  always: z.literal(true).optional(),
}).strict().refine((t) => t.everyNth !== undefined || t.marker !== undefined || t.always !== undefined, 'give everyNth, marker or always');
export type SimTrigger = z.output<typeof SimTriggerSchema>;

/** Engine misbehaviour on demand, so that the proxy's failure counting can be tested against real HTTP. */
export const SimQuirksSchema = z.object({
  /** llama.cpp's tool-parse failure: HTTP 500 (non-streaming) or an error event (streaming). Tool-call turns only. */
  llamaParse500: z.object({ trigger: SimTriggerSchema }).strict().optional(),
  /** vLLM/SGLang's unparsed call: 200 with the call markup in `content` and no `tool_calls`. Tool-call turns only. */
  rawToolMarkup: z.object({ trigger: SimTriggerSchema, markup: z.enum(['hermes', 'llama3', 'function']).default('hermes') }).strict().optional(),
  /** 200 with `tool_calls` whose arguments are not JSON. Tool-call turns only. */
  badArguments: z.object({ trigger: SimTriggerSchema }).strict().optional(),
  /** A streamed answer cut after `afterChunks` events (default: half), always before finish_reason and [DONE]. */
  streamTruncate: z.object({ trigger: SimTriggerSchema, afterChunks: z.number().int().min(0).optional() }).strict().optional(),
  /** An engine's context check (spec/engines-and-proxy.md 1.3), with the sim's token count as P. */
  contextLimit: z.object({
    contextTokens: z.number().int().min(1),
    /** Whose check and wording; default llama.cpp's in the llama.cpp dialect, else vLLM's. */
    style: z.enum(['vllm', 'vllm-legacy', 'sglang', 'llamacpp']).optional(),
  }).strict().optional(),
}).strict();
export type SimQuirks = z.output<typeof SimQuirksSchema>;
export type SimQuirksInput = z.input<typeof SimQuirksSchema>;

export function parseQuirks(value: unknown, where: string): SimQuirks {
  const result = SimQuirksSchema.safeParse(value ?? {});
  if (!result.success) throw new SimConfigError('sim:invalid-quirks', `${where}: invalid quirks\n${z.prettifyError(result.error)}`);
  return result.data;
}

export function triggerFires(trigger: SimTrigger | undefined, requestNumber: number, request: ChatRequest): boolean {
  if (!trigger) return false;
  if (trigger.always) return true;
  if (trigger.everyNth !== undefined && requestNumber % trigger.everyNth === 0) return true;
  if (trigger.marker !== undefined) {
    const lastUser = request.messages.findLast((m) => m.role === 'user');
    if (lastUser && withoutNotes(messageText(lastUser)).includes(trigger.marker)) return true;
  }
  return false;
}

/** The text a model would have produced for these calls, in the named template's markup. */
export function callMarkup(calls: readonly SimToolCall[], markup: 'hermes' | 'llama3' | 'function'): string {
  return calls.map((c) => {
    if (markup === 'llama3') return `<|python_tag|>{"name": ${JSON.stringify(c.name)}, "parameters": ${c.arguments}}`;
    if (markup === 'function') return `<function=${c.name}>${c.arguments}</function>`;
    return `<tool_call>\n{"name": ${JSON.stringify(c.name)}, "arguments": ${c.arguments}}\n</tool_call>`;
  }).join('\n');
}

/** llama.cpp's 500 body for model output its tool-call parser cannot read (b10573's wording). */
export function llamaParseError(): { code: 500; message: string; type: 'server_error' } {
  return { code: 500, message: 'The model produced output that does not match the expected peg-native format', type: 'server_error' };
}

/** Arguments with the closing brace cut, so they are not JSON. */
export function breakArguments(args: string): string {
  const at = args.lastIndexOf('}');
  return at >= 0 ? args.slice(0, at) + args.slice(at + 1) : `${args}{`;
}

export interface ContextRejection {
  status: 400;
  body: unknown;
}

/** The rejection the configured engine would send for prompt P and requested N, or undefined. */
export function contextRejection(limit: NonNullable<SimQuirks['contextLimit']>, dialect: SimDialect, promptTokens: number, maxTokens: number | undefined): ContextRejection | undefined {
  const C = limit.contextTokens;
  const P = promptTokens;
  const N = maxTokens;
  const vllm = (message: string, param: string | null = null) => ({ status: 400 as const, body: { error: { message, type: 'BadRequestError', param, code: 400 } } });
  switch (limit.style ?? (dialect === 'llama.cpp' ? 'llamacpp' : 'vllm')) {
    case 'vllm':
      if (N !== undefined && P + N > C) {
        return vllm(`This model's maximum context length is ${C} tokens. However, you requested ${N} output tokens and your prompt contains at least ${P} input tokens, for a total of at least ${P + N} tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=${P})`, 'input_tokens');
      }
      if (P > C) return vllm(`This model's maximum context length is ${C} tokens. However, your request has ${P} input tokens. Please reduce the length of the input messages.`);
      return undefined;
    case 'vllm-legacy':
      if (N !== undefined && P + N > C) {
        return vllm(`'max_tokens' or 'max_completion_tokens' is too large: ${N}. This model's maximum context length is ${C} tokens and your request has ${P} input tokens (${N} > ${C} - ${P}).`);
      }
      if (P > C) return vllm(`This model's maximum context length is ${C} tokens. However, your request has ${P} input tokens. Please reduce the length of the input messages.`);
      return undefined;
    case 'sglang':
      if (P >= C) return vllm(`The input (${P} tokens) is longer than the model's context length (${C} tokens).`);
      if (N !== undefined && P + N >= C) {
        return vllm(`Requested token count exceeds the model's maximum context length of ${C} tokens. You requested a total of ${P + N} tokens: ${P} tokens from the input messages and ${N} tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.`);
      }
      return undefined;
    case 'llamacpp':
      if (P < C) return undefined;
      return { status: 400, body: { error: { code: 400, message: `request (${P} tokens) exceeds the available context size (${C} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: P, n_ctx: C } } };
  }
}
