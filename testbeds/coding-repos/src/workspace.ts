import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RepoId } from './datasets.ts';
import { REPOS_DIR } from './paths.ts';

/** Where `fetch_data.py` and the tests read the run's data URL; the testbed writes it, in the copy and the checker's folder. */
export const SERVICE_URL_FILE = 'service_url.txt';

/** A fresh copy of one repository for one run, under an ASCII-only temporary path. */
export interface Workspace {
  dir: string;
  /** The run's own scratch (agent HOME, settings), outside the copy the agent works in. */
  scratch: string;
  /** Names of the files in the copy after the run, relative to it (hidden folders and caches left out). */
  files(): Promise<string[]>;
  remove(): Promise<void>;
}

const ASCII_PATH = /^[\x20-\x7e]+$/;

/** The system's temporary folder may be configured with any name; only an ASCII one is used. */
export const asciiTempDir = (): string => (ASCII_PATH.test(tmpdir()) ? tmpdir() : '/tmp');

/** `prefix` starts the name of the run's folder (the sim's task marker goes there). */
export async function createWorkspace(repo: RepoId, dataUrl: string, prefix = `coding-${repo}`): Promise<Workspace> {
  const root = await mkdtemp(join(asciiTempDir(), `${prefix}-`));
  const dir = join(root, repo);
  const scratch = join(root, 'scratch');
  await cp(join(REPOS_DIR, repo), dir, { recursive: true });
  await writeFile(join(dir, SERVICE_URL_FILE), `${dataUrl}\n`);
  return {
    dir,
    scratch,
    files: () => listFiles(dir),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

const SKIPPED = new Set(['__pycache__', '.pytest_cache', 'node_modules']);

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else out.push(rel);
  }
  return out.sort();
}
