import { BenchError, type BenchmarkEntry, type PreparedBenchmark, type TaskRef } from '@recovery-bench/harness';
import { splitSection, type RunConfig } from '../config/schema.ts';
import { SERVICES } from '../services.ts';
import type { RunScoring } from './run-dir.ts';

/** The config's section for a benchmark, checked by the entry's own schema. */
export function benchmarkSection(entry: BenchmarkEntry, config: RunConfig): unknown {
  const section = splitSection(config.benchmarks[entry.id]).own;
  if (section === undefined) throw new BenchError('config:invalid', `the config ${config.name} has no benchmarks.${entry.id} section`, { hint: `add \`benchmarks: { ${entry.id}: {} }\` for its defaults` });
  const parsed = entry.configSchema.safeParse(section);
  if (!parsed.success) throw new BenchError('config:invalid', `benchmarks.${entry.id} of config ${config.name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(section)'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Loads a benchmark's tasks for a config, as `run` and `score` both need them. */
export function prepareBenchmark(entry: BenchmarkEntry, config: RunConfig): Promise<PreparedBenchmark<TaskRef>> {
  return entry.prepare(benchmarkSection(entry, config), { limits: config.limits, services: SERVICES });
}

/** What run.json records of the entry, so that the report reads the run without loading the benchmark. */
export function runScoring(entry: BenchmarkEntry): RunScoring {
  return { primary: entry.score, unit: entry.unit, roles: entry.conditions };
}
