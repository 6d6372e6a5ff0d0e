import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchmarkEntry } from '@recovery-bench/harness';
import { BenchError } from '@recovery-bench/harness/errors';

/**
 * The benchmarks the suite runs, found rather than listed: a package is a benchmark when its package.json says so,
 *
 *   "recoveryBench": { "benchmark": { "id": "toolmaze", "entry": "./entry", "export": "toolmazeEntry", "order": 1 } }
 *
 * (`entry` a subpath the package exports, `export` the name of the `BenchmarkEntry` there, default `benchmark`;
 * `order` places it in lists, default after the numbered ones, by id). Looked for in the project the command runs in
 * (its workspace's packages, every one its root package.json's `workspaces` name, and its dependencies), in the
 * workspace this app is part of, and in the packages this app depends on (the published CLI's own benchmarks). Only
 * package.json files are read here; an entry's module loads when a command needs it: `benchmarks.ts` loads them all
 * for the commands that need the registry (run, score, report, merge, freeze, `list benchmarks`), a benchmark's own
 * subcommands load that entry alone, and `--help` loads none.
 */
export interface BenchmarkPackage {
  id: string;
  packageName: string;
  /** The package's folder. */
  dir: string;
  /** The module that holds the entry, resolved through the package's `exports`. */
  file: string;
  exportName: string;
  order: number;
}

const APP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Under the source condition (the workspace's tests and `tsx` runs) this module is TypeScript, and so are the entries. */
const SOURCE = import.meta.url.endsWith('.ts');
const CONDITIONS = SOURCE ? ['@recovery-bench/source', 'import', 'default'] : ['import', 'default'];

export interface PackageJson {
  name?: string;
  workspaces?: string[] | { packages?: string[] };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  exports?: unknown;
  recoveryBench?: { benchmark?: { id?: unknown; entry?: unknown; export?: unknown; order?: unknown } };
}

const readPackage = (dir: string): PackageJson | undefined => {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
};

/** The first of `dir` and its ancestors that holds a package.json `accept` takes, with that package.json. */
export function nearestPackage(dir: string, accept: (pkg: PackageJson) => boolean): { dir: string; pkg: PackageJson } | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const pkg = existsSync(join(d, 'package.json')) ? readPackage(d) : undefined;
    if (pkg && accept(pkg)) return { dir: d, pkg };
    if (dirname(d) === d) return undefined;
  }
}

/** The folder of an installed package, as Node would find it from `from`. */
function installedPackage(name: string, from: string): string | undefined {
  for (let d = from; ; d = dirname(d)) {
    const dir = join(d, 'node_modules', name);
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(d) === d) return undefined;
  }
}

/** The package folders a root's `workspaces` globs name (a folder, or `folder/*`). */
function workspaceDirs(root: string, pkg: PackageJson): string[] {
  const globs = Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages ?? [];
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [join(root, glob)];
    const base = join(root, glob.slice(0, -2));
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => join(base, e.name));
  });
}

/** The file an `exports` target names for the conditions this process runs under. */
function exportTarget(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return undefined;
  for (const condition of CONDITIONS) {
    const found = exportTarget((target as Record<string, unknown>)[condition]);
    if (found) return found;
  }
  return undefined;
}

/** The benchmark a package folder declares, or undefined; a malformed declaration is an error that names the file. */
export function benchmarkPackage(dir: string): BenchmarkPackage | undefined {
  const pkg = readPackage(dir);
  const declared = pkg?.recoveryBench?.benchmark;
  if (!pkg || declared === undefined) return undefined;
  const where = join(dir, 'package.json');
  if (typeof declared.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(declared.id)) throw new BenchError('config:invalid', `${where}: recoveryBench.benchmark.id must be a lower-case name (letters, digits, -)`);
  if (typeof declared.entry !== 'string') throw new BenchError('config:invalid', `${where}: recoveryBench.benchmark.entry must name a subpath the package exports, e.g. "./entry"`);
  const exportsMap = pkg.exports;
  const target = typeof exportsMap === 'object' && exportsMap !== null && !Array.isArray(exportsMap) && Object.keys(exportsMap).some((k) => k.startsWith('.'))
    ? exportTarget((exportsMap as Record<string, unknown>)[declared.entry])
    : declared.entry === '.' ? exportTarget(exportsMap) : undefined;
  if (!target) throw new BenchError('config:invalid', `${where}: its exports give no file for ${declared.entry}`);
  return {
    id: declared.id,
    packageName: pkg.name ?? dir,
    dir: realpathSync(dir),
    file: resolve(dir, target),
    exportName: typeof declared.export === 'string' ? declared.export : 'benchmark',
    order: typeof declared.order === 'number' ? declared.order : Number.MAX_SAFE_INTEGER,
  };
}

