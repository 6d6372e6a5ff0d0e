import type { BenchError } from '../errors.ts';
import type { GenerateResponse } from '../model.ts';
import type { InjectedFault, ParsedToolCall, ToolOutcome } from '../tools.ts';
import type { EndReason, TranscriptEvent } from '../transcript.ts';

/** Where the loop is: the model call's round (from 1, counted over the run) and the user turn (from 0). */
export interface LoopPosition {
  round: number;
  turn: number;
}

/** Why the loop stops early, and the limit it records (if any). */
export interface LoopStop {
  end: EndReason;
  limit?: { limit: 'rounds' | 'time'; value: number };
}

/**
 * What happened in the loop, one step at a time, with `t` in milliseconds since the run started. The loop's
 * `record` hook decides what each step leaves in the transcript; `transcriptEvent` is the harness's choice.
 */
export type LoopStep =
  /** A user turn was sent. */
  | ({ kind: 'turn'; t: number; content: string } & LoopPosition)
  | ({ kind: 'model'; t: number; durationMs: number; response: GenerateResponse } & LoopPosition)
  /** A model call failed; `retrying` when another attempt follows. */
  | ({ kind: 'model-error'; t: number; error: BenchError; retrying: boolean } & LoopPosition)
  /** Malformed arguments ended the run. */
  | ({ kind: 'bad-arguments'; t: number; message: string } & LoopPosition)
  | ({ kind: 'fault'; t: number; callId: string; attempt: number; fault: InjectedFault } & LoopPosition)
  /** A call's result as the model will read it (`outcome.meta` without the duration). */
  | ({ kind: 'tool'; t: number; call: ParsedToolCall; outcome: ToolOutcome; durationMs: number } & LoopPosition)
  /** An event a plug-in recorded (E2's hidden retries). */
  | { kind: 'event'; t: number; event: TranscriptEvent }
  | ({ kind: 'stop'; t: number; stop: LoopStop } & LoopPosition);

/** The harness's transcript events: times to the microsecond, every model error and fault, the limit hit. */
export function transcriptEvent(step: LoopStep): TranscriptEvent | undefined {
  const t = Math.round(step.t * 1000) / 1000;
  switch (step.kind) {
    case 'model': {
      const r = step.response;
      const event: TranscriptEvent = { type: 'model', t, round: step.round, durationMs: step.durationMs, content: r.content, toolCalls: r.toolCalls, finishReason: r.finishReason, usage: r.usage };
      if (r.headers) event.headers = r.headers;
      return event;
    }
    case 'model-error': {
      const { error } = step;
      const event: TranscriptEvent = { type: 'error', t, round: step.round, code: error.code, message: error.message, retrying: step.retrying };
      if (Object.keys(error.details).length > 0) event.details = { ...error.details };
      return event;
    }
    case 'bad-arguments':
      return { type: 'error', t, round: step.round, code: 'model:bad-response', message: step.message, retrying: false };
    case 'fault':
      return { type: 'fault', t, round: step.round, callId: step.callId, attempt: step.attempt, fault: step.fault };
    case 'tool': {
      const { call, outcome } = step;
      const event: TranscriptEvent = {
        type: 'tool', t, round: step.round, callId: call.id, name: call.name, arguments: call.arguments, content: outcome.content,
        isError: outcome.isError, durationMs: step.durationMs, attempt: 1, injected: outcome.fault !== undefined,
      };
      if (outcome.meta && Object.keys(outcome.meta).length > 0) event.meta = outcome.meta;
      return event;
    }
    case 'event':
      return { ...step.event, t };
    case 'stop':
      return step.stop.limit ? { type: 'limit', t, ...step.stop.limit } : undefined;
    case 'turn':
      return undefined;
  }
}
