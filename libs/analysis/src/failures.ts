import { indexSamples, type Sample, type SampleIndex } from './samples.ts';

/** Runs that an engine or the harness ended with an error, per benchmark, tier, system and model. */
export interface FailureCount {
  benchmark: string;
  tier: string | null;
  system: string;
  model: string;
  samples: number;
  errors: number;
  /** errors / samples. */
  errorRate: number;
}

/**
 * Errored runs already score 0 in every contrast; this table says how many there were, since an engine that
 * rejects requests loses points for a reason that has nothing to do with recovery.
 */
export function countFailures(samples: readonly Sample[] | SampleIndex): FailureCount[] {
  const index = Array.isArray(samples) ? indexSamples(samples as readonly Sample[]) : (samples as SampleIndex);
  const groups = new Map<string, FailureCount>();
  for (let i = 0; i < index.size; i++) {
    const tierIndex = index.tier[i]!;
    const row = {
      benchmark: index.benchmarks.ids[index.benchmark[i]!]!,
      tier: tierIndex < 0 ? null : index.tiers.ids[tierIndex]!,
      system: index.systems.ids[index.system[i]!]!,
      model: index.models.ids[index.model[i]!]!,
    };
    const key = JSON.stringify([row.benchmark, row.tier, row.system, row.model]);
    const entry = groups.get(key) ?? { ...row, samples: 0, errors: 0, errorRate: 0 };
    entry.samples++;
    entry.errors += index.error[i]!;
    groups.set(key, entry);
  }
  const rows = [...groups.values()];
  for (const row of rows) row.errorRate = row.errors / row.samples;
  return rows.sort((x, y) => compare(x.benchmark, y.benchmark) || compare(x.tier ?? '', y.tier ?? '') || compare(x.system, y.system) || compare(x.model, y.model));
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
