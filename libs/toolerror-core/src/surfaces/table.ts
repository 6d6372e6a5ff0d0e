import type { Conversation } from '../types.ts';
import { fromAnthropicMessages, normalizeAnthropicMessages, toAnthropicMessages } from './anthropic.ts';
import { fromChatCompletions, toChatCompletions } from './chat.ts';
import { fromResponses, normalizeResponses, toResponses } from './responses.ts';

/** One API surface's pure converters: its request → the canonical conversation, and a conversation written back. */
export interface SurfaceConverters {
  from(body: unknown): Conversation;
  /** The conversation written back into a copy of `body` (the request it was read from, or one with its fields). */
  to(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown>;
  /**
   * A conversation a form rewrote, as `from(to(conversation, body))` would read it, without writing it out; absent
   * where that is the conversation itself.
   */
  normalize?(conversation: Conversation): Conversation;
}

/**
 * The API surfaces the layer reads, keyed once: `Api` and `APIS` are its keys, and the proxy's table of surfaces is
 * typed over them, so a surface added here is a compile error wherever one is not yet served.
 */
export const SURFACES = {
  chat: { from: fromChatCompletions, to: toChatCompletions },
  anthropic: { from: fromAnthropicMessages, to: toAnthropicMessages, normalize: normalizeAnthropicMessages },
  responses: { from: fromResponses, to: toResponses, normalize: normalizeResponses },
} as const satisfies Readonly<Record<string, SurfaceConverters>>;

export type Api = keyof typeof SURFACES;
export const APIS = Object.keys(SURFACES) as readonly Api[];
