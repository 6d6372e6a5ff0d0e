import type { SimErrorKind } from './types.ts';

/**
 * The sim's own reading of an error text, deliberately coarser than toolerror-core's rule sets: a model
 * reads words, not rule tables. Checked in this order; the first kind with a matching pattern wins.
 */
export const KIND_KEYWORDS: ReadonlyArray<{ kind: SimErrorKind; patterns: readonly RegExp[] }> = [
  {
    kind: 'unrecoverable',
    patterns: [/\b40[13]\b/, /forbidden/i, /permission/i, /not permitted/i, /unauthori[sz]ed/i, /access denied/i, /token (?:is )?required/i, /read-only/i, /\bEACCES\b/, /\bEPERM\b/],
  },
  {
    kind: 'transient',
    patterns: [/\b(?:429|50[234])\b/, /time(?:d)? ?out/i, /rate.?limit/i, /temporar/i, /try again/i, /unavailable/i, /\bbusy\b/i, /\bE(?:CONNRESET|CONNREFUSED|AGAIN|BUSY)\b/],
  },
  {
    kind: 'fixable',
    patterns: [/\bmust\b/i, /invalid/i, /expected/i, /did you mean/i, /\buse ['"`]/i, /is required/i, /not a valid/i],
  },
];

export function kindFromKeywords(text: string): SimErrorKind | undefined {
  return KIND_KEYWORDS.find(({ patterns }) => patterns.some((p) => p.test(text)))?.kind;
}

/**
 * The line of an error text that states its cause, as a reader would quote it: the first line with a word of the
 * perceived kind (`HTTP Error 403: Forbidden` deep in a traceback), else the last line that opens like an error
 * (a traceback's closing exception), else the first line. A one-line error is its own cause.
 */
export function causeLine(text: string, kind: SimErrorKind): string {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const patterns = KIND_KEYWORDS.find((k) => k.kind === kind)?.patterns ?? [];
  const worded = lines.find((l) => patterns.some((p) => p.test(l)));
  if (worded !== undefined) return worded;
  const opening = lines.filter((l) => ERROR_OPENING.test(l) && !l.startsWith('Traceback'));
  return opening.at(-1) ?? lines[0] ?? '';
}

// A common error opening: `Error…`, `ToolError`, `HTTP Error`/`HTTP 4xx|5xx`, `NNN Client|Server Error`,
// a traceback, or an exception name followed by `:` or `(`.
const ERROR_OPENING = /^(?:Error\b|ERROR\b|error:|ToolError\b|HTTP Error|HTTP [45]\d\d|\d{3} (?:Client|Server) Error|Traceback \(most recent call last\)|[A-Za-z_][\w.]*(?:Error|Exception|Timeout|timeout)\s*[:(])/;

/** Whether a tool result reads as a failure: an error opening, or a JSON object whose `error` is set. */
export function looksLikeFailure(text: string): boolean {
  const trimmed = text.trimStart();
  if (ERROR_OPENING.test(trimmed)) return true;
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('error' in value)) return false;
    const error = (value as { error: unknown }).error;
    return error !== null && error !== false && error !== '' && error !== undefined;
  } catch {
    return false;
  }
}