/**
 * The package folders to look in, nearest first: the workspace and dependencies of the project the command runs in,
 * then this app's workspace and its own dependencies. A package found twice (a checkout's own copy and the one
 * installed beside this app) counts once, where it is nearest.
 */
function candidateDirs(cwd: string): string[] {
  const dirs: string[] = [];
  const dependenciesOf = (dir: string, pkg: PackageJson, dev: boolean) => {
    for (const name of Object.keys({ ...pkg.dependencies, ...(dev ? pkg.devDependencies : {}) })) {
      const found = installedPackage(name, dir);
      if (found) dirs.push(found);
    }
  };
  for (const from of [cwd, APP_DIR]) {
    const root = nearestPackage(from, (pkg) => pkg.workspaces !== undefined);
    if (root) dirs.push(...workspaceDirs(root.dir, root.pkg));
    if (from === cwd) {
      const project = nearestPackage(cwd, () => true);
      if (project) dependenciesOf(project.dir, project.pkg, true);
    }
  }
  const app = readPackage(APP_DIR);
  if (app) dependenciesOf(APP_DIR, app, false);
  return dirs;
}

/** Every benchmark found, in list order; two packages declaring one id is an error that names both. */
export function findBenchmarks(cwd = process.cwd()): BenchmarkPackage[] {
  const byName = new Map<string, BenchmarkPackage>();
  for (const dir of candidateDirs(cwd)) {
    if (!existsSync(join(dir, 'package.json'))) continue;
    const found = benchmarkPackage(dir);
    if (found && !byName.has(found.packageName)) byName.set(found.packageName, found);
  }
  const byId = new Map<string, BenchmarkPackage>();
  for (const found of byName.values()) {
    const other = byId.get(found.id);
    if (other) throw new BenchError('config:invalid', `two packages declare the benchmark "${found.id}": ${other.packageName} (${other.dir}) and ${found.packageName} (${found.dir})`);
    byId.set(found.id, found);
  }
  return [...byId.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

const isEntry = (value: unknown): value is BenchmarkEntry =>
  typeof value === 'object' && value !== null && typeof (value as BenchmarkEntry).id === 'string' && typeof (value as BenchmarkEntry).prepare === 'function';

/**
 * Loads the entry a module exports as `exportName` (none given: `benchmark`, else the module's only export that is an
 * entry), checking that it is one and has the id it was found under.
 */
export async function loadEntry(file: string, exportName: string | undefined, id?: string): Promise<BenchmarkEntry> {
  if (!existsSync(file)) {
    throw new BenchError('config:invalid', `${file} does not exist${/[/\\]dist[/\\]/.test(file) ? ' (the package is not built: run `npm run build`)' : ''}`);
  }
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const entries = Object.entries(module).filter(([, value]) => isEntry(value));
  const name = exportName ?? (isEntry(module.benchmark) ? 'benchmark' : entries.length === 1 ? entries[0]![0] : 'benchmark');
  const entry = module[name];
  if (!isEntry(entry)) {
    const exported = Object.keys(module).join(', ') || 'nothing';
    throw new BenchError('config:invalid', `${file}: exports no benchmark entry named "${name}" (it exports ${exported})`);
  }
  if (id !== undefined && entry.id !== id) throw new BenchError('config:invalid', `${file}: the entry declared as "${id}" has the id "${entry.id}"`);
  return entry;
}

let found: Readonly<Record<string, () => Promise<BenchmarkEntry>>> | undefined;

/** The benchmarks found (see above), by id, each as a loader of its entry; read once per process. */
export function benchmarkLoaders(): Readonly<Record<string, () => Promise<BenchmarkEntry>>> {
  found ??= Object.fromEntries(findBenchmarks().map((b) => [b.id, () => loadEntry(b.file, b.exportName, b.id)]));
  return found;
}
