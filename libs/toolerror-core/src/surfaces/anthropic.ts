import { isPlainObject, LayerInputError, requireObject } from '../errors.ts';
import type { CanonicalMessage, Content, ContentPart, Conversation, Message, ToolCall } from '../types.ts';
import { copyToolResultExtensions, originOf, withOrigin } from './origin.ts';
import { readToolDefinitions } from './tools.ts';

/**
 * Anthropic Messages ⇄ canonical.
 * - A user message becomes, in block order, a tool message per `tool_result` block and a user message per run of
 *   other blocks; a string content stays one user message.
 * - An assistant message becomes one assistant message: `tool_use` blocks turn into `tool_calls`, the other
 *   blocks (text, thinking, …) stay as content parts (a string content stays a string).
 * - A system message inside `messages` (accepted mid-conversation by the Messages API since Claude Opus 4.8; Claude
 *   Code sends one after the first user turn) stays a system message at its position.
 * Every canonical message remembers its Anthropic message index; messages of one index are written back together.
 */
export function fromAnthropicMessages(body: unknown): Conversation {
  const request = requireObject(body, 'an Anthropic Messages request');
  if (!Array.isArray(request.messages)) {
    throw new LayerInputError('layer:not-a-request', 'an Anthropic Messages request needs a "messages" array');
  }
  const messages: CanonicalMessage[] = [];
  request.messages.forEach((message, index) => {
    if (!isPlainObject(message) || (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'system')) {
      throw new LayerInputError('layer:not-a-request', `messages[${index}] must be an object with role "user", "assistant" or "system"`);
    }
    const content = message.content;
    if (typeof content !== 'string' && !Array.isArray(content)) {
      throw new LayerInputError('layer:not-a-request', `messages[${index}].content must be a string or an array of blocks`);
    }
    if (message.role === 'assistant') messages.push(assistantFromAnthropic(message, content, index));
    else if (message.role === 'system') messages.push(systemFromAnthropic(message, content, index));
    else messages.push(...userFromAnthropic(message, content, index));
  });
  return { messages, tools: readToolDefinitions(request.tools) };
}

function assistantFromAnthropic(message: Record<string, unknown>, content: string | unknown[], index: number): CanonicalMessage {
  if (typeof content === 'string') return withOrigin({ role: 'assistant', content }, index, message);
  const parts: ContentPart[] = [];
  const calls: ToolCall[] = [];
  content.forEach((block, b) => {
    const part = requireBlock(block, index, b);
    if (part.type === 'tool_use') calls.push(toolCallFromToolUse(part, index, b));
    else parts.push(part);
  });
  const out: Message = { role: 'assistant', content: parts.length > 0 ? parts : null };
  if (calls.length > 0) out.tool_calls = calls;
  return withOrigin(out, index, message);
}

/** A system message in `messages` carries text only (as the top-level `system` does). */
function systemFromAnthropic(message: Record<string, unknown>, content: string | unknown[], index: number): CanonicalMessage {
  if (Array.isArray(content)) {
    content.forEach((block, b) => {
      if (requireBlock(block, index, b).type !== 'text') {
        throw new LayerInputError('layer:not-a-request', `messages[${index}].content[${b}]: a system message holds text blocks only`);
      }
    });
  }
  return withOrigin({ role: 'system', content: content as Content }, index, message);
}

function toolCallFromToolUse(block: ContentPart, index: number, b: number): ToolCall {
  if (typeof block.id !== 'string' || typeof block.name !== 'string') {
    throw new LayerInputError('layer:not-a-request', `messages[${index}].content[${b}] (tool_use) needs a string "id" and "name"`);
  }
  return { id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } };
}

function userFromAnthropic(message: Record<string, unknown>, content: string | unknown[], index: number): CanonicalMessage[] {
  if (typeof content === 'string') return [withOrigin({ role: 'user', content }, index, message)];
  const out: CanonicalMessage[] = [];
  let run: ContentPart[] | undefined;
  content.forEach((block, b) => {
    const part = requireBlock(block, index, b);
    if (part.type !== 'tool_result') {
      if (run === undefined) {
        run = [];
        out.push(withOrigin({ role: 'user', content: run }, index, message));
      }
      run.push(part);
      return;
    }
    run = undefined;
    if (typeof part.tool_use_id !== 'string') {
      throw new LayerInputError('layer:not-a-request', `messages[${index}].content[${b}] (tool_result) needs a string "tool_use_id"`);
    }
    const tool: Message = { role: 'tool', tool_call_id: part.tool_use_id, content: (part.content as Content | undefined) ?? null };
    copyToolResultExtensions(part, tool);
    out.push(withOrigin(tool, index, message, part));
  });
  if (out.length === 0) out.push(withOrigin({ role: 'user', content: [] }, index, message));
  return out;
}

function requireBlock(block: unknown, index: number, b: number): ContentPart {
  if (!isPlainObject(block) || typeof block.type !== 'string') {
    throw new LayerInputError('layer:not-a-request', `messages[${index}].content[${b}] must be a block with a string "type"`);
  }
  return block as ContentPart;
}

