import { describe, expect, it } from 'vitest';
import { bootstrapMean } from './bootstrap.ts';
import { clusterBootstrap, type ClusteredItem } from './cluster-bootstrap.ts';
import { AnalysisError } from './errors.ts';

const items = (cluster: string, values: number[]): ClusteredItem[] => values.map((value) => ({ cluster, value }));

describe('clusterBootstrap', () => {
  it('resamples whole clusters and keeps their items together', () => {
    // Two clusters of ten: all +1 and all 0. Drawing clusters can only give means of 0, 0.5 or 1;
    // drawing items independently would give many other values.
    const data = [...items('msg-1', new Array(10).fill(1)), ...items('msg-2', new Array(10).fill(0))];
    const result = clusterBootstrap(data, { seed: 4, resamples: 2000 });
    expect(result).toMatchObject({ estimate: 0.5, n: 20, clusters: 2, seed: 4, resamples: 2000 });
    expect([0, 0.5, 1]).toContain(result.lower);
    expect([0, 0.5, 1]).toContain(result.upper);
    expect(result.lower).toBe(0);
    expect(result.upper).toBe(1);
    const itemwise = bootstrapMean(data.map((d) => d.value), { seed: 4, resamples: 2000 });
    expect(itemwise.upper - itemwise.lower).toBeLessThan(0.5);
  });

  it('weights a cluster by its item count', () => {
    // A single large cluster pins every resample to the overall mean.
    const result = clusterBootstrap([...items('a', [1, 1, 1, 0]), ...items('a', [0, 0])], { seed: 1, resamples: 100 });
    expect(result.estimate).toBe(0.5);
    expect([result.lower, result.upper]).toEqual([0.5, 0.5]);
  });

  it('is deterministic under a seed and independent of item order', () => {
    const data = [...items('x', [1, 0, 1]), ...items('y', [0]), ...items('z', [1, -1, 0, 1]), ...items('w', [0, 0])];
    const result = clusterBootstrap(data, { seed: 8, resamples: 1000 });
    expect(clusterBootstrap([...data].reverse(), { seed: 8, resamples: 1000 })).toEqual(result);
    expect(result.pOneSided).toBeGreaterThan(0);
  });

  it('rejects empty or malformed items', () => {
    expect(() => clusterBootstrap([])).toThrow(AnalysisError);
    expect(() => clusterBootstrap([{ cluster: '', value: 1 }])).toThrow(/cluster/);
    expect(() => clusterBootstrap([{ cluster: 'a', value: Number.POSITIVE_INFINITY }])).toThrow(/value/);
  });
});
