import { fromAnthropicMessages, LayerInputError, originOf } from '@recovery-bench/toolerror-core';
import { isRecord } from '../error-body.ts';
import { chatContent, chatMessages, invalid, type ConvertedRequest } from './shared.ts';

/** Top-level Anthropic fields with a Chat Completions meaning; the rest go on to the field filter, which records them. */
const MAPPED = new Set(['model', 'messages', 'system', 'tools', 'tool_choice', 'max_tokens', 'stop_sequences', 'stream', 'temperature', 'top_p', 'top_k']);

/** Checks what the schema of an Anthropic Messages request requires before anything reads it. */
export function checkAnthropicRequest(json: unknown, options: { countTokens?: boolean } = {}): Record<string, unknown> {
  if (!isRecord(json)) invalid('invalid Anthropic Messages request: the body must be a JSON object');
  if (!Array.isArray(json.messages) || json.messages.length === 0) invalid('invalid Anthropic Messages request: messages: a non-empty array is required');
  if (typeof json.model !== 'string') invalid('invalid Anthropic Messages request: model: a string is required');
  if (!options.countTokens && (typeof json.max_tokens !== 'number' || !Number.isInteger(json.max_tokens) || json.max_tokens < 1)) {
    invalid('invalid Anthropic Messages request: max_tokens: a positive integer is required');
  }
  if (json.stream !== undefined && typeof json.stream !== 'boolean') invalid('invalid Anthropic Messages request: stream: a boolean is expected');
  if (json.system !== undefined && typeof json.system !== 'string' && !Array.isArray(json.system)) invalid('invalid Anthropic Messages request: system: a string or an array of text blocks is expected');
  if (json.stop_sequences !== undefined && !(Array.isArray(json.stop_sequences) && json.stop_sequences.every((s) => typeof s === 'string'))) {
    invalid('invalid Anthropic Messages request: stop_sequences: an array of strings is expected');
  }
  if (json.tools !== undefined && !Array.isArray(json.tools)) invalid('invalid Anthropic Messages request: tools: an array is expected');
  return json;
}

/**
 * An Anthropic Messages request (after the layer) as the Chat Completions request the engine gets. Message
 * structure comes from toolerror-core's converter, so a `tool_result` becomes a tool message that keeps its
 * `is_error`; system blocks become a system message; tool results go before the text of the same user message,
 * as Chat templates expect a tool message right after the call.
 */
export function anthropicToChat(request: Record<string, unknown>): ConvertedRequest {
  let conversation;
  try {
    conversation = fromAnthropicMessages(request);
  } catch (error) {
    if (error instanceof LayerInputError) invalid(`invalid Anthropic Messages request: ${error.message}`);
    throw error;
  }
  const messages: Record<string, unknown>[] = [];
  const system = systemText(request.system);
  if (system !== null) messages.push({ role: 'system', content: system });
  const kept = conversation.messages.filter((m) => m.opaque !== true);
  const origins = kept.map((m) => originOf(m)?.index ?? -1);
  messages.push(...toolResultsFirst(chatMessages({ ...conversation, messages: kept }, (m) => `messages[${origins[m]}]`), origins));
  const body: Record<string, unknown> = { messages };
  for (const key of Object.keys(request)) if (!MAPPED.has(key)) body[key] = request[key];
  body.model = request.model;
  if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens;
  if (request.stop_sequences !== undefined) body.stop = request.stop_sequences;
  for (const key of ['temperature', 'top_p', 'top_k'] as const) if (request[key] !== undefined) body[key] = request[key];
  if (request.stream === true) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  const dropped: string[] = [];
  const tools = chatTools(request.tools, dropped);
  if (tools.length > 0) body.tools = tools;
  Object.assign(body, toolChoice(request.tool_choice, tools.length > 0));
  return { body, dropped };
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
function chatTools(tools: unknown, dropped: string[]): Record<string, unknown>[] {
  if (!Array.isArray(tools)) return [];
  const out: Record<string, unknown>[] = [];
  tools.forEach((tool, i) => {
    if (!isRecord(tool) || typeof tool.name !== 'string') invalid(`invalid Anthropic Messages request: tools[${i}]: a tool needs a string "name"`);
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
      // A server tool (web search, code execution, …) runs on Anthropic's servers, not on an engine: not offered.
      dropped.push(`tools[${String(tool.type)}]`);
      return;
    }
    const fn: Record<string, unknown> = { name: tool.name, parameters: isRecord(tool.input_schema) ? tool.input_schema : { type: 'object', properties: {} } };
    if (typeof tool.description === 'string') fn.description = tool.description;
    out.push({ type: 'function', function: fn });
  });
  return out;
}

function toolChoice(choice: unknown, hasTools: boolean): Record<string, unknown> {
  if (choice === undefined || choice === null) return {};
  if (!isRecord(choice) || typeof choice.type !== 'string') invalid('invalid Anthropic Messages request: tool_choice: an object with a "type" is expected');
  const out: Record<string, unknown> = {};
  if (choice.disable_parallel_tool_use === true) out.parallel_tool_calls = false;
  if (!hasTools) return out;
  if (choice.type === 'auto') out.tool_choice = 'auto';
  else if (choice.type === 'any') out.tool_choice = 'required';
  else if (choice.type === 'none') out.tool_choice = 'none';
  else if (choice.type === 'tool' && typeof choice.name === 'string') out.tool_choice = { type: 'function', function: { name: choice.name } };
  else invalid(`invalid Anthropic Messages request: tool_choice: unknown type "${choice.type}"`);
  return out;
}
