import { isPlainObject, LayerInputError, requireObject } from '../errors.ts';
import type { CanonicalMessage, Content, ContentPart, Conversation, Message, Role, ToolCall } from '../types.ts';
import { hasNoText } from '../text.ts';
import { copyToolResultExtensions, originOf, withOrigin } from './origin.ts';
import { readToolDefinitions } from './tools.ts';

const MESSAGE_ROLES = new Set<Role>(['user', 'assistant', 'system', 'developer']);

/**
 * OpenAI Responses ⇄ canonical.
 * - A message item (`{role, content}`, with or without `type: "message"`) becomes that message.
 * - A run of consecutive `function_call` items becomes one assistant message with `tool_calls`.
 * - A `function_call_output` item becomes a tool message.
 * - Any other item (reasoning, item references, built-in tool calls) is carried as an assistant message with
 *   no text and no calls, written back exactly as it came.
 * A string `input` is one user message.
 */
export function fromResponses(body: unknown): Conversation {
  const request = requireObject(body, 'a Responses request');
  const input = request.input;
  const tools = readToolDefinitions(request.tools);
  if (typeof input === 'string') return { messages: [withOrigin({ role: 'user', content: input }, 0, input)], tools };
  if (!Array.isArray(input)) {
    throw new LayerInputError('layer:not-a-request', 'a Responses request needs an "input" string or array of items');
  }
  const messages: CanonicalMessage[] = [];
  let calls: { message: Message; items: Record<string, unknown>[] } | undefined;
  input.forEach((item, index) => {
    if (!isPlainObject(item)) throw new LayerInputError('layer:not-a-request', `input[${index}] must be an object`);
    if (item.type === 'function_call') {
      const call = toolCallFromItem(item, index);
      if (calls === undefined) {
        calls = { message: { role: 'assistant', content: null, tool_calls: [] }, items: [] };
        messages.push(withOrigin(calls.message, index, calls.items));
      }
      calls.message.tool_calls!.push(call);
      calls.items.push(item);
      return;
    }
    calls = undefined;
    messages.push(messageFromItem(item, index));
  });
  return { messages, tools };
}

function toolCallFromItem(item: Record<string, unknown>, index: number): ToolCall {
  if (typeof item.call_id !== 'string' || typeof item.name !== 'string') {
    throw new LayerInputError('layer:not-a-request', `input[${index}] (function_call) needs a string "call_id" and "name"`);
  }
  const args = typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? {});
  return { id: item.call_id, type: 'function', function: { name: item.name, arguments: args } };
}

function messageFromItem(item: Record<string, unknown>, index: number): CanonicalMessage {
  if (item.type === 'function_call_output') {
    if (typeof item.call_id !== 'string') {
      throw new LayerInputError('layer:not-a-request', `input[${index}] (function_call_output) needs a string "call_id"`);
    }
    const tool: Message = { role: 'tool', tool_call_id: item.call_id, content: (item.output as Content | undefined) ?? null };
    copyToolResultExtensions(item, tool);
    return withOrigin(tool, index, item);
  }
  if (item.type === 'message' && !MESSAGE_ROLES.has(item.role as Role)) {
    throw new LayerInputError('layer:not-a-request', `input[${index}] is a message with role ${JSON.stringify(item.role)}; expected one of ${[...MESSAGE_ROLES].join(', ')}`);
  }
  const isMessage = (item.type === undefined || item.type === 'message') && MESSAGE_ROLES.has(item.role as Role);
  if (isMessage) {
    const content = item.content;
    if (typeof content !== 'string' && !Array.isArray(content)) {
      throw new LayerInputError('layer:not-a-request', `input[${index}].content must be a string or an array of parts`);
    }
    return withOrigin({ role: item.role as Role, content: content as Content }, index, item);
  }
  if (item.type === undefined) {
    throw new LayerInputError('layer:not-a-request', `input[${index}] has neither a "type" nor a known "role"`);
  }
  // Outputs of other tool kinds (custom_tool_call_output, computer_call_output, …) are tool results: they must
  // not end the decision step the way an assistant turn does.
  const role = typeof item.type === 'string' && item.type.endsWith('_output') ? 'tool' : 'assistant';
  return withOrigin({ role, content: null, opaque: true }, index, item);
}

/**
 * A rewritten conversation as the rewritten request reads back: a text part the layer added to a message is in the
 * Responses dialect (`input_text`, or `output_text` in an assistant message), as `toResponses` writes it.
 */
export function normalizeResponses(conversation: Conversation): Conversation {
  let changed = false;
  const messages = conversation.messages.map((message) => {
    if (message.role === 'tool' || message.opaque === true || !Array.isArray(message.content)) return message;
    const content = inResponsesDialect(message, originOf(message)?.raw) as ContentPart[];
    if (content.every((part, i) => part === (message.content as ContentPart[])[i])) return message;
    changed = true;
    return { ...message, content };
  });
  return changed ? { ...conversation, messages } : conversation;
}

/** Writes the conversation back into a copy of the Responses request. */
export function toResponses(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.input === 'string' && conversation.messages.length === 1) {
    const only = conversation.messages[0]!;
    if (only.role === 'user' && typeof only.content === 'string') return { ...body, input: only.content };
  }
  const items: unknown[] = [];
  for (const message of conversation.messages) items.push(...itemsOf(message));
  return { ...body, input: items };
}

function itemsOf(message: CanonicalMessage): unknown[] {
  const raw = originOf(message)?.raw;
  if (message.opaque === true) return [raw];
  if (message.role === 'tool') {
    const item: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : { type: 'function_call_output', call_id: message.tool_call_id };
    if (message.content !== null && message.content !== undefined) item.output = message.content;
    return [item];
  }
  if (Array.isArray(raw)) return functionCallItems(message.tool_calls ?? [], raw as Record<string, unknown>[]);
  const base = isPlainObject(raw) ? raw : { role: message.role };
  const items: unknown[] = [];
  if (isPlainObject(raw) || !hasNoText(message.content)) items.push({ ...base, content: inResponsesDialect(message, raw) });
  if (!isPlainObject(raw)) items.push(...functionCallItems(message.tool_calls ?? [], []));
  return items;
}

/**
 * Responses input has no `text` part type: a text part added after the source's parts (a note appended to a
 * message that had none) is written as `input_text`, or `output_text` in an assistant message.
 */
function inResponsesDialect(message: CanonicalMessage, raw: unknown): Content {
  const content = message.content ?? '';
  if (!Array.isArray(content)) return content;
  const known = isPlainObject(raw) && Array.isArray(raw.content) ? raw.content.length : 0;
  const textType = message.role === 'assistant' ? 'output_text' : 'input_text';
  return content.map((part, i) => (i >= known && part.type === 'text' ? { ...part, type: textType } : part));
}

/** The remaining calls of a run, each as its source item where the call is unchanged. */
function functionCallItems(calls: ToolCall[], sources: Record<string, unknown>[]): unknown[] {
  const byId = new Map(sources.map((item) => [item.call_id, item]));
  return calls.map((call) => {
    const item = byId.get(call.id);
    if (item && item.name === call.function.name && argumentsOf(item) === call.function.arguments) return item;
    return { type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments };
  });
}

function argumentsOf(item: Record<string, unknown>): string {
  return typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments ?? {});
}
