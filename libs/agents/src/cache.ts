import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AgentSpec } from './catalog.ts';

/** `$RECOVERY_BENCH_CACHE`, else `~/.cache/recovery-bench` (agents go to its `agents/` folder). */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.RECOVERY_BENCH_CACHE;
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : join(homedir(), '.cache', 'recovery-bench');
}

/** Where one pinned agent lives: `<cache>/agents/<name>@<version>` (an npm prefix: node_modules/ inside). */
export function agentDir(cacheDir: string, spec: Pick<AgentSpec, 'name' | 'version'>): string {
  return join(cacheDir, 'agents', `${spec.name}@${spec.version}`);
}

/** Written last by an install, so a folder without it is an install that did not finish. */
export const MARKER_FILE = 'recovery-bench-agent.json';

export interface InstallMarker {
  name: string;
  package: string;
  version: string;
  installedAt: string;
  /** What `--version` printed right after the install. */
  versionOutput: string;
}
