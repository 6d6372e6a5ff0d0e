import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { BenchError, readRunLog, RunLogWriter } from '@recovery-bench/harness';
import { createRunDir, keyString, readManifest, runFile, SAMPLE_FORMAT, writeManifest, type RunManifest, type SampleRecord } from './run-dir.ts';

/**
 * Joins run directories of one config (the shards of a plan, or parts run on several hosts) into a new run
 * directory. Runs of another config or benchmark are refused; a sample held by two runs must be the same.
 */
export function mergeRuns(dirs: readonly string[], outDir: string): { dir: string; manifest: RunManifest; samples: number } {
  if (dirs.length < 2) throw new BenchError('config:invalid', 'name at least two run directories to merge');
  const manifests = dirs.map(readManifest);
  const first = manifests[0]!;
  manifests.forEach((m, i) => {
    if (m.configHash !== first.configHash) throw new BenchError('runlog:mismatch', `${dirs[i]} was run with another config (hash ${m.configHash.slice(0, 12)}, not ${first.configHash.slice(0, 12)})`);
    if (m.benchmark !== first.benchmark) throw new BenchError('runlog:mismatch', `${dirs[i]} is a ${m.benchmark} run, not ${first.benchmark}`);
  });
  const samples = new Map<string, SampleRecord>();
  dirs.forEach((dir) => {
    for (const record of readRunLog<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMAT).records) {
      const key = keyString(record);
      const held = samples.get(key);
      if (held && JSON.stringify(held.scores) !== JSON.stringify(record.scores)) {
        throw new BenchError('runlog:mismatch', `sample ${record.system}/${record.model}/${record.task}/${record.seed} differs between the runs`);
      }
      if (!held) samples.set(key, record);
    }
  });
  const { dir, id } = createRunDir(outDir, first.benchmark);
  const writer = new RunLogWriter<SampleRecord>(runFile(dir, 'samples.jsonl'));
  for (const record of samples.values()) writer.append(record);
  writer.close();
  for (const source of dirs) {
    const calls = runFile(source, 'calls.jsonl');
    if (existsSync(calls)) appendFileSync(runFile(dir, 'calls.jsonl'), readFileSync(calls));
  }
  const now = new Date().toISOString();
  const planned = first.shard ? manifests.reduce((n, m) => n + m.plan.samples, 0) : first.plan.samples;
  const manifest: RunManifest = {
    ...first,
    id,
    createdAt: now,
    updatedAt: now,
    status: manifests.every((m) => m.status === 'complete') ? 'complete' : 'interrupted',
    shard: null,
    plan: { samples: planned },
    engines: manifests.flatMap((m) => m.engines),
    mergedFrom: manifests.map((m, i) => ({ id: m.id, dir: dirs[i]!, shard: m.shard, status: m.status })),
  };
  writeManifest(dir, manifest);
  return { dir, manifest, samples: samples.size };
}
