import { z } from 'zod';
import type { SimDialect } from './dialect.ts';
import { SimConfigError } from './errors.ts';
import { withoutNotes } from './note.ts';
import { uniformFrom } from './random.ts';
import { messageText, visibleKey, type ChatRequest } from './request.ts';
import type { SimToolCall } from './types.ts';

/**
 * When a quirk fires. Chat requests are numbered from 1 per server; `everyNth: N` fires on requests N, 2N, …;
 * `marker` fires when the last user message contains it; `always` fires on every eligible request (any one of
 * these suffices; with none of them every eligible request qualifies). Then two narrowings: `parallelCalls`
 * keeps only answers with two or more calls in one message, and `rate: p` keeps a share p of what is left,
 * drawn from the seed, the quirk and what the model sees (so a request always gets the same answer).
 */
export const SimTriggerSchema = z.object({
  everyNth: z.number().int().min(1).optional(),
  marker: z.string().min(1).optional(),
  always: z.literal(true).optional(),
  parallelCalls: z.literal(true).optional(),
  rate: z.number().min(0).max(1).optional(),
}).strict().refine((t) => t.everyNth !== undefined || t.marker !== undefined || t.always !== undefined || t.rate !== undefined || t.parallelCalls !== undefined, 'give everyNth, marker, always, parallelCalls or rate');
export type SimTrigger = z.output<typeof SimTriggerSchema>;

/** Where a quirk's behaviour or rate comes from (a paper's table or sentence, an engine's source, or an assumption). */
const SourceSchema = z.string().min(1).optional();

export const CALL_MARKUPS = ['hermes', 'hermes-doubled', 'llama3', 'function'] as const;
export type CallMarkup = (typeof CALL_MARKUPS)[number];

/** The text Llama 3.x's chat template raises for an assistant message with several calls. */
export const SINGLE_CALL_TEMPLATE_TEXT = 'This model only supports single tool-calls at once!';

/** Engine misbehaviour on demand, so that the proxy's failure counting can be tested against real HTTP. */
export const SimQuirksSchema = z.object({
  /** llama.cpp's tool-parse failure: HTTP 500 (non-streaming) or an error event (streaming). Tool-call turns only. */
  llamaParse500: z.object({ trigger: SimTriggerSchema, source: SourceSchema }).strict().optional(),
  /**
   * An unparsed call: 200 with the call markup in `content` and no `tool_calls` (vLLM/SGLang's parser failing, or
   * an engine that cannot read the model's markup: `hermes-doubled` is Qwen2.5-7B's call in doubled braces).
   * Tool-call turns only.
   */
  rawToolMarkup: z.object({ trigger: SimTriggerSchema, markup: z.enum(CALL_MARKUPS).default('hermes'), source: SourceSchema }).strict().optional(),
  /** 200 with `tool_calls` whose arguments are not JSON. Tool-call turns only. */
  badArguments: z.object({ trigger: SimTriggerSchema, source: SourceSchema }).strict().optional(),
  /** A streamed answer cut after `afterChunks` events (default: half), always before finish_reason and [DONE]. */
  streamTruncate: z.object({ trigger: SimTriggerSchema, afterChunks: z.number().int().min(0).optional(), source: SourceSchema }).strict().optional(),
  /**
   * A chat template that allows one call per assistant message (Llama 3.x's, as vLLM and SGLang render it): a
   * request whose history holds a message with several calls is refused with HTTP 400 and the template's text.
   */
  singleCallHistory: z.object({
    message: z.string().min(1).default(SINGLE_CALL_TEMPLATE_TEXT),
    source: SourceSchema,
  }).strict().optional(),
  /**
   * The engine runs other weights of the model than the reference engine (BF16 or FP8 against Q8_0) without batch
   * invariance: on a `share` of decision steps (drawn from what the model sees) the model decides anew, independently of
   * the draw the other engines share. Differences are then zero on average and noisy, as between real engines.
   */
  weightsDiffer: z.object({ share: z.number().min(0).max(1), source: SourceSchema }).strict().optional(),
  /** An engine's context check (spec/engines-and-proxy.md 1.3), with the sim's token count as P. */
  contextLimit: z.object({
    contextTokens: z.number().int().min(1),
    /** Whose check and wording; default llama.cpp's in the llama.cpp dialect, else vLLM's. */
    style: z.enum(['vllm', 'vllm-legacy', 'sglang', 'llamacpp']).optional(),
    /** Tokens this engine's template renders beyond the sim's count (SGLang's longer rendering of some models). */
    extraPromptTokens: z.number().int().min(0).optional(),
    source: SourceSchema,
  }).strict().optional(),
}).strict();
export type SimQuirks = z.output<typeof SimQuirksSchema>;
export type SimQuirksInput = z.input<typeof SimQuirksSchema>;

