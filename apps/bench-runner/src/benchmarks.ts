import type { BenchmarkEntry } from '@recovery-bench/harness';
import { suggestName } from '@recovery-bench/harness/cli';
import { BenchError } from '@recovery-bench/harness/errors';
import { BUILT_IN_BENCHMARKS } from './benchmark-list.ts';

/** Every built-in entry, loaded: what run, score, report, merge and freeze work with. */
const BUILT_IN: readonly BenchmarkEntry[] = await Promise.all(
  Object.entries(BUILT_IN_BENCHMARKS).map(async ([id, load]) => {
    const entry = await load();
    if (entry.id !== id) throw new Error(`benchmark-list.ts: the entry listed as "${id}" has the id "${entry.id}"`);
    return entry;
  }),
);

const registry = new Map<string, BenchmarkEntry>(BUILT_IN.map((entry) => [entry.id, entry]));

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
