import { originOf, type Conversation } from '@recovery-bench/toolerror-core';
import { z } from 'zod';
import { isRecord } from '../error-body.ts';
import { integerAtLeast, surfaceCheck } from '../request-schema.ts';
import { checkedChat, copyTo, streamWithUsage, writeFields, type ChatDraft, type FieldMap } from './field-map.ts';
import type { ChatConversion } from './surface.ts';
import { chatContent, chatMessages, invalid } from './shared.ts';

/**
 * What an Anthropic Messages request must hold before anything reads it, checked in this order; the content of
 * messages is read by toolerror-core's converter and the Chat conversion, which say what is wrong in it.
 */
export const AnthropicRequestSchema = z.looseObject({
  messages: z.array(z.unknown(), { error: 'a non-empty array is required' }).min(1, { error: 'a non-empty array is required' }),
  model: z.string({ error: 'a string is required' }),
  max_tokens: integerAtLeast(1, 'a positive integer is required'),
  stream: z.boolean({ error: 'a boolean is expected' }).optional(),
  system: z.union([z.string(), z.array(z.unknown())], { error: 'a string or an array of text blocks is expected' }).optional(),
  stop_sequences: z.array(z.string({ error: 'an array of strings is expected' }), { error: 'an array of strings is expected' }).optional(),
  tools: z.array(z.unknown(), { error: 'an array is expected' }).optional(),
}, { error: 'the body must be a JSON object' });
export type AnthropicRequest = z.infer<typeof AnthropicRequestSchema>;

/** `count_tokens` takes a Messages request without `max_tokens`. */
export const AnthropicCountTokensRequestSchema = AnthropicRequestSchema.omit({ max_tokens: true });

export const checkAnthropicRequest = surfaceCheck(AnthropicRequestSchema, 'Anthropic Messages');
export const checkAnthropicCountTokensRequest = surfaceCheck(AnthropicCountTokensRequestSchema, 'Anthropic Messages');

/** Anthropic's top-level fields on Chat Completions, written in this order. */
const ANTHROPIC_FIELDS: FieldMap = {
  messages: { handling: 'converted' },
  system: { handling: 'converted' },
  model: { handling: 'converted', write: copyTo('model') },
  max_tokens: { handling: 'converted', write: copyTo('max_tokens') },
  stop_sequences: { handling: 'converted', write: copyTo('stop') },
  temperature: { handling: 'pinned', write: copyTo('temperature') },
  top_p: { handling: 'pinned', write: copyTo('top_p') },
  top_k: { handling: 'pinned', write: copyTo('top_k') },
  stream: { handling: 'converted', write: streamWithUsage },
  tools: { handling: 'converted', write: (tools, draft) => writeTools(tools, draft) },
  tool_choice: { handling: 'converted', whole: true, write: (choice, draft) => writeToolChoice(choice, draft) },
};

/**
 * An Anthropic Messages request as the Chat Completions request the engine gets, from the conversation the layer
 * returned (toolerror-core's converter read it, so a `tool_result` is a tool message that keeps its `is_error`):
 * the system blocks become the first system message; tool results go before the text of the same user message, as
 * Chat templates expect a tool message right after the call.
 */
export const ANTHROPIC_TO_CHAT: ChatConversion = {
  fields: ANTHROPIC_FIELDS,
  convert(conversation, request) {
    const draft: ChatDraft = { body: { messages: anthropicChatMessages(conversation, request) }, dropped: [] };
    writeFields(request, ANTHROPIC_FIELDS, draft);
    return checkedChat(draft, 'anthropic');
  },
};

function anthropicChatMessages(conversation: Conversation, request: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [];
  const system = systemText(request.system);
  if (system !== null) messages.push({ role: 'system', content: system });
  const kept = conversation.messages.filter((m) => m.opaque !== true);
  const origins = kept.map((m) => originOf(m)?.index ?? -1);
  messages.push(...toolResultsFirst(chatMessages({ ...conversation, messages: kept }, (m) => `messages[${origins[m]}]`), origins));
  return messages;
}

function systemText(system: unknown): string | null {
  if (system === undefined || system === null) return null;
  if (typeof system === 'string') return system === '' ? null : system;
  const parts = chatContent(system as never, 'system');
  const text = Array.isArray(parts) ? parts.map((p) => p.text).join('\n') : (parts ?? '');
  return text === '' ? null : text;
}

/** Among the messages made from one Anthropic message, tool messages first (stable otherwise). */
function toolResultsFirst(messages: Record<string, unknown>[], origins: number[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < messages.length; ) {
    let j = i;
    while (j < messages.length && origins[j] === origins[i]) j++;
    const group = messages.slice(i, j);
    out.push(...group.filter((m) => m.role === 'tool'), ...group.filter((m) => m.role !== 'tool'));
    i = j;
  }
  return out;
}

/** Custom tools become functions; Anthropic's server tools (web search, code execution, …) cannot run on an engine. */
function writeTools(tools: unknown, draft: ChatDraft): void {
  if (!Array.isArray(tools)) return;
  const out: Record<string, unknown>[] = [];
  tools.forEach((tool, i) => {
    if (!isRecord(tool) || typeof tool.name !== 'string') invalid(`invalid Anthropic Messages request: tools[${i}]: a tool needs a string "name"`);
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
      // A server tool (web search, code execution, …) runs on Anthropic's servers, not on an engine: not offered.
      draft.dropped.push(`tools[${String(tool.type)}]`);
      return;
    }
    const fn: Record<string, unknown> = { name: tool.name, parameters: isRecord(tool.input_schema) ? tool.input_schema : { type: 'object', properties: {} } };
    if (typeof tool.description === 'string') fn.description = tool.description;
    out.push({ type: 'function', function: fn });
  });
  if (out.length > 0) draft.body.tools = out;
}

/** `tool_choice` once the tools are written: without tools only `disable_parallel_tool_use` is carried. */
function writeToolChoice(choice: unknown, draft: ChatDraft): void {
  if (choice === null) return;
  if (!isRecord(choice) || typeof choice.type !== 'string') invalid('invalid Anthropic Messages request: tool_choice: an object with a "type" is expected');
  const { body } = draft;
  if (choice.disable_parallel_tool_use === true) body.parallel_tool_calls = false;
  if (body.tools === undefined) return;
  if (choice.type === 'auto') body.tool_choice = 'auto';
  else if (choice.type === 'any') body.tool_choice = 'required';
  else if (choice.type === 'none') body.tool_choice = 'none';
  else if (choice.type === 'tool' && typeof choice.name === 'string') body.tool_choice = { type: 'function', function: { name: choice.name } };
  else invalid(`invalid Anthropic Messages request: tool_choice: unknown type "${choice.type}"`);
}
