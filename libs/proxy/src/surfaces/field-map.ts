import type { Api } from '@recovery-bench/toolerror-core';
import { ChatRequestSchema, describeSchemaError, type ChatRequest } from '../request-schema.ts';
import { ProxyError } from '../errors.ts';

/**
 * What the proxy does with a field of a client's request (the field table, `KNOWN_FIELDS`, says it per path):
 * - `converted`: read and carried to the engine's Chat Completions request (or into the record);
 * - `forwarded`: passed to the engine as the client sent it (Chat Completions);
 * - `layer`: read by the recovery layer's detector (a client's failure flag);
 * - `pinned`: the proxy's value is sent instead; the client's is kept in the record's `originals`;
 * - `ignored`: accepted, with no effect on what the engine gets (cache hints, item ids);
 * - `dropped`: left out of the engine's request and named in the record's `dropped.fields`;
 * - `refused`: a clear 400 (images, stateful references).
 */
export type FieldHandling = 'converted' | 'forwarded' | 'layer' | 'pinned' | 'ignored' | 'dropped' | 'refused';

/** The Chat Completions request being written from a surface's request, and the names of what could not be carried. */
export interface ChatDraft {
  body: Record<string, unknown>;
  dropped: string[];
}

/** Writes a field's Chat Completions equivalent into the draft. */
export type WriteField = (value: unknown, draft: ChatDraft) => void;

/** One top-level field of a surface's request that means something on Chat Completions. */
export interface FieldRule {
  handling: Extract<FieldHandling, 'converted' | 'pinned' | 'ignored'>;
  /** The rule covers the field's whole subtree (for the field table). */
  whole?: true;
  /** Writes the field's Chat Completions equivalent, for a field the client sent; none: read with the messages, or ignored. */
  write?: WriteField;
}

/** A surface's top-level fields with a Chat Completions meaning, in the order their equivalents are written. */
export type FieldMap = Readonly<Record<string, FieldRule>>;

/** The field under the same or another name (`stop_sequences` → `stop`). */
export function copyTo(name: string): WriteField {
  return (value, draft) => {
    draft.body[name] = value;
  };
}

/** As `copyTo`, but a `null` stands for "not sent". */
export function copyUnlessNull(name: string): WriteField {
  return (value, draft) => {
    if (value !== null) draft.body[name] = value;
  };
}

/** `stream: true` asks the engine for the usage too: the surface's last event reports it. */
export const streamWithUsage: WriteField = (value, draft) => {
  if (value !== true) return;
  draft.body.stream = true;
  draft.body.stream_options = { include_usage: true };
};

/**
 * The request's top-level fields on Chat Completions: the ones the map does not name go on as sent, for the field
 * filter (which forwards, pins or drops each and records what it dropped); then each mapped one the client sent is
 * written by its rule, in the map's order.
 */
export function writeFields(request: Readonly<Record<string, unknown>>, fields: FieldMap, draft: ChatDraft): void {
  for (const key of Object.keys(request)) if (!Object.hasOwn(fields, key)) draft.body[key] = request[key];
  for (const key of Object.keys(fields)) {
    const write = fields[key]!.write;
    if (write !== undefined && request[key] !== undefined) write(request[key], draft);
  }
}

/** A converted request is checked as any Chat Completions request is, before the field filter sees it. */
export function checkedChat(draft: ChatDraft, surface: Api): { body: ChatRequest; dropped: string[] } {
  const parsed = ChatRequestSchema.safeParse(draft.body);
  if (!parsed.success) throw new ProxyError('proxy:invalid-request', describeSchemaError(parsed.error).replace('Chat Completions', `converted ${surface}`));
  return { body: parsed.data, dropped: draft.dropped };
}
