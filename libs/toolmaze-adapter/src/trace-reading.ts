import { isErrorResult } from './error-rule.ts';
import { isJsonObject, pythonJsonDumps } from './python-json.ts';
import type { ToolMazeTrace, TraceMessage } from './trace.ts';

/** A tool call in a trace with the tool message that answered it, if any. */
export interface TraceCall {
  name: string;
  /** False when no tool message answers the call (imported traces). */
  answered: boolean;
  /** Answered, and the content is not an object with "error". */
  success: boolean;
}

/** A tool message, as the metrics see it. */
export interface TraceToolEvent {
  name: string;
  success: boolean;
  perturbed: boolean;
}

const isToolCall = (m: TraceMessage) => m.role === 'assistant' && m.type === 'tool_call' && m.tool_call !== undefined;

/**
 * Every `assistant`/`tool_call` in order (unknown tools included), matched to its tool message by `call_id`;
 * a tool message without `call_id` matches the next unanswered call of its name.
 */
export function traceCalls(trace: ToolMazeTrace): TraceCall[] {
  const messages = trace.messages;
  const used = new Set<number>();
  return messages.flatMap((m, i): TraceCall[] => {
    if (!isToolCall(m)) return [];
    const id = m.tool_call!.id;
    const name = m.tool_call!.name;
    let at = id ? messages.findIndex((t, j) => !used.has(j) && t.role === 'tool' && t.call_id === id) : -1;
    if (at < 0) at = messages.findIndex((t, j) => j > i && !used.has(j) && t.role === 'tool' && !t.call_id && t.name === name);
    if (at < 0) return [{ name, answered: false, success: false }];
    used.add(at);
    return [{ name, answered: true, success: !isErrorResult(messages[at]!.content) }];
  });
}

/** The tool messages in order, each with success and whether it was injected (spec §8 "Events"). */
export function traceToolEvents(trace: ToolMazeTrace): TraceToolEvent[] {
  return trace.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({ name: m.name ?? '', success: !isErrorResult(m.content), perturbed: m.metadata?.perturbation_status === 'perturbed' }));
}

/** Every final answer's content joined with " " (objects JSON-dumped), as the abort check reads it. */
export function finalAnswerText(trace: ToolMazeTrace): string {
  return trace.messages
    .filter((m) => m.role === 'assistant' && m.type === 'final_answer')
    .map((m) => (typeof m.content === 'string' ? m.content : isJsonObject(m.content) || Array.isArray(m.content) ? pythonJsonDumps(m.content) : String(m.content ?? '')))
    .join(' ');
}

/** Python's `repr()` of a string. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === quote) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return quote + out + quote;
}

/** Python's `repr()` of a list of strings: `['a', 'b']`. */
export function pyListRepr(items: readonly string[]): string {
  return `[${items.map(pyRepr).join(', ')}]`;
}
