/** The canonical conversation model: OpenAI Chat Completions messages, plus where each one came from. */

export const KINDS = ['transient', 'fixable', 'unrecoverable', 'ambiguous'] as const;
export type Kind = (typeof KINDS)[number];
/** The three kinds that have a correct next action, and so a guidance sentence. */
export type ActionableKind = Exclude<Kind, 'ambiguous'>;

export const FORMS = ['off', 'c1', 'c2', 'c3', 'c4'] as const;
export type Form = (typeof FORMS)[number];

export const RULE_SETS = ['paper', 'extended'] as const;
export type RuleSetName = (typeof RULE_SETS)[number];

/** A content part. Text parts are `text`, `input_text` or `output_text`; any other part is carried untouched. */
export interface ContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export type Content = string | ContentPart[] | null;

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  [key: string]: unknown;
}

export type Role = 'system' | 'developer' | 'user' | 'assistant' | 'tool';

export interface Message {
  role: Role;
  content?: Content;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  /** Explicit failure flag (OpenAI-style extension, or Anthropic `tool_result.is_error`). */
  is_error?: boolean;
  /** Client-supplied kind of a failed tool result (rule `client-kind`). */
  tool_error_kind?: string;
  /** Client's statement that repeating this call is safe (used with `retry_safety: "annotations"`). */
  retry_safe?: boolean;
  [key: string]: unknown;
}

/**
 * Where a canonical message came from: the index of the input element (`messages[i]` for Chat and Anthropic,
 * `input[i]` for Responses) and the vendor element itself, so that converting back is lossless.
 * Messages the layer creates have no origin.
 */
export interface Origin {
  index: number;
  /** The vendor element the message was made from (an Anthropic message, a Responses item or run of items). */
  raw: unknown;
  /** For a message made from one block of a vendor message (an Anthropic `tool_result`): that block. */
  block?: unknown;
}

export const ORIGIN: unique symbol = Symbol.for('recovery-bench.origin');

/** A canonical message as converters produce it; the origin is symbol-keyed so JSON never shows it. */
export type CanonicalMessage = Message & { [ORIGIN]?: Origin };

export interface ToolDefinitionInfo {
  name: string;
  /** MCP tool annotations, wherever the surface carried them. */
  annotations?: Record<string, unknown>;
}

export interface Conversation {
  messages: CanonicalMessage[];
  tools: ToolDefinitionInfo[];
}

export type Scope = 'decision' | 'history';

export interface Detection {
  /** Index in the canonical conversation. */
  canonicalIndex: number;
  /** Index in the input's own list (`messages` or `input`). */
  messageIndex: number;
  kind: Kind;
  rule: string;
  scope: Scope;
  /** Set when `retry_safety` withheld transient guidance. */
  withheld?: 'retry-unsafe';
}

export interface LayerOptions {
  /** `annotations`: withhold transient guidance for tools the request marks as not safe to repeat. */
  retry_safety?: 'off' | 'annotations';
  /** `fenced`: quote the error in the note so that it cannot close its own quotation. */
  note_quoting?: 'off' | 'fenced';
}
