import { readFileSync } from 'node:fs';
import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import { PromptsSchema, type Mode, type Prompts } from './schema.ts';

/** `by-mode` is the paper's "w/ hint"; `always-p0` is ToolMaze's `--p0-prompt` ("w/o hint"). */
export const PromptVariantSchema = z.enum(['by-mode', 'always-p0']);
export type PromptVariant = z.infer<typeof PromptVariantSchema>;

/**
 * Where the two system prompts come from. ToolMaze's text is never part of this repository: `checkout` reads
 * it from the user's checkout through the bridge; `suite` uses the suite file's own (the fixture's placeholders).
 */
export const PromptSourceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('checkout') }).strict(),
  z.object({ source: z.literal('suite') }).strict(),
  z.object({ source: z.literal('inline'), p0: z.string().min(1), faultAware: z.string().min(1) }).strict(),
  z.object({ source: z.literal('files'), p0Path: z.string().min(1), faultAwarePath: z.string().min(1) }).strict(),
]);
export type PromptSource = z.infer<typeof PromptSourceSchema>;

export type PromptKind = keyof Prompts;

/** The P0 prompt iff the variant is `always-p0` or the mode is P0; otherwise the fault-aware one. */
export function choosePrompt(variant: PromptVariant, mode: Mode): PromptKind {
  return variant === 'always-p0' || mode === 'P0' ? 'p0' : 'faultAware';
}

function readPrompt(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new BenchError('config:invalid', `${path}: cannot read the prompt (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

export interface PromptContext {
  suitePrompts?: Prompts;
  /** Reads the checkout's prompts (through the bridge); only called for the `checkout` source. */
  fromCheckout?: () => Promise<Prompts>;
}

export async function resolvePrompts(source: PromptSource, ctx: PromptContext): Promise<Prompts> {
  switch (source.source) {
    case 'inline':
      return { p0: source.p0, faultAware: source.faultAware };
    case 'files':
      return PromptsSchema.parse({ p0: readPrompt(source.p0Path), faultAware: readPrompt(source.faultAwarePath) });
    case 'suite':
      if (!ctx.suitePrompts) throw new BenchError('config:invalid', 'the suite has no prompts; use prompts {source: checkout | inline | files}');
      return ctx.suitePrompts;
    case 'checkout':
      if (!ctx.fromCheckout) throw new BenchError('config:invalid', 'prompts {source: checkout} needs a ToolMaze checkout source');
      return ctx.fromCheckout();
  }
}
