import { BenchError } from './errors.ts';
import type { GenerateRequest, GenerateResponse, ModelClient, ToolCall } from './model.ts';

/** One scripted turn: tool calls (arguments as objects or raw strings), a text answer, or a thrown error. */
export type ScriptedTurn =
  | { calls: { name: string; arguments?: Record<string, unknown> | string }[]; content?: string }
  | { answer: string }
  | { error: BenchError };

export type ScriptedPolicy = (request: GenerateRequest, turn: number) => ScriptedTurn;

/**
 * A fake model for unit tests, in the spirit of inspect_ai's mockllm: it answers from a list of turns (or a
 * function of the request) and keeps every request it received. Past the end of a list it answers "done".
 */
export class ScriptedModel implements ModelClient {
  readonly id: string;
  readonly requests: GenerateRequest[] = [];
  private readonly policy: ScriptedPolicy;

  constructor(script: readonly ScriptedTurn[] | ScriptedPolicy, id = 'scripted') {
    this.id = id;
    this.policy = typeof script === 'function' ? script : (_request, turn) => script[turn] ?? { answer: 'done' };
  }

  async generate(request: GenerateRequest, opts: { signal?: AbortSignal } = {}): Promise<GenerateResponse> {
    opts.signal?.throwIfAborted();
    const turn = this.requests.length;
    this.requests.push(structuredClone(request));
    const step = this.policy(request, turn);
    if ('error' in step) throw step.error;
    const usage = { promptTokens: 10, completionTokens: 5 };
    if ('answer' in step) return { content: step.answer, toolCalls: [], finishReason: 'stop', usage };
    const toolCalls: ToolCall[] = step.calls.map((c, i) => ({
      id: `call_${turn + 1}_${i + 1}`,
      type: 'function',
      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
    }));
    return { content: step.content ?? null, toolCalls, finishReason: 'tool_calls', usage };
  }
}
