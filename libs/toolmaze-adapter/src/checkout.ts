import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BenchError } from '@recovery-bench/harness/errors';
import { isPinnedCodeCommit, TOOLMAZE_IDENTITY } from './identity.ts';
import { parsePyJson } from './python-json.ts';
import { checkTaskFileName, normaliseRawTask, TASK_FILE_NAME } from './raw-task.ts';
import { SUITE_SCHEMA_VERSION, type Complexity, type Suite, type SuiteSource, type Task } from './schema.ts';
import { checkSuiteTasks, type LoadWarning, type TaskLocation } from './task-rules.ts';
import { mergeTools, parseToolDefinitions } from './tool-yaml.ts';

export interface CheckoutLoadOptions {
  /** Which complexities to read; v1 runs only C1, but C2–C4 parse. Default `['C1']`. */
  complexities?: readonly Complexity[];
  /** Compute the data hash of §1 (reads every task file of every complexity). */
  computeDataHash?: boolean;
}

export interface LoadedSuite {
  suite: Suite;
  warnings: LoadWarning[];
}

const TASKS_DIR = join('data', 'perturbed_tasks');

/** Throws a clear error when `root` is not a ToolMaze checkout. */
export function assertCheckout(root: string): void {
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new BenchError('config:invalid', `ToolMaze checkout not found at ${root}`, { hint: 'run `recovery-bench fetch toolmaze --dest DIR` or point the config at an existing checkout' });
  }
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** POSIX path relative to the checkout, as the hash recipe sorts them. */
function posixRelative(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Code-point order is UTF-8 byte order. */
function byCodePoint(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * The data hash of spec §1: every `data/perturbed_tasks/**\/*.json`, sorted by POSIX path relative to the
 * checkout (code-point order), SHA-256 over the concatenated raw bytes (no separators, no names).
 */
export function computeDataHash(root: string): { sha256: string; files: number } {
  const files = walk(join(root, TASKS_DIR), (name) => name.endsWith('.json'))
    .map((path) => ({ path, rel: posixRelative(root, path) }))
    .sort((a, b) => byCodePoint(a.rel, b.rel));
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(f.path));
  return { sha256: hash.digest('hex'), files: files.length };
}

/** The checkout's `HEAD` commit, read from `.git` without running git; undefined when there is none. */
export function gitHead(root: string): string | undefined {
  let gitDir = join(root, '.git');
  try {
    if (statSync(gitDir).isFile()) gitDir = join(root, readFileSync(gitDir, 'utf8').replace(/^gitdir:\s*/, '').trim());
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref:')) return head;
    const ref = head.slice(4).trim();
    const loose = join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = readFileSync(join(gitDir, 'packed-refs'), 'utf8');
    return packed.split('\n').find((line) => line.endsWith(` ${ref}`))?.split(' ')[0];
  } catch {
    return undefined;
  }
}

/** `c1/` or `C1/`, whichever the checkout has. */
function complexityDir(root: string, complexity: Complexity): string {
  for (const name of [complexity.toLowerCase(), complexity]) {
    const dir = join(root, TASKS_DIR, name);
    if (existsSync(dir)) return dir;
  }
  throw new BenchError('config:invalid', `${join(root, TASKS_DIR, complexity.toLowerCase())}: not found`, { hint: 'unzip the Hugging Face data into data/ of the checkout' });
}

function readJson(path: string): unknown {
  try {
    return parsePyJson(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BenchError('task:invalid', `${path}: not JSON (${(error as Error).message})`);
  }
}

function loadTasks(root: string, complexity: Complexity, warnings: LoadWarning[]): { task: Task; loc: TaskLocation }[] {
  const dir = complexityDir(root, complexity);
  const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort(byCodePoint);
  const out: { task: Task; loc: TaskLocation }[] = [];
  for (const name of names) {
    const file = join(dir, name);
    if (!TASK_FILE_NAME.test(name)) {
      warnings.push({ code: 'skipped-file', where: file, message: 'not a task file name (C<n>_task_<nnn>_P<n>.json); skipped' });
      continue;
    }
    const { task, warnings: taskWarnings } = normaliseRawTask(readJson(file), file);
    checkTaskFileName(task, name, file);
    warnings.push(...taskWarnings);
    out.push({ task, loc: { file, prefix: '', style: 'raw' } });
  }
  if (complexity === 'C1' && out.length !== TOOLMAZE_IDENTITY.filesPerComplexity) {
    warnings.push({ code: 'c1-file-count', where: dir, message: `${out.length} C1 task files; the pinned data has ${TOOLMAZE_IDENTITY.filesPerComplexity}` });
  }
  return out;
}

function loadTools(root: string): { tools: Suite['tools']; warnings: LoadWarning[] } {
  const files = walk(join(root, 'tools', 'definitions'), (name) => /\.ya?ml$/.test(name)).sort(byCodePoint);
  return mergeTools(files.map((file) => ({ file, tools: parseToolDefinitions(readFileSync(file, 'utf8'), file) })));
}

/** Loads a ToolMaze checkout into the normalised suite (spec §2–§3), with loader errors 1–5 and warnings. */
export function loadCheckout(root: string, opts: CheckoutLoadOptions = {}): LoadedSuite {
  assertCheckout(root);
  const warnings: LoadWarning[] = [];
  const located = (opts.complexities ?? ['C1']).flatMap((c) => loadTasks(root, c, warnings));
  if (located.length === 0) throw new BenchError('task:invalid', `${join(root, TASKS_DIR)}: no task files`);
  const { tools, warnings: toolWarnings } = loadTools(root);
  warnings.push(...toolWarnings);
  checkSuiteTasks(located, tools);
  const source: SuiteSource = { kind: 'toolmaze-checkout', root };
  const head = gitHead(root);
  if (head) source.codeCommit = head;
  if (!isPinnedCodeCommit(head)) {
    warnings.push({ code: 'code-commit-mismatch', where: root, message: `${head ? `HEAD ${head}` : 'no git HEAD'}, not the paper's code commit ${TOOLMAZE_IDENTITY.codeCommit} (recovery-bench fetch toolmaze checks it out)` });
  }
  if (opts.computeDataHash) {
    const { sha256 } = computeDataHash(root);
    source.perturbedTasksSha256 = sha256;
    if (sha256 === TOOLMAZE_IDENTITY.perturbedTasksSha256) source.dataRevision = TOOLMAZE_IDENTITY.dataRevision;
    else warnings.push({ code: 'data-hash-mismatch', where: join(root, TASKS_DIR), message: `data hash ${sha256} differs from the pinned revision's ${TOOLMAZE_IDENTITY.perturbedTasksSha256}` });
  }
  const suite: Suite = { schemaVersion: SUITE_SCHEMA_VERSION, source, tools, tasks: located.map((l) => l.task) };
  return { suite, warnings };
}
