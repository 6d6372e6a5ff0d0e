import type { InjectedFault, TranscriptEvent } from './transcript.ts';

export type { InjectedFault } from './transcript.ts';

/** A model's tool call with its arguments parsed. */
export interface ParsedToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  rawArguments: string;
}

/** What a tool call produced, before the model sees it. */
export interface ToolOutcome {
  /** The tool message's text as the model will read it. */
  content: string;
  /** The benchmark's own notion of failure (e.g. ToolMaze: a JSON object with "error"). */
  isError: boolean;
  /** The structured result, for traces and scorers. */
  raw?: unknown;
  fault?: InjectedFault;
  /** Facts plug-ins or benchmarks attach (e.g. `e1: "transient"`). */
  meta?: Record<string, unknown>;
}

export interface ToolContext {
  round: number;
  /** 1 for the model's call; higher for retries made inside the tool layer (E2). */
  attempt: number;
  signal?: AbortSignal;
  /** Adds an event to the transcript (plug-ins record what they do). */
  record(event: TranscriptEvent): void;
}

/** Runs tool calls for one sample; fault injection lives here. */
export interface ToolExecutor {
  execute(call: ParsedToolCall, ctx: ToolContext): Promise<ToolOutcome>;
}
