import { fromResponses, LayerInputError, originOf } from '@recovery-bench/toolerror-core';
import { isRecord } from '../error-body.ts';
import { chatMessages, invalid, refuse, type ConvertedRequest } from './shared.ts';

/** Responses fields with a Chat Completions meaning; the rest go on to the field filter, which records them. */
const MAPPED = new Set([
  'model', 'input', 'instructions', 'tools', 'tool_choice', 'parallel_tool_calls', 'max_output_tokens', 'stream', 'temperature', 'top_p',
  'text', 'store',
]);

/** Input items that point at state kept by a server; the proxy keeps none. */
const STATEFUL_ITEMS = new Set(['item_reference']);

/** Checks the request and refuses what a stateless, text-only proxy cannot honour, with a clear 400. */
export function checkResponsesRequest(json: unknown): Record<string, unknown> {
  if (!isRecord(json)) invalid('invalid Responses request: the body must be a JSON object');
  if (json.previous_response_id !== undefined && json.previous_response_id !== null) {
    refuse('previous_response_id is not supported: the proxy is stateless and stores no responses; send the whole conversation in "input" (and "store": false)');
  }
  if (json.conversation !== undefined && json.conversation !== null) {
    refuse('conversation is not supported: the proxy is stateless; send the whole conversation in "input"');
  }
  if (json.background === true) refuse('background is not supported: the proxy answers each request while it is open');
  if (typeof json.input !== 'string' && !Array.isArray(json.input)) invalid('invalid Responses request: input: a string or an array of items is required');
  if (Array.isArray(json.input)) {
    json.input.forEach((item, i) => {
      if (isRecord(item) && typeof item.type === 'string' && STATEFUL_ITEMS.has(item.type)) {
        refuse(`input[${i}]: an ${item.type} points at a stored item, but the proxy is stateless; send the item itself`);
      }
    });
  }
  if (json.model !== undefined && typeof json.model !== 'string') invalid('invalid Responses request: model: a string is expected');
  if (json.stream !== undefined && json.stream !== null && typeof json.stream !== 'boolean') invalid('invalid Responses request: stream: a boolean is expected');
  if (json.instructions !== undefined && json.instructions !== null && typeof json.instructions !== 'string') invalid('invalid Responses request: instructions: a string is expected');
  const max = json.max_output_tokens;
  if (max !== undefined && max !== null && !(typeof max === 'number' && Number.isInteger(max) && max >= 0)) invalid('invalid Responses request: max_output_tokens: a non-negative integer is expected');
  if (json.tools !== undefined && json.tools !== null && !Array.isArray(json.tools)) invalid('invalid Responses request: tools: an array is expected');
  return json;
}

/**
 * A Responses request (after the layer) as the Chat Completions request the engine gets: `instructions` is the
 * system message, items become messages through toolerror-core's converter (a run of `function_call` items is
 * one assistant message with `tool_calls`, a `function_call_output` a tool message), reasoning items are left
 * out, function tools become Chat tools.
 */
export function responsesToChat(request: Record<string, unknown>): ConvertedRequest {
  let conversation;
  try {
    conversation = fromResponses(request);
  } catch (error) {
    if (error instanceof LayerInputError) invalid(`invalid Responses request: ${error.message}`);
    throw error;
  }
  const dropped: string[] = [];
  const kept = conversation.messages.filter((message) => {
    if (message.opaque !== true) return true;
    const raw = originOf(message)?.raw;
    const type = isRecord(raw) ? String(raw.type) : 'item';
    // An earlier turn's reasoning is not rendered by chat templates; other item kinds cannot be carried.
    if (type !== 'reasoning') refuse(`input items of type "${type}" are not supported: the engine behind the proxy runs function tools only`);
    dropped.push('input[reasoning]');
    return false;
  });
  const messages: Record<string, unknown>[] = [];
  if (typeof request.instructions === 'string' && request.instructions !== '') messages.push({ role: 'system', content: request.instructions });
  messages.push(...chatMessages({ ...conversation, messages: kept }, (m) => `input item ${m}`));
  const body: Record<string, unknown> = { messages };
  for (const key of Object.keys(request)) if (!MAPPED.has(key)) body[key] = request[key];
  if (request.model !== undefined) body.model = request.model;
  if (typeof request.max_output_tokens === 'number') body.max_tokens = request.max_output_tokens;
  for (const key of ['temperature', 'top_p', 'parallel_tool_calls'] as const) if (request[key] !== undefined && request[key] !== null) body[key] = request[key];
  if (request.stream === true) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  const tools = chatTools(request.tools, dropped);
  if (tools.length > 0) body.tools = tools;
  const choice = toolChoice(request.tool_choice);
  if (choice !== undefined && tools.length > 0) body.tool_choice = choice;
  const format = responseFormat(request.text);
  if (format !== undefined) body.response_format = format;
  return { body, dropped: [...new Set(dropped)] };
}

/** Function tools become Chat tools; built-in tools (web search, file search, …) run on OpenAI's servers only. */
function chatTools(tools: unknown, dropped: string[]): Record<string, unknown>[] {
  if (!Array.isArray(tools)) return [];
  const out: Record<string, unknown>[] = [];
  tools.forEach((tool, i) => {
    if (!isRecord(tool)) invalid(`invalid Responses request: tools[${i}]: a tool must be an object`);
    if (tool.type !== 'function') {
      dropped.push(`tools[${String(tool.type)}]`);
      return;
    }
    if (typeof tool.name !== 'string') invalid(`invalid Responses request: tools[${i}]: a function tool needs a string "name"`);
    const fn: Record<string, unknown> = { name: tool.name, parameters: isRecord(tool.parameters) ? tool.parameters : { type: 'object', properties: {} } };
    if (typeof tool.description === 'string') fn.description = tool.description;
    if (typeof tool.strict === 'boolean') fn.strict = tool.strict;
    out.push({ type: 'function', function: fn });
  });
  return out;
}

function toolChoice(choice: unknown): unknown {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isRecord(choice) && choice.type === 'function' && typeof choice.name === 'string') return { type: 'function', function: { name: choice.name } };
  invalid(`invalid Responses request: tool_choice: "auto", "none", "required" or {"type": "function", "name": …} is expected`);
}

/** `text.format` is Chat's `response_format`. */
function responseFormat(text: unknown): unknown {
  if (!isRecord(text) || !isRecord(text.format)) return undefined;
  const format = text.format;
  if (format.type === 'json_schema') {
    const schema: Record<string, unknown> = { name: format.name ?? 'response', schema: format.schema ?? {} };
    if (typeof format.strict === 'boolean') schema.strict = format.strict;
    if (typeof format.description === 'string') schema.description = format.description;
    return { type: 'json_schema', json_schema: schema };
  }
  if (format.type === 'json_object') return { type: 'json_object' };
  return undefined;
}
