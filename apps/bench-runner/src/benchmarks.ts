import { locateAgent } from '@recovery-bench/agents';
import { codingEntry } from '@recovery-bench/coding-repos/entry';
import type { BenchmarkEntry } from '@recovery-bench/harness';
import { suggestName } from '@recovery-bench/harness/cli';
import { BenchError } from '@recovery-bench/harness/errors';
import { loudquietEntry } from '@recovery-bench/loudquiet-adapter/entry';
import { toolmazeEntry } from '@recovery-bench/toolmaze-adapter/entry';
import { deliveryEntry } from '@recovery-bench/delivery-study/entry';

/** The coding testbed finds its agents where `recovery-bench agents install` put them. */
const installedAgent = async (name: string) => {
  const located = locateAgent(name);
  return { command: located.command[0]!, args: located.command.slice(1), version: located.version };
};

/** The benchmarks the suite runs. Adding one is one line here; everything else comes from its entry. */
const BUILT_IN: readonly BenchmarkEntry[] = [toolmazeEntry, loudquietEntry, deliveryEntry, codingEntry(installedAgent) as BenchmarkEntry];

/**
 * Benchmarks left out of the built-in demo: they need programs installed first (the coding agents), so they run
 * from a preset of their own (`--preset coding`, the default of `run coding`).
 */
const OUT_OF_DEMO = new Set(['coding']);

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

/** A config's `benchmarks` section naming every registered benchmark with its defaults (its built-in tasks). */
export function builtInBenchmarks(): Record<string, Record<string, never>> {
  return Object.fromEntries(benchmarkIds().filter((id) => !OUT_OF_DEMO.has(id)).map((id) => [id, {}]));
}
