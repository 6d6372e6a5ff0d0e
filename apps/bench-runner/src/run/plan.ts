import { createHash } from 'node:crypto';
import { BenchError, type TaskRef } from '@recovery-bench/harness';
import { seedsOf, servesModel, splitSection, type RunConfig } from '../config/schema.ts';
import type { SampleKey } from './run-dir.ts';

export interface PlannedSample extends SampleKey {
  engine: string;
  taskRef: TaskRef;
}

export interface Shard {
  index: number;
  count: number;
}

/**
 * The folder (and artifact) name of shard `index` of `count`: where `run --shard auto` writes it, what the merge Job
 * waits for and what a workflow's shard job uploads. `index` may be an expression the CI fills in.
 */
export function shardName(index: number | string, count: number): string {
  return `shard-${index}-of-${count}`;
}

/** `i/n` with 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new BenchError('config:invalid', `--shard takes i/n with 1 ≤ i ≤ n, e.g. 2/4; got "${text}"`);
  return { index, count };
}

/**
 * Every (system × model × task × seed), the seeds the benchmark's section names (else the config's), ordered so that samples of one engine instance interleave systems
 * (a killed run then holds comparable parts of every system). A model runs on the systems whose engine serves it
 * (its `engines`), and a model whose tier the section limits (`limitByTier`) on the first N units of `allTasks`
 * (the benchmark's tasks before `--tasks` chose some; default `tasks`). A shard keeps the samples whose task hashes
 * to it, so all systems of a task land in the same shard and contrasts stay paired.
 */
export function buildPlan(config: RunConfig, benchmark: string, tasks: readonly TaskRef[], shard?: Shard, allTasks: readonly TaskRef[] = tasks): PlannedSample[] {
  const plan: PlannedSample[] = [];
  const seeds = seedsOf(config, benchmark);
  const limits = splitSection(config.benchmarks[benchmark]).keys.limitByTier ?? {};
  for (const [model, entry] of Object.entries(config.models)) {
    const systems = config.systems.filter((s) => servesModel(entry, s.engine));
    const limit = entry.tier === undefined ? undefined : limits[entry.tier];
    const units = limit === undefined ? undefined : firstUnits(allTasks, limit);
    for (const task of tasks) {
      if (units && !units.has(task.unit ?? task.id)) continue;
      if (shard && shardOf(task.id, shard.count) !== shard.index) continue;
      for (const seed of seeds) {
        for (const system of systems) {
          plan.push({ system: system.id, engine: system.engine, model, task: task.id, condition: task.condition, seed, taskRef: task });
        }
      }
    }
  }
  return plan;
}

/** The first `limit` units (base tasks) in the order the tasks list them (a unit's conditions need not be adjacent). */
function firstUnits(tasks: readonly TaskRef[], limit: number): Set<string> {
  const units = new Set<string>();
  for (const task of tasks) {
    if (units.size === limit) break;
    units.add(task.unit ?? task.id);
  }
  return units;
}

export function shardOf(taskId: string, count: number): number {
  const h = createHash('sha256').update(taskId).digest();
  return (h.readUInt32BE(0) % count) + 1;
}
