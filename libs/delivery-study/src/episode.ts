import { runAgentLoop, transcriptEvent, type ChatMessage, type GenerateResponse, type LoopAction, type LoopStep, type ModelClient, type Transcript, type TranscriptEvent } from '@recovery-bench/harness';
import { readAction, sameArguments, sameTool, type ReadCall } from './action.ts';
import { callId, deliver, stimulusConversation, type DeliveryForm } from './forms.ts';
import type { Stimulus } from './stimuli.ts';
import { toolSpecs } from './tools.ts';

/** Turns of an episode (the decision step is the first). */
export const EPISODE_TURNS = 5;

/** What a simulated tool answers to one call in a scenario. */
export interface SimulatedResult {
  content: string;
  failed: boolean;
}

/**
 * The scenario's tools after the failure: transient, the same call now works; fixable, the corrected call works and
 * the old value fails again; unrecoverable, the tool keeps failing. Other tools find nothing for the request.
 */
export function simulateTool(stimulus: Stimulus, call: Pick<ReadCall, 'name' | 'arguments'>): SimulatedResult {
  if (!sameTool(call.name, stimulus.tool)) return { content: JSON.stringify({ found: false, note: 'no matching record' }), failed: false };
  if (stimulus.kind === 'unrecoverable') return { content: stimulus.error, failed: true };
  if (sameArguments(call.arguments, stimulus.expected!)) return { content: stimulus.result, failed: false };
  if (stimulus.kind === 'fixable' && sameArguments(call.arguments, stimulus.arguments)) return { content: stimulus.error, failed: true };
  return { content: JSON.stringify({ found: false, note: 'no matching record' }), failed: false };
}

export interface EpisodeInput {
  stimulus: Stimulus;
  form: DeliveryForm;
  model: ModelClient;
  /** `decision`: the first turn only; `episode`: up to five turns with simulated tools. */
  mode: 'decision' | 'episode';
  signal?: AbortSignal;
  /** Per-call time limit. */
  timeoutMs?: number;
}

/**
 * Runs one stimulus in one form, the harness's loop with the study's hooks. Every failure of the episode is delivered
 * in the sample's form: each turn the model sees the conversation as delivered so far, its own answer, and the
 * failures of that turn delivered in the form on top (as in the paper's episodes, where Llama-3.1-8B under A2B2
 * kept calling the failed tool to the turn limit; libs/delivery-study/README.md, "Episodes"). Calls are read
 * leniently, and the calls of the last turn are not run.
 */
export async function runEpisode(input: EpisodeInput): Promise<Transcript> {
  const { stimulus, form } = input;
  let delivered: ChatMessage[] = stimulusConversation(stimulus, form);
  const turns = input.mode === 'decision' ? 1 : EPISODE_TURNS;
  return runAgentLoop({
    model: input.model,
    messages: [...delivered],
    tools: [...(stimulus.history?.tools ?? toolSpecs(stimulus.set))],
    executor: {
      async execute(call) {
        const result = simulateTool(stimulus, call);
        return { content: result.content, isError: result.failed };
      },
    },
    settings: { generation: { temperature: 0, requestTimeoutMs: input.timeoutMs }, errorAnswerPrefix: null },
    hooks: {
      stop: (at, { round }) => (at === 'calls' && round === turns ? { end: 'limit' } : undefined),
      readResponse: (response, { round }) => episodeAction(stimulus, response, round - 1),
      toolMessage: (call, content) => ({ role: 'tool', tool_call_id: call.id, content }),
      nextMessages({ assistant, results }) {
        const next = [...delivered, assistant];
        const failed: number[] = [];
        for (const { message, isError } of results) {
          if (isError) failed.push(next.length);
          next.push(message);
        }
        delivered = failed.length > 0 ? deliver(next, failed, stimulus.kind, form) : next;
        return delivered.slice();
      },
      record: episodeEvent,
    },
    signal: input.signal,
  });
}

/** The next action, read leniently: its calls as the client keeps them (ids given where the model gave none), or its text. */
function episodeAction(stimulus: Stimulus, response: GenerateResponse, round: number): LoopAction {
  const action = readAction(response);
  if (action.type !== 'call') {
    const text = action.type === 'text' ? action.text : '';
    return { kind: 'answer', text, message: { role: 'assistant', content: text }, ...(action.type === 'text' ? {} : { end: 'empty-responses' as const }) };
  }
  const calls = action.calls.map((c, i) => ({
    call: { id: response.toolCalls[i]?.id ?? callId(stimulus, round * 10 + i + 1), type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } },
    arguments: c.arguments,
  }));
  return { kind: 'calls', calls, message: { role: 'assistant', content: response.content, tool_calls: calls.map((c) => c.call) } };
}

/** The study's events: the harness's, with rounds from 0, times unrounded, and no fault marks, error details or limit event. */
function episodeEvent(step: LoopStep): TranscriptEvent | undefined {
  if (step.kind !== 'model' && step.kind !== 'model-error' && step.kind !== 'tool') return undefined;
  const event = { ...transcriptEvent(step)!, t: step.t, round: step.round - 1 };
  if (event.type === 'tool') {
    const { injected: _injected, meta: _meta, ...rest } = event;
    return rest;
  }
  if (event.type === 'error') {
    const { details: _details, ...rest } = event;
    return rest;
  }
  return event;
}