export function parseQuirks(value: unknown, where: string): SimQuirks {
  const result = SimQuirksSchema.safeParse(value ?? {});
  if (!result.success) throw new SimConfigError('sim:invalid-quirks', `${where}: invalid quirks\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** What a trigger is checked against: the request, its number, and (for answer quirks) the calls of the answer. */
export interface TriggerContext {
  quirk: string;
  seed: number;
  requestNumber: number;
  request: ChatRequest;
  calls?: readonly SimToolCall[];
}

export function triggerFires(trigger: SimTrigger | undefined, at: TriggerContext): boolean {
  if (!trigger) return false;
  if (!whenFires(trigger, at)) return false;
  if (trigger.parallelCalls && (at.calls?.length ?? 0) < 2) return false;
  if (trigger.rate !== undefined) return uniformFrom(`quirk:${at.quirk}`, at.seed, visibleKey(at.request)) < trigger.rate;
  return true;
}

function whenFires(trigger: SimTrigger, { requestNumber, request }: TriggerContext): boolean {
  const conditions = [trigger.always, trigger.everyNth, trigger.marker];
  if (conditions.every((c) => c === undefined)) return true;
  if (trigger.always) return true;
  if (trigger.everyNth !== undefined && requestNumber % trigger.everyNth === 0) return true;
  if (trigger.marker !== undefined) {
    const lastUser = request.messages.findLast((m) => m.role === 'user');
    if (lastUser && withoutNotes(messageText(lastUser)).includes(trigger.marker)) return true;
  }
  return false;
}

/** The text a model would have produced for these calls, in the named template's markup. */
export function callMarkup(calls: readonly SimToolCall[], markup: CallMarkup): string {
  return calls.map((c) => {
    if (markup === 'llama3') return `<|python_tag|>{"name": ${JSON.stringify(c.name)}, "parameters": ${c.arguments}}`;
    if (markup === 'function') return `<function=${c.name}>${c.arguments}</function>`;
    if (markup === 'hermes-doubled') return `<tool_call>\n{{"name": ${JSON.stringify(c.name)}, "arguments": ${c.arguments}}}\n</tool_call>`;
    return `<tool_call>\n{"name": ${JSON.stringify(c.name)}, "arguments": ${c.arguments}}\n</tool_call>`;
  }).join('\n');
}

/** The template's refusal of a history with several calls in one assistant message, or undefined. */
export function singleCallRefusal(quirk: NonNullable<SimQuirks['singleCallHistory']>, request: ChatRequest): ContextRejection | undefined {
  const several = request.messages.some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 1);
  return several ? badRequest(quirk.message) : undefined;
}

/** vLLM's and SGLang's 400 for a request they refuse (their OpenAI-style envelope). */
function badRequest(message: string, param: string | null = null): ContextRejection {
  return { status: 400, body: { error: { message, type: 'BadRequestError', param, code: 400 } } };
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
  const P = promptTokens + (limit.extraPromptTokens ?? 0);
  const N = maxTokens;
  switch (limit.style ?? (dialect === 'llama.cpp' ? 'llamacpp' : 'vllm')) {
    case 'vllm':
      if (N !== undefined && P + N > C) {
        return badRequest(`This model's maximum context length is ${C} tokens. However, you requested ${N} output tokens and your prompt contains at least ${P} input tokens, for a total of at least ${P + N} tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=${P})`, 'input_tokens');
      }
      if (P > C) return badRequest(`This model's maximum context length is ${C} tokens. However, your request has ${P} input tokens. Please reduce the length of the input messages.`);
      return undefined;
    case 'vllm-legacy':
      if (N !== undefined && P + N > C) {
        return badRequest(`'max_tokens' or 'max_completion_tokens' is too large: ${N}. This model's maximum context length is ${C} tokens and your request has ${P} input tokens (${N} > ${C} - ${P}).`);
      }
      if (P > C) return badRequest(`This model's maximum context length is ${C} tokens. However, your request has ${P} input tokens. Please reduce the length of the input messages.`);
      return undefined;
    case 'sglang':
      if (P >= C) return badRequest(`The input (${P} tokens) is longer than the model's context length (${C} tokens).`);
      if (N !== undefined && P + N >= C) {
        return badRequest(`Requested token count exceeds the model's maximum context length of ${C} tokens. You requested a total of ${P + N} tokens: ${P} tokens from the input messages and ${N} tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.`);
      }
      return undefined;
    case 'llamacpp':
      if (P < C) return undefined;
      return { status: 400, body: { error: { code: 400, message: `request (${P} tokens) exceeds the available context size (${C} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: P, n_ctx: C } } };
  }
}
