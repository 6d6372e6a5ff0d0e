import type { ChatRequest } from '../request-schema.ts';
import type { ProxyErrorFacts } from './shared.ts';
import type { ChatConversion } from './surface.ts';

/**
 * Chat Completions is the engines' own surface: every top-level field goes to the field filter as sent, and the
 * messages are the conversation the layer returned (the client's own, or rewritten by a form). The request was
 * checked by `ChatRequestSchema`, and the layer keeps the shape of the messages it read.
 */
export const CHAT_AS_SENT: ChatConversion = {
  fields: {},
  convert: (conversation, request) => ({ body: { ...request, messages: conversation.messages } as ChatRequest, dropped: [] }),
};

/** The proxy's own errors on Chat Completions, `{"error":{"message","type","code"}}`; the engine's pass as sent. */
export function chatErrorBody(error: ProxyErrorFacts): Record<string, unknown> {
  return { error: { message: error.message, type: error.type, code: error.code } };
}
