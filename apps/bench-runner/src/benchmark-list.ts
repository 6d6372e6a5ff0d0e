import type { BenchmarkEntry } from '@recovery-bench/harness';

/**
 * The benchmarks the suite runs, by id, each loaded when it is first used. Adding one is one line here; everything
 * else comes from its entry. Commands that name one benchmark (`toolmaze judge`, `fetch loudquiet`) load that entry
 * alone, and `--help` loads none.
 */
export const BUILT_IN_BENCHMARKS: Readonly<Record<string, () => Promise<BenchmarkEntry>>> = {
  toolmaze: async () => (await import('@recovery-bench/toolmaze-adapter/entry')).toolmazeEntry,
  loudquiet: async () => (await import('@recovery-bench/loudquiet-adapter/entry')).loudquietEntry,
  delivery: async () => (await import('@recovery-bench/delivery-study/entry')).deliveryEntry,
  coding: async () => (await import('@recovery-bench/coding-repos/entry')).codingEntry,
};
