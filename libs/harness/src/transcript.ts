import type { Kind } from '@recovery-bench/toolerror-core';
import type { BenchErrorCode } from './errors.ts';
import type { ChatMessage, ToolCall, Usage } from './model.ts';

/** A fault the benchmark injected, with the kind the benchmark declares for it. */
export interface InjectedFault {
  /** Stable within a benchmark, e.g. `toolmaze:P1` or `loudquiet:timeout`. */
  id: string;
  kind: Kind;
  tool: string;
  visibility?: 'explicit' | 'implicit';
}

/** Every event carries `t`, milliseconds since the sample started. */
export type TranscriptEvent =
  | {
      type: 'model';
      t: number;
      round: number;
      durationMs: number;
      content: string | null;
      toolCalls: ToolCall[];
      finishReason: string;
      usage: Usage;
      headers?: Record<string, string>;
    }
  | {
      type: 'tool';
      t: number;
      round: number;
      callId: string;
      name: string;
      arguments: Record<string, unknown>;
      content: string;
      isError: boolean;
      durationMs: number;
      attempt: number;
      /** True for a call the model never saw (a retry inside the tool layer). */
      hidden?: boolean;
      injected?: boolean;
      meta?: Record<string, unknown>;
    }
  | { type: 'fault'; t: number; round: number; callId: string; attempt: number; fault: InjectedFault }
  | { type: 'limit'; t: number; limit: 'rounds' | 'time'; value: number }
  | { type: 'error'; t: number; round: number; code: BenchErrorCode; message: string; details?: Record<string, unknown>; retrying: boolean };

/** Why the agent loop stopped. */
export type EndReason = 'answer' | 'limit' | 'model-error' | 'bad-arguments' | 'empty-responses';

export interface Transcript {
  messages: ChatMessage[];
  events: TranscriptEvent[];
  /** The model's final text answer (or the loop's error answer); null when a limit ended the run. */
  finalAnswer: string | null;
  end: EndReason;
  usage: Usage;
  /**
   * What a benchmark observed outside the conversation, for its scorers (e.g. a coding agent's test results and
   * data-service requests, when the agent's own loop is not the harness's).
   */
  observed?: Record<string, unknown>;
}

/** Tool events the model saw, in order. */
export function visibleToolEvents(transcript: Transcript): Extract<TranscriptEvent, { type: 'tool' }>[] {
  return transcript.events.filter((e): e is Extract<TranscriptEvent, { type: 'tool' }> => e.type === 'tool' && e.hidden !== true);
}

export function faultEvents(transcript: Transcript): Extract<TranscriptEvent, { type: 'fault' }>[] {
  return transcript.events.filter((e): e is Extract<TranscriptEvent, { type: 'fault' }> => e.type === 'fault');
}
