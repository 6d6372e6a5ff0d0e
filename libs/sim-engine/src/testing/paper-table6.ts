// The paper's Table 6 (appendix D), typed in from the seed paper for the tests; independent of the profile
// files, so that a typo in either shows up. Columns per kind: A1B1 (C0), A1B2 (C1), A2B1 (note), A2B2 (C2).
import type { SimErrorKind } from '../types.ts';

type Row = Readonly<Record<SimErrorKind, readonly [number, number, number, number]>>;

export const TABLE_6: Readonly<Record<string, Row>> = {
  'paper/qwen2.5-7b': { transient: [0.37, 0.43, 1, 1], fixable: [0.48, 0.87, 1, 1], unrecoverable: [1, 1, 0.3, 1] },
  'paper/qwen3-8b': { transient: [0, 0.08, 1, 1], fixable: [0.02, 1, 0.95, 1], unrecoverable: [1, 1, 0.6, 1] },
  'paper/llama-3.1-8b': { transient: [0.98, 0.98, 1, 1], fixable: [0.98, 0.93, 0.92, 1], unrecoverable: [0.02, 0.1, 0, 0] },
  'paper/gemma-4-12b': { transient: [0.12, 0.23, 0.95, 1], fixable: [0.8, 1, 1, 1], unrecoverable: [1, 1, 1, 1] },
  'paper/qwen3.5-9b': { transient: [0.3, 0.97, 1, 1], fixable: [0.13, 0.87, 1, 1], unrecoverable: [1, 1, 0.93, 1] },
  'paper/qwen3.6-35b-a3b': { transient: [0.33, 1, 1, 1], fixable: [0.38, 1, 0.87, 0.98], unrecoverable: [1, 1, 1, 1] },
  'paper/qwen2.5-32b': { transient: [0.42, 0.78, 0.97, 1], fixable: [0.33, 0.98, 0.93, 1], unrecoverable: [1, 1, 0.98, 1] },
  'paper/qwen3-32b': { transient: [0.32, 0.55, 0.92, 1], fixable: [0.23, 1, 0.98, 1], unrecoverable: [1, 1, 1, 1] },
};

export const TABLE_6_FORMS = ['C0', 'C1', 'note-no-guidance', 'C2'] as const;
