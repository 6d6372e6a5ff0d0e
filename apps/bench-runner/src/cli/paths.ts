import { fileURLToPath } from 'node:url';

/** The repository root, for git identity and default paths. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
