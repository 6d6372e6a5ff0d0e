import type { Kind } from '../types.ts';
import type { WordLists } from './words.ts';

/** Classification reads only the first 4 KB of the error text (4096 UTF-16 code units). */
export const CLASSIFY_WINDOW = 4096;

const includesAny = (text: string, words: readonly string[]): boolean => words.some((w) => text.includes(w));

/** Unrecoverable → (a command's own timeout: ambiguous) → transient → fixable; undefined when no word is there. */
export function kindOfWords(text: string, words: WordLists): Kind | undefined {
  const head = text.length > CLASSIFY_WINDOW ? text.slice(0, CLASSIFY_WINDOW) : text;
  if (includesAny(head, words.unrecoverable)) return 'unrecoverable';
  if (includesAny(head, words.commandTimeout)) return 'ambiguous';
  if (includesAny(head, words.transient)) return 'transient';
  if (includesAny(head, words.fixable)) return 'fixable';
  return undefined;
}
