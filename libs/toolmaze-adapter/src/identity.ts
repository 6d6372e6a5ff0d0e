import { isCommit } from '@recovery-bench/harness/fetch';

/**
 * Which ToolMaze this adapter was written against (spec §1). The code commit and data revision are the ones the seed
 * paper ran (Section 5); the data hash and the third-party commit are third-party records (GitHub `Xixiartemis/Odys`,
 * `experiments/phase5/manifests/benchmark-lock.json`). `fetch`, the loader's checks and run manifests all read them
 * from here.
 */
export const TOOLMAZE_IDENTITY = {
  paper: 'https://arxiv.org/abs/2606.05806',
  codeRepository: 'https://github.com/Zhudongsheng75/ToolMaze',
  dataRepository: 'dongsheng/ToolMaze',
  dataRevision: '08b0239a98b0b07839d673f5bc0ef7d836db9296',
  perturbedTasksSha256: '9fcd7d7ec3c06afcee098877cca1ae8c29b87a1102be4b365a1055f824a76bc8',
  /** Files per complexity in `data/perturbed_tasks/c1..c4` (100 base tasks × P0–P4). */
  filesPerComplexity: 500,
  /**
   * The code commit the paper ran (Section 5, "code at commit f8620d8"). Only this short hash is published and the
   * full one could not be established offline, so it is a prefix: `fetch` checks out this commit and fails unless
   * the checkout's `HEAD` starts with it; loading a checkout warns when its `HEAD` does not.
   */
  codeCommit: 'f8620d8',
  /** The commit a third-party run used (a record, not a default; `fetch --code-ref` checks it out). */
  thirdPartyCodeCommit: 'ef0798aa7f31ac9b33403254b1ef76e8673305fa',
} as const;

/** Whether a checkout's `HEAD` is the pinned code commit (a short hash is a prefix of the full one). */
export function isPinnedCodeCommit(head: string | null | undefined): boolean {
  return head != null && isCommit(head, TOOLMAZE_IDENTITY.codeCommit);
}

/** The adapter's own version, written into run manifests and the benchmark record. */
export const ADAPTER_VERSION = '0.1.0';
