import { originOf, type Conversation } from '@recovery-bench/toolerror-core';
import { z } from 'zod';
import { isRecord } from '../error-body.ts';
import { integerAtLeast, refusal, surfaceCheck } from '../request-schema.ts';
import { checkedChat, copyTo, copyUnlessNull, streamWithUsage, writeFields, type ChatDraft, type FieldMap } from './field-map.ts';
import type { ChatConversion } from './surface.ts';
import { chatMessages, invalid, refuse } from './shared.ts';

/** Input items that point at state kept by a server; the proxy keeps none. */
const STATEFUL_ITEMS: ReadonlySet<unknown> = new Set(['item_reference']);

const stored = (item: unknown): boolean => isRecord(item) && typeof item.type === 'string' && STATEFUL_ITEMS.has(item.type);

/** An input item, as far as the check goes: the converter reads the rest. */
const InputItemSchema = z.unknown().refine((item) => !stored(item), refusal(({ path, input }) => {
  const at = path !== undefined && path.length > 0 ? `input[${String(path.at(-1))}]` : 'input';
  return `${at}: an ${String((input as { type?: unknown }).type)} points at a stored item, but the proxy is stateless; send the item itself`;
}));

/** What a stateless proxy cannot honour is refused before anything else; `null` is the same as leaving it out. */
const absent = (message: string) => z.unknown().refine((value) => value === null, refusal(message)).optional();

/** A Responses request, checked in this order; a stateless, text-only proxy refuses what it cannot honour. */
export const ResponsesRequestSchema = z.looseObject({
  previous_response_id: absent('previous_response_id is not supported: the proxy is stateless and stores no responses; send the whole conversation in "input" (and "store": false)'),
  conversation: absent('conversation is not supported: the proxy is stateless; send the whole conversation in "input"'),
  background: z.unknown().refine((value) => value !== true, refusal('background is not supported: the proxy answers each request while it is open')).optional(),
  input: z.union([z.string(), z.array(InputItemSchema)], { error: 'a string or an array of items is required' }),
  model: z.string({ error: 'a string is expected' }).optional(),
  stream: z.boolean({ error: 'a boolean is expected' }).nullish(),
  instructions: z.string({ error: 'a string is expected' }).nullish(),
  max_output_tokens: integerAtLeast(0, 'a non-negative integer is expected').nullish(),
  tools: z.array(z.unknown(), { error: 'an array is expected' }).nullish(),
}, { error: 'the body must be a JSON object' });
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;

export const checkResponsesRequest = surfaceCheck(ResponsesRequestSchema, 'Responses');

/** Responses' top-level fields on Chat Completions, written in this order. */
const RESPONSES_FIELDS: FieldMap = {
  input: { handling: 'converted' },
  instructions: { handling: 'converted' },
  model: { handling: 'converted', write: copyTo('model') },
  max_output_tokens: { handling: 'converted', write: (max, draft) => writeMaxTokens(max, draft) },
  temperature: { handling: 'pinned', write: copyUnlessNull('temperature') },
  top_p: { handling: 'pinned', write: copyUnlessNull('top_p') },
  parallel_tool_calls: { handling: 'converted', write: copyUnlessNull('parallel_tool_calls') },
  stream: { handling: 'converted', write: streamWithUsage },
  tools: { handling: 'converted', write: (tools, draft) => writeTools(tools, draft) },
  tool_choice: { handling: 'converted', whole: true, write: (choice, draft) => writeToolChoice(choice, draft) },
  text: { handling: 'converted', whole: true, write: (text, draft) => writeResponseFormat(text, draft) },
  // Accepted and ignored: the proxy stores nothing, and every response says `store: false`.
  store: { handling: 'ignored' },
};

/**
 * A Responses request as the Chat Completions request the engine gets, from the conversation the layer returned
 * (toolerror-core's converter read it: a run of `function_call` items is one assistant message with `tool_calls`, a
 * `function_call_output` a tool message): `instructions` is the system message, reasoning items are left out,
 * function tools become Chat tools.
 */
export const RESPONSES_TO_CHAT: ChatConversion = {
  fields: RESPONSES_FIELDS,
  convert(conversation, request) {
    const dropped: string[] = [];
    const draft: ChatDraft = { body: { messages: responsesChatMessages(conversation, request, dropped) }, dropped };
    writeFields(request, RESPONSES_FIELDS, draft);
    return checkedChat({ body: draft.body, dropped: [...new Set(dropped)] }, 'responses');
  },
};

function responsesChatMessages(conversation: Conversation, request: Readonly<Record<string, unknown>>, dropped: string[]): Record<string, unknown>[] {
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
  return messages;
}

/** A `null` budget is no budget. */
function writeMaxTokens(max: unknown, draft: ChatDraft): void {
  if (typeof max === 'number') draft.body.max_tokens = max;
}

/** Function tools become Chat tools; built-in tools (web search, file search, …) run on OpenAI's servers only. */
function writeTools(tools: unknown, draft: ChatDraft): void {
  if (!Array.isArray(tools)) return;
  const out: Record<string, unknown>[] = [];
  tools.forEach((tool, i) => {
    if (!isRecord(tool)) invalid(`invalid Responses request: tools[${i}]: a tool must be an object`);
    if (tool.type !== 'function') {
      draft.dropped.push(`tools[${String(tool.type)}]`);
      return;
    }
    if (typeof tool.name !== 'string') invalid(`invalid Responses request: tools[${i}]: a function tool needs a string "name"`);
    const fn: Record<string, unknown> = { name: tool.name, parameters: isRecord(tool.parameters) ? tool.parameters : { type: 'object', properties: {} } };
    if (typeof tool.description === 'string') fn.description = tool.description;
    if (typeof tool.strict === 'boolean') fn.strict = tool.strict;
    out.push({ type: 'function', function: fn });
  });
  if (out.length > 0) draft.body.tools = out;
}

/** Checked whether or not there are tools; written only with them. */
function writeToolChoice(choice: unknown, draft: ChatDraft): void {
  if (choice === null) return;
  let chat: unknown;
  if (choice === 'auto' || choice === 'none' || choice === 'required') chat = choice;
  else if (isRecord(choice) && choice.type === 'function' && typeof choice.name === 'string') chat = { type: 'function', function: { name: choice.name } };
  else invalid(`invalid Responses request: tool_choice: "auto", "none", "required" or {"type": "function", "name": …} is expected`);
  if (draft.body.tools !== undefined) draft.body.tool_choice = chat;
}

/** `text.format` is Chat's `response_format`. */
function writeResponseFormat(text: unknown, draft: ChatDraft): void {
  if (!isRecord(text) || !isRecord(text.format)) return;
  const format = text.format;
  if (format.type === 'json_schema') {
    const schema: Record<string, unknown> = { name: format.name ?? 'response', schema: format.schema ?? {} };
    if (typeof format.strict === 'boolean') schema.strict = format.strict;
    if (typeof format.description === 'string') schema.description = format.description;
    draft.body.response_format = { type: 'json_schema', json_schema: schema };
  } else if (format.type === 'json_object') {
    draft.body.response_format = { type: 'json_object' };
  }
}
