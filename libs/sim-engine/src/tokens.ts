import type { ChatMessage, ChatTool } from './request.ts';
import { argumentsText, messageText } from './request.ts';

// Not a real tokenizer: words, single digits and single symbols count one token each. It is stable,
// roughly proportional to text length, and the same for the context check, `usage` and `/tokenize`.
const PIECE = /[A-Za-z]+|\d|[^\sA-Za-z\d]/g;
const VOCABULARY = 100_000;

export function tokenize(text: string): number[] {
  return (text.match(PIECE) ?? []).map(pieceId);
}

export function countTokens(text: string): number {
  return text.match(PIECE)?.length ?? 0;
}

/** FNV-1a over the piece, folded into the vocabulary. */
function pieceId(piece: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < piece.length; i++) {
    h ^= piece.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % VOCABULARY;
}

/** A ChatML-like rendering of what the sim counts as the prompt (messages, calls, tool definitions). */
export function renderPrompt(messages: readonly ChatMessage[], tools: readonly ChatTool[] = []): string {
  const parts: string[] = [];
  if (tools.length > 0) parts.push(`<|im_start|>system\n# Tools\n${tools.map((t) => JSON.stringify(t.function)).join('\n')}<|im_end|>`);
  for (const m of messages) {
    const calls = (m.tool_calls ?? []).map((c) => `<tool_call>{"name": ${JSON.stringify(c.function.name)}, "arguments": ${argumentsText(c.function.arguments)}}</tool_call>`);
    parts.push(`<|im_start|>${m.role}\n${[messageText(m), ...calls].filter((s) => s !== '').join('\n')}<|im_end|>`);
  }
  parts.push('<|im_start|>assistant\n');
  return parts.join('\n');
}
