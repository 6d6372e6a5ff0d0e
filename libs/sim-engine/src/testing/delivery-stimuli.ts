// Hand-built decision-step conversations for the sim's tests, in the shape of the delivery study (six
// read-only tools, 60 scenarios, three kinds, every delivery form). The forms are written out here from
// spec/toolerror-layer.md on purpose, without toolerror-core, so the sim is tested against the texts and
// not against shared code.
import type { ChatMessage, ChatTool } from '../request.ts';
import type { SimErrorKind, SimSituation, SimTurn } from '../types.ts';

export const SPEC_GUIDANCE: Readonly<Record<SimErrorKind, string>> = {
  transient: 'This is a temporary failure. Retrying the same call is expected to succeed.',
  fixable: 'This call cannot succeed as written. The error says what to change; call the tool again with the corrected value.',
  unrecoverable: 'This cannot be fixed by retrying or by changing the arguments. Tell the user what happened.',
};

interface ToolSpec {
  name: string;
  key: string;
  ask: (value: string) => string;
  values: (i: number) => { bad: string; good: string };
}

const TOOL_SPECS: readonly ToolSpec[] = [
  { name: 'get_flight_status', key: 'flight_number', ask: (v) => `Is flight ${v} on time?`, values: (i) => ({ bad: `ZX${100 + i}`, good: `ZX-${100 + i}` }) },
  { name: 'get_order', key: 'order_id', ask: (v) => `Where is my order ${v}?`, values: (i) => ({ bad: `${1040 + i}`, good: `ORD-${1040 + i}` }) },
  { name: 'track_parcel', key: 'tracking_code', ask: (v) => `Track parcel ${v}, please.`, values: (i) => ({ bad: `pk${500 + i}`, good: `PK${500 + i}NL` }) },
  { name: 'find_book', key: 'isbn', ask: (v) => `Do you have the book with ISBN ${v}?`, values: (i) => ({ bad: `97801${i}`, good: `978-0-14-${1000 + i}` }) },
  { name: 'check_room', key: 'room', ask: (v) => `Is room ${v} free tomorrow?`, values: (i) => ({ bad: `B${i}`, good: `B-${200 + i}` }) },
  { name: 'get_menu', key: 'restaurant', ask: (v) => `What is on the menu at ${v}?`, values: (i) => ({ bad: `cafe ${i}`, good: `Cafe-${i}` }) },
];

export const STIMULUS_TOOLS: readonly ChatTool[] = TOOL_SPECS.map((t) => ({
  type: 'function',
  function: {
    name: t.name,
    description: `Look up ${t.key.replace('_', ' ')}.`,
    parameters: { type: 'object', properties: { [t.key]: { type: 'string' } }, required: [t.key] },
  },
}));

const ERROR_TEXTS: Readonly<Record<SimErrorKind, ReadonlyArray<(key: string, good: string) => string>>> = {
  transient: [
    () => 'Error: 503 Service Unavailable. The upstream service is overloaded.',
    () => 'Error: request timed out after 30 s.',
    () => 'HTTP Error 429: rate limit reached for this endpoint.',
    () => 'TimeoutError: the lookup service did not answer in time.',
    () => 'Error: the service is temporarily unavailable.',
  ],
  fixable: [
    (k, g) => `Error: ${k} must be in the form ${g}; use '${g}'.`,
    (k, g) => `Error: invalid ${k}. Did you mean '${g}'?`,
    (k, g) => `ValueError: ${k} is not valid; expected one of: ${g}.`,
    (k, g) => `Error: ${k} must be '${g}' for this lookup.`,
    (k, g) => `{"error": "invalid ${k}", "hint": "use '${g}'"}`,
  ],
  unrecoverable: [
    () => 'Error: 403 Forbidden. An access token is required for this resource.',
    () => 'PermissionError: permission denied for this account.',
    () => 'Error: access denied; this account is not authorized for this lookup.',
    () => 'HTTP Error 401: Unauthorized.',
    () => '{"error": {"code": 403, "message": "Forbidden: token required"}}',
  ],
};

export interface Stimulus {
  scenario: number;
  kind: SimErrorKind;
  tool: string;
  key: string;
  failedArguments: Record<string, string>;
  corrected: string;
  request: string;
  error: string;
}

/** 60 scenarios (10 per tool) × 3 kinds; the error-text variant is drawn by a fixed rule. */
export function stimuli(): Stimulus[] {
  const out: Stimulus[] = [];
  for (let s = 0; s < 60; s++) {
    const spec = TOOL_SPECS[s % TOOL_SPECS.length]!;
    const { bad, good } = spec.values(Math.floor(s / TOOL_SPECS.length));
    for (const kind of ['transient', 'fixable', 'unrecoverable'] as const) {
      const variant = ERROR_TEXTS[kind][(s * 7 + kind.length) % 5]!;
      out.push({ scenario: s, kind, tool: spec.name, key: spec.key, failedArguments: { [spec.key]: bad }, corrected: good, request: spec.ask(bad), error: variant(spec.key, good) });
    }
  }
  return out;
}

function noteFor(st: Stimulus, withGuidance: boolean): string {
  const args = Object.entries(st.failedArguments).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
  const note = `Note from the tool runtime: the last attempt called ${st.tool} with ${args} and it failed with: ${st.error}`;
  return withGuidance ? `${note}\n\n${SPEC_GUIDANCE[st.kind]}` : note;
}

/** The conversation of one stimulus in one delivery form, written out per spec/toolerror-layer.md. */
export function conversation(st: Stimulus, form: SimSituation): ChatMessage[] {
  const user: ChatMessage = { role: 'user', content: st.request };
  const call: ChatMessage = {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: `call_${st.scenario}`, type: 'function', function: { name: st.tool, arguments: JSON.stringify(st.failedArguments) } }],
  };
  const result = (text: string): ChatMessage => ({ role: 'tool', tool_call_id: `call_${st.scenario}`, content: text });
  switch (form) {
    case 'C0': return [user, call, result(st.error)];
    case 'C1': return [user, call, result(`${st.error}\n${SPEC_GUIDANCE[st.kind]}`)];
    case 'note-no-guidance': return [{ role: 'user', content: `${st.request}\n\n${noteFor(st, false)}` }];
    case 'C2': return [{ role: 'user', content: `${st.request}\n\n${noteFor(st, true)}` }];
    case 'C3': return [user, call, result(st.error), { role: 'user', content: noteFor(st, true) }];
    case 'C4': return [user, { role: 'user', content: noteFor(st, true) }];
  }
}

/** The delivery study's scoring: repeat / the same tool with the corrected value / a text answer. */
export function isCorrect(st: Stimulus, turn: SimTurn): boolean {
  const { action } = turn;
  if (st.kind === 'unrecoverable') return action.type === 'text';
  if (action.type !== 'tool_calls' || action.calls.length !== 1) return false;
  const [c] = action.calls;
  if (c!.name !== st.tool) return false;
  const args: unknown = JSON.parse(c!.arguments);
  const expected = st.kind === 'transient' ? st.failedArguments : { ...st.failedArguments, [st.key]: st.corrected };
  return JSON.stringify(args) === JSON.stringify(expected);
}
