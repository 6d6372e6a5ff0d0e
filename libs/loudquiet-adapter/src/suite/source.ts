import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SuiteFileError } from './errors.ts';

/** The pinned sources (spec §11). */
export const LOUDQUIET_PINS = {
  brittleRepository: 'https://github.com/obadaKraishan/brittle-agents',
  brittleCommit: '7abc4bc26e29fa4d1e7799e94bc7c2a96ce3fc66',
  gorillaRepository: 'https://github.com/ShishirPatil/gorilla',
  gorillaCommit: '6ea57973c7a6097fd7c5915698c54c17c5b1b6c8',
} as const;

/** Where a brittle-agents checkout keeps the two data files. */
export const SUITE_IN_CHECKOUT = '01_environment/outputs/task_suite.json';
export const REFERENCE_IN_CHECKOUT = '02_data_collection/outputs/trajectories/reference_states.json';
export const TRAJECTORIES_IN_CHECKOUT = '02_data_collection/outputs/trajectories';

/** Size and SHA-256 of the frozen files, checked byte for byte (no line-ending conversion). */
export const PINNED_FILES = {
  suite: { name: 'task_suite.json', bytes: 90_023, sha256: 'b32ebe36152861c5cf52921c4c066ae439c9a84d9bb4ddc9f40b7fb37f5a3248' },
  reference: { name: 'reference_states.json', bytes: 40_588, sha256: 'a610f54a4c3079bd44584e7822f20240135e5a09c22656a34d46dc416ccf3ad6' },
} as const;
export type PinnedFile = keyof typeof PINNED_FILES;

/** The environment variables the adapter reads. */
export const LOUDQUIET_ENV = {
  brittleDir: 'LOUDQUIET_BRITTLE_DIR',
  suite: 'LOUDQUIET_SUITE',
  reference: 'LOUDQUIET_REFERENCE',
  /** A folder holding `task_suite.json` and `reference_states.json` side by side (as `shared/data/loudquiet`). */
  dataDir: 'LOUDQUIET_DATA_DIR',
  gorillaDir: 'LOUDQUIET_GORILLA_DIR',
} as const;

export interface SuiteSource {
  suitePath: string;
  referencePath: string;
  /** The brittle-agents checkout root, when the paths came from one. */
  checkout?: string;
}

export interface SuiteSourceInput {
  /** A brittle-agents checkout root. */
  checkout?: string;
  /** A folder holding both files side by side. */
  dataDir?: string;
  suite?: string;
  reference?: string;
}

/**
 * The two data files: explicit paths win, then a data folder, then a checkout root; each falls back to its
 * environment variable (`LOUDQUIET_SUITE`, `LOUDQUIET_REFERENCE`, `LOUDQUIET_DATA_DIR`, `LOUDQUIET_BRITTLE_DIR`).
 * Undefined when nothing is configured.
 */
export function resolveSuiteSource(input: SuiteSourceInput = {}, env: NodeJS.ProcessEnv = process.env): SuiteSource | undefined {
  const dataDir = input.dataDir ?? (input.checkout || input.suite || input.reference ? undefined : env[LOUDQUIET_ENV.dataDir]);
  if (dataDir) {
    return { suitePath: resolve(input.suite ?? join(dataDir, PINNED_FILES.suite.name)), referencePath: resolve(input.reference ?? join(dataDir, PINNED_FILES.reference.name)) };
  }
  const explicitSuite = input.suite ?? (input.checkout ? undefined : env[LOUDQUIET_ENV.suite]);
  const explicitReference = input.reference ?? (input.checkout ? undefined : env[LOUDQUIET_ENV.reference]);
  const checkout = input.checkout ?? (explicitSuite && explicitReference ? undefined : env[LOUDQUIET_ENV.brittleDir]);
  if (checkout !== undefined && checkout !== '') {
    const root = resolve(checkout);
    if (!existsSync(root) || !statSync(root).isDirectory()) throw new SuiteFileError(root, 'checkout', 'brittle-agents checkout not found');
    return {
      suitePath: resolve(explicitSuite || join(root, SUITE_IN_CHECKOUT)),
      referencePath: resolve(explicitReference || join(root, REFERENCE_IN_CHECKOUT)),
      checkout: root,
    };
  }
  if (explicitSuite && explicitReference) return { suitePath: resolve(explicitSuite), referencePath: resolve(explicitReference) };
  if (explicitSuite || explicitReference) {
    const missing = explicitSuite ? LOUDQUIET_ENV.reference : LOUDQUIET_ENV.suite;
    throw new SuiteFileError(explicitSuite ?? explicitReference!, 'path', `give both data files (${missing} is not set) or a checkout root (${LOUDQUIET_ENV.brittleDir})`);
  }
  return undefined;
}

export interface FileFingerprint {
  path: string;
  bytes: number;
  sha256: string;
}

export function readFileBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SuiteFileError(path, 'file', code === 'ENOENT' ? 'not found' : `cannot read (${code ?? (error as Error).message})`);
  }
}

export function fingerprint(path: string, bytes: Buffer): FileFingerprint {
  return { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Size, then SHA-256, against the frozen original; a mismatch is one line naming the file. */
export function checkPinned(which: PinnedFile, print: FileFingerprint): void {
  const pin = PINNED_FILES[which];
  if (print.bytes !== pin.bytes) throw new SuiteFileError(print.path, 'size', `${print.bytes} bytes, but the frozen ${pin.name} has ${pin.bytes} (a different or converted copy)`);
  if (print.sha256 !== pin.sha256) throw new SuiteFileError(print.path, 'sha256', `${print.sha256}, but the frozen ${pin.name} is ${pin.sha256}`);
}
