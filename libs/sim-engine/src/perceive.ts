import { kindFromKeywords, looksLikeFailure } from './kind.ts';
import { parseNotes, type PerceivedNote } from './note.ts';
import { canonicalJson } from './random.ts';
import { answeredCall, argumentsObject, argumentsText, lastAssistantIndex, messageText, type ChatMessage } from './request.ts';
import { GUIDANCE_SENTENCES } from './texts.ts';
import { SIM_ERROR_KINDS, type SimErrorKind, type SimSituation, type SimToolCall } from './types.ts';

/** A failure at the decision step, as the sim perceives it from the messages alone. */
export interface PerceivedFailure {
  situation: SimSituation;
  kind: SimErrorKind;
  kindSource: 'guidance' | 'keywords' | 'unknown-kind';
  /** The failed call: exact wire arguments when the exchange is in the history, else rebuilt from the note. */
  call: SimToolCall;
  error: string;
  /**
   * The model has seen this call fail before in the conversation: it made the same call (name and arguments) at
   * least twice, or two runtime notes name it. A profile may give other rates for a repeated failure.
   */
  repeated: boolean;
}

/**
 * The decision step is whatever follows the last assistant message. A runtime note in a user message there
 * wins; otherwise the first tool message there that reads as a failure. A plain user message (no note)
 * after the tool results is a new request, not a decision step.
 */
export function perceiveFailure(messages: readonly ChatMessage[], unknownKind: SimErrorKind): PerceivedFailure | undefined {
  const failure = perceiveAtDecisionStep(messages, unknownKind);
  return failure && { ...failure, repeated: seenBefore(messages, failure.call) };
}

/** Whether the call was made twice or named by two runtime notes (arguments compared as JSON, key order aside). */
function seenBefore(messages: readonly ChatMessage[], call: SimToolCall): boolean {
  const same = (name: string, args: string) => name === call.name && sameJson(args, call.arguments);
  let calls = 0;
  let notes = 0;
  for (const m of messages) {
    if (m.role === 'assistant') calls += (m.tool_calls ?? []).filter((c) => same(c.function.name, argumentsText(c.function.arguments))).length;
    if (m.role === 'user') notes += parseNotes(messageText(m)).filter((n) => same(n.name, n.arguments)).length;
  }
  return calls >= 2 || notes >= 2;
}

function sameJson(a: string, b: string): boolean {
  const x = argumentsObject(a);
  const y = argumentsObject(b);
  return x && y ? canonicalJson(x) === canonicalJson(y) : a.trim() === b.trim();
}

function perceiveAtDecisionStep(messages: readonly ChatMessage[], unknownKind: SimErrorKind): Omit<PerceivedFailure, 'repeated'> | undefined {
  const start = lastAssistantIndex(messages) + 1;
  for (let i = start; i < messages.length; i++) {
    if (messages[i]!.role !== 'user') continue;
    const [note] = parseNotes(messageText(messages[i]!));
    if (note) return fromNote(messages, i, note, unknownKind);
  }
  for (let i = start; i < messages.length; i++) {
    if (messages[i]!.role !== 'tool') continue;
    const failure = fromToolMessage(messages, i, unknownKind);
    if (failure) return messages.slice(i + 1).some((m) => m.role === 'user') ? undefined : failure;
  }
  return undefined;
}

function fromNote(messages: readonly ChatMessage[], userIndex: number, note: PerceivedNote, unknownKind: SimErrorKind): Omit<PerceivedFailure, 'repeated'> {
  const keptAt = keptExchange(messages, userIndex, note.error);
  const call = keptAt !== undefined ? answeredCall(messages, keptAt) : undefined;
  const situation: SimSituation = !note.guidance ? 'note-no-guidance' : keptAt !== undefined ? 'C3' : note.ownMessage ? 'C4' : 'C2';
  return {
    situation,
    ...kindOf(note.guidance, note.error, unknownKind),
    call: call ?? { name: note.name, arguments: note.arguments },
    error: note.error,
  };
}

/**
 * The failed exchange is still there when one of the tool messages directly before the note's user
 * message carries the note's error text.
 */
function keptExchange(messages: readonly ChatMessage[], userIndex: number, error: string): number | undefined {
  for (let i = userIndex - 1; i >= 0 && messages[i]!.role === 'tool'; i--) {
    if (messageText(messages[i]!).trim() === error.trim()) return i;
  }
  return undefined;
}

function fromToolMessage(messages: readonly ChatMessage[], index: number, unknownKind: SimErrorKind): Omit<PerceivedFailure, 'repeated'> | undefined {
  const { guidance, rest } = splitGuidance(messageText(messages[index]!));
  if (!guidance && !looksLikeFailure(rest)) return undefined;
  const call = answeredCall(messages, index);
  if (!call) return undefined;
  return { situation: guidance ? 'C1' : 'C0', ...kindOf(guidance, rest, unknownKind), call, error: rest };
}

/** C1 appends `\n` + a guidance sentence to the tool text; a model reads the sentence and the error apart. */
export function splitGuidance(text: string): { guidance: SimErrorKind | undefined; rest: string } {
  const trimmed = text.trimEnd();
  for (const kind of SIM_ERROR_KINDS) {
    const sentence = GUIDANCE_SENTENCES[kind];
    if (trimmed.endsWith(sentence)) return { guidance: kind, rest: trimmed.slice(0, -sentence.length).trimEnd() };
  }
  return { guidance: undefined, rest: text };
}

function kindOf(guidance: SimErrorKind | undefined, error: string, unknownKind: SimErrorKind): Pick<PerceivedFailure, 'kind' | 'kindSource'> {
  if (guidance) return { kind: guidance, kindSource: 'guidance' };
  const fromWords = kindFromKeywords(error);
  return fromWords ? { kind: fromWords, kindSource: 'keywords' } : { kind: unknownKind, kindSource: 'unknown-kind' };
}
