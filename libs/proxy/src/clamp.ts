import type { ClampMode } from './config.ts';
import type { TokenCounter } from './engine-kinds.ts';
import { isRecord } from './error-body.ts';
import { ProxyConfigError, ProxyError } from './errors.ts';
import type { Overflow } from './overflow.ts';
import type { ClampRecord } from './record-format.ts';
import type { Upstream } from './upstream.ts';

/**
 * The output budget (spec 1.3): `limit` is the client's value lowered to the cap; with prompt P and context
 * C the engine can take at most C − P − 1 (the −1 satisfies SGLang's `>=`). One clamp retry at most.
 */
export class Clamp {
  readonly record: ClampRecord;

  constructor(mode: ClampMode, requested: number | undefined, limit: number | undefined) {
    this.record = {
      mode, requested: requested ?? null, limit: limit ?? null, sent: limit ?? null, firstSent: null,
      promptTokens: null, contextLength: null, source: 'none', retried: false, countError: null,
    };
  }

  /** Applies a count from the engine's tokenizer. */
  counted(promptTokens: number, contextLength: number): void {
    Object.assign(this.record, { promptTokens, contextLength, source: 'count' });
    const sent = this.budgeted(contextLength, promptTokens);
    if (sent !== null) this.record.sent = sent;
  }

  countFailed(reason: string): void {
    this.record.countError = reason;
  }

  /** After an overflow rejection: the `max_tokens` to re-send with, or null when a retry cannot help. */
  retryAfter(overflow: Overflow): number | null {
    if (this.record.mode === 'off' || this.record.retried || overflow.code !== 'context_overflow') return null;
    if (overflow.contextLength === null || overflow.promptTokens === null) return null;
    const sent = this.budgeted(overflow.contextLength, overflow.promptTokens);
    if (sent === null || sent === this.record.sent) return null;
    Object.assign(this.record, {
      promptTokens: overflow.promptTokens, contextLength: overflow.contextLength, source: 'error',
      retried: true, firstSent: this.record.sent, sent,
    });
    return sent;
  }

  /** min(limit, budget), or the budget when the client sent none; null when the prompt leaves no room. */
  private budgeted(contextLength: number, promptTokens: number): number | null {
    const budget = contextLength - promptTokens - 1;
    if (budget < 1) return null;
    return this.record.limit === null ? budget : Math.min(this.record.limit, budget);
  }
}

export interface PromptCount {
  promptTokens: number;
  contextLength: number;
  /** The rendered prompt, where counting rendered it (llama.cpp). */
  prompt?: string;
}

export interface CountRequest {
  counter: TokenCounter;
  body: Record<string, unknown>;
  /** C from configuration, used when the engine does not report it. */
  contextLength: number | undefined;
  signal?: AbortSignal;
}

/** P (and C where the engine says) from the engine's own tokenizer; never another tokenizer. */
export async function countPromptTokens(upstream: Upstream, request: CountRequest): Promise<PromptCount> {
  if (request.counter === 'vllm-tokenize') return countVllm(upstream, request);
  if (request.counter === 'llama-tokenize') return countLlama(upstream, request);
  throw new Error('this engine kind has no token counter');
}

async function countVllm(upstream: Upstream, request: CountRequest): Promise<PromptCount> {
  const { body } = request;
  const query: Record<string, unknown> = { model: body.model, messages: body.messages, add_generation_prompt: true };
  if (body.tools !== undefined) query.tools = body.tools;
  if (body.chat_template_kwargs !== undefined) query.chat_template_kwargs = body.chat_template_kwargs;
  const answer = await upstream.postJson('/tokenize', query, request.signal);
  if (!isRecord(answer)) throw new ProxyError('proxy:upstream-bad-response', '/tokenize answered no object');
  const promptTokens = typeof answer.count === 'number' ? answer.count : Array.isArray(answer.tokens) ? answer.tokens.length : undefined;
  const contextLength = typeof answer.max_model_len === 'number' ? answer.max_model_len : request.contextLength;
  return known(promptTokens, contextLength);
}

async function countLlama(upstream: Upstream, request: CountRequest): Promise<PromptCount> {
  const prompt = await renderLlamaPrompt(upstream, request.body, request.signal);
  const tokens = await upstream.postJson('/tokenize', { content: prompt, add_special: true, parse_special: true }, request.signal);
  const promptTokens = isRecord(tokens) && Array.isArray(tokens.tokens) ? tokens.tokens.length : undefined;
  return { ...known(promptTokens, request.contextLength ?? (await llamaContext(upstream, request.signal))), prompt };
}

/** The prompt llama.cpp renders from a chat request with its own chat template (`POST /apply-template`). */
export async function renderLlamaPrompt(upstream: Upstream, body: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
  const rendered = await upstream.postJson('/apply-template', body, signal);
  if (!isRecord(rendered) || typeof rendered.prompt !== 'string') throw new ProxyError('proxy:upstream-bad-response', '/apply-template answered no prompt');
  return rendered.prompt;
}

/** n_ctx per slot does not change while the server runs: asked once per upstream. */
const llamaContexts = new WeakMap<Upstream, number>();

async function llamaContext(upstream: Upstream, signal?: AbortSignal): Promise<number | undefined> {
  const cached = llamaContexts.get(upstream);
  if (cached !== undefined) return cached;
  const props = await upstream.getJson('/props', signal);
  const settings = isRecord(props) ? props.default_generation_settings : undefined;
  const nCtx = isRecord(settings) && typeof settings.n_ctx === 'number' ? settings.n_ctx : undefined;
  if (nCtx !== undefined) llamaContexts.set(upstream, nCtx);
  return nCtx;
}

function known(promptTokens: number | undefined, contextLength: number | undefined): PromptCount {
  if (promptTokens === undefined) throw new ProxyError('proxy:upstream-bad-response', 'the tokenizer answer has no token count');
  if (contextLength === undefined) throw new ProxyConfigError('context length unknown: the engine does not report it and model.contextLength is not set');
  return { promptTokens, contextLength };
}
