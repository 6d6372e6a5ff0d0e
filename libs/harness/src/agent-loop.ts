import { callModel, type ModelRetryPolicy } from './agent-loop/model-call.ts';
import { AgentLoopSettingsSchema, readToolCalls, retryPolicy, roundLimit, type AgentLoopSettings, type AgentLoopSettingsInput, type LoopAction } from './agent-loop/settings.ts';
import { transcriptEvent, type LoopPosition, type LoopStep, type LoopStop } from './agent-loop/steps.ts';
import { runCalls, type RoundResult } from './agent-loop/tool-calls.ts';
import type { ChatMessage, GenerateResponse, ModelClient, ToolCall, ToolSpec, Usage } from './model.ts';
import type { ClientPlugin } from './plugins.ts';
import type { ToolExecutor } from './tools.ts';
import type { EndReason, Transcript, TranscriptEvent } from './transcript.ts';

export { AgentLoopSettingsSchema, type AgentLoopSettings, type AgentLoopSettingsInput, type LoopAction } from './agent-loop/settings.ts';
export { isRetryableModelError, type ModelRetryPolicy } from './agent-loop/model-call.ts';
export { transcriptEvent, type LoopPosition, type LoopStep, type LoopStop } from './agent-loop/steps.ts';
export { parseToolCall, type LoopCall, type RoundResult } from './agent-loop/tool-calls.ts';

/**
 * Where benchmarks' loops differ. Every hook is optional; without them the loop is the harness's (ToolMaze's):
 * fixed tools, the round limit, `settings.modelRetry`, the response's tool calls, OpenAI tool messages and the
 * harness's transcript events.
 */
export interface AgentLoopHooks {
  /** The tools offered to each model call (Loud/Quiet asks its environment: a hidden tool disappears). */
  tools?: () => Promise<ToolSpec[]>;
  /** Ends the run before a model call (`model`) or before a response's calls run (`calls`). Replaces the round limit. */
  stop?: (at: 'model' | 'calls', position: LoopPosition) => LoopStop | undefined;
  /** How a model call is retried, and how long the loop waits. */
  retry?: ModelRetryPolicy;
  /** What a response asks for (its calls, or an answer) and the assistant message it leaves in the conversation. */
  readResponse?: (response: GenerateResponse, position: LoopPosition) => LoopAction;
  /** The message that carries a call's result (its body is the executor's, after the plug-ins). */
  toolMessage?: (call: ToolCall, content: string) => ChatMessage;
  /** The conversation the model sees next, after a round's results (the delivery study delivers failures anew). */
  nextMessages?: (round: RoundResult) => ChatMessage[];
  /** What a step leaves in the transcript's events (undefined: nothing); a benchmark may keep records of its own. */
  record?: (step: LoopStep) => TranscriptEvent | undefined;
}

