import { createHash } from 'node:crypto';
import { ADAPTER_VERSION, isPinnedCodeCommit, TOOLMAZE_IDENTITY } from './identity.ts';
import type { PromptVariant } from './prompts.ts';
import type { Prompts, SuiteSource } from './schema.ts';

/** What a run must record to be reproducible (spec §1 "Run manifest"); the runner adds the model. */
export interface ToolmazeManifest {
  adapterVersion: string;
  source: SuiteSource;
  /** The checkout's git `HEAD`, when it has one: the code commit that ran. */
  checkoutHead: string | null;
  /** The data revision that ran: the pinned one when the data hash matches it, else null. */
  dataRevision: string | null;
  /** The data hash of §1, when it was computed. */
  dataSha256: string | null;
  /** What the paper ran (TOOLMAZE_IDENTITY) and whether this checkout is at it (null for the fixture suite). */
  pinned: { codeCommit: string; dataRevision: string; codeAtPin: boolean | null; dataAtPin: boolean | null };
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
    dataRevision: input.source.dataRevision ?? null,
    dataSha256: input.source.perturbedTasksSha256 ?? null,
    pinned: pinnedIdentity(input.source),
    promptVariant: input.promptVariant,
    promptSha256: { p0: sha256(input.prompts.p0), faultAware: sha256(input.prompts.faultAware) },
    configuration: input.configuration,
  };
}

function pinnedIdentity(source: SuiteSource): ToolmazeManifest['pinned'] {
  const checkout = source.kind === 'toolmaze-checkout';
  return {
    codeCommit: TOOLMAZE_IDENTITY.codeCommit,
    dataRevision: TOOLMAZE_IDENTITY.dataRevision,
    codeAtPin: checkout ? isPinnedCodeCommit(source.codeCommit) : null,
    // Known only when the data hash was computed.
    dataAtPin: checkout && source.perturbedTasksSha256 !== undefined ? source.dataRevision === TOOLMAZE_IDENTITY.dataRevision : null,
  };
}
