import type { BenchmarkEntry } from '@recovery-bench/harness';

/**
 * The benchmarks the suite runs, by id, each as a loader of its entry. Adding one is one line here; everything else
 * comes from its entry. `benchmarks.ts` loads them all when a command needs the registry (run, score, report, merge,
 * freeze, `list benchmarks`); commands that name one benchmark (`toolmaze judge`, `fetch loudquiet`) load that entry
 * alone, and `--help` loads none.
 */
export const BUILT_IN_BENCHMARKS: Readonly<Record<string, () => Promise<BenchmarkEntry>>> = {
  toolmaze: async () => (await import('@recovery-bench/toolmaze-adapter/entry')).toolmazeEntry,
  loudquiet: async () => (await import('@recovery-bench/loudquiet-adapter/entry')).loudquietEntry,
  delivery: async () => (await import('@recovery-bench/delivery-study/entry')).deliveryEntry,
  coding: async () => (await import('@recovery-bench/coding-repos/entry')).codingEntry,
};
