import { asBenchError, type ChatMessage, type ModelClient, type Transcript, type TranscriptEvent } from '@recovery-bench/harness';
import { readAction, sameArguments, sameTool, type ReadCall } from './action.ts';
import { callId, clientConversation, deliver, stimulusConversation, type DeliveryForm } from './forms.ts';
import type { Stimulus } from './stimuli.ts';
import { TOOL_SPECS } from './tools.ts';

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
export function simulateTool(stimulus: Stimulus, call: ReadCall): SimulatedResult {
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
 * Runs one stimulus in one form. Each turn the model sees the client's history with the failures of the turn
 * before delivered in the form (as the layer would deliver them); earlier failures stay as they were.
 */
export async function runEpisode(input: EpisodeInput): Promise<Transcript> {
  const { stimulus, form, model } = input;
  const history: ChatMessage[] = clientConversation(stimulus);
  let view = stimulusConversation(stimulus, form);
  const events: TranscriptEvent[] = [];
  const usage = { promptTokens: 0, completionTokens: 0 };
  const start = performance.now();
  const t = () => performance.now() - start;
  const turns = input.mode === 'decision' ? 1 : EPISODE_TURNS;
  for (let round = 0; round < turns; round++) {
    const t0 = performance.now();
    let response;
    try {
      response = await model.generate({ messages: view, tools: [...TOOL_SPECS], temperature: 0, timeoutMs: input.timeoutMs }, { signal: input.signal });
    } catch (error) {
      const e = asBenchError(error);
      if (e.code === 'run:aborted' || input.signal?.aborted) throw e;
      events.push({ type: 'error', t: t(), round, code: e.code, message: e.message, retrying: false });
      return { messages: view, events, finalAnswer: null, end: 'model-error', usage };
    }
    usage.promptTokens += response.usage.promptTokens;
    usage.completionTokens += response.usage.completionTokens;
    events.push({ type: 'model', t: t(), round, durationMs: performance.now() - t0, content: response.content, toolCalls: response.toolCalls, finishReason: response.finishReason, usage: response.usage, ...(response.headers ? { headers: response.headers } : {}) });
    const action = readAction(response);
    if (action.type !== 'call') {
      const text = action.type === 'text' ? action.text : '';
      view = [...view, { role: 'assistant', content: text }];
      return { messages: view, events, finalAnswer: text, end: action.type === 'text' ? 'answer' : 'empty-responses', usage };
    }
    if (round === turns - 1) break;
    const calls = action.calls.map((c, i) => ({ id: response.toolCalls[i]?.id ?? callId(stimulus, round * 10 + i + 1), call: c }));
    history.push({ role: 'assistant', content: response.content, tool_calls: calls.map(({ id, call }) => ({ id, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.arguments) } })) });
    const failed: number[] = [];
    for (const { id, call } of calls) {
      const t1 = performance.now();
      const result = simulateTool(stimulus, call);
      if (result.failed) failed.push(history.length);
      history.push({ role: 'tool', tool_call_id: id, content: result.content });
      events.push({ type: 'tool', t: t(), round, callId: id, name: call.name, arguments: call.arguments, content: result.content, isError: result.failed, durationMs: performance.now() - t1, attempt: 1 });
    }
    view = failed.length > 0 ? deliver(history, failed, stimulus.kind, form) : history.slice();
  }
  return { messages: view, events, finalAnswer: null, end: 'limit', usage };
}
