import { fileURLToPath } from 'node:url';

/** The testbed's folders: the repositories agents work on, and the sim's solutions kept apart from them. */
export const TESTBED_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPOS_DIR = fileURLToPath(new URL('../repos/', import.meta.url));
export const SOLUTIONS_DIR = fileURLToPath(new URL('../solutions/', import.meta.url));
