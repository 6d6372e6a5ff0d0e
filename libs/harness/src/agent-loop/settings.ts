import { z } from 'zod';
import type { ChatMessage, GenerateResponse } from '../model.ts';
import { isRetryableModelError, type ModelRetryPolicy } from './model-call.ts';
import type { LoopPosition, LoopStop } from './steps.ts';
import type { LoopCall } from './tool-calls.ts';
import type { EndReason } from '../transcript.ts';

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
        /** Wait after an empty response as after a failure (the original harnesses' timing); else retry at once. */
        waitAfterEmpty: z.boolean().default(false),
      })
      .strict()
      .default({ attempts: 1, baseDelayMs: 2000, statuses: [429, 502, 503], retryEmpty: false, waitAfterEmpty: false }),
    /**
     * Malformed tool-call arguments: end the run (ToolMaze), tell the model in the tool message, or run the call
     * anyway with `arguments: {}`, the executor reading `rawArguments` itself (Loud/Quiet's bridge, as `json.loads`).
     */
    badArguments: z.enum(['end-run', 'tell-model', 'executor']).default('end-run'),
    /** The final answer written when the loop ends on an error: prefix + message; null writes none (the answer is null). */
    errorAnswerPrefix: z.string().nullable().default('Error during execution: '),
    emptyResponsesAnswer: z.string().default('Error: Model repeatedly returned empty responses without tool calls or final answer.'),
  })
  .strict();
export type AgentLoopSettings = z.infer<typeof AgentLoopSettingsSchema>;
export type AgentLoopSettingsInput = z.input<typeof AgentLoopSettingsSchema>;

/** What a response asks for: calls to run, or an answer; either way with the assistant message it leaves. */
export type LoopAction =
  | { kind: 'calls'; calls: LoopCall[]; message: ChatMessage }
  /** `end`: the answer ends the run with this reason (default: the turn is answered, the next one is sent). */
  | { kind: 'answer'; text: string; message: ChatMessage; end?: EndReason };

/** Retries as `settings.modelRetry` says: backoff `baseDelayMs·2ⁿ` between attempts. */
export function retryPolicy(settings: AgentLoopSettings): ModelRetryPolicy {
  const { attempts, baseDelayMs, statuses, retryEmpty, waitAfterEmpty } = settings.modelRetry;
  return { attempts, retryEmpty, waitAfterEmpty, wait: 'between-attempts', waitMs: (n) => baseDelayMs * 2 ** n, retryable: (e) => isRetryableModelError(e, statuses) };
}

/** The round limit: hitting it is a `limit` event, not a crash. */
export function roundLimit(settings: AgentLoopSettings): (at: 'model' | 'calls', position: LoopPosition) => LoopStop | undefined {
  const { maxRounds } = settings.limits;
  return (at, { round }) => (at === 'model' && round > maxRounds ? { end: 'limit', limit: { limit: 'rounds', value: maxRounds } } : undefined);
}

/** The response's tool calls (the first or all), or its text as the answer; null content becomes `""`. */
export function readToolCalls(settings: AgentLoopSettings): (response: GenerateResponse) => LoopAction {
  return (response) => {
    const calls = settings.toolCallsPerTurn === 'first' ? response.toolCalls.slice(0, 1) : response.toolCalls;
    if (calls.length === 0) {
      const text = response.content ?? '';
      return { kind: 'answer', text, message: { role: 'assistant', content: text } };
    }
    const message: ChatMessage = { role: 'assistant', content: response.content ?? '', tool_calls: calls };
    if (response.reasoningContent !== undefined) message.reasoning_content = response.reasoningContent;
    return { kind: 'calls', calls: calls.map((call) => ({ call })), message };
  };
}
