import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ChatContext } from './chat.ts';
import { parseJsonBody, sendJson } from './http-body.ts';
import { ChatMessageSchema, ChatToolSchema } from './request.ts';
import { errorBody } from './respond.ts';
import { renderPrompt, tokenize } from './tokens.ts';

// Both engine shapes: vLLM's `{messages, tools}` (chat) and llama.cpp's `{content}` or `{prompt}` (text).
const ChatTokenizeSchema = z.object({ messages: z.array(ChatMessageSchema), tools: z.array(ChatToolSchema).nullable().optional() }).loose();
const TextTokenizeSchema = z.object({ content: z.string().optional(), prompt: z.string().optional() }).loose();

function promptOf(value: unknown): string | undefined {
  const chat = ChatTokenizeSchema.safeParse(value);
  if (chat.success) return renderPrompt(chat.data.messages, chat.data.tools ?? []);
  const text = TextTokenizeSchema.safeParse(value);
  return text.success ? (text.data.content ?? text.data.prompt) : undefined;
}

/** `POST /tokenize` → `{count, max_model_len, tokens}` with the sim's deterministic token count. */
export function handleTokenize(text: string | undefined, res: ServerResponse, context: ChatContext): void {
  const parsed = parseJsonBody(text, res, context.dialect);
  if (!parsed.ok) return;
  const source = promptOf(parsed.value);
  if (source === undefined) {
    sendJson(res, 400, errorBody('tokenize takes {messages, tools?}, {content} or {prompt}', 'invalid_request_error', 400));
    return;
  }
  const tokens = tokenize(source);
  sendJson(res, 200, { count: tokens.length, max_model_len: context.quirks.contextLimit?.contextTokens ?? null, tokens });
}
