import { closeSync, existsSync, openSync, readSync, writeSync } from 'node:fs';
import { BenchError, iterateRecords, RunLogWriter, type LogRecord } from '@recovery-bench/harness';
import { createRunDir, keyString, readManifest, runFile, SAMPLE_FORMATS, SCORE_FORMATS, writeManifest, type RunManifest, type SampleKey, type SampleRecord, type ScoreRecord } from './run-dir.ts';

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
  const { dir, id } = createRunDir(outDir, first.benchmark);
  const samples = copyOnce<SampleRecord>(dirs, dir, 'samples.jsonl', SAMPLE_FORMATS, () => undefined);
  // A sample held by two runs must have scored the same; scores are small, so they are compared whole.
  copyOnce<ScoreRecord>(dirs, dir, 'scores.jsonl', SCORE_FORMATS, (held, record) => {
    if (JSON.stringify(held.scores) !== JSON.stringify(record.scores)) {
      throw new BenchError('runlog:mismatch', `sample ${record.system}/${record.model}/${record.task}/${record.seed} differs between the runs`);
    }
  });
  for (const source of dirs) {
    const calls = runFile(source, 'calls.jsonl');
    if (existsSync(calls)) appendFileTo(calls, runFile(dir, 'calls.jsonl'));
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
  return { dir, manifest, samples };
}

/**
 * Copies one log of every run into the merged directory, each sample once (the first run that holds it wins),
 * reading one record at a time. Records of a key seen before go to `same` (kept only as long as needed: scores).
 */
function copyOnce<T extends SampleKey & LogRecord>(dirs: readonly string[], into: string, name: 'samples.jsonl' | 'scores.jsonl', formats: readonly string[], same: (held: T, record: T) => void): number {
  const firstOf = new Map<string, T | null>();
  const writer = new RunLogWriter<T>(runFile(into, name));
  try {
    for (const source of dirs) {
      for (const record of iterateRecords<T>(runFile(source, name), formats)) {
        const key = keyString(record);
        const held = firstOf.get(key);
        if (held !== undefined) {
          if (held !== null) same(held, record);
          continue;
        }
        // Samples are not kept (their transcripts are large and not compared); scores are.
        firstOf.set(key, name === 'scores.jsonl' ? record : null);
        writer.append(record);
      }
    }
  } finally {
    writer.close();
  }
  return firstOf.size;
}

/** Appends a file to another in chunks: calls.jsonl with bodies can be far larger than memory should hold. */
function appendFileTo(from: string, to: string): void {
  const input = openSync(from, 'r');
  const output = openSync(to, 'a');
  const chunk = Buffer.allocUnsafe(1 << 20);
  try {
    for (let read = readSync(input, chunk, 0, chunk.length, null); read > 0; read = readSync(input, chunk, 0, chunk.length, null)) writeSync(output, chunk, 0, read);
  } finally {
    closeSync(input);
    closeSync(output);
  }
}
