import { z } from 'zod';
import { FAILURE_CODES } from './classify.ts';
import { SIDE_TAGS } from './fields.ts';
import { SURFACE_IDS } from './surfaces/table.ts';

/** Each line of calls.jsonl names its format; readers check it before anything else. */
export const CALLS_FORMAT = 'recovery-bench/calls@1';

const FailureCodeSchema = z.enum(FAILURE_CODES);

export const ClampRecordSchema = z.strictObject({
  mode: z.enum(['count', 'on-error', 'off']),
  /** The client's budget (first of max_tokens, max_completion_tokens, max_new_tokens). */
  requested: z.number().nullable(),
  /** After `maxTokensCap`. */
  limit: z.number().nullable(),
  /** `max_tokens` of the last attempt sent; null when none was sent. */
  sent: z.number().nullable(),
  /** `max_tokens` of the first send, when a clamp retry followed. */
  firstSent: z.number().nullable(),
  promptTokens: z.number().nullable(),
  contextLength: z.number().nullable(),
  /** Where P came from: the engine's tokenizer, its rejection message, or nowhere. */
  source: z.enum(['count', 'error', 'none']),
  retried: z.boolean(),
  /** Why counting failed, when mode `count` fell back to `on-error`. */
  countError: z.string().nullable(),
});
export type ClampRecord = z.infer<typeof ClampRecordSchema>;

const DetectionSchema = z.strictObject({
  messageIndex: z.number().int(),
  kind: z.enum(['transient', 'fixable', 'unrecoverable', 'ambiguous']),
  rule: z.string(),
  scope: z.enum(['decision', 'history']),
  withheld: z.literal('retry-unsafe').optional(),
});

export const CallRecordSchema = z.strictObject({
  format: z.literal(CALLS_FORMAT),
  id: z.string(),
  runId: z.string().nullable(),
  /** From `X-Stainless-Retry-Count`; 0 for a first attempt or a client that does not say. */
  attempt: z.number().int().nonnegative(),
  /** The previous record of this run with the same body hash, for a retry (attempt > 0). */
  retryOf: z.string().nullable(),
  bodyHash: z.string().nullable(),
  startedAt: z.string(),
  route: z.string(),
  /** The API the client spoke: Chat Completions, Anthropic Messages or OpenAI Responses (the engine always gets Chat). */
  surface: z.enum(SURFACE_IDS).default('chat'),
  userAgent: z.string().nullable(),
  /** Request headers; `authorization`, `api-key` and similar are redacted. */
  headers: z.record(z.string(), z.string()),
  stream: z.boolean().nullable(),
  side: z.enum(SIDE_TAGS).nullable(),
  /** Status sent to the client; 0 when the client got none (it left, or the stream was cut). */
  status: z.number().int(),
  upstreamStatus: z.number().int().nullable(),
  code: FailureCodeSchema,
  /** `proxy`: the proxy answered (bad input, policy, unreachable or slow engine); `engine`: the engine did. */
  origin: z.enum(['engine', 'proxy']),
  error: z.strictObject({ message: z.string(), type: z.string().nullable(), code: z.union([z.string(), z.number()]).nullable() }).nullable(),
  layer: z.strictObject({
    mode: z.enum(['proxy', 'engine']),
    form: z.string(),
    rules: z.string(),
    changed: z.boolean(),
    /** The `X-GeulPU-Tool-Errors` value the client got. */
    header: z.string().nullable(),
    /** The engine's own header, when it sent one. */
    engineHeader: z.string().nullable(),
  }),
  detections: z.array(DetectionSchema),
  clamp: ClampRecordSchema.nullable(),
  flags: z.strictObject({
    historyBadArguments: z.boolean(),
    multiCallHistory: z.boolean(),
    nonTextContent: z.boolean(),
    repairedArguments: z.array(z.strictObject({ message: z.number(), call: z.number(), arguments: z.unknown() })),
  }),
  dropped: z.strictObject({ fields: z.array(z.string()), messageFields: z.array(z.string()) }),
  /** The client's values of the fields the proxy pins. */
  originals: z.record(z.string(), z.unknown()),
  usage: z.unknown(),
  timings: z.strictObject({
    bodyMs: z.number(),
    overheadMs: z.number(),
    countMs: z.number(),
    upstreamMs: z.number().nullable(),
    firstByteMs: z.number().nullable(),
    totalMs: z.number(),
  }),
  /**
   * With `records.rendered`: the prompt the engine rendered from the forwarded request (`prompt`, and the endpoint in
   * `source`), or null with the reason it could not be had; absent when not asked for.
   */
  rendered: z.strictObject({ prompt: z.string().nullable(), source: z.string().nullable(), reason: z.string().nullable() }).optional(),
  /** Running attempt counts of this proxy after this record, non-zero codes only. */
  counts: z.record(z.string(), z.number()),
  /** The body as received: JSON, or its text when it was not JSON (clipped, see `requestClipped`). */
  request: z.unknown(),
  requestClipped: z.boolean(),
  /** The body of the last attempt sent upstream. */
  forwarded: z.unknown(),
  /** The upstream body; a stream put back together as one `chat.completion` with a `stream` summary. */
  response: z.unknown(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;

/** Reads calls.jsonl text into records, checking each line. */
export function parseCallRecords(text: string): CallRecord[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => CallRecordSchema.parse(JSON.parse(line)));
}
