import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import { withOrigin, type CanonicalMessage, type Content, type ContentPart, type Conversation, type Message, type ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import type { ListCodec } from '../shared/write-back.ts';

/**
 * A LangChain message list (`request.messages` of a `wrapModelCall`) in canonical form, one canonical message per
 * LangChain message: `SystemMessage` → system, `HumanMessage` → user, `AIMessage` (and its chunk) → assistant whose
 * `tool_calls` are the message's parsed `tool_calls`, `ToolMessage` → tool, flagged `is_error` when its `status`
 * is `error` (what LangChain's tool node sets on every caught error). Content is carried as it is: a string, or
 * LangChain's content blocks as parts (text blocks are `{type: 'text', text}` already). Other messages (a
 * `ChatMessage`, a `FunctionMessage`) make none and stay where they are.
 */
export function readMessages(messages: readonly BaseMessage[], tools: readonly ToolDefinitionInfo[] = []): Conversation {
  const out: CanonicalMessage[] = [];
  messages.forEach((message, index) => {
    const canonical = canonicalOf(message);
    if (canonical) out.push(withOrigin(canonical, index, message));
  });
  return { messages: out, tools: tools.slice() };
}

function canonicalOf(message: BaseMessage): Message | undefined {
  const content = contentOf(message.content);
  if (SystemMessage.isInstance(message)) return { role: 'system', content };
  if (HumanMessage.isInstance(message)) return { role: 'user', content };
  if (AIMessage.isInstance(message)) {
    const out: Message = { role: 'assistant', content: withoutCallBlocks(content) };
    const calls = message.tool_calls ?? [];
    // Arguments as the providers put them on the wire (ChatOpenAI: `JSON.stringify(args)`).
    if (calls.length > 0) out.tool_calls = calls.map((c) => ({ id: c.id ?? '', type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args ?? {}) } }));
    return out;
  }
  if (ToolMessage.isInstance(message)) {
    const out: Message = { role: 'tool', tool_call_id: message.tool_call_id, content };
    if (message.name !== undefined) out.name = message.name;
    // LangChain's own failure flag. No LangChain provider sends it (Chat Completions and Responses have no field for
    // it, ChatAnthropic leaves it off its tool_result); the layer here still reads it.
    if (message.status === 'error') out.is_error = true;
    return out;
  }
  return undefined;
}

function contentOf(content: MessageContent): Content {
  return typeof content === 'string' ? content : (content as ContentPart[]);
}

/**
 * An AI message's content without the blocks that repeat its tool calls, `null` when nothing is left: as the core
 * reads an Anthropic assistant message, so that a message emptied by c2/c4 goes as it goes at the proxy.
 */
function withoutCallBlocks(content: Content): Content {
  if (!Array.isArray(content)) return content;
  const parts = content.filter((part) => !CALL_BLOCKS.has(part.type));
  return parts.length > 0 ? parts : null;
}

/** Content blocks holding a call: ChatAnthropic's `tool_use`, v1 messages' `tool_call`, a Responses `function_call`. */
const CALL_BLOCKS = new Set(['tool_use', 'tool_call', 'function_call']);

/**
 * Writes the layer's changes back as LangChain messages. A changed message is a new instance of its class with the
 * raw message's fields and the new content (or, for an AI message, the tool calls left); the layer's own note is a
 * new `HumanMessage`.
 */
export const messageCodec: ListCodec<BaseMessage> = {
  rebuild(raw, messages) {
    const message = messages[0]!;
    if (ToolMessage.isInstance(raw)) return rebuildTool(raw, message);
    if (AIMessage.isInstance(raw)) return rebuildAssistant(raw, message);
    if (HumanMessage.isInstance(raw)) return new HumanMessage({ ...baseFields(raw), content: message.content as MessageContent });
    // The layer changes tool results, assistant calls and user messages only; anything else comes back as it was.
    return raw;
  },
  user: (text) => new HumanMessage(text),
};

/** The fields every message class takes back in its constructor. */
function baseFields(raw: BaseMessage) {
  return { id: raw.id, name: raw.name, additional_kwargs: raw.additional_kwargs, response_metadata: raw.response_metadata };
}

/** c1 changes a result's text; the id, name, status and artifact stay. */
function rebuildTool(raw: ToolMessage, message: CanonicalMessage): ToolMessage {
  return new ToolMessage({
    ...baseFields(raw),
    content: message.content as MessageContent,
    tool_call_id: raw.tool_call_id,
    status: raw.status,
    artifact: raw.artifact,
    metadata: raw.metadata,
  });
}

/**
 * c2 and c4 remove failed calls. A call lives in up to four places of an AI message, and each provider's converter
 * reads a different one: `tool_calls` (all), the legacy `additional_kwargs.tool_calls` (ChatOpenAI when `tool_calls`
 * is empty), content blocks (`tool_use` for ChatAnthropic, `tool_call` for v1 messages) and the Responses API's
 * replayed `response_metadata.output` (`function_call` items). The call goes from all of them; a message left with
 * neither calls nor content goes entirely.
 */
function rebuildAssistant(raw: AIMessage, message: CanonicalMessage): AIMessage | undefined {
  const kept = new Set((message.tool_calls ?? []).map((c) => c.id));
  const removed = new Set((raw.tool_calls ?? []).map((c) => c.id ?? '').filter((id) => !kept.has(id)));
  const keeps = (item: unknown) => !removed.has(callIdOf(item) ?? '');
  const content = typeof raw.content === 'string' ? raw.content : raw.content.filter(keeps);
  const toolCalls = (raw.tool_calls ?? []).filter((c) => kept.has(c.id ?? ''));
  const additional = { ...raw.additional_kwargs };
  if (Array.isArray(additional.tool_calls)) additional.tool_calls = additional.tool_calls.filter(keeps);
  const metadata = { ...raw.response_metadata };
  if (Array.isArray(metadata.output)) metadata.output = (metadata.output as unknown[]).filter(keeps);
  if (toolCalls.length === 0 && !hasContent(content)) return undefined;
  return new AIMessage({
    ...baseFields(raw),
    additional_kwargs: additional,
    response_metadata: metadata,
    content,
    tool_calls: toolCalls,
    invalid_tool_calls: raw.invalid_tool_calls,
    usage_metadata: raw.usage_metadata,
  });
}

/**
 * The call id an item carries: a Responses `function_call` item's `call_id`; the `id` of a `tool_use`/`tool_call`
 * block or of an OpenAI tool call (`type: 'function'`, in `additional_kwargs.tool_calls`).
 */
function callIdOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { type, id, call_id: callId } = item as { type?: unknown; id?: unknown; call_id?: unknown };
  if (type === 'function_call') return typeof callId === 'string' ? callId : undefined;
  if (CALL_BLOCKS.has(type as string) || type === 'function') return typeof id === 'string' ? id : undefined;
  return undefined;
}

function hasContent(content: MessageContent): boolean {
  if (typeof content === 'string') return content !== '';
  return content.some((block) => block.type !== 'text' || (typeof block.text === 'string' && block.text !== ''));
}
