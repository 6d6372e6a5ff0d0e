import { kindFromKeywords, looksLikeFailure } from './kind.ts';
import { parseNotes, type PerceivedNote } from './note.ts';
import { answeredCall, lastAssistantIndex, messageText, type ChatMessage } from './request.ts';
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
}

/**
 * The decision step is whatever follows the last assistant message. A runtime note in a user message there
 * wins; otherwise the first tool message there that reads as a failure. A plain user message (no note)
 * after the tool results is a new request, not a decision step.
 */
export function perceiveFailure(messages: readonly ChatMessage[], unknownKind: SimErrorKind): PerceivedFailure | undefined {
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

function fromNote(messages: readonly ChatMessage[], userIndex: number, note: PerceivedNote, unknownKind: SimErrorKind): PerceivedFailure {
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

function fromToolMessage(messages: readonly ChatMessage[], index: number, unknownKind: SimErrorKind): PerceivedFailure | undefined {
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
