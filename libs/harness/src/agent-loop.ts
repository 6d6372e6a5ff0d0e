import { z } from 'zod';
import { asBenchError, BenchError } from './errors.ts';
import type { ChatMessage, GenerateResponse, ModelClient, ToolCall, ToolSpec, Usage } from './model.ts';
import { executeWithPlugins, type ClientPlugin } from './plugins.ts';
import type { ParsedToolCall, ToolContext, ToolExecutor } from './tools.ts';
import type { EndReason, Transcript, TranscriptEvent } from './transcript.ts';

/** The loop's settings, grouped by concern; benchmarks fix them, configs may override limits. */
export const AgentLoopSettingsSchema = z
  .object({
    limits: z.object({ maxRounds: z.number().int().positive().default(25) }).strict().default({ maxRounds: 25 }),
    generation: z
      .object({
        temperature: z.number().min(0).optional(),
        maxTokens: z.number().int().positive().optional(),
        parallelToolCalls: z.boolean().optional(),
        requestTimeoutMs: z.number().int().positive().optional(),
      })
      .strict()
      .default({}),
    /** `first`: keep only the first tool call of a turn (ToolMaze); `all`: run every call. */
    toolCallsPerTurn: z.enum(['first', 'all']).default('all'),
    /** Model-call retries made by the loop itself, visible as `error` events with `retrying: true`. */
    modelRetry: z
      .object({
        attempts: z.number().int().min(1).default(1),
        baseDelayMs: z.number().min(0).default(2000),
        statuses: z.array(z.number().int()).default([429, 502, 503]),
        /** Empty responses (no text, no calls) share the attempts. */
        retryEmpty: z.boolean().default(false),
      })
      .strict()
      .default({ attempts: 1, baseDelayMs: 2000, statuses: [429, 502, 503], retryEmpty: false }),
    /** Malformed tool-call arguments: end the run (ToolMaze) or tell the model in the tool message. */
    badArguments: z.enum(['end-run', 'tell-model']).default('end-run'),
    /** The final answer written when the loop ends on an error: prefix + message. */
    errorAnswerPrefix: z.string().default('Error during execution: '),
    emptyResponsesAnswer: z.string().default('Error: Model repeatedly returned empty responses without tool calls or final answer.'),
  })
  .strict();
export type AgentLoopSettings = z.infer<typeof AgentLoopSettingsSchema>;
export type AgentLoopSettingsInput = z.input<typeof AgentLoopSettingsSchema>;

