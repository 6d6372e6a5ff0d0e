import { describe, expect, it } from 'vitest';
import { parseRunConfig, presetConfig } from '../config/load.ts';
import { buildPlan, parseShard, shardOf } from './plan.ts';

const tasks = Array.from({ length: 30 }, (_, i) => ({ id: `T${i}_P1`, condition: 'P1', unit: `T${i}` }));

describe('plan', () => {
  it('crosses systems, models, tasks and seeds', () => {
    const config = { ...presetConfig('default'), seeds: [0, 1] };
    const plan = buildPlan(config, 'toolmaze', tasks);
    expect(plan).toHaveLength(4 * 2 * 30 * 2);
    expect(new Set(plan.map((p) => `${p.system}|${p.model}|${p.task}|${p.seed}`)).size).toBe(plan.length);
    expect(plan.slice(0, 4).map((p) => p.system)).toEqual(['off', 'proxy-c3', 'e1', 'e2']);
  });

  it('takes a benchmark\'s own seeds from its section, the config\'s for the others', () => {
    const config = parseRunConfig({ ...presetConfig('default'), seeds: [0], benchmarks: { toolmaze: {}, loudquiet: { seeds: [0, 1] } } }, 'seeds');
    expect(new Set(buildPlan(config, 'loudquiet', tasks).map((p) => p.seed))).toEqual(new Set([0, 1]));
    expect(new Set(buildPlan(config, 'toolmaze', tasks).map((p) => p.seed))).toEqual(new Set([0]));
    expect(() => parseRunConfig({ ...presetConfig('default'), benchmarks: { loudquiet: { seeds: [] } } }, 'bad.yaml')).toThrow(/benchmarks\.loudquiet\.seeds/);
  });

  it('splits into shards that cover the plan once and keep a task with all its systems', () => {
    const config = presetConfig('default');
    const all = buildPlan(config, 'toolmaze', tasks);
    const shards = [1, 2, 3].map((index) => buildPlan(config, 'toolmaze', tasks, { index, count: 3 }));
    expect(shards.reduce((n, s) => n + s.length, 0)).toBe(all.length);
    for (const shard of shards) {
      expect(shard.length).toBeGreaterThan(0);
      for (const p of shard) expect(shard.filter((q) => q.task === p.task && q.model === p.model)).toHaveLength(4);
    }
    expect(shardOf('T1_P1', 3)).toBe(shardOf('T1_P1', 3));
  });

  it('parses i/n and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0']) expect(() => parseShard(bad)).toThrow(/--shard takes i\/n/);
  });
});
