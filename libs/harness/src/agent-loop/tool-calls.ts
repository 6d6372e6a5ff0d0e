import type { ChatMessage, ToolCall } from '../model.ts';
import { executeWithPlugins, type ClientPlugin } from '../plugins.ts';
import type { ParsedToolCall, ToolContext, ToolExecutor, ToolOutcome } from '../tools.ts';
import type { EndReason } from '../transcript.ts';
import { throwIfAborted } from './model-call.ts';
import type { LoopPosition, LoopStep } from './steps.ts';

/** A call a response asks for: as the conversation shows it, with its arguments when they were already read. */
export interface LoopCall {
  call: ToolCall;
  /** Arguments read by the benchmark (the delivery study reads them leniently); otherwise parsed from the call. */
  arguments?: Record<string, unknown>;
}

/** One round's results, for a benchmark that rebuilds the conversation the model sees next. */
export interface RoundResult {
  /** The assistant message of the calls. */
  assistant: ChatMessage;
  results: { message: ChatMessage; isError: boolean }[];
}

export interface CallsRun {
  calls: readonly LoopCall[];
  /** The conversation; the calls' tool messages are appended to it. */
  messages: ChatMessage[];
  executor: ToolExecutor;
  plugins: readonly ClientPlugin[];
  badArguments: 'end-run' | 'tell-model' | 'executor';
  errorAnswerPrefix: string | null;
  toolMessage: (call: ToolCall, content: string) => ChatMessage;
  position: LoopPosition;
  signal: AbortSignal | undefined;
  record: (step: LoopStep) => void;
  clock: () => number;
}

/** Runs a response's calls in order; malformed arguments may end the run (`end`, with its final answer). */
export async function runCalls(r: CallsRun): Promise<{ results: RoundResult['results']; end?: { end: EndReason; answer: string | null } }> {
  const results: RoundResult['results'] = [];
  for (const { call, arguments: read } of r.calls) {
    let parsed = read ? ({ ok: true, call: { id: call.id, name: call.function.name, arguments: read, rawArguments: call.function.arguments } } as const) : parseToolCall(call);
    if (!parsed.ok) {
      if (r.badArguments === 'end-run') {
        r.record({ kind: 'bad-arguments', t: r.clock(), ...r.position, message: parsed.message });
        const answer = r.errorAnswerPrefix === null ? null : r.errorAnswerPrefix + parsed.message;
        if (answer !== null) r.messages.push({ role: 'assistant', content: answer });
        return { results, end: { end: 'bad-arguments', answer } };
      }
      if (r.badArguments === 'tell-model') {
        const message = r.toolMessage(call, `Error: ${parsed.message}`);
        r.messages.push(message);
        results.push({ message, isError: true });
        continue;
      }
      parsed = { ok: true, call: { id: call.id, name: call.function.name, arguments: {}, rawArguments: call.function.arguments ?? '' } };
    }
    const outcome = await runTool(r, parsed.call);
    const message = r.toolMessage(call, outcome.content);
    r.messages.push(message);
    results.push({ message, isError: outcome.isError });
  }
  return { results };
}

type Parsed = { ok: true; call: ParsedToolCall } | { ok: false; message: string };

/** `""` means no arguments; anything else must be a JSON object. */
export function parseToolCall(call: ToolCall): Parsed {
  const raw = call.function.arguments ?? '';
  if (raw.trim() === '') return { ok: true, call: { id: call.id, name: call.function.name, arguments: {}, rawArguments: raw } };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `invalid JSON in arguments of ${call.function.name}: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: `arguments of ${call.function.name} must be a JSON object` };
  }
  return { ok: true, call: { id: call.id, name: call.function.name, arguments: value as Record<string, unknown>, rawArguments: raw } };
}

/** One call through the plug-ins and the executor; an injected fault and the result are recorded. */
async function runTool(r: CallsRun, call: ParsedToolCall): Promise<ToolOutcome> {
  throwIfAborted(r.signal);
  const { position, record, clock } = r;
  const ctx: ToolContext = { round: position.round, attempt: 1, signal: r.signal, record: (event) => record({ kind: 'event', t: clock(), event }) };
  const execute = async (c: ToolContext) => {
    const t0 = performance.now();
    const outcome = await r.executor.execute(call, c);
    if (outcome.fault) record({ kind: 'fault', t: clock(), ...position, callId: call.id, attempt: c.attempt, fault: outcome.fault });
    return { ...outcome, meta: { ...outcome.meta, durationMs: performance.now() - t0 } };
  };
  const { meta: measured, ...outcome } = await executeWithPlugins(r.plugins, call, ctx, execute);
  const { durationMs, ...meta } = measured ?? {};
  record({ kind: 'tool', t: clock(), ...position, call, outcome: { ...outcome, meta }, durationMs: Number(durationMs ?? 0) });
  return outcome;
}
