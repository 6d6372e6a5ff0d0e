import { isRecord } from '../error-body.ts';
import { answerWriter, ChatChunkReader, tokenCount, type ChatAnswerFacts, type ProxyErrorFacts, type ToolFragment } from './shared.ts';
import type { SurfaceEcho } from './surface.ts';

export function responsesErrorBody(error: ProxyErrorFacts): Record<string, unknown> {
  return { error: { message: error.message, type: error.type ?? (error.status >= 500 ? 'server_error' : 'invalid_request_error'), param: null, code: error.code } };
}

function usageOf(usage: unknown): Record<string, unknown> {
  const input = tokenCount(usage, 'prompt_tokens');
  const output = tokenCount(usage, 'completion_tokens');
  return { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: input + output };
}

function messageItem(id: string, text: string, status: string): Record<string, unknown> {
  return { id, type: 'message', status, role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
}

function callItem(id: string, call: { id: string; name: string; arguments: string }, status: string): Record<string, unknown> {
  return { id, type: 'function_call', status, call_id: call.id, name: call.name, arguments: call.arguments };
}

/** The response object around its output, as OpenAI writes it (nothing is stored: `store` is false). */
function responseObject(echo: SurfaceEcho, status: string, output: unknown[], finishReason: string | null, usage: unknown): Record<string, unknown> {
  const { request } = echo;
  return {
    id: `resp_${echo.id}`,
    object: 'response',
    created_at: echo.createdAt,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: finishReason === 'content_filter' ? 'content_filter' : 'max_output_tokens' } : null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model: echo.model,
    output,
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    store: false,
    temperature: request.temperature ?? null,
    text: request.text ?? { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: request.tools ?? [],
    top_p: request.top_p ?? null,
    truncation: 'disabled',
    usage: usage === undefined ? null : usageOf(usage),
    metadata: request.metadata ?? {},
  };
}

function statusOf(finishReason: string | null): string {
  return finishReason === 'length' || finishReason === 'content_filter' ? 'incomplete' : 'completed';
}

/** A `chat.completion` (first choice) as a Responses `response`. */
export function chatToResponse(answer: ChatAnswerFacts, echo: SurfaceEcho): Record<string, unknown> {
  const output: unknown[] = [];
  if (answer.text !== '') output.push(messageItem(`msg_${echo.id}`, answer.text, 'completed'));
  answer.toolCalls.forEach((call, i) => output.push(callItem(`fc_${echo.id}_${i}`, call, 'completed')));
  return responseObject(echo, statusOf(answer.finishReason), output, answer.finishReason, answer.usage);
}

function sse(data: Record<string, unknown>): string {
  return `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface OpenItem {
  kind: 'text' | 'call';
  outputIndex: number;
  itemId: string;
  text: string;
  call?: { id: string; name: string; arguments: string };
  toolIndex?: number;
}

/**
 * Chat Completions chunks → Responses stream events: `response.created`, `response.in_progress`, per output item
 * `response.output_item.added`, then for text `response.content_part.added`, `response.output_text.delta`,
 * `response.output_text.done`, `response.content_part.done`, for a call `response.function_call_arguments.delta`
 * and `.done`, then `response.output_item.done`; at the end `response.completed` (or `response.incomplete`).
 */
export class ResponsesStream extends ChatChunkReader {
  private sequence = 0;
  private started = false;
  private open: OpenItem | null = null;
  private readonly output: Record<string, unknown>[] = [];

  constructor(private readonly echo: SurfaceEcho) {
    super();
  }

  private emit(data: Record<string, unknown>): string {
    return sse({ ...data, sequence_number: this.sequence++ });
  }

  protected start(): string {
    if (this.started) return '';
    this.started = true;
    const response = responseObject(this.echo, 'in_progress', [], null, undefined);
    return this.emit({ type: 'response.created', response }) + this.emit({ type: 'response.in_progress', response });
  }

  protected text(delta: string): string {
    let out = '';
    if (this.open?.kind !== 'text') {
      out += this.closeItem();
      const item: OpenItem = { kind: 'text', outputIndex: this.output.length, itemId: `msg_${this.echo.id}_${this.output.length}`, text: '' };
      this.open = item;
      out += this.emit({ type: 'response.output_item.added', output_index: item.outputIndex, item: { id: item.itemId, type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
      out += this.emit({ type: 'response.content_part.added', item_id: item.itemId, output_index: item.outputIndex, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    }
    const item = this.open!;
    item.text += delta;
    return out + this.emit({ type: 'response.output_text.delta', item_id: item.itemId, output_index: item.outputIndex, content_index: 0, delta, logprobs: [] });
  }

  protected toolFragment(fragment: ToolFragment): string {
    let out = '';
    if (this.open?.kind !== 'call' || this.open.toolIndex !== fragment.index) {
      out += this.closeItem();
      const call = { id: fragment.id ?? `call_${this.echo.id}_${fragment.index}`, name: fragment.name ?? '', arguments: '' };
      const item: OpenItem = { kind: 'call', outputIndex: this.output.length, itemId: `fc_${this.echo.id}_${this.output.length}`, text: '', call, toolIndex: fragment.index };
      this.open = item;
      out += this.emit({ type: 'response.output_item.added', output_index: item.outputIndex, item: callItem(item.itemId, call, 'in_progress') });
    }
    const item = this.open!;
    if (fragment.arguments !== '') {
      item.call!.arguments += fragment.arguments;
      out += this.emit({ type: 'response.function_call_arguments.delta', item_id: item.itemId, output_index: item.outputIndex, delta: fragment.arguments });
    }
    return out;
  }

  private closeItem(): string {
    const item = this.open;
    if (item === null) return '';
    this.open = null;
    let out = '';
    let done: Record<string, unknown>;
    if (item.kind === 'text') {
      const part = { type: 'output_text', text: item.text, annotations: [] };
      out += this.emit({ type: 'response.output_text.done', item_id: item.itemId, output_index: item.outputIndex, content_index: 0, text: item.text, logprobs: [] });
      out += this.emit({ type: 'response.content_part.done', item_id: item.itemId, output_index: item.outputIndex, content_index: 0, part });
      done = messageItem(item.itemId, item.text, 'completed');
    } else {
      out += this.emit({ type: 'response.function_call_arguments.done', item_id: item.itemId, output_index: item.outputIndex, arguments: item.call!.arguments });
      done = callItem(item.itemId, item.call!, 'completed');
    }
    this.output.push(done);
    return out + this.emit({ type: 'response.output_item.done', output_index: item.outputIndex, item: done });
  }

  finish(): string {
    const out = this.start() + this.closeItem();
    const status = statusOf(this.finishReason);
    const response = responseObject(this.echo, status, this.output, this.finishReason, this.usage ?? null);
    return out + this.emit({ type: status === 'completed' ? 'response.completed' : 'response.incomplete', response });
  }

  error(error: ProxyErrorFacts): string {
    const out = this.start();
    const body = responsesErrorBody(error).error as Record<string, unknown>;
    return out + this.emit({ type: 'error', code: body.code ?? body.type, message: error.message, param: null });
  }
}

export const RESPONSES_WRITER = answerWriter(chatToResponse, (echo) => new ResponsesStream(echo));
