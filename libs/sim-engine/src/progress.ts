import { schemaProperties } from './fix.ts';
import { looksLikeFailure } from './kind.ts';
import { withoutNotes } from './note.ts';
import { splitGuidance } from './perceive.ts';
import { answeredCall, messageText, type ChatMessage, type ChatRequest, type ChatTool } from './request.ts';
import type { SimScript, SimScriptCall } from './scripts.ts';
import type { SimToolCall, SimTurn } from './types.ts';

/** A call whose result does not read as a failure, and the user turn it was made in. */
export interface SucceededCall {
  name: string;
  turn: number;
}

/**
 * The user turn a message is in (1-based): the user messages so far that bring the user's own text. A message that
 * holds only runtime notes (C3's and C4's note turns) is no new turn.
 */
function isUserTurn(message: ChatMessage): boolean {
  if (message.role !== 'user') return false;
  const text = messageText(message);
  return withoutNotes(text).trim() !== '' || text.trim() === '';
}

/** The calls that got a result that does not read as a failure, in the order of their results. */
export function succeededCalls(messages: readonly ChatMessage[]): SucceededCall[] {
  const calls: SucceededCall[] = [];
  let turn = 0;
  messages.forEach((m, i) => {
    if (isUserTurn(m)) turn++;
    if (m.role !== 'tool') return;
    const { guidance, rest } = splitGuidance(messageText(m));
    if (guidance || looksLikeFailure(rest)) return;
    const call = answeredCall(messages, i);
    if (call) calls.push({ name: call.name, turn });
  });
  return calls;
}

function lastToolResult(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.findLast((m) => m.role === 'tool');
  return last ? splitGuidance(messageText(last)).rest : undefined;
}

function wireCall(call: SimScriptCall): SimToolCall {
  return { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) };
}

/**
 * Walks the script against the calls that already succeeded (a retried or corrected call counts once, when
 * it succeeds; calls off the script are skipped) and emits the first step not yet done: a group's pending calls
 * together, or only its first pending call. Steps of a user turn (`turn`) count only calls made in that turn; the
 * model answers in text when the next step belongs to a later turn, and leaves undone a step of an earlier turn
 * (the user has moved on).
 */
export function scriptedTurn(script: SimScript, messages: readonly ChatMessage[], together: (step: number) => boolean = () => true): SimTurn {
  const done = succeededCalls(messages);
  const currentTurn = messages.filter(isUserTurn).length;
  let j = 0;
  for (const [step, s] of script.steps.entries()) {
    const trace = { policy: 'scripted', scriptId: script.id, step } as const;
    if ('answer' in s) {
      const content = s.answer.replaceAll('{{lastToolResult}}', lastToolResult(messages) ?? '');
      return { action: { type: 'text', content }, trace };
    }
    if (s.turn !== undefined && s.turn > currentTurn) return { action: { type: 'text', content: finalAnswer(messages) }, trace };
    const group = 'call' in s ? [s.call] : s.calls;
    const pending = [...group];
    while (pending.length > 0) {
      const at = done.findIndex((c, k) => k >= j && (s.turn === undefined || c.turn === s.turn) && pending.some((p) => p.name === c.name));
      if (at < 0) break;
      pending.splice(pending.findIndex((p) => p.name === done[at]!.name), 1);
      j = at + 1;
    }
    if (pending.length > 0 && (s.turn === undefined || s.turn === currentTurn)) {
      return { action: { type: 'tool_calls', calls: (together(step) ? pending : pending.slice(0, 1)).map(wireCall) }, trace };
    }
  }
  return { action: { type: 'text', content: finalAnswer(messages) }, trace: { policy: 'scripted', scriptId: script.id, step: script.steps.length } };
}

/**
 * The generic policy: call each offered tool once, in the order of `tools` (a named `tool_choice` narrows
 * them to one; `none` offers none), then answer in text restating the last tool result.
 */
export function genericTurn(request: ChatRequest): SimTurn {
  const messages = request.messages;
  const offered = offeredTools(request);
  const called = new Set(messages.flatMap((m, i) => (m.role === 'tool' ? [answeredCall(messages, i)?.name] : [])));
  const next = offered.findIndex((t) => !called.has(t.function.name));
  if (next >= 0) {
    const tool = offered[next]!;
    const args = argumentsFor(tool, userPairs(messages));
    return { action: { type: 'tool_calls', calls: [{ name: tool.function.name, arguments: JSON.stringify(args) }] }, trace: { policy: 'generic', step: next } };
  }
  return { action: { type: 'text', content: finalAnswer(messages) }, trace: { policy: 'generic', step: offered.length } };
}

function offeredTools(request: ChatRequest): ChatTool[] {
  const tools = request.tools ?? [];
  const choice = request.tool_choice;
  if (choice === 'none') return [];
  if (typeof choice === 'object' && choice !== null) return tools.filter((t) => t.function.name === choice.function.name);
  return tools;
}

function finalAnswer(messages: readonly ChatMessage[]): string {
  const result = lastToolResult(messages);
  if (result !== undefined) return `Done. The last tool result was: ${result}`;
  const user = messages.findLast((m) => m.role === 'user');
  return `No tool was needed for this request: ${withoutNotes(user ? messageText(user) : '').slice(0, 200)}`;
}

/** `key=value` pairs in the user messages (later ones win); values may be "double" or 'single' quoted. */
export function userPairs(messages: readonly ChatMessage[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const match of withoutNotes(messageText(m)).matchAll(/([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;]+)/g)) {
      const raw = match[2]!;
      pairs.set(match[1]!, raw.startsWith('"') ? parseJsonString(raw) : raw.startsWith("'") ? raw.slice(1, -1) : raw);
    }
  }
  return pairs;
}

function parseJsonString(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/** Per property: a `key=value` pair, else `default`, `enum[0]`, `examples[0]`/`example`, else a typed blank if required. */
export function argumentsFor(tool: ChatTool, pairs: ReadonlyMap<string, string>): Record<string, unknown> {
  const properties = schemaProperties(tool);
  const required = tool.function.parameters?.required;
  const requiredNames = Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
  const args: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const value = pairs.has(key) ? typed(pairs.get(key)!, schema.type) : schemaValue(schema);
    if (value !== undefined) args[key] = value;
    else if (requiredNames.includes(key)) args[key] = blank(schema.type);
  }
  return args;
}

function schemaValue(schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  return undefined;
}

function typed(raw: string, type: unknown): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(?:\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (type === 'object' || type === 'array') {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

function blank(type: unknown): unknown {
  switch (type) {
    case 'integer': case 'number': return 0;
    case 'boolean': return false;
    case 'array': return [];
    case 'object': return {};
    default: return '';
  }
}
