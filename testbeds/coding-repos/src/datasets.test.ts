import { describe, expect, it } from 'vitest';
import { datasetFor } from './datasets.ts';

const SEEDS = Array.from({ length: 2000 }, (_, i) => `seed-${i}`);

/**
 * Each repository's expected answer recomputed in TypeScript from the served data, reduced to what must never be
 * empty: an empty expected answer would let an agent pass without the data (an empty file, or none of the rows).
 */
const answerSize: Record<string, (body: string) => number> = {
  sales_by_region: (body) => new Set((JSON.parse(body) as { region: string }[]).map((o) => o.region)).size,
  sensor_summary: (body) => Object.keys((JSON.parse(body) as { sensors: Record<string, number[]> }).sensors).length,
  // The task asks for the top five words: fewer distinct words would make a shorter, easier list.
  word_frequency: (body) => Math.min(5, new Set((JSON.parse(body) as { documents: string[] }).documents.flatMap((d) => d.toLowerCase().match(/[a-z]+/g) ?? [])).size) - 4,
  graph_components: (body) => body.split('\n').filter((l) => l.trim() !== '').length,
  grade_book: (body) => (JSON.parse(body) as { students: unknown[] }).students.length,
  inventory_reorder: (body) => body.trim().split('\n').slice(1).map((l) => l.split(',').map(Number)).filter(([, stock, use, lead]) => stock! < use! * (lead! + 2)).length,
};

describe('datasets', () => {
  it.each(Object.keys(answerSize))('%s never yields an empty (or short) expected answer over 2,000 seeds', (repo) => {
    const empty = SEEDS.filter((seed) => answerSize[repo]!(datasetFor(repo as Parameters<typeof datasetFor>[0], seed).body) <= 0);
    expect(empty).toEqual([]);
  });

  it('leaves some items of inventory_reorder off the list, so that listing every item fails', () => {
    const all = SEEDS.filter((seed) => {
      const rows = datasetFor('inventory_reorder', seed).body.trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
      return rows.every(([, stock, use, lead]) => stock! < use! * (lead! + 2));
    });
    expect(all).toEqual([]);
  });
});
