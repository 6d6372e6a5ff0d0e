import type { ActionableKind } from '../types.ts';

/**
 * Advice a framework appends to every tool error, whatever its kind, with the kinds it contradicts. LangChain's
 * tool node ends each caught error with `\n Please fix your mistakes.`: right for a fixable failure, wrong for a
 * transient one (the same call will work) or an unrecoverable one (nothing the model changes will).
 */
const FRAMEWORK_ADVICE: readonly { suffix: RegExp; contradicts: readonly ActionableKind[] }[] = [
  { suffix: /\n ?Please fix your mistakes\.\s*$/, contradicts: ['transient', 'unrecoverable'] },
];

/**
 * A JavaScript stack frame line: `    at fn (/path/file.js:1:2)`, `    at /path/file.js:1:2`, `    at async …`,
 * `    at Promise.all (index 0)`, `    at fn (native)`.
 */
const JS_FRAME = /^\s+at (?:async )?\S.*(?:\(.*:\d+:\d+\)|:\d+:\d+|\((?:native|<anonymous>|index \d+)\))$/;

/**
 * The extended rules' quotation of a failure: without JavaScript stack frames (the machine's paths, up to kilobytes
 * that say nothing about what to do next) and without framework advice that contradicts the failure's kind. What
 * stays is the error's own text, byte for byte.
 */
export function quoteWithoutNoise(text: string, kind: ActionableKind): string {
  let out = text;
  for (const advice of FRAMEWORK_ADVICE) if (advice.contradicts.includes(kind)) out = out.replace(advice.suffix, '');
  if (out.includes('\n')) {
    const lines = out.split('\n');
    const kept = lines.filter((line) => !JS_FRAME.test(line));
    if (kept.length !== lines.length) out = kept.join('\n');
  }
  return out;
}
