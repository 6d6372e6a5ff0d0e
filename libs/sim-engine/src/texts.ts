import type { SimErrorKind } from './types.ts';

/**
 * The recovery layer's sentences, copied verbatim from spec/toolerror-layer.md (the paper's Table 1 and
 * section 3.2.3). The sim keeps its own copy on purpose: it perceives these texts the way a model reads
 * them, and must not share code with the layer whose effect it is used to measure.
 */
export const GUIDANCE_SENTENCES: Readonly<Record<SimErrorKind, string>> = {
  transient: 'This is a temporary failure. Retrying the same call is expected to succeed.',
  fixable: 'This call cannot succeed as written. The error says what to change; call the tool again with the corrected value.',
  unrecoverable: 'This cannot be fixed by retrying or by changing the arguments. Tell the user what happened.',
};

export const NOTE_PREFIX = 'Note from the tool runtime:';
export const NOTE_CALLED = ' the last attempt called ';
export const NOTE_FAILED_WITH = ' and it failed with: ';
