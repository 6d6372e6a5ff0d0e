import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { findBenchmarks, nearestPackage } from '../benchmark-list.ts';
import { benchmarkSkeleton } from '../scaffold/benchmark-skeleton.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench new benchmark <name> [--root DIR]

Writes a new benchmark into the recovery-bench workspace at DIR (default: the one the current folder is in), as
benchmarks/<name>/: a package that declares itself in its package.json (the suite finds it there, with no list to
edit), three tasks whose tool fails once with an HTTP 503, a scorer, sim scripts, a test and a README. Then:

  npm install                    links the new package (package-lock.json is the only other file that changes)
  npx recovery-bench run <name>  runs it on the sim engine (after \`npm run build\`, or with the workspace's sources)
  npx nx run <name>:test         its own test

Outside a workspace, write a module that exports a BenchmarkEntry and run it with
\`recovery-bench run --benchmark-module ./entry.js\`.`;

/** The workspace root at or above `from` whose package.json lists `benchmarks/*` among its workspaces. */
const workspaceRoot = (from: string): string | undefined =>
  nearestPackage(from, (pkg) => Array.isArray(pkg.workspaces) && pkg.workspaces.includes('benchmarks/*'))?.dir;

export async function runNewCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { root: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const [kind, name, ...extra] = positionals;
  if (kind !== 'benchmark') throw new UsageError(`new what? benchmark${kind ? ` (not "${kind}")` : ''}; see \`recovery-bench new --help\``);
  if (name === undefined || extra.length > 0) throw new UsageError('name one benchmark: `recovery-bench new benchmark <name>`');
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) throw new UsageError(`a benchmark name is lower case: letters, digits and -, starting with a letter (not "${name}")`);
  const root = values.root ?? workspaceRoot(process.cwd());
  if (!root || !existsSync(join(root, 'package.json'))) throw new UsageError('not inside a recovery-bench workspace (a package.json whose workspaces list benchmarks/*); pass --root, or use `run --benchmark-module`');
  const taken = findBenchmarks(root).find((b) => b.id === name);
  if (taken) throw new UsageError(`a benchmark "${name}" exists already: ${taken.packageName} (${relative(root, taken.dir) || taken.dir})`);
  const dir = join(root, 'benchmarks', name);
  if (existsSync(dir)) throw new UsageError(`${relative(process.cwd(), dir) || dir} exists already; choose another name or remove it`);
  const files = benchmarkSkeleton({ name, packageName: `@recovery-bench/${name}`, rootFromPackage: '../..' });
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  const shown = relative(process.cwd(), dir) || '.';
  process.stdout.write(`${Object.keys(files).sort().map((f) => `  ${join(shown, f)}`).join('\n')}\nwrote the benchmark "${name}" in ${shown}; next: npm install, then npx recovery-bench run ${name}\n${dir}\n`);
  return 0;
}
