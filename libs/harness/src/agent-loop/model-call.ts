import { asBenchError, BenchError } from '../errors.ts';
import type { GenerateRequest, GenerateResponse, ModelClient, Usage } from '../model.ts';
import type { LoopPosition, LoopStep } from './steps.ts';

/** How the loop retries a model call; every attempt is visible in the transcript. */
export interface ModelRetryPolicy {
  attempts: number;
  /** Whether a failed call may be tried again while attempts remain; a failure that is not ends the run at once. */
  retryable(error: BenchError): boolean;
  /** The wait after failed attempt `n` (from 0). */
  waitMs(n: number): number;
  /** `between-attempts`: only before another attempt; `after-each-failure`: after every retryable failure, the last one too. */
  wait: 'between-attempts' | 'after-each-failure';
  /** Empty responses (no text, no calls) share the attempts. */
  retryEmpty: boolean;
  /**
   * Whether an empty response is followed by the same wait as a failure. An empty answer is the model's, not a busy
   * server's: waiting changes nothing but the run's time, so only a user who wants the original harness's timing asks.
   */
  waitAfterEmpty?: boolean;
}

export type ModelTurn = { kind: 'response'; response: GenerateResponse } | { kind: 'error'; error: BenchError } | { kind: 'empty' };

export interface ModelCall {
  model: ModelClient;
  /** The request; its messages are copied for each attempt. */
  request: GenerateRequest;
  policy: ModelRetryPolicy;
  position: LoopPosition;
  signal: AbortSignal | undefined;
  sleep: (ms: number) => Promise<void>;
  usage: Usage;
  record: (step: LoopStep) => void;
  clock: () => number;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted', { cause: signal.reason });
}

/** One round's model call with its retries. Aborting (signal) throws `run:aborted`. */
export async function callModel(c: ModelCall): Promise<ModelTurn> {
  const { attempts, retryEmpty, wait } = c.policy;
  const waits = (turn: ModelTurn) => turn.kind === 'error' || c.policy.waitAfterEmpty === true;
  let last: ModelTurn = { kind: 'empty' };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0 && wait === 'between-attempts' && waits(last)) await c.sleep(c.policy.waitMs(attempt - 1));
    throwIfAborted(c.signal);
    const t0 = performance.now();
    try {
      const response = await c.model.generate({ ...c.request, messages: c.request.messages.slice() }, { signal: c.signal });
      c.usage.promptTokens += response.usage.promptTokens;
      c.usage.completionTokens += response.usage.completionTokens;
      c.record({ kind: 'model', t: c.clock(), ...c.position, durationMs: performance.now() - t0, response });
      const empty = (response.content ?? '') === '' && response.toolCalls.length === 0;
      if (!(empty && retryEmpty)) return { kind: 'response', response };
      last = { kind: 'empty' };
    } catch (error) {
      if (c.signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted', { cause: error });
      const benchError = asBenchError(error);
      const retryable = c.policy.retryable(benchError);
      c.record({ kind: 'model-error', t: c.clock(), ...c.position, error: benchError, retrying: retryable && attempt + 1 < attempts });
      last = { kind: 'error', error: benchError };
      if (!retryable) return last;
    }
    if (wait === 'after-each-failure' && waits(last)) await c.sleep(c.policy.waitMs(attempt));
  }
  return last;
}

/** The harness's retry rule: an unreachable engine, a timeout, or an HTTP status of the list. */
export function isRetryableModelError(error: BenchError, statuses: readonly number[]): boolean {
  if (error.code === 'model:unreachable' || error.code === 'model:timeout') return true;
  return error.code === 'model:http' && statuses.includes(Number(error.details.status));
}