/**
 * A rewritten conversation as the rewritten request reads back: where a form removed a `tool_result` from between
 * two runs of other blocks of one user message, the two runs are one run again (one user message), as
 * `toAnthropicMessages` writes them into one Anthropic message.
 */
export function normalizeAnthropicMessages(conversation: Conversation): Conversation {
  const messages: CanonicalMessage[] = [];
  for (const message of conversation.messages) {
    const previous = messages[messages.length - 1];
    if (previous !== undefined && isBlockRun(previous) && isBlockRun(message) && originOf(previous)!.index === originOf(message)!.index) {
      messages[messages.length - 1] = { ...previous, content: [...(previous.content as ContentPart[]), ...(message.content as ContentPart[])] };
    } else {
      messages.push(message);
    }
  }
  return messages.length === conversation.messages.length ? conversation : { ...conversation, messages };
}

/** A user message made of a run of blocks of a source message (not a string, not one the layer added). */
function isBlockRun(message: CanonicalMessage): boolean {
  return message.role === 'user' && Array.isArray(message.content) && originOf(message) !== undefined;
}

/** Writes the conversation back into a copy of the Anthropic request. */
export function toAnthropicMessages(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown>[] = [];
  // The Anthropic user message being rebuilt from canonical messages of one source index.
  let open: { index: number; blocks: unknown[] } | undefined;
  for (const message of conversation.messages) {
    const origin = originOf(message);
    if (message.role === 'assistant') {
      open = undefined;
      out.push(assistantToAnthropic(message));
      continue;
    }
    if (message.role === 'system' || message.role === 'developer') {
      open = undefined;
      out.push({ ...(isPlainObject(origin?.raw) ? origin.raw : {}), role: 'system', content: message.content });
      continue;
    }
    // A fresh array: later blocks of the same source message are pushed into it, never into the canonical content.
    const blocks = message.role === 'tool' ? [toolResultBlock(message)] : [...userBlocks(message.content)];
    if (origin !== undefined && open?.index === origin.index) {
      open.blocks.push(...blocks);
      continue;
    }
    const source = isPlainObject(origin?.raw) ? origin.raw : { role: 'user' };
    if (message.role === 'user' && typeof message.content === 'string') {
      // A string-content message (from the source or made by the layer) is a message of its own.
      out.push({ ...source, content: message.content });
      open = undefined;
      continue;
    }
    const rebuilt = { ...source, content: blocks };
    out.push(rebuilt);
    // Messages the layer made are never merged with what follows them.
    open = origin === undefined ? undefined : { index: origin.index, blocks };
  }
  return { ...body, messages: out };
}

function userBlocks(content: Content | undefined): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function toolResultBlock(message: CanonicalMessage): Record<string, unknown> {
  const raw = originOf(message)?.block;
  const block: Record<string, unknown> = isPlainObject(raw) ? { ...raw } : { type: 'tool_result', tool_use_id: message.tool_call_id };
  if (message.content !== null && message.content !== undefined) block.content = message.content;
  else if ('content' in block && block.content !== null) delete block.content;
  if (!isPlainObject(raw) && message.is_error === true) block.is_error = true;
  return block;
}

function assistantToAnthropic(message: CanonicalMessage): Record<string, unknown> {
  const raw = originOf(message)?.raw;
  const calls = message.tool_calls ?? [];
  if (!isPlainObject(raw)) return { role: 'assistant', content: [...partsOf(message.content), ...calls.map(toolUseBlock)] };
  if (typeof message.content === 'string') return { ...raw, content: message.content };
  const remaining = new Map(calls.map((call) => [call.id, call]));
  const parts = partsOf(message.content);
  const rawBlocks = Array.isArray(raw.content) ? raw.content : [];
  const rawParts = rawBlocks.filter((b) => !(isPlainObject(b) && b.type === 'tool_use'));
  if (rawParts.length !== parts.length) {
    return { ...raw, content: [...parts, ...calls.map(toolUseBlock)] };
  }
  // Keep the source's interleaving of text and tool_use blocks; drop the calls the layer removed.
  let p = 0;
  const blocks: unknown[] = [];
  for (const b of rawBlocks) {
    if (isPlainObject(b) && b.type === 'tool_use') {
      const call = remaining.get(b.id as string);
      if (call) blocks.push(sameCall(b, call) ? b : toolUseBlock(call));
      remaining.delete(b.id as string);
    } else {
      blocks.push(parts[p++]);
    }
  }
  for (const call of remaining.values()) blocks.push(toolUseBlock(call));
  return { ...raw, content: blocks };
}

function partsOf(content: Content | undefined): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function sameCall(block: Record<string, unknown>, call: ToolCall): boolean {
  return block.name === call.function.name && JSON.stringify(block.input ?? {}) === call.function.arguments;
}

function toolUseBlock(call: ToolCall): Record<string, unknown> {
  let input: unknown = {};
  try {
    input = JSON.parse(call.function.arguments);
  } catch {
    input = { arguments: call.function.arguments };
  }
  return { type: 'tool_use', id: call.id, name: call.function.name, input };
}
