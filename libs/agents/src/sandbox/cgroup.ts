import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = '/sys/fs/cgroup';
const GROUP = 'recovery-bench';

export interface CgroupLimits {
  processes: number;
  memoryBytes: number;
}

/** A control group of one sandboxed run: its process and memory limits, and a census of what still runs in it. */
export interface Cgroup {
  /** The `cgroup.procs` files a process writes its pid into to join (one per hierarchy on cgroup v1). */
  procsFiles: string[];
  /** Pids still in the group. */
  pids(): number[];
  /** Kills what is left, waits until the group is empty (or `timeoutMs`), and removes it; returns the pids it killed. */
  teardown(timeoutMs?: number): Promise<number[]>;
}

/**
 * Creates the group under /sys/fs/cgroup (v2 unified, or v1's `pids` and `memory` hierarchies), or says why it
 * cannot (not root, a read-only cgroup file system, controllers missing).
 */
export function createCgroup(name: string, limits: CgroupLimits): Cgroup | { unavailable: string } {
  try {
    const dirs = existsSync(join(ROOT, 'cgroup.controllers')) ? createV2(name, limits) : createV1(name, limits);
    return cgroupOf(dirs);
  } catch (error) {
    return { unavailable: `no cgroup for process and memory limits (${(error as Error).message.split('\n')[0]})` };
  }
}

function createV2(name: string, limits: CgroupLimits): string[] {
  const parent = join(ROOT, GROUP);
  mkdirSync(parent, { recursive: true });
  writeFileSync(join(ROOT, 'cgroup.subtree_control'), '+pids +memory');
  writeFileSync(join(parent, 'cgroup.subtree_control'), '+pids +memory');
  const dir = join(parent, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'pids.max'), String(limits.processes));
  writeFileSync(join(dir, 'memory.max'), String(limits.memoryBytes));
  return [dir];
}

function createV1(name: string, limits: CgroupLimits): string[] {
  const pids = join(ROOT, 'pids', GROUP, name);
  const memory = join(ROOT, 'memory', GROUP, name);
  mkdirSync(pids, { recursive: true });
  mkdirSync(memory, { recursive: true });
  writeFileSync(join(pids, 'pids.max'), String(limits.processes));
  writeFileSync(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
  return [pids, memory];
}

function cgroupOf(dirs: string[]): Cgroup {
  const procsFiles = dirs.map((d) => join(d, 'cgroup.procs'));
  const pids = () => [...new Set(procsFiles.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map(Number)))];
  return {
    procsFiles,
    pids,
    async teardown(timeoutMs = 5_000) {
      const killed = pids();
      const deadline = Date.now() + timeoutMs;
      for (let left = killed; left.length > 0; left = pids()) {
        for (const pid of left) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone meanwhile
          }
        }
        if (Date.now() > deadline) throw new Error(`processes ${left.join(', ')} of the sandbox did not end within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const dir of dirs) rmdirSync(dir);
      return killed;
    },
  };
}
