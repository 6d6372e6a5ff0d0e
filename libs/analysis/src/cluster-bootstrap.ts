import { percentileInterval, resampleRatios, resolveOptions, shareAtMostZero, type BootstrapOptions } from './bootstrap.ts';
import { invalidInput } from './errors.ts';
import { createRng } from './rng.ts';

/** One item of a clustered sample: for a paired comparison, `value` is the item's A − B (e.g. 1, 0 or −1). */
export interface ClusteredItem {
  cluster: string;
  value: number;
}

export interface ClusterBootstrap {
  /** Mean over all items, in the data's units. */
  estimate: number;
  lower: number;
  upper: number;
  level: number;
  resamples: number;
  seed: number;
  /** Share of resampled means ≤ 0, the one-sided p-value for "mean > 0". */
  pOneSided: number;
  /** Items. */
  n: number;
  clusters: number;
}

/**
 * Items that share a cluster (real-history items of one assistant message) are not independent: the resample
 * draws whole clusters with replacement and keeps all their items, and the statistic is the mean over the drawn
 * items, so a large cluster weighs as much as its items do.
 */
export function clusterBootstrap(items: readonly ClusteredItem[], options: BootstrapOptions = {}): ClusterBootstrap {
  const { resamples, seed, level } = resolveOptions(options);
  if (items.length === 0) throw invalidInput('a cluster bootstrap needs at least one item');
  const { sums, counts } = clusterTotals(items);
  const k = sums.length;
  const stats = resampleRatios(sums, counts, resamples, createRng(seed));
  const total = sums.reduce((s, v) => s + v, 0);
  const pOneSided = shareAtMostZero(stats);
  return { estimate: total / items.length, ...percentileInterval(stats, level), level, resamples, seed, pOneSided, n: items.length, clusters: k };
}

function clusterTotals(items: readonly ClusteredItem[]): { sums: Float64Array; counts: Float64Array } {
  const byCluster = new Map<string, { sum: number; count: number }>();
  items.forEach((item, i) => {
    if (typeof item.cluster !== 'string' || item.cluster === '') throw invalidInput(`items[${i}].cluster must be a non-empty string`);
    if (!Number.isFinite(item.value)) throw invalidInput(`items[${i}].value is not a finite number (${item.value})`);
    const entry = byCluster.get(item.cluster) ?? { sum: 0, count: 0 };
    entry.sum += item.value;
    entry.count += 1;
    byCluster.set(item.cluster, entry);
  });
  // Cluster order by id, so the result does not depend on the order the items arrive in.
  const ids = [...byCluster.keys()].sort();
  return {
    sums: Float64Array.from(ids, (id) => byCluster.get(id)!.sum),
    counts: Float64Array.from(ids, (id) => byCluster.get(id)!.count),
  };
}
