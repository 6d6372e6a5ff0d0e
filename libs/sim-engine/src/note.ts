import { GUIDANCE_SENTENCES, NOTE_CALLED, NOTE_FAILED_WITH, NOTE_PREFIX } from './texts.ts';
import { SIM_ERROR_KINDS, type SimErrorKind } from './types.ts';

/** What a runtime note in a user turn tells the model. */
export interface PerceivedNote {
  name: string;
  /** The call's arguments rebuilt as a wire string (JSON object when the note's pairs parse). */
  arguments: string;
  error: string;
  guidance: SimErrorKind | undefined;
  /** The note is the whole text of its message (a new turn), not appended to earlier text. */
  ownMessage: boolean;
}

const NOTE_START = `${NOTE_PREFIX}${NOTE_CALLED}`;

/** The user's own text, with any runtime notes cut off (scripts match on it, so notes never hide a task). */
export function withoutNotes(text: string): string {
  const at = text.indexOf(NOTE_START);
  return at < 0 ? text : text.slice(0, at).replace(/\s+$/, '');
}

/** Every runtime note in a user message's text, in order. Several notes are joined with a blank line. */
export function parseNotes(text: string): PerceivedNote[] {
  const first = text.indexOf(NOTE_START);
  if (first < 0) return [];
  const ownMessage = text.slice(0, first).trim() === '';
  const chunks = text.slice(first).split(`\n\n${NOTE_START}`).map((c, i) => (i === 0 ? c.slice(NOTE_START.length) : c));
  const notes: PerceivedNote[] = [];
  for (const chunk of chunks) {
    const note = parseNoteBody(chunk, ownMessage);
    if (note) notes.push(note);
  }
  return notes;
}

function parseNoteBody(body: string, ownMessage: boolean): PerceivedNote | undefined {
  const withAt = body.indexOf(' with ');
  const failedAt = body.indexOf(NOTE_FAILED_WITH);
  if (withAt < 0 || failedAt < withAt) return undefined;
  const name = body.slice(0, withAt);
  const args = body.slice(withAt + ' with '.length, failedAt);
  let error = body.slice(failedAt + NOTE_FAILED_WITH.length);
  let guidance: SimErrorKind | undefined;
  for (const kind of SIM_ERROR_KINDS) {
    const tail = `\n\n${GUIDANCE_SENTENCES[kind]}`;
    if (error.endsWith(tail)) {
      guidance = kind;
      error = error.slice(0, -tail.length);
      break;
    }
  }
  return { name, arguments: rebuildArguments(args), error, guidance, ownMessage };
}

/**
 * Turns the note's `key=JSON, key=JSON` list back into a JSON object string. `no arguments` is `{}`; a list
 * that does not scan is returned as is (the note printed non-object arguments raw).
 */
export function rebuildArguments(printed: string): string {
  if (printed === 'no arguments') return '{}';
  const object: Record<string, unknown> = {};
  let rest = printed;
  while (rest.length > 0) {
    const eq = rest.indexOf('=');
    if (eq <= 0) return printed;
    const key = rest.slice(0, eq);
    const end = jsonValueEnd(rest, eq + 1);
    if (end < 0) return printed;
    try {
      object[key] = JSON.parse(rest.slice(eq + 1, end));
    } catch {
      return printed;
    }
    rest = rest.slice(end);
    if (rest.length > 0) {
      if (!rest.startsWith(', ')) return printed;
      rest = rest.slice(2);
    }
  }
  return JSON.stringify(object);
}

/** Index just past the JSON value starting at `from`, or -1. Only strings and brackets need scanning. */
function jsonValueEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    } else if (depth === 0 && c === ',') return i;
  }
  return inString || depth !== 0 ? -1 : text.length;
}
