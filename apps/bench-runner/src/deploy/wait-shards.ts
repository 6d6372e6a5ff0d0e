import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBenchError } from '@recovery-bench/harness';
import { shardName } from '../run/plan.ts';
import { readManifest, runFile } from '../run/run-dir.ts';

/** The shards' run folders as `run --shard auto --shards <count> --out <root>` names them, in shard order. */
export function shardDirs(root: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${root}/${shardName(i + 1, count)}`);
}

/** Where one shard of `--shard auto` stands, read from its folder's run.json. */
export interface ShardState {
  shard: number;
  dir: string;
  /** `missing`: no run yet; `unreadable`: run.json is not a run's manifest; else the run's own status. */
  state: 'missing' | 'unreadable' | 'running' | 'complete' | 'interrupted' | 'failed';
  detail?: string;
}

/** Every shard folder `<root>/shard-<i>-of-<count>` and its state; complete only when its run.json says so. */
export function shardStates(root: string, count: number): ShardState[] {
  return shardDirs(root, count).map((dir, i) => {
    const shard = i + 1;
    if (!existsSync(runFile(dir, 'run.json'))) return { shard, dir, state: 'missing' };
    try {
      const manifest = readManifest(dir);
      // A folder of this name holding another shard's run would merge the wrong samples.
      if (manifest.shard?.index !== shard || manifest.shard.count !== count) {
        return { shard, dir, state: 'unreadable', detail: `holds shard ${manifest.shard ? `${manifest.shard.index} of ${manifest.shard.count}` : 'none (an unsharded run)'}` };
      }
      return { shard, dir, state: manifest.status };
    } catch (error) {
      if (!isBenchError(error)) throw error;
      return { shard, dir, state: 'unreadable', detail: error.message };
    }
  });
}

/** One line: how many shards are complete, and what the others are doing. */
export function describeShards(states: readonly ShardState[]): string {
  const done = states.filter((s) => s.state === 'complete').length;
  const waiting = states.filter((s) => s.state !== 'complete').map((s) => `shard ${s.shard} ${s.state === 'missing' ? 'has no run yet' : s.state}${s.detail ? ` (${s.detail})` : ''}`);
  return `${done} of ${states.length} shards complete${waiting.length > 0 ? `; ${waiting.join(', ')}` : ''}`;
}

export interface WaitOptions {
  intervalMs: number;
  /** Give up after this long (undefined: wait as long as it takes; the shards may run for days). */
  timeoutMs?: number;
  /** Each change of the shards' states, as one line. */
  onProgress?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * Polls the shard folders until every one holds a complete run. Resolves with whether they all did (false on
 * timeout). A shard whose pod is replaced goes back to `running` and is waited for again.
 */
export async function waitForShards(root: string, count: number, opts: WaitOptions): Promise<boolean> {
  const deadline = opts.timeoutMs === undefined ? Infinity : Date.now() + opts.timeoutMs;
  let last = '';
  for (;;) {
    const states = shardStates(root, count);
    const line = describeShards(states);
    if (line !== last) opts.onProgress?.(line);
    last = line;
    if (states.every((s) => s.state === 'complete')) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(opts.intervalMs, left), undefined, { signal: opts.signal });
  }
}
