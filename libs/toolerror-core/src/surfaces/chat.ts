import { isPlainObject, LayerInputError, requireObject } from '../errors.ts';
import type { CanonicalMessage, Conversation, Message } from '../types.ts';
import { stripOrigin, withOrigin } from './origin.ts';
import { readToolDefinitions } from './tools.ts';

/** OpenAI Chat Completions: the canonical model itself; each message keeps its index. */
export function fromChatCompletions(body: unknown): Conversation {
  const request = requireObject(body, 'a Chat Completions request');
  const messages = request.messages;
  if (!Array.isArray(messages)) {
    throw new LayerInputError('layer:not-a-request', 'a Chat Completions request needs a "messages" array');
  }
  const canonical = messages.map((message, index): CanonicalMessage => {
    if (!isPlainObject(message) || typeof message.role !== 'string' || !CHAT_ROLES.has(message.role)) {
      throw new LayerInputError('layer:not-a-request', `messages[${index}] must be an object with "role" one of ${[...CHAT_ROLES].join(', ')}`);
    }
    if (message.tool_calls !== undefined && message.tool_calls !== null) checkToolCalls(message.tool_calls, index);
    return withOrigin(message as Message, index, message);
  });
  return { messages: canonical, tools: readToolDefinitions(request.tools) };
}

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

function checkToolCalls(calls: unknown, index: number): void {
  if (!Array.isArray(calls)) throw new LayerInputError('layer:not-a-request', `messages[${index}].tool_calls must be an array`);
  calls.forEach((call, c) => {
    const fn = isPlainObject(call) ? call.function : undefined;
    if (!isPlainObject(call) || typeof call.id !== 'string' || !isPlainObject(fn) || typeof fn.name !== 'string') {
      throw new LayerInputError('layer:not-a-request', `messages[${index}].tool_calls[${c}] needs a string "id" and a "function" with a string "name"`);
    }
  });
}

/** Writes the conversation back into a copy of the Chat Completions request. */
export function toChatCompletions(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, messages: conversation.messages.map(stripOrigin) };
}