export interface AgentLoopInput {
  model: ModelClient;
  messages: ChatMessage[];
  tools: ToolSpec[];
  executor: ToolExecutor;
  plugins?: readonly ClientPlugin[];
  settings?: AgentLoopSettingsInput;
  signal?: AbortSignal;
  /** Waits between model retries; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The tool-calling agent loop: one model call per round; tool calls go through the plug-ins and the
 * benchmark's executor; a text answer ends the run; hitting the round limit is an event, not a crash.
 * Aborting (signal) throws `run:aborted`, so the sample is not recorded and a resumed run repeats it.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<Transcript> {
  const settings = AgentLoopSettingsSchema.parse(input.settings ?? {});
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
  const messages = input.messages.slice();
  const events: TranscriptEvent[] = [];
  const record = (event: TranscriptEvent) => events.push({ ...event, t: elapsed() });
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  const finish = (end: EndReason, finalAnswer: string | null): Transcript => ({ messages, events, finalAnswer, end, usage });

  for (let round = 1; round <= settings.limits.maxRounds; round++) {
    const turn = await generateWithRetry(input, settings, messages, round, record, usage);
    if (turn.kind !== 'response') {
      const answer = turn.kind === 'empty' ? settings.emptyResponsesAnswer : settings.errorAnswerPrefix + turn.error.message;
      messages.push({ role: 'assistant', content: answer });
      return finish(turn.kind === 'empty' ? 'empty-responses' : 'model-error', answer);
    }
    const response = turn.response;
    const calls = settings.toolCallsPerTurn === 'first' ? response.toolCalls.slice(0, 1) : response.toolCalls;
    if (calls.length === 0) {
      const answer = response.content ?? '';
      messages.push({ role: 'assistant', content: answer });
      return finish('answer', answer);
    }
    const assistant: ChatMessage = { role: 'assistant', content: response.content ?? '', tool_calls: calls };
    if (response.reasoningContent !== undefined) assistant.reasoning_content = response.reasoningContent;
    messages.push(assistant);
    for (const call of calls) {
      const parsed = parseToolCall(call);
      if (!parsed.ok && settings.badArguments === 'end-run') {
        const answer = settings.errorAnswerPrefix + parsed.message;
        record({ type: 'error', t: 0, round, code: 'model:bad-response', message: parsed.message, retrying: false });
        messages.push({ role: 'assistant', content: answer });
        return finish('bad-arguments', answer);
      }
      const content = parsed.ok ? await runTool(input, parsed.call, round, record) : `Error: ${parsed.message}`;
      messages.push({ role: 'tool', tool_call_id: call.id, name: call.function.name, content });
    }
  }
  record({ type: 'limit', t: 0, limit: 'rounds', value: settings.limits.maxRounds });
  return finish('limit', null);
}

type Turn = { kind: 'response'; response: GenerateResponse } | { kind: 'error'; error: BenchError } | { kind: 'empty' };

async function generateWithRetry(
  input: AgentLoopInput,
  settings: AgentLoopSettings,
  messages: ChatMessage[],
  round: number,
  record: (e: TranscriptEvent) => void,
  usage: Usage,
): Promise<Turn> {
  const { attempts, baseDelayMs, statuses, retryEmpty } = settings.modelRetry;
  const sleep = input.sleep ?? defaultSleep;
  let last: Turn = { kind: 'empty' };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(baseDelayMs * 2 ** (attempt - 1));
    throwIfAborted(input.signal);
    const t0 = performance.now();
    try {
      const response = await input.model.generate(
        {
          messages: messages.slice(),
          tools: input.tools.length > 0 ? input.tools : undefined,
          temperature: settings.generation.temperature,
          maxTokens: settings.generation.maxTokens,
          parallelToolCalls: settings.generation.parallelToolCalls,
          timeoutMs: settings.generation.requestTimeoutMs,
        },
        { signal: input.signal },
      );
      usage.promptTokens += response.usage.promptTokens;
      usage.completionTokens += response.usage.completionTokens;
      const event: TranscriptEvent = { type: 'model', t: 0, round, durationMs: performance.now() - t0, content: response.content, toolCalls: response.toolCalls, finishReason: response.finishReason, usage: response.usage };
      if (response.headers) event.headers = response.headers;
      record(event);
      const empty = (response.content ?? '') === '' && response.toolCalls.length === 0;
      if (!(empty && retryEmpty)) return { kind: 'response', response };
      last = { kind: 'empty' };
    } catch (error) {
      if (input.signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted', { cause: error });
      const benchError = asBenchError(error);
      const retrying = attempt + 1 < attempts && isRetryable(benchError, statuses);
      const event: TranscriptEvent = { type: 'error', t: 0, round, code: benchError.code, message: benchError.message, retrying };
      if (Object.keys(benchError.details).length > 0) event.details = { ...benchError.details };
      record(event);
      last = { kind: 'error', error: benchError };
      if (!retrying) return last;
    }
  }
  return last;
}

function isRetryable(error: BenchError, statuses: readonly number[]): boolean {
  if (error.code === 'model:unreachable' || error.code === 'model:timeout') return true;
  return error.code === 'model:http' && statuses.includes(Number(error.details.status));
}

type Parsed = { ok: true; call: ParsedToolCall } | { ok: false; message: string };

/** `""` means no arguments; anything else must be a JSON object. */
export function parseToolCall(call: ToolCall): Parsed {
  const raw = call.function.arguments ?? '';
  if (raw.trim() === '') return { ok: true, call: { id: call.id, name: call.function.name, arguments: {}, rawArguments: raw } };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `invalid JSON in arguments of ${call.function.name}: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `arguments of ${call.function.name} must be a JSON object` };
  }
  return { ok: true, call: { id: call.id, name: call.function.name, arguments: value as Record<string, unknown>, rawArguments: raw } };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted', { cause: signal.reason });
}

async function runTool(input: AgentLoopInput, call: ParsedToolCall, round: number, record: (e: TranscriptEvent) => void): Promise<string> {
  throwIfAborted(input.signal);
  const ctx: ToolContext = { round, attempt: 1, signal: input.signal, record };
  const execute = async (c: ToolContext) => {
    const t0 = performance.now();
    const outcome = await input.executor.execute(call, c);
    if (outcome.fault) record({ type: 'fault', t: 0, round, callId: call.id, attempt: c.attempt, fault: outcome.fault });
    return { ...outcome, meta: { ...outcome.meta, durationMs: performance.now() - t0 } };
  };
  const outcome = await executeWithPlugins(input.plugins ?? [], call, ctx, execute);
  const { durationMs, ...meta } = outcome.meta ?? {};
  const event: TranscriptEvent = {
    type: 'tool', t: 0, round, callId: call.id, name: call.name, arguments: call.arguments, content: outcome.content,
    isError: outcome.isError, durationMs: Number(durationMs ?? 0), attempt: 1, injected: outcome.fault !== undefined,
  };
  if (Object.keys(meta).length > 0) event.meta = meta;
  record(event);
  return outcome.content;
}
