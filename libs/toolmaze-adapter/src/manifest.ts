import { createHash } from 'node:crypto';
import { ADAPTER_VERSION } from './identity.ts';
import type { PromptVariant } from './prompts.ts';
import type { Prompts, SuiteSource } from './schema.ts';

/** What a run must record to be reproducible (spec §1 "Run manifest"); the runner adds the model. */
export interface ToolmazeManifest {
  adapterVersion: string;
  source: SuiteSource;
  /** The checkout's git `HEAD`, when it has one. */
  checkoutHead: string | null;
  /** The data hash of §1, when it was computed. */
  dataSha256: string | null;
  promptVariant: PromptVariant;
  promptSha256: { p0: string; faultAware: string };
  model?: string;
  configuration: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function buildManifest(input: { source: SuiteSource; promptVariant: PromptVariant; prompts: Prompts; configuration: unknown }): ToolmazeManifest {
  return {
    adapterVersion: ADAPTER_VERSION,
    source: input.source,
    checkoutHead: input.source.codeCommit ?? null,
    dataSha256: input.source.perturbedTasksSha256 ?? null,
    promptVariant: input.promptVariant,
    promptSha256: { p0: sha256(input.prompts.p0), faultAware: sha256(input.prompts.faultAware) },
    configuration: input.configuration,
  };
}
