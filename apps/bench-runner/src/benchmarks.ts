import type { BenchmarkEntry } from '@recovery-bench/harness';
import { suggestName } from '@recovery-bench/harness/cli';
import { BenchError } from '@recovery-bench/harness/errors';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchmarkLoaders, loadEntry } from './benchmark-list.ts';
import { readManifest, type RunManifest } from './run/run-dir.ts';

/** Every benchmark found (benchmark-list.ts), loaded: what run, score, report, merge and freeze work with. */
const FOUND: readonly BenchmarkEntry[] = await Promise.all(Object.values(benchmarkLoaders()).map((load) => load()));

const registry = new Map<string, BenchmarkEntry>(FOUND.map((entry) => [entry.id, entry]));

/** Adds a benchmark at run time (tests, or a program embedding the suite); ids must be new. */
export function registerBenchmark(entry: BenchmarkEntry): void {
  if (registry.has(entry.id)) throw new BenchError('config:invalid', `a benchmark "${entry.id}" is already registered`);
  registry.set(entry.id, entry);
}

export function benchmarkEntries(): BenchmarkEntry[] {
  return [...registry.values()];
}

export function benchmarkIds(): string[] {
  return [...registry.keys()];
}

/** The entry of a benchmark id, or a user error naming the known ones (with "did you mean"). */
export function getBenchmark(id: string): BenchmarkEntry {
  const entry = registry.get(id);
  if (entry) return entry;
  const hint = suggestName(id, benchmarkIds());
  throw new BenchError('config:invalid', `unknown benchmark "${id}"${hint ? ` (did you mean "${hint}"?)` : ''}; benchmarks: ${benchmarkIds().join(', ')}`);
}

/** The modules `--benchmark-module` loaded, by benchmark id: run.json records them, so a run's other commands find them. */
const modules = new Map<string, string>();

/**
 * Loads a benchmark from a module outside the workspace (`run --benchmark-module ./my-bench/entry.js`): its export
 * `exportName` (default: `benchmark`, else the module's only entry) is registered like a found one. The same file
 * again is a no-op; an id taken by another benchmark is an error.
 */
export async function useBenchmarkModule(path: string, exportName?: string): Promise<BenchmarkEntry> {
  const file = resolve(path);
  if (!existsSync(file)) throw new BenchError('config:invalid', `--benchmark-module: ${path} does not exist`);
  const known = [...modules].find(([, f]) => f === file);
  if (known) return getBenchmark(known[0]);
  const entry = await loadEntry(file, exportName);
  registerBenchmark(entry);
  modules.set(entry.id, file);
  return entry;
}

/** The module a benchmark was loaded from with `useBenchmarkModule`, if it was. */
export function benchmarkModuleOf(id: string): string | undefined {
  return modules.get(id);
}

/** Loads the benchmark modules the given run directories were made with (their run.json `benchmarkModule`). */
export async function useRunModules(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) {
    let manifest: RunManifest;
    try {
      manifest = readManifest(dir);
    } catch {
      continue; // the command's own reading says what is wrong with it
    }
    if (manifest.benchmarkModule !== undefined && !registry.has(manifest.benchmark)) await useBenchmarkModule(manifest.benchmarkModule);
  }
}
