import {
  asBenchError,
  BenchError,
  executeWithPlugins,
  type ChatMessage,
  type ClientPlugin,
  type GenerateResponse,
  type ModelClient,
  type ToolOutcome,
  type ToolSpec,
  type Usage,
} from '@recovery-bench/harness';
import type { BridgeReplies, Fault } from '../bridge/protocol.ts';
import { systemPrompt } from './system-prompt.ts';
import { pyStr } from './py-repr.ts';

/** One trial's environment as the loop uses it: the bridge's `specs` and `call` for one `env`. */
export interface TrialEnvironment {
  specs(): Promise<ToolSpec[]>;
  call(name: string, rawArguments: string | null): Promise<BridgeReplies['call']>;
}

export interface TurnMessage {
  role: string;
  content: string;
}

/** What the loop reads of a task. */
export interface LoopTask {
  task_id: string;
  turns: readonly (readonly TurnMessage[])[];
}

/** The loop's fixed settings (spec §5); only tests change the budget or the waits. */
export interface LoopSettings {
  maxSteps: number;
  maxTokens: number;
  temperature: number;
  requestTimeoutMs: number;
  /** Model-call attempts on 429/500/502/503/529, exceptions, or a 200 without choices. */
  attempts: number;
  retryStatuses: readonly number[];
  scaffolding: boolean;
}

export const LOOP_DEFAULTS: LoopSettings = {
  maxSteps: 15,
  maxTokens: 1024,
  temperature: 1.0,
  requestTimeoutMs: 120_000,
  attempts: 5,
  retryStatuses: [429, 500, 502, 503, 529],
  scaffolding: false,
};

/** Transcript events of the trajectory record (spec §6); `args_json` is Python's `json.dumps(args)`. */
export type TrialEvent =
  | { type: 'user'; turn: number; content: string }
  | { type: 'assistant'; turn: number; content: string; tool_calls: string[] }
  | { type: 'tool_result'; turn: number; step: number; tool: string; args_json: string; args_key_json: string; ok: boolean; faulted: boolean; result: string };

export type FinishReason = 'completed' | 'step_budget';

export interface TrialRun {
  status: 'ok' | 'failed';
  error?: string;
  finishReason: FinishReason | null;
  /** Calls made, as the environment counts them (its last `step`). */
  nSteps: number;
  events: TrialEvent[];
  messages: ChatMessage[];
  usage: Usage;
  latencyS: number;
}

export interface TrialInput {
  model: ModelClient;
  task: LoopTask;
  env: TrialEnvironment;
  /** The trial's condition, for the fault kinds client plug-ins (E1, E2) read. */
  fault: Fault;
  plugins?: readonly ClientPlugin[];
  settings?: Partial<LoopSettings>;
  signal?: AbortSignal;
  /** Waits between model attempts; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

/** What each injected fault is, for E1's guidance and E2's retries (silent corruption is no visible error). */
const FAULT_KINDS: Readonly<Partial<Record<Fault, 'transient' | 'fixable' | 'unrecoverable' | 'ambiguous'>>> = {
  timeout: 'transient',
  schema_drift: 'fixable',
  missing_tool: 'unrecoverable',
  silent_corruption: 'ambiguous',
  empty_result: 'ambiguous',
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `user_text` of a turn: its user messages joined by a space, or Python's `str(turn)` when that is empty. */
export function userText(turn: readonly TurnMessage[]): string {
  const text = turn.filter((m) => m.role === 'user').map((m) => m.content).join(' ');
  return text !== '' ? text : pyStr(turn.map((m) => new Map(Object.entries(m))));
}

/**
 * The Loud/Quiet agent loop (spec §5): every turn's user text, then model calls until one has no tool call; all
 * calls of a response run in order; the step budget ends the trial before the next model call. A model call that
 * fails all its attempts ends the trial as `failed` (recorded, never dropped).
 */
export async function runTrial(input: TrialInput): Promise<TrialRun> {
  const s = { ...LOOP_DEFAULTS, ...input.settings };
  const started = performance.now();
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(s.scaffolding) }];
  const events: TrialEvent[] = [];
  const usage: Usage = { promptTokens: 0, completionTokens: 0 };
  let step = 0;
  const done = (status: 'ok' | 'failed', finishReason: FinishReason | null, error?: string): TrialRun => ({
    status, ...(error === undefined ? {} : { error }), finishReason, nSteps: step, events, messages, usage,
    latencyS: Math.round((performance.now() - started) / 100) / 10,
  });

