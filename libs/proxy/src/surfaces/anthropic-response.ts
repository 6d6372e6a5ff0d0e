import { isRecord } from '../error-body.ts';
import { answerWriter, ChatChunkReader, tokenCount, type ChatAnswerFacts, type ProxyErrorFacts, type ToolFragment } from './shared.ts';

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
export class AnthropicStream extends ChatChunkReader {
  private started = false;
  private block: { kind: 'text' } | { kind: 'tool'; index: number } | null = null;
  private blockIndex = -1;
  private sawToolCall = false;

  constructor(private readonly ids: { id: string; model: string }) {
    super();
  }

  protected text(delta: string): string {
    const out = this.block?.kind === 'text' ? '' : this.open({ type: 'text', text: '' }, { kind: 'text' });
    return out + sse('content_block_delta', { type: 'content_block_delta', index: this.blockIndex, delta: { type: 'text_delta', text: delta } });
  }

  protected toolFragment(fragment: ToolFragment): string {
    let out = '';
    if (this.block?.kind !== 'tool' || this.block.index !== fragment.index) {
      this.sawToolCall = true;
      const id = fragment.id ?? `toolu_${this.ids.id}_${fragment.index}`;
      out += this.open({ type: 'tool_use', id, name: fragment.name ?? '', input: {} }, { kind: 'tool', index: fragment.index });
    }
    if (fragment.arguments !== '') {
      out += sse('content_block_delta', { type: 'content_block_delta', index: this.blockIndex, delta: { type: 'input_json_delta', partial_json: fragment.arguments } });
    }
    return out;
  }

  protected start(): string {
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

export const ANTHROPIC_WRITER = answerWriter(chatToAnthropicMessage, (echo) => new AnthropicStream(echo));
