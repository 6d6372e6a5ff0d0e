import { z } from 'zod';
import { canonicalJson } from './random.ts';

// Lenient on purpose: the sim must accept whatever a real client or the proxy forwards, and read only the
// fields a model would see. Unknown keys pass through untouched.
const ContentPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();
const ContentSchema = z.union([z.string(), z.array(ContentPartSchema), z.null()]).optional();

const ToolCallSchema = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.object({
    name: z.string(),
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  }).loose(),
}).loose();

export const ChatMessageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: ContentSchema,
  tool_calls: z.array(ToolCallSchema).nullable().optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
}).loose();
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

const JsonSchemaObject = z.record(z.string(), z.unknown());

export const ChatToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: JsonSchemaObject.optional(),
  }).loose(),
}).loose();
export type ChatTool = z.infer<typeof ChatToolSchema>;

export const ChatRequestSchema = z.object({
  model: z.string().optional(),
  messages: z.array(ChatMessageSchema).min(1),
  tools: z.array(ChatToolSchema).nullable().optional(),
  tool_choice: z.union([
    z.enum(['none', 'auto', 'required']),
    z.object({ type: z.literal('function'), function: z.object({ name: z.string() }).loose() }).loose(),
  ]).nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
  max_tokens: z.number().int().nullable().optional(),
  max_completion_tokens: z.number().int().nullable().optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
}).loose();
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** A message's text as a model reads it: a string as is, text parts joined with `\n`, null as "". */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter((p) => p.type === 'text' && typeof p.text === 'string').map((p) => p.text).join('\n');
}

/** Tool-call arguments as the exact wire string (objects are serialised the way the proxy does). */
export function argumentsText(args: string | Record<string, unknown> | undefined): string {
  if (args === undefined) return '{}';
  return typeof args === 'string' ? args : JSON.stringify(args);
}

/** Arguments as a JSON object, or undefined when they are not one. */
export function argumentsObject(args: string): Record<string, unknown> | undefined {
  if (args.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function lastAssistantIndex(messages: readonly ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'assistant') return i;
  return -1;
}

/** The call that a tool message answers, found by `tool_call_id` in the assistant messages before it. */
export function answeredCall(messages: readonly ChatMessage[], toolIndex: number): { name: string; arguments: string } | undefined {
  const id = messages[toolIndex]?.tool_call_id;
  for (let i = toolIndex - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || !m.tool_calls) continue;
    const call = m.tool_calls.find((c) => c.id === id) ?? (id === undefined ? m.tool_calls[0] : undefined);
    if (call) return { name: call.function.name, arguments: argumentsText(call.function.arguments) };
  }
  return undefined;
}

/**
 * What a model sees of a request, for the sim's draws: canonical JSON of the messages with the calls' ids left out
 * (the engine made them up; Qwen's and Llama's templates never show them), the tools and the tool choice. Streaming,
 * the model's name and sampling fields are not part of it, as with greedy decoding in a real engine. Computed once
 * per request: the decision and every rate-triggered quirk draw from it.
 */
export function visibleKey(request: ChatRequest): string {
  let key = visibleKeys.get(request);
  if (key === undefined) {
    const messages = request.messages.map(({ tool_call_id: _id, ...m }) => ({
      ...m,
      ...(m.tool_calls ? { tool_calls: m.tool_calls.map(({ id: _callId, ...call }) => call) } : {}),
    }));
    key = canonicalJson({ messages, tools: request.tools ?? [], tool_choice: request.tool_choice ?? null });
    visibleKeys.set(request, key);
  }
  return key;
}

const visibleKeys = new WeakMap<ChatRequest, string>();
