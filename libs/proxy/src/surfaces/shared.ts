import type { Content, Conversation, Message, ToolCall } from '@recovery-bench/toolerror-core';
import { isRecord } from '../error-body.ts';
import { ProxyError } from '../errors.ts';
import type { AnswerWriter, ProxyErrorFacts, StreamTranslator, SurfaceEcho } from './surface.ts';

export type { ProxyErrorFacts, StreamTranslator } from './surface.ts';

/** Part types that carry text on some surface; anything else in a message is refused (engines take text). */
const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text']);
/** Parts that are dropped: the model's own reasoning from an earlier turn, which engines do not render. */
const DROPPED_PART_TYPES = new Set(['thinking', 'redacted_thinking', 'reasoning']);

export function refuse(message: string): never {
  throw new ProxyError('proxy:unsupported', message);
}

export function invalid(message: string): never {
  throw new ProxyError('proxy:invalid-request', message);
}

/**
 * Canonical content (parts of any surface) as Chat Completions content: a string, or text parts. Images, files
 * and audio are refused: the proxy serves text-only engines and says so rather than dropping what the user sent.
 */
export function chatContent(content: Content | undefined, where: string): string | { type: 'text'; text: string }[] | null {
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) invalid(`${where}: content must be a string or an array of parts`);
  const parts: { type: 'text'; text: string }[] = [];
  for (const part of content) {
    if (!isRecord(part)) invalid(`${where}: a content part must be an object`);
    if (TEXT_PART_TYPES.has(part.type) || part.type === 'refusal') {
      const text = part.type === 'refusal' ? part.refusal : part.text;
      if (typeof text !== 'string') invalid(`${where}: a ${part.type} part needs a string "${part.type === 'refusal' ? 'refusal' : 'text'}"`);
      parts.push({ type: 'text', text });
    } else if (DROPPED_PART_TYPES.has(part.type)) {
      continue;
    } else {
      refuse(`${where}: content of type "${part.type}" is not supported: the proxy serves text-only engines (send text parts only)`);
    }
  }
  return parts;
}

/** Canonical messages (from toolerror-core's converters) as Chat Completions messages for the engine. */
export function chatMessages(conversation: Conversation, where: (m: number) => string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  conversation.messages.forEach((message, m) => {
    if (message.opaque === true) return;
    out.push(chatMessage(message, where(m)));
  });
  return out;
}

function chatMessage(message: Message, where: string): Record<string, unknown> {
  const role = message.role === 'developer' ? 'system' : message.role;
  const out: Record<string, unknown> = { role, content: chatContent(message.content, where) };
  if (message.role === 'tool') {
    out.tool_call_id = message.tool_call_id;
    if (out.content === null) out.content = '';
    // Kept for the record and for an engine that runs its own layer; the message shaping strips it otherwise.
    if (message.is_error === true) out.is_error = true;
  }
  if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
    out.tool_calls = message.tool_calls.map((call: ToolCall) => ({ id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } }));
  }
  if (Array.isArray(out.content) && out.content.length === 0) out.content = message.role === 'assistant' && out.tool_calls ? null : '';
  return out;
}

export function tokenCount(usage: unknown, key: string): number {
  return isRecord(usage) && typeof usage[key] === 'number' ? usage[key] : 0;
}

/** What a surface needs of an engine's answer (the first choice of a `chat.completion`, or a stream put together). */
export interface ChatAnswerFacts {
  /** Used to make the surface's ids (`msg_<id>`, `resp_<id>`). */
  id: string;
  /** The model name the client asked for, echoed back. */
  model: string;
  text: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string | null;
  usage: unknown;
}

/** Reads the first choice of a `chat.completion`; undefined when the answer is not one. */
export function chatAnswerFacts(json: unknown, ids: { id: string; model: string }): ChatAnswerFacts | undefined {
  if (!isRecord(json) || !Array.isArray(json.choices)) return undefined;
  const choice = json.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) ?? json.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return undefined;
  const message = choice.message;
  const text = typeof message.content === 'string' ? message.content
    : Array.isArray(message.content) ? message.content.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('') : '';
  const toolCalls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).filter(isRecord).map((call, i) => {
    const fn = isRecord(call.function) ? call.function : {};
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {}) ?? '{}';
    return { id: typeof call.id === 'string' ? call.id : `call_${ids.id}_${i}`, name: typeof fn.name === 'string' ? fn.name : '', arguments: args };
  });
  return { id: ids.id, model: ids.model, text, toolCalls, finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null, usage: json.usage };
}

/** A surface's writer from how it writes a `chat.completion` (first choice) and how it translates a stream. */
export function answerWriter(write: (answer: ChatAnswerFacts, echo: SurfaceEcho) => unknown, stream: (echo: SurfaceEcho) => StreamTranslator): AnswerWriter {
  return {
    answer(json, echo) {
      const facts = chatAnswerFacts(json, echo);
      return facts === undefined ? undefined : write(facts, echo);
    },
    stream,
  };
}

/** One tool-call fragment of a chunk's `delta.tool_calls`, its index resolved. */
export interface ToolFragment {
  index: number;
  id: string | undefined;
  name: string | undefined;
  arguments: string;
}

/**
 * Walks Chat Completions chunks (first choice) for a surface's translator: text deltas, tool-call fragments,
 * the finish reason and the usage of the last chunk; the surface writes its own events for each.
 */
export abstract class ChatChunkReader implements StreamTranslator {
  protected finishReason: string | null = null;
  protected usage: unknown = undefined;

  chunk(event: Record<string, unknown>): string {
    let out = this.start();
    if (isRecord(event.usage)) this.usage = event.usage;
    const choice = Array.isArray(event.choices) ? event.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) : undefined;
    if (!isRecord(choice)) return out;
    const delta = choice.delta;
    if (isRecord(delta)) {
      if (typeof delta.content === 'string' && delta.content !== '') out += this.text(delta.content);
      if (Array.isArray(delta.tool_calls)) {
        delta.tool_calls.forEach((fragment, position) => {
          if (!isRecord(fragment)) return;
          const fn = isRecord(fragment.function) ? fragment.function : {};
          out += this.toolFragment({
            index: typeof fragment.index === 'number' ? fragment.index : position,
            id: typeof fragment.id === 'string' ? fragment.id : undefined,
            name: typeof fn.name === 'string' ? fn.name : undefined,
            arguments: typeof fn.arguments === 'string' ? fn.arguments : '',
          });
        });
      }
    }
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    return out;
  }

  /** The surface's opening events, once. */
  protected abstract start(): string;
  protected abstract text(delta: string): string;
  protected abstract toolFragment(fragment: ToolFragment): string;
  abstract finish(): string;
  abstract error(error: ProxyErrorFacts): string;
}
