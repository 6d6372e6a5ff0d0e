// The workspace's packages as the root package.json's `workspaces` globs list them, and the benchmarks among them: a
// package is a benchmark when its package.json says so (`"recoveryBench": {"benchmark": {"id", "entry", "export"}}`).
// The build, the packaging check and the Nx plugin read the workspace from here, so adding a package or a benchmark
// edits no list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The package folders one `workspaces` entry names: literal segments and `*` within a segment (npm's common forms). */
export function expandWorkspaceGlob(root, pattern) {
  let dirs = [''];
  for (const segment of pattern.replace(/\/+$/, '').split('/')) {
    if (!segment.includes('*')) {
      dirs = dirs.map((dir) => join(dir, segment)).filter((dir) => existsSync(join(root, dir)));
      continue;
    }
    const matcher = new RegExp(`^${segment.split('*').map(escape).join('[^/]*')}$`);
    dirs = dirs.flatMap((dir) => readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && matcher.test(entry.name))
      .map((entry) => join(dir, entry.name)));
  }
  return dirs.filter((dir) => existsSync(join(root, dir, 'package.json')));
}

/** The folders of every workspace package, relative to the root, sorted. */
export function workspaceDirs(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const globs = Array.isArray(manifest.workspaces) ? manifest.workspaces : manifest.workspaces?.packages ?? [];
  return [...new Set(globs.flatMap((glob) => expandWorkspaceGlob(root, glob)))].sort();
}

/** Every workspace package: `{dir (relative to the root), pkg (its package.json)}`, sorted by folder. */
export function workspacePackages(root = ROOT) {
  return workspaceDirs(root).map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }));
}

/** The benchmark a package.json declares, or undefined. */
export function benchmarkOf(pkg) {
  const b = pkg.recoveryBench?.benchmark;
  return b && typeof b.id === 'string' && typeof b.entry === 'string' ? { id: b.id, entry: b.entry, export: b.export ?? 'benchmark' } : undefined;
}

/** The workspace packages that declare a benchmark, with it. */
export function workspaceBenchmarks(root = ROOT) {
  return workspacePackages(root).flatMap(({ dir, pkg }) => {
    const benchmark = benchmarkOf(pkg);
    return benchmark ? [{ dir, name: pkg.name, ...benchmark }] : [];
  });
}

/**
 * The workspace packages a package depends on, itself included, transitively (by their package.json dependencies):
 * what installing it from tarballs needs.
 */
export function workspaceClosure(dir, root = ROOT) {
  const all = workspacePackages(root);
  const byName = new Map(all.map((p) => [p.pkg.name, p]));
  const seen = new Map();
  const visit = (p) => {
    if (seen.has(p.dir)) return;
    seen.set(p.dir, p);
    for (const dep of Object.keys(p.pkg.dependencies ?? {})) if (byName.has(dep)) visit(byName.get(dep));
  };
  const start = all.find((p) => p.dir === dir);
  if (!start) throw new Error(`${dir} is not a workspace package`);
  visit(start);
  return [...seen.values()];
}
