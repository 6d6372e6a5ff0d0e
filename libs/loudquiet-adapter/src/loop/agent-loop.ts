import {
  runAgentLoop,
  type ChatMessage,
  type ClientPlugin,
  type GenerateResponse,
  type LoopAction,
  type LoopStep,
  type ModelClient,
  type ToolExecutor,
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

/** `user_text` of a turn: its user messages joined by a space, or Python's `str(turn)` when that is empty. */
export function userText(turn: readonly TurnMessage[]): string {
  const text = turn.filter((m) => m.role === 'user').map((m) => m.content).join(' ');
  return text !== '' ? text : pyStr(turn.map((m) => new Map(Object.entries(m))));
}

/**
 * The Loud/Quiet agent loop (spec §5), the harness's loop with Loud/Quiet's hooks: every turn's user text, then
 * model calls until one has no tool call; all calls of a response run in order, each with its raw arguments string;
 * the step budget (counted over the trial) ends the trial before the next model call. A model call that fails all
 * its attempts ends the trial as `failed` (recorded, never dropped).
 */
export async function runTrial(input: TrialInput): Promise<TrialRun> {
  const s = { ...LOOP_DEFAULTS, ...input.settings };
  const started = performance.now();
  const trial = trialRecorder();
  const t = await runAgentLoop({
    model: input.model,
    messages: [{ role: 'system', content: systemPrompt(s.scaffolding) }],
    userTurns: input.task.turns.map(userText),
    tools: [],
    executor: bridgeExecutor(input.env, input.fault),
    plugins: input.plugins,
    settings: {
      generation: { temperature: s.temperature, maxTokens: s.maxTokens, requestTimeoutMs: s.requestTimeoutMs },
      badArguments: 'executor',
      errorAnswerPrefix: null,
    },
    hooks: {
      tools: () => input.env.specs(),
      stop: (at) => (at === 'model' && trial.step >= s.maxSteps ? { end: 'limit' } : undefined),
      retry: {
        attempts: s.attempts,
        retryable: (e) => !(e.code === 'model:http' && !s.retryStatuses.includes(Number(e.details.status))),
        waitMs: (n) => Math.min(2 ** n + 0.5, 30) * 1000,
        wait: 'after-each-failure',
        retryEmpty: false,
      },
      readResponse: readResponseAsIs,
      // A call without an id is answered under the tool's name, as Loud/Quiet's harness does.
      toolMessage: (call, content) => ({ role: 'tool', tool_call_id: call.id || call.function.name, content }),
      record: trial.record,
    },
    signal: input.signal,
    sleep: input.sleep,
  });
  const failed = t.end === 'model-error';
  return {
    status: failed ? 'failed' : 'ok', ...(failed ? { error: trial.error } : {}),
    finishReason: t.end === 'limit' ? 'step_budget' : t.end === 'answer' ? 'completed' : null,
    nSteps: trial.step, events: trial.events, messages: t.messages, usage: t.usage,
    latencyS: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** The assistant message with only `role`, `content` (null kept) and the calls as returned; reasoning is dropped. */
function readResponseAsIs(response: GenerateResponse): LoopAction {
  const calls = response.toolCalls;
  if (calls.length === 0) return { kind: 'answer', text: response.content ?? '', message: { role: 'assistant', content: response.content } };
  return { kind: 'calls', calls: calls.map((call) => ({ call })), message: { role: 'assistant', content: response.content, tool_calls: calls } };
}

type CallReply = BridgeReplies['call'];

/** The trial's own transcript events (spec §6), the environment's step count and the last model error. */
function trialRecorder() {
  const trial = { events: [] as TrialEvent[], step: 0, error: '', record };
  function record(step: LoopStep): undefined {
    if (step.kind === 'turn') trial.events.push({ type: 'user', turn: step.turn, content: step.content });
    else if (step.kind === 'model') {
      const { content, toolCalls } = step.response;
      trial.events.push({ type: 'assistant', turn: step.turn, content: content ?? '', tool_calls: toolCalls.map((c) => c.function.name) });
    } else if (step.kind === 'model-error') trial.error = `${step.error.code}: ${step.error.message}`;
    else if (step.kind === 'tool') {
      // The last environment call's reply (E2's hidden retries are further calls), with the body the model reads.
      const reply = step.outcome.raw as CallReply;
      trial.step = reply.step;
      trial.events.push({ type: 'tool_result', turn: step.turn, step: reply.step, tool: reply.tool, args_json: reply.args_json, args_key_json: reply.args_key_json, ok: reply.ok, faulted: reply.faulted, result: step.outcome.content });
    }
  }
  return trial;
}

/** Calls go to the trial's environment with the raw arguments string; a fired fault is marked for the plug-ins. */
function bridgeExecutor(env: TrialEnvironment, fault: Fault): ToolExecutor {
  const kind = FAULT_KINDS[fault];
  return {
    async execute(call) {
      const reply = await env.call(call.name, call.rawArguments);
      const outcome: ToolOutcome = { content: reply.body, isError: !reply.ok, raw: reply };
      if (reply.faulted && kind !== undefined) outcome.fault = { id: `loudquiet:${fault}`, kind, tool: call.name, visibility: kind === 'ambiguous' ? 'implicit' : 'explicit' };
      return outcome;
    },
  };
}
