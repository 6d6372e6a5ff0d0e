import { REQUEST_FIELD } from '@recovery-bench/toolerror-core';
import type { ModelConfig } from './config.ts';
import { COMMON_PINS, PINNED_FIELDS, type EngineKind } from './engine-kinds.ts';

/** Forwarded as the client sent them (`messages` is shaped separately). */
export const FORWARDED_AS_SENT: ReadonlySet<string> = new Set(['messages', 'tools', 'tool_choice', 'stream', 'stream_options', 'stop', 'response_format']);

/** Client names for the output budget, in order of precedence; all are folded into `max_tokens`. */
export const MAX_TOKEN_FIELDS = ['max_tokens', 'max_completion_tokens', 'max_new_tokens'] as const;

export interface FieldPolicy {
  kind: EngineKind;
  model: ModelConfig;
  deterministic: boolean;
  /** Forward `geulpu_tool_errors` (the engine runs its own layer). */
  keepLayerField: boolean;
}

export interface ShapedFields {
  /** The forwarded body without `messages` and `max_tokens`, which later steps set. */
  body: Record<string, unknown>;
  dropped: string[];
  /** The client's values of pinned fields that it sent. */
  originals: Record<string, unknown>;
  /** The client's output budget, from the first of the `MAX_TOKEN_FIELDS` it sent. */
  requestedMaxTokens: number | undefined;
}

export function shapeFields(request: Readonly<Record<string, unknown>>, policy: FieldPolicy): ShapedFields {
  const body: Record<string, unknown> = { model: policy.model.servedName };
  const dropped: string[] = [];
  const originals: Record<string, unknown> = {};
  const allowed = new Set(policy.model.extraAllowedFields);
  for (const key of Object.keys(request)) {
    const value = request[key];
    if (key === 'messages') continue;
    if (FORWARDED_AS_SENT.has(key) || allowed.has(key)) body[key] = value;
    else if (PINNED_FIELDS.has(key)) originals[key] = value;
    else if (key === REQUEST_FIELD && policy.keepLayerField) body[key] = value;
    else if (!(MAX_TOKEN_FIELDS as readonly string[]).includes(key)) dropped.push(key);
  }
  writePins(body, request, policy);
  return { body, dropped, originals, requestedMaxTokens: requestedMaxTokens(request) };
}

function writePins(body: Record<string, unknown>, request: Readonly<Record<string, unknown>>, policy: FieldPolicy): void {
  const { kind, model } = policy;
  Object.assign(body, COMMON_PINS, kind.pins, policy.deterministic ? kind.deterministicPins : undefined);
  body.seed = model.seed;
  // Replaced, never merged: llama.cpp always defines enable_thinking, vLLM passes only the keys it is given.
  if (kind.templateKwargs || Object.keys(model.chatTemplateKwargs).length > 0) body.chat_template_kwargs = model.chatTemplateKwargs;
  if (model.parallelToolCalls !== undefined) body.parallel_tool_calls = model.parallelToolCalls;
  else if (request.parallel_tool_calls !== undefined) body.parallel_tool_calls = request.parallel_tool_calls;
  Object.assign(body, model.extraPins);
}

function requestedMaxTokens(request: Readonly<Record<string, unknown>>): number | undefined {
  for (const key of MAX_TOKEN_FIELDS) {
    const value = request[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

export const SIDE_TAGS = ['no_tools', 'non_stream', 'forced_tool', 'small_budget'] as const;
export type SideTag = (typeof SIDE_TAGS)[number];

/**
 * Side queries (titles, summaries, classifiers) are counted apart from the agent's main turns (spec 1.8);
 * the first matching rule names the tag, `null` is a main turn.
 */
export function sideQueryTag(request: Readonly<Record<string, unknown>>, sideMaxTokens: number, maxTokens: number | undefined): SideTag | null {
  if (!Array.isArray(request.tools) || request.tools.length === 0) return 'no_tools';
  if (request.stream !== true) return 'non_stream';
  const choice = request.tool_choice;
  if (choice === 'required' || (typeof choice === 'object' && choice !== null)) return 'forced_tool';
  if (maxTokens !== undefined && maxTokens <= sideMaxTokens) return 'small_budget';
  return null;
}
