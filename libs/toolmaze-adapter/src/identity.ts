/**
 * Which ToolMaze this adapter was written against (spec §1). These are third-party records (GitHub
 * `Xixiartemis/Odys`, `experiments/phase5/manifests/benchmark-lock.json`); `fetch`, the loader's hash check and
 * run manifests all read them from here.
 */
export const TOOLMAZE_IDENTITY = {
  paper: 'https://arxiv.org/abs/2606.05806',
  codeRepository: 'https://github.com/Zhudongsheng75/ToolMaze',
  dataRepository: 'dongsheng/ToolMaze',
  dataRevision: '08b0239a98b0b07839d673f5bc0ef7d836db9296',
  perturbedTasksSha256: '9fcd7d7ec3c06afcee098877cca1ae8c29b87a1102be4b365a1055f824a76bc8',
  /** Files per complexity in `data/perturbed_tasks/c1..c4` (100 base tasks × P0–P4). */
  filesPerComplexity: 500,
  /** The code commit is not pinned; this is the one the third-party run used (unverified). */
  codeCommit: null,
  thirdPartyCodeCommit: 'ef0798aa7f31ac9b33403254b1ef76e8673305fa',
} as const;

/** The adapter's own version, written into run manifests and the benchmark record. */
export const ADAPTER_VERSION = '0.1.0';
