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
    if (!isPlainObject(message) || typeof message.role !== 'string') {
      throw new LayerInputError('layer:not-a-request', `messages[${index}] must be an object with a string "role"`);
    }
    if (message.tool_calls !== undefined && message.tool_calls !== null && !Array.isArray(message.tool_calls)) {
      throw new LayerInputError('layer:not-a-request', `messages[${index}].tool_calls must be an array`);
    }
    return withOrigin(message as Message, index, message);
  });
  return { messages: canonical, tools: readToolDefinitions(request.tools) };
}

/** Writes the conversation back into a copy of the Chat Completions request. */
export function toChatCompletions(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, messages: conversation.messages.map(stripOrigin) };
}
