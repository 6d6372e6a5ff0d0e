import { isRecord } from '../error-body.ts';
import { tokenCount, type ChatAnswerFacts, type ProxyErrorFacts, type StreamTranslator } from './shared.ts';

/** Chat `finish_reason` → Anthropic `stop_reason`. */
export function anthropicStopReason(finishReason: string | null, hasToolCalls: boolean): string {
  if (finishReason === 'length') return 'max_tokens';
  if (finishReason === 'tool_calls' || finishReason === 'function_call' || (hasToolCalls && finishReason !== 'content_filter')) return 'tool_use';
  if (finishReason === 'content_filter') return 'refusal';
  return 'end_turn';
}

/** Anthropic's error `type` for an HTTP status. */
export function anthropicErrorType(status: number): string {
  if (status === 400 || status === 422) return 'invalid_request_error';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status === 503 || status === 529) return 'overloaded_error';
  if (status === 504) return 'timeout_error';
  return 'api_error';
}

export function anthropicErrorBody(error: ProxyErrorFacts): Record<string, unknown> {
  return { type: 'error', error: { type: anthropicErrorType(error.status), message: error.message } };
}

function toolInput(args: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(args);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Not JSON: kept whole under one key, as toolerror-core writes such calls back.
  }
  return { arguments: args };
}

function usageOf(usage: unknown): Record<string, number> {
  return { input_tokens: tokenCount(usage, 'prompt_tokens'), output_tokens: tokenCount(usage, 'completion_tokens') };
}

/** A `chat.completion` (first choice) as an Anthropic `message`. */
export function chatToAnthropicMessage(answer: ChatAnswerFacts): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (answer.text !== '') content.push({ type: 'text', text: answer.text });
  for (const call of answer.toolCalls) content.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) });
  return {
    id: `msg_${answer.id}`,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content,
    stop_reason: anthropicStopReason(answer.finishReason, answer.toolCalls.length > 0),
    stop_sequence: null,
    usage: usageOf(answer.usage),
  };
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Chat Completions chunks → Anthropic stream events: `message_start`, `ping`, per block `content_block_start`,
 * `content_block_delta` (`text_delta`, `input_json_delta`), `content_block_stop`, then `message_delta` (stop
 * reason, usage) and `message_stop`. A text block closes when a tool call starts; each tool call is one block.
 */
export class AnthropicStream implements StreamTranslator {
  private started = false;
  private block: { kind: 'text' } | { kind: 'tool'; index: number } | null = null;
  private blockIndex = -1;
  private finishReason: string | null = null;
  private sawToolCall = false;
  private usage: unknown = null;

  constructor(private readonly ids: { id: string; model: string }) {}

  chunk(event: Record<string, unknown>): string {
    let out = this.start();
    if (isRecord(event.usage)) this.usage = event.usage;
    const choice = Array.isArray(event.choices) ? event.choices.find((c) => isRecord(c) && (c.index ?? 0) === 0) : undefined;
    if (!isRecord(choice)) return out;
    const delta = choice.delta;
    if (isRecord(delta)) {
      if (typeof delta.content === 'string' && delta.content !== '') {
        if (this.block?.kind !== 'text') out += this.open({ type: 'text', text: '' }, { kind: 'text' });
        out += sse('content_block_delta', { type: 'content_block_delta', index: this.blockIndex, delta: { type: 'text_delta', text: delta.content } });
      }
      if (Array.isArray(delta.tool_calls)) delta.tool_calls.forEach((fragment, position) => (out += this.toolFragment(fragment, position)));
    }
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    return out;
  }

  private toolFragment(fragment: unknown, position: number): string {
    if (!isRecord(fragment)) return '';
    const index = typeof fragment.index === 'number' ? fragment.index : position;
    const fn = isRecord(fragment.function) ? fragment.function : {};
    let out = '';
    if (this.block?.kind !== 'tool' || this.block.index !== index) {
      this.sawToolCall = true;
      const id = typeof fragment.id === 'string' ? fragment.id : `toolu_${this.ids.id}_${index}`;
      out += this.open({ type: 'tool_use', id, name: typeof fn.name === 'string' ? fn.name : '', input: {} }, { kind: 'tool', index });
    }
    if (typeof fn.arguments === 'string' && fn.arguments !== '') {
      out += sse('content_block_delta', { type: 'content_block_delta', index: this.blockIndex, delta: { type: 'input_json_delta', partial_json: fn.arguments } });
    }
    return out;
  }

  private start(): string {
    if (this.started) return '';
    this.started = true;
    const message = {
      id: `msg_${this.ids.id}`, type: 'message', role: 'assistant', model: this.ids.model, content: [],
      stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 },
    };
    return sse('message_start', { type: 'message_start', message }) + sse('ping', { type: 'ping' });
  }

  private open(contentBlock: Record<string, unknown>, block: NonNullable<AnthropicStream['block']>): string {
    const out = this.close();
    this.block = block;
    this.blockIndex++;
    return out + sse('content_block_start', { type: 'content_block_start', index: this.blockIndex, content_block: contentBlock });
  }

  private close(): string {
    if (this.block === null) return '';
    this.block = null;
    return sse('content_block_stop', { type: 'content_block_stop', index: this.blockIndex });
  }

  finish(): string {
    const stopReason = anthropicStopReason(this.finishReason, this.sawToolCall);
    return this.start() + this.close()
      + sse('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: usageOf(this.usage) })
      + sse('message_stop', { type: 'message_stop' });
  }

  error(error: ProxyErrorFacts): string {
    return this.start() + sse('error', anthropicErrorBody(error));
  }
}