  for (const [turnIndex, turn] of input.task.turns.entries()) {
    const content = userText(turn);
    messages.push({ role: 'user', content });
    events.push({ type: 'user', turn: turnIndex, content });
    for (;;) {
      if (step >= s.maxSteps) return done('ok', 'step_budget');
      const tools = await input.env.specs();
      const reply = await generate(input, s, messages, tools);
      if (reply.kind === 'failed') return done('failed', null, reply.error);
      const response = reply.response;
      usage.promptTokens += response.usage.promptTokens;
      usage.completionTokens += response.usage.completionTokens;
      const calls = response.toolCalls;
      messages.push(calls.length > 0 ? { role: 'assistant', content: response.content, tool_calls: calls } : { role: 'assistant', content: response.content });
      events.push({ type: 'assistant', turn: turnIndex, content: response.content ?? '', tool_calls: calls.map((c) => c.function.name) });
      if (calls.length === 0) break;
      for (const call of calls) {
        const result = await callTool(input, call.id, call.function.name, call.function.arguments);
        step = result.step;
        events.push({ type: 'tool_result', turn: turnIndex, step: result.step, tool: result.tool, args_json: result.args_json, args_key_json: result.args_key_json, ok: result.ok, faulted: result.faulted, result: result.body });
        messages.push({ role: 'tool', tool_call_id: call.id || call.function.name, content: result.body });
      }
    }
  }
  return done('ok', 'completed');
}

type Generated = { kind: 'ok'; response: GenerateResponse } | { kind: 'failed'; error: string };

async function generate(input: TrialInput, s: LoopSettings, messages: ChatMessage[], tools: ToolSpec[]): Promise<Generated> {
  const sleep = input.sleep ?? defaultSleep;
  let last = '';
  for (let attempt = 0; attempt < s.attempts; attempt++) {
    if (input.signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted');
    try {
      const response = await input.model.generate(
        { messages: messages.slice(), tools, temperature: s.temperature, maxTokens: s.maxTokens, timeoutMs: s.requestTimeoutMs },
        { signal: input.signal },
      );
      return { kind: 'ok', response };
    } catch (error) {
      if (input.signal?.aborted) throw new BenchError('run:aborted', 'the run was aborted', { cause: error });
      const e = asBenchError(error);
      last = `${e.code}: ${e.message}`;
      const status = e.code === 'model:http' ? Number(e.details.status) : undefined;
      if (status !== undefined && !s.retryStatuses.includes(status)) return { kind: 'failed', error: last };
      await sleep(Math.min(2 ** attempt + 0.5, 30) * 1000);
    }
  }
  return { kind: 'failed', error: last };
}

type CallReply = BridgeReplies['call'];

/** One call through the client plug-ins; E2's hidden retries are further environment calls (they count as steps). */
async function callTool(input: TrialInput, id: string, name: string, rawArguments: string | null): Promise<CallReply> {
  const kind = FAULT_KINDS[input.fault];
  let last: CallReply | undefined;
  const execute = async (): Promise<ToolOutcome> => {
    last = await input.env.call(name, rawArguments);
    const outcome: ToolOutcome = { content: last.body, isError: !last.ok };
    if (last.faulted && kind !== undefined) outcome.fault = { id: `loudquiet:${input.fault}`, kind, tool: name, visibility: kind === 'ambiguous' ? 'implicit' : 'explicit' };
    return outcome;
  };
  const plugins = input.plugins ?? [];
  if (plugins.length === 0) {
    await execute();
    return last!;
  }
  const outcome = await executeWithPlugins(plugins, { id, name, arguments: {}, rawArguments: rawArguments ?? '' }, { round: 0, attempt: 1, signal: input.signal, record: () => undefined }, execute);
  return { ...last!, body: outcome.content };
}
