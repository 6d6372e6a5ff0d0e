/**
 * Messages as every engine should see them (spec 1.4): standard fields only, text-part arrays flattened,
 * tool-call arguments as JSON-object strings. What could wedge the conversation is flagged, not hidden.
 */

export interface MessageFlags {
  /** A history call's `arguments` string is not a JSON object (llama.cpp then fails every later turn). */
  historyBadArguments: boolean;
  /** An assistant turn with two or more calls, for a template that only allows one. */
  multiCallHistory: boolean;
  /** A content array with parts other than text, passed unchanged. */
  nonTextContent: boolean;
}

export interface MessagePolicy {
  keepReasoningContent: boolean;
  singleToolCallTemplate: boolean;
  badArguments: 'forward' | 'repair';
  /** Extra message fields an engine with its own layer reads (`is_error`, `tool_error_kind`). */
  extraFields: ReadonlySet<string>;
}

export interface ShapedMessages {
  messages: Record<string, unknown>[];
  flags: MessageFlags;
  /** Distinct names of message fields that were not forwarded. */
  droppedFields: string[];
  /** Original `arguments` of repaired calls, by `messages[i].tool_calls[j]`. */
  repaired: { message: number; call: number; arguments: unknown }[];
}

/** The message fields of Chat Completions itself, forwarded to every engine. */
export const STANDARD_MESSAGE_FIELDS: ReadonlySet<string> = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'name']);

/** Fields the engine layer reads; forwarded only when the engine runs its own layer. */
export const LAYER_MESSAGE_FIELDS: ReadonlySet<string> = new Set(['is_error', 'tool_error_kind', 'retry_safe']);

export function shapeMessages(messages: readonly Record<string, unknown>[], policy: MessagePolicy): ShapedMessages {
  const flags: MessageFlags = { historyBadArguments: false, multiCallHistory: false, nonTextContent: false };
  const dropped = new Set<string>();
  const repaired: ShapedMessages['repaired'] = [];
  const out = messages.map((message, index) => {
    const shaped: Record<string, unknown> = {};
    for (const key of Object.keys(message)) {
      if (keepsField(key, policy)) shaped[key] = message[key];
      else dropped.add(key);
    }
    if (Array.isArray(shaped.content)) shaped.content = flattenContent(shaped.content, flags);
    if (Array.isArray(shaped.tool_calls)) {
      const calls = shapeToolCalls(shaped.tool_calls, index, policy, flags, repaired);
      shaped.tool_calls = calls;
      if (policy.singleToolCallTemplate && message.role === 'assistant' && calls.length >= 2) flags.multiCallHistory = true;
    }
    return shaped;
  });
  return { messages: out, flags, droppedFields: [...dropped], repaired };
}

function keepsField(key: string, policy: MessagePolicy): boolean {
  if (STANDARD_MESSAGE_FIELDS.has(key)) return true;
  if (key === 'reasoning_content') return policy.keepReasoningContent;
  return policy.extraFields.has(key);
}

/**
 * A content array of only text parts becomes one string joined with `\n`, as vLLM does for string templates;
 * some templates ignore part arrays and older llama.cpp throws on them.
 */
function flattenContent(parts: unknown[], flags: MessageFlags): unknown {
  const texts: string[] = [];
  for (const part of parts) {
    if (!isTextPart(part)) {
      flags.nonTextContent = true;
      return parts;
    }
    texts.push(part.text);
  }
  return texts.join('\n');
}

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  if (typeof part !== 'object' || part === null) return false;
  const p = part as Record<string, unknown>;
  return p.type === 'text' && typeof p.text === 'string';
}

function shapeToolCalls(
  calls: unknown[],
  messageIndex: number,
  policy: MessagePolicy,
  flags: MessageFlags,
  repaired: ShapedMessages['repaired'],
): unknown[] {
  return calls.map((call, callIndex) => {
    if (typeof call !== 'object' || call === null) return call;
    const fn = (call as Record<string, unknown>).function;
    if (typeof fn !== 'object' || fn === null) return call;
    const args = (fn as Record<string, unknown>).arguments;
    const normalized = normalizeArguments(args);
    if (normalized.ok) {
      return normalized.text === args ? call : withArguments(call, fn, normalized.text);
    }
    flags.historyBadArguments = true;
    if (policy.badArguments !== 'repair') return call;
    repaired.push({ message: messageIndex, call: callIndex, arguments: args });
    return withArguments(call, fn, '{}');
  });
}

function withArguments(call: object, fn: object, text: string): Record<string, unknown> {
  return { ...call, function: { ...fn, arguments: text } };
}

type Normalized = { ok: true; text: string } | { ok: false };

function normalizeArguments(args: unknown): Normalized {
  if (typeof args === 'string') return isJsonObjectText(args) ? { ok: true, text: args } : { ok: false };
  if (typeof args === 'object' && args !== null && !Array.isArray(args)) return { ok: true, text: JSON.stringify(args) };
  return { ok: false };
}

export function isJsonObjectText(text: string): boolean {
  // Cheap rejection first: a JSON object starts with `{` after white space.
  if (!/^\s*\{/.test(text)) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