export interface AgentLoopInput {
  model: ModelClient;
  messages: ChatMessage[];
  /** User turns sent one by one, each when the one before is answered (Loud/Quiet); without them, one turn in `messages`. */
  userTurns?: readonly string[];
  tools: ToolSpec[];
  executor: ToolExecutor;
  plugins?: readonly ClientPlugin[];
  settings?: AgentLoopSettingsInput;
  hooks?: AgentLoopHooks;
  signal?: AbortSignal;
  /** Waits between model retries; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaultToolMessage = (call: ToolCall, content: string): ChatMessage => ({ role: 'tool', tool_call_id: call.id, name: call.function.name, content });

/** One run's state and its hooks with the defaults filled in. */
interface Loop {
  input: AgentLoopInput;
  settings: AgentLoopSettings;
  hooks: Required<Omit<AgentLoopHooks, 'tools' | 'nextMessages'>> & Pick<AgentLoopHooks, 'tools' | 'nextMessages'>;
  messages: ChatMessage[];
  events: TranscriptEvent[];
  usage: Usage;
  clock: () => number;
  record: (step: LoopStep) => void;
}

/** How a round ended: the turn goes on, the turn was answered, or the run is over. */
type RoundEnd = { kind: 'next' } | { kind: 'answered'; text: string } | { kind: 'over'; end: EndReason; finalAnswer: string | null };

/**
 * The tool-calling agent loop: one model call per round; tool calls go through the plug-ins and the benchmark's
 * executor; a text answer ends the turn, and the last turn's answer ends the run; hitting a limit is an event, not a
 * crash. Aborting (signal) throws `run:aborted`, so the sample is not recorded and a resumed run repeats it.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<Transcript> {
  const loop = startLoop(input);
  const finish = (end: EndReason, finalAnswer: string | null): Transcript => ({ messages: loop.messages, events: loop.events, finalAnswer, end, usage: loop.usage });
  const turns: (string | undefined)[] = input.userTurns ? [...input.userTurns] : [undefined];
  let round = 0;
  let answer: string | null = null;
  for (const [turn, text] of turns.entries()) {
    if (text !== undefined) {
      loop.messages.push({ role: 'user', content: text });
      loop.record({ kind: 'turn', t: loop.clock(), round, turn, content: text });
    }
    for (;;) {
      const ended = await playRound(loop, { round: ++round, turn });
      if (ended.kind === 'over') return finish(ended.end, ended.finalAnswer);
      if (ended.kind === 'answered') {
        answer = ended.text;
        break;
      }
    }
  }
  return finish('answer', answer);
}

function startLoop(input: AgentLoopInput): Loop {
  const settings = AgentLoopSettingsSchema.parse(input.settings ?? {});
  const given = input.hooks ?? {};
  const hooks: Loop['hooks'] = {
    ...given,
    stop: given.stop ?? roundLimit(settings),
    retry: given.retry ?? retryPolicy(settings),
    readResponse: given.readResponse ?? readToolCalls(settings),
    toolMessage: given.toolMessage ?? defaultToolMessage,
    record: given.record ?? transcriptEvent,
  };
  const started = performance.now();
  const events: TranscriptEvent[] = [];
  const record = (step: LoopStep) => {
    const event = hooks.record(step);
    if (event) events.push(event);
  };
  return { input, settings, hooks, messages: input.messages.slice(), events, usage: { promptTokens: 0, completionTokens: 0 }, clock: () => performance.now() - started, record };
}

/** One round: the stop checks, the model call with its retries, and the calls of its response. */
async function playRound(loop: Loop, position: LoopPosition): Promise<RoundEnd> {
  const { input, settings, hooks } = loop;
  const stopped = (s: LoopStop | undefined): RoundEnd | undefined => {
    if (!s) return undefined;
    loop.record({ kind: 'stop', t: loop.clock(), ...position, stop: s });
    return { kind: 'over', end: s.end, finalAnswer: null };
  };
  const beforeModel = stopped(hooks.stop('model', position));
  if (beforeModel) return beforeModel;
  const tools = hooks.tools ? await hooks.tools() : input.tools;
  const g = settings.generation;
  const turn = await callModel({
    model: input.model,
    request: { messages: loop.messages, tools: tools.length > 0 ? tools : undefined, temperature: g.temperature, maxTokens: g.maxTokens, parallelToolCalls: g.parallelToolCalls, timeoutMs: g.requestTimeoutMs },
    policy: hooks.retry, position, signal: input.signal, sleep: input.sleep ?? defaultSleep, usage: loop.usage, record: loop.record, clock: loop.clock,
  });
  if (turn.kind !== 'response') {
    const prefix = settings.errorAnswerPrefix;
    const answer = prefix === null ? null : turn.kind === 'empty' ? settings.emptyResponsesAnswer : prefix + turn.error.message;
    if (answer !== null) loop.messages.push({ role: 'assistant', content: answer });
    return { kind: 'over', end: turn.kind === 'empty' ? 'empty-responses' : 'model-error', finalAnswer: answer };
  }
  const action = hooks.readResponse(turn.response, position);
  if (action.kind === 'answer') {
    loop.messages.push(action.message);
    return action.end ? { kind: 'over', end: action.end, finalAnswer: action.text } : { kind: 'answered', text: action.text };
  }
  const beforeCalls = stopped(hooks.stop('calls', position));
  if (beforeCalls) return beforeCalls;
  loop.messages.push(action.message);
  const ran = await runCalls({
    calls: action.calls, messages: loop.messages, executor: input.executor, plugins: input.plugins ?? [], badArguments: settings.badArguments,
    errorAnswerPrefix: settings.errorAnswerPrefix, toolMessage: hooks.toolMessage, position, signal: input.signal, record: loop.record, clock: loop.clock,
  });
  if (ran.end) return { kind: 'over', end: ran.end.end, finalAnswer: ran.end.answer };
  // A copy: the loop appends to its conversation, and the hook may hand back an array it keeps appending to itself.
  if (hooks.nextMessages) loop.messages = [...hooks.nextMessages({ assistant: action.message, results: ran.results })];
  return { kind: 'next' };
}
