import { execFile } from 'node:child_process';
import { copyFile, cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RESULT_FILES, type RepoId } from './datasets.ts';
import { REPOS_DIR } from './paths.ts';
import { asciiTempDir, SERVICE_URL_FILE } from './workspace.ts';

const run = promisify(execFile);

/** Names how a run is checked; a change of what the checker copies or how it runs pytest is a new version. */
export const CHECKER_VERSION = 'fresh-folder@1';

export interface CheckInput {
  repo: RepoId;
  /** The agent's copy, after the agent ended: only its result file is read. */
  copyDir: string;
  dataUrl: string;
  checkSecret: string;
  python: string;
  timeoutMs?: number;
}

export interface CheckResult {
  passed: boolean;
  /** pytest's exit code; null when pytest did not run (no result file). */
  exitCode: number | null;
  /** The last lines of pytest's output, for the record. */
  tail: string;
  /** Whether the copy holds the result file (a regular file, or a link to one). */
  resultFileWritten: boolean;
}

/**
 * Checks a run's result file where the agent cannot reach: a fresh folder made from the pristine repository, the
 * copy's result file and a service_url.txt written here. Everything else in the copy is the agent's to change
 * (its tests, a conftest.py or pytest.ini, a `pytest.py` module that `python -m pytest` would import, the URL file),
 * so none of it is used. pytest runs with an ini file of the checker's own, the folder as root and conftest limit,
 * and no plug-ins loaded from the environment; the check secret goes only to this pytest.
 */
export async function checkResult(input: CheckInput): Promise<CheckResult> {
  const resultFile = RESULT_FILES[input.repo];
  const resultFileWritten = await isFile(join(input.copyDir, resultFile));
  if (!resultFileWritten) return { passed: false, exitCode: null, tail: `no ${resultFile} in the run's folder`, resultFileWritten };
  const root = await mkdtemp(join(asciiTempDir(), `coding-check-${input.repo}-`));
  try {
    const dir = join(root, input.repo);
    await cp(join(REPOS_DIR, input.repo), dir, { recursive: true });
    await copyFile(join(input.copyDir, resultFile), join(dir, resultFile));
    await writeFile(join(dir, SERVICE_URL_FILE), `${input.dataUrl}\n`);
    const ini = join(root, 'checker.ini');
    await writeFile(ini, '[pytest]\n');
    const pytest = await runPytest({ dir, ini, checkSecret: input.checkSecret, python: input.python, timeoutMs: input.timeoutMs ?? 60_000 });
    return { ...pytest, resultFileWritten };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function runPytest(opts: { dir: string; ini: string; checkSecret: string; python: string; timeoutMs: number }): Promise<Omit<CheckResult, 'resultFileWritten'>> {
  const { PYTEST_ADDOPTS: _addopts, PYTEST_PLUGINS: _plugins, ...inherited } = process.env;
  const env = { ...inherited, CODING_CHECK_SECRET: opts.checkSecret, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };
  const args = ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-c', opts.ini, '--rootdir', opts.dir, '--confcutdir', opts.dir, 'tests'];
  try {
    const { stdout } = await run(opts.python, args, { cwd: opts.dir, env, timeout: opts.timeoutMs });
    return { passed: true, exitCode: 0, tail: lastLines(stdout) };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    return { passed: false, exitCode: typeof e.code === 'number' ? e.code : -1, tail: lastLines(`${e.stdout ?? ''}${e.stderr ?? ''}`) };
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The repository's own files (and service_url.txt) that the agent changed or removed in its copy: they do not
 * count for the score, but a reader of the run should see that the agent edited its tests.
 */
export async function changedRepoFiles(repo: RepoId, copyDir: string, dataUrl: string): Promise<string[]> {
  const pristine = join(REPOS_DIR, repo);
  const changed: string[] = [];
  for (const rel of await listAll(pristine)) {
    const [want, got] = await Promise.all([readFile(join(pristine, rel)), readFile(join(copyDir, rel)).catch(() => undefined)]);
    if (!got || !want.equals(got)) changed.push(rel);
  }
  const url = await readFile(join(copyDir, SERVICE_URL_FILE), 'utf8').catch(() => undefined);
  if (url?.trim() !== dataUrl) changed.push(SERVICE_URL_FILE);
  return changed.sort();
}

const CACHES = new Set(['__pycache__', '.pytest_cache']);

async function listAll(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    if (CACHES.has(entry.name)) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listAll(dir, rel)));
    else out.push(rel);
  }
  return out;
}

const lastLines = (text: string, n = 15): string => text.trimEnd().split('\n').slice(-n).join('\n');
