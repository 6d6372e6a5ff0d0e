/** How a benchmark sees a model: OpenAI Chat Completions messages in, one assistant turn out. */

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[]; reasoning_content?: string }
  | { role: 'tool'; content: string; tool_call_id: string; name?: string };

export interface ToolSpec {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export interface GenerateRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  temperature?: number;
  maxTokens?: number;
  parallelToolCalls?: boolean;
  /** Per-call time limit; the client aborts the call after it. */
  timeoutMs?: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface GenerateResponse {
  content: string | null;
  toolCalls: ToolCall[];
  reasoningContent?: string;
  finishReason: string;
  usage: Usage;
  /** Response headers worth keeping (e.g. `x-geulpu-tool-errors`, `x-proxy-request-id`). */
  headers?: Record<string, string>;
}

/**
 * A model behind some engine. Implementations make exactly one attempt per call: no hidden retries, since a
 * retry would hide engine failures that the report must count. Failures throw BenchError (`model:*`).
 */
export interface ModelClient {
  readonly id: string;
  generate(request: GenerateRequest, opts?: { signal?: AbortSignal }): Promise<GenerateResponse>;
}
