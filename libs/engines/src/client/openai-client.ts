import { BenchError, type GenerateRequest, type GenerateResponse, type ModelClient, type ToolCall } from '@recovery-bench/harness';
import { Agent, request, errors as undiciErrors } from 'undici';

export interface OpenAIClientOptions {
  /** Base URL up to and including `/v1`, e.g. `http://127.0.0.1:8000/v1` or a proxy's `/runs/<id>/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Sent as User-Agent, so the recovery layer can tell agents apart. */
  userAgent?: string;
  /** Default per-call time limit; a request's `timeoutMs` wins. */
  timeoutMs?: number;
  /** Response headers kept on each response (lower case). */
  keepHeaders?: readonly string[];
  dispatcher?: Agent;
}

const DEFAULT_KEEP = ['x-geulpu-tool-errors', 'x-proxy-request-id', 'x-proxy-overhead-duration-ms'];

/**
 * A ModelClient over OpenAI Chat Completions (non-streaming). One attempt per call and no hidden retries:
 * the agent loop decides what to retry, visibly, and engine failures stay countable.
 */
export class OpenAIClient implements ModelClient {
  readonly id: string;
  private readonly opts: OpenAIClientOptions;
  private readonly dispatcher: Agent;
  private readonly ownsDispatcher: boolean;

  constructor(opts: OpenAIClientOptions) {
    this.opts = opts;
    this.id = `openai:${opts.model}`;
    this.ownsDispatcher = opts.dispatcher === undefined;
    this.dispatcher = opts.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 256 });
  }

  async generate(req: GenerateRequest, { signal }: { signal?: AbortSignal } = {}): Promise<GenerateResponse> {
    const timeoutMs = req.timeoutMs ?? this.opts.timeoutMs ?? 600_000;
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    if (this.opts.userAgent) headers['user-agent'] = this.opts.userAgent;
    let res;
    try {
      res = await request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(this.body(req)),
        dispatcher: this.dispatcher,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw transportError(error, url, signal);
    }
    const text = await res.body.text().catch((error: unknown) => {
      throw transportError(error, url, signal);
    });
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new BenchError('model:http', `HTTP ${res.statusCode} from ${url}: ${errorMessage(text)}`, { details: { status: res.statusCode, body: text.slice(0, 2000) } });
    }
    return parseCompletion(text, pickHeaders(res.headers, this.opts.keepHeaders ?? DEFAULT_KEEP));
  }

  private body(req: GenerateRequest): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.opts.model, messages: req.messages };
    if (req.tools && req.tools.length > 0) body.tools = req.tools;
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    if (req.parallelToolCalls !== undefined && req.tools && req.tools.length > 0) body.parallel_tool_calls = req.parallelToolCalls;
    return body;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }
}

function transportError(error: unknown, url: string, signal: AbortSignal | undefined): BenchError {
  if (signal?.aborted) return new BenchError('model:aborted', `call to ${url} aborted`, { cause: error });
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new BenchError('model:timeout', `no answer from ${url} in time`, { cause: error });
  }
  const code = (error as { code?: string }).code;
  return new BenchError('model:unreachable', `cannot reach ${url}: ${code ?? (error as Error).message}`, { cause: error, details: code ? { errno: code } : {} });
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message ?? body.detail);
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself says what went wrong
  }
  return text.slice(0, 500);
}

function pickHeaders(headers: Record<string, string | string[] | undefined>, keep: readonly string[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of keep) {
    const v = headers[name];
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

interface WireChoice {
  message?: { content?: unknown; tool_calls?: unknown; reasoning_content?: unknown };
  finish_reason?: unknown;
}

/** Reads a Chat Completions body; anything that is not one is `model:bad-response`. */
export function parseCompletion(text: string, headers?: Record<string, string>): GenerateResponse {
  let body: { choices?: WireChoice[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new BenchError('model:bad-response', `engine answered 200 with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  const choice = body?.choices?.[0];
  if (!choice || typeof choice !== 'object' || !choice.message) throw new BenchError('model:bad-response', 'engine answered 200 without choices[0].message');
  const message = choice.message;
  const toolCalls: ToolCall[] = [];
  if (Array.isArray(message.tool_calls)) {
    for (const c of message.tool_calls as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]) {
      if (typeof c?.function?.name !== 'string') throw new BenchError('model:bad-response', 'a tool call without a function name');
      const args = c.function.arguments;
      toolCalls.push({ id: typeof c.id === 'string' ? c.id : `call_${toolCalls.length + 1}`, type: 'function', function: { name: c.function.name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) } });
    }
  }
  const response: GenerateResponse = {
    content: typeof message.content === 'string' ? message.content : null,
    toolCalls,
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : 'unknown',
    usage: { promptTokens: Number(body.usage?.prompt_tokens ?? 0), completionTokens: Number(body.usage?.completion_tokens ?? 0) },
  };
  if (typeof message.reasoning_content === 'string') response.reasoningContent = message.reasoning_content;
  if (headers) response.headers = headers;
  return response;
}
