import { z } from 'zod';
import { FORMS, RULE_SETS } from '@recovery-bench/toolerror-core';
import { ProxyConfigError } from './errors.ts';

export const ENGINE_KIND_IDS = ['llama.cpp', 'vllm', 'sglang', 'geulpu', 'generic'] as const;
export type EngineKindId = (typeof ENGINE_KIND_IDS)[number];

export const CLAMP_MODES = ['count', 'on-error', 'off'] as const;
export type ClampMode = (typeof CLAMP_MODES)[number];

const MINUTE = 60_000;
const MIB = 1024 * 1024;

/** Where the engine is and how long to wait for it. */
export const UpstreamConfigSchema = z.strictObject({
  /** The engine's base URL; a trailing `/v1` is accepted and stripped. */
  url: z.url({ protocol: /^https?$/ }),
  engine: z.enum(ENGINE_KIND_IDS).default('generic'),
  /** Sent as `Authorization: Bearer …`; without it the client's Authorization header is passed on. */
  apiKey: z.string().min(1).optional(),
  connectTimeoutMs: z.number().int().positive().default(10_000),
  /** Time to the response headers; generation of a long non-streamed answer counts here. */
  headersTimeoutMs: z.number().int().positive().default(30 * MINUTE),
  /** Longest silence between two body chunks. */
  bodyTimeoutMs: z.number().int().positive().default(30 * MINUTE),
  connections: z.number().int().positive().default(256),
  /** Below the engines' own idle limits (uvicorn and llama.cpp close after 5 s), so a reused socket is never stale. */
  keepAliveTimeoutMs: z.number().int().positive().default(4_000),
  /** Hold the client's headers until the first upstream event is complete (default per engine kind). */
  peekFirstEvent: z.boolean().optional(),
  /** Bit-exact runs: adds the engine kind's determinism pins (llama.cpp `cache_prompt: false`). */
  deterministic: z.boolean().default(false),
});
export type UpstreamConfig = z.infer<typeof UpstreamConfigSchema>;

/** What the model needs from every request: its name, template arguments and message quirks. */
export const ModelConfigSchema = z.strictObject({
  servedName: z.string().min(1).default('model'),
  /** Context length C, when the engine's tokenizer endpoint does not report it. */
  contextLength: z.number().int().positive().optional(),
  chatTemplateKwargs: z.record(z.string(), z.unknown()).default({}),
  parallelToolCalls: z.boolean().optional(),
  keepReasoningContent: z.boolean().default(false),
  /** Templates that raise on two calls in one assistant turn (Llama 3.1/3.3). */
  singleToolCallTemplate: z.boolean().default(false),
  seed: z.number().int().default(0),
  extraAllowedFields: z.array(z.string().min(1)).default([]),
  /** Further fields written over the client's on every request, after the engine kind's pins. */
  extraPins: z.record(z.string(), z.unknown()).default({}),
  /** Text in a 200 answer without `tool_calls` that shows an unparsed call. */
  callMarkup: z.array(z.string().min(1)).default(['<tool_call>', '<|python_tag|>', '<function=']),
  /** Requests with `max_tokens` at or below this are tagged `small_budget` side queries. */
  sideMaxTokens: z.number().int().nonnegative().default(512),
  badArguments: z.enum(['forward', 'repair']).default('forward'),
  multiCallHistory: z.enum(['forward', 'reject']).default('forward'),
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

/** The arm: which form of the recovery layer runs, and whether the engine runs its own. */
export const LayerConfigSchema = z.strictObject({
  form: z.enum(FORMS).default('off'),
  rules: z.enum(RULE_SETS).default('paper'),
  /** Pass `geulpu_tool_errors` to an engine with its own layer (GeulPU) instead of rewriting here. */
  engineLayer: z.boolean().default(false),
  retrySafety: z.enum(['off', 'annotations']).default('off'),
  noteQuoting: z.enum(['off', 'fenced']).default('off'),
});
export type LayerConfig = z.infer<typeof LayerConfigSchema>;

export const ClampConfigSchema = z.strictObject({
  /** Default per engine kind: vLLM `count`, SGLang `on-error`, others `off`. */
  mode: z.enum(CLAMP_MODES).optional(),
  maxTokensCap: z.number().int().positive().optional(),
});
export type ClampConfig = z.infer<typeof ClampConfigSchema>;

export const LimitsConfigSchema = z.strictObject({
  maxBodyBytes: z.number().int().positive().default(32 * MIB),
  maxResponseBytes: z.number().int().positive().default(64 * MIB),
  /** After a 413, how long the rest of the request body is discarded before the socket is closed. */
  drainMs: z.number().int().nonnegative().default(2_000),
});
export type LimitsConfig = z.infer<typeof LimitsConfigSchema>;

export const RecordsConfigSchema = z.strictObject({
  /** calls.jsonl; without a path nothing is written. */
  path: z.string().min(1).optional(),
  bodies: z.boolean().default(true),
  /** fdatasync after each write, for records that must survive a power cut, not just a crash. */
  sync: z.boolean().default(false),
  /** Longest text kept for a body that is not JSON. */
  maxTextChars: z.number().int().positive().default(1 * MIB),
  /**
   * Keep the prompt as the engine rendered it from the forwarded request (llama.cpp's `/apply-template`): what the
   * model read, with each form's turns in place. An engine without such an endpoint gets the reason instead.
   */
  rendered: z.boolean().default(false),
});
export type RecordsConfig = z.infer<typeof RecordsConfigSchema>;

export const ListenConfigSchema = z.strictObject({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(0),
  /** Send `x-should-retry` so that SDK clients skip retries that cannot help. */
  clientRetryHint: z.boolean().default(false),
});
export type ListenConfig = z.infer<typeof ListenConfigSchema>;

export const ProxyOptionsSchema = z.strictObject({
  upstream: UpstreamConfigSchema,
  model: ModelConfigSchema.prefault({}),
  layer: LayerConfigSchema.prefault({}),
  clamp: ClampConfigSchema.prefault({}),
  limits: LimitsConfigSchema.prefault({}),
  records: RecordsConfigSchema.prefault({}),
  listen: ListenConfigSchema.prefault({}),
});
/** What `startProxy` accepts: every group but `upstream` may be left out. */
export type ProxyOptions = z.input<typeof ProxyOptionsSchema>;
/** The options with every default filled in. */
export type ProxyConfig = z.infer<typeof ProxyOptionsSchema>;

export function parseProxyOptions(input: unknown): ProxyConfig {
  const parsed = ProxyOptionsSchema.safeParse(input);
  if (!parsed.success) throw new ProxyConfigError(`invalid proxy options:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
