import type { ToolCall } from '@recovery-bench/harness';
import type { Stimulus } from './stimuli.ts';

/**
 * The next action as a client would take it, read leniently (the paper's "small format slips that a client would
 * still accept are accepted"). The rules, in order:
 *
 * 1. Calls come from the response's `tool_calls`. When there are none, a text that holds one call in a common
 *    markup is read as that call: `<tool_call>{…}</tool_call>`, `<|python_tag|>{…}`, `<function=NAME>{…}</function>`,
 *    or the whole text (optionally in a ``` fence) being a JSON object with `name` and `arguments` or `parameters`.
 * 2. Arguments are a JSON object; also accepted: the object inside a ``` fence, the object with text after its
 *    closing brace, and a JSON string that itself holds the object (double encoding). Anything else reads as `{}`.
 * 3. A tool name matches exactly, or case-insensitively after dropping a `functions.` prefix.
 * 4. Argument values compare as strings with surrounding white space trimmed; arguments that are `null` or `""`
 *    count as absent. The keys must otherwise be the same.
 * 5. With several calls, the first one is the action (the study's conversations have one failed call).
 * 6. A text answer is a response with no call and some non-blank text; an empty response is neither.
 */
export interface ReadCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Whether a rule beyond the plain reading was needed. */
  lenient: boolean;
}

export type NextAction =
  | { type: 'call'; calls: ReadCall[] }
  | { type: 'text'; text: string }
  | { type: 'empty' };

const MARKUPS: readonly RegExp[] = [
  /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/,
  /<\|python_tag\|>\s*(\{[\s\S]*\})/,
];

export function readAction(response: { content: string | null; toolCalls: readonly ToolCall[] }): NextAction {
  if (response.toolCalls.length > 0) {
    return { type: 'call', calls: response.toolCalls.map((c) => readArguments(c.function.name, c.function.arguments, false)) };
  }
  const text = response.content ?? '';
  const inText = callInText(text);
  if (inText) return { type: 'call', calls: [inText] };
  return text.trim() === '' ? { type: 'empty' } : { type: 'text', text };
}

function callInText(text: string): ReadCall | undefined {
  const fn = /<function=([A-Za-z0-9_.-]+)>\s*([\s\S]*?)\s*<\/function>/.exec(text);
  if (fn) return readArguments(fn[1]!, fn[2]!, true);
  for (const re of MARKUPS) {
    const m = re.exec(text);
    if (m) return namedObject(m[1]!);
  }
  const trimmed = unfence(text.trim());
  return trimmed.startsWith('{') ? namedObject(trimmed) : undefined;
}

function namedObject(text: string): ReadCall | undefined {
  const value = parseObject(text);
  if (!value || typeof value.name !== 'string') return undefined;
  const args = value.arguments ?? value.parameters ?? {};
  return readArguments(value.name, typeof args === 'string' ? args : JSON.stringify(args), true);
}

function readArguments(name: string, raw: string, lenient: boolean): ReadCall {
  try {
    const value: unknown = JSON.parse(raw);
    if (isObject(value)) return { name, arguments: value, lenient };
  } catch {
    // read leniently below
  }
  const value = parseObject(raw);
  return { name, arguments: value ?? {}, lenient: true };
}

/** A JSON object from text: fenced, followed by other text, or encoded twice. */
function parseObject(text: string): Record<string, unknown> | undefined {
  const body = unfence(text.trim());
  const candidates = [body, firstObject(body)];
  for (const candidate of candidates) {
    try {
      let value: unknown = JSON.parse(candidate);
      if (typeof value === 'string') value = JSON.parse(value);
      if (isObject(value)) return value;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

/** The text of the first balanced `{…}` (strings and their escapes respected), or '' when there is none. */
function firstObject(text: string): string {
  const start = text.indexOf('{');
  if (start < 0) return '';
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return '';
}

function unfence(text: string): string {
  const m = /^```[A-Za-z]*\s*([\s\S]*?)\s*```$/.exec(text);
  return m ? m[1]! : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sameTool(called: string, tool: string): boolean {
  return called === tool || called.replace(/^functions\./, '').toLowerCase() === tool.toLowerCase();
}

export function sameArguments(got: Record<string, unknown>, want: Readonly<Record<string, string>>): boolean {
  const present = Object.entries(got).filter(([, v]) => v !== null && v !== '');
  if (present.length !== Object.keys(want).length) return false;
  return present.every(([k, v]) => k in want && String(typeof v === 'object' ? JSON.stringify(v) : v).trim() === want[k]!.trim());
}

/** What the next action was, for the stimulus: the correct one, or which mistake. */
export type ActionVerdict = 'repeat' | 'fix' | 'stop' | 'wrong-call' | 'other-tool' | 'gave-up' | 'empty';

export function judgeAction(stimulus: Stimulus, action: NextAction): { correct: boolean; verdict: ActionVerdict } {
  if (action.type === 'empty') return { correct: false, verdict: 'empty' };
  if (action.type === 'text') return { correct: stimulus.kind === 'unrecoverable', verdict: stimulus.kind === 'unrecoverable' ? 'stop' : 'gave-up' };
  // A real agent issues several calls at once: the paper counts a response as correct if any of its calls is the action.
  const first = (stimulus.history && stimulus.expected ? action.calls.find((c) => sameTool(c.name, stimulus.tool) && sameArguments(c.arguments, stimulus.expected!)) : undefined) ?? action.calls[0]!;
  if (!sameTool(first.name, stimulus.tool)) return { correct: false, verdict: 'other-tool' };
  if (stimulus.kind === 'unrecoverable') return { correct: false, verdict: sameArguments(first.arguments, stimulus.arguments) ? 'repeat' : 'wrong-call' };
  if (!sameArguments(first.arguments, stimulus.expected!)) return { correct: false, verdict: 'wrong-call' };
  return { correct: true, verdict: stimulus.kind === 'transient' ? 'repeat' : 'fix' };
}
