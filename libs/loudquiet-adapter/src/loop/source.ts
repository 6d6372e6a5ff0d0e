import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '@recovery-bench/harness';
import { FIXTURE_CLASS_MAP, FIXTURE_DIR, FIXTURE_REFERENCE, FIXTURE_SUITE } from '../bridge/paths.ts';
import type { BridgeLaunch } from '../bridge/protocol.ts';

/** The pinned files (spec §11): a real suite or reference that differs is reported before a run. */
export const PINNED = {
  suite: { bytes: 90_023, sha256: 'b32ebe36152861c5cf52921c4c066ae439c9a84d9bb4ddc9f40b7fb37f5a3248' },
  reference: { bytes: 40_588, sha256: 'a610f54a4c3079bd44584e7822f20240135e5a09c22656a34d46dc416ccf3ad6' },
  gorillaCommit: '6ea57973c7a6097fd7c5915698c54c17c5b1b6c8',
} as const;

/** Where a brittle-agents checkout keeps the two files. */
export const BRITTLE_SUITE = '01_environment/outputs/task_suite.json';
export const BRITTLE_REFERENCE = '02_data_collection/outputs/trajectories/reference_states.json';

export interface RealSource {
  kind: 'real';
  suite: string;
  reference: string;
  gorilla: string;
}

export type ResolvedSource = { kind: 'fixture'; suite: string; reference: string } | RealSource;

/**
 * The real data from the environment, when it is configured: `LOUDQUIET_GORILLA_DIR` (a gorilla checkout) and either
 * `LOUDQUIET_DATA_DIR` (a folder holding task_suite.json and reference_states.json) or `LOUDQUIET_BRITTLE_DIR` (a
 * brittle-agents checkout). Undefined when not all of it is set.
 */
export function realSourceFromEnv(env: NodeJS.ProcessEnv = process.env): RealSource | undefined {
  const gorilla = env.LOUDQUIET_GORILLA_DIR;
  if (!gorilla) return undefined;
  if (env.LOUDQUIET_DATA_DIR) return { kind: 'real', gorilla, suite: join(env.LOUDQUIET_DATA_DIR, 'task_suite.json'), reference: join(env.LOUDQUIET_DATA_DIR, 'reference_states.json') };
  if (env.LOUDQUIET_BRITTLE_DIR) return { kind: 'real', gorilla, suite: join(env.LOUDQUIET_BRITTLE_DIR, BRITTLE_SUITE), reference: join(env.LOUDQUIET_BRITTLE_DIR, BRITTLE_REFERENCE) };
  return undefined;
}

export function fixtureSource(): ResolvedSource {
  return { kind: 'fixture', suite: FIXTURE_SUITE, reference: FIXTURE_REFERENCE };
}

export function launchOf(source: ResolvedSource, python: string, tz: string): BridgeLaunch {
  const classes: BridgeLaunch['classes'] = source.kind === 'fixture' ? { kind: 'map', file: FIXTURE_CLASS_MAP, modulePath: FIXTURE_DIR } : { kind: 'gorilla', dir: source.gorilla };
  return { suitePath: source.suite, classes, python, tz };
}

export interface FileIdentity {
  path: string;
  bytes: number;
  sha256: string;
}

export function fileIdentity(path: string, what: string): FileIdentity {
  if (!existsSync(path) || !statSync(path).isFile()) throw new BenchError('config:invalid', `Loud/Quiet ${what} not found: ${path}`, { hint: 'set LOUDQUIET_DATA_DIR or LOUDQUIET_BRITTLE_DIR, or run `recovery-bench fetch loudquiet`' });
  const data = readFileSync(path);
  return { path, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** One line per pinned file that differs from the pinned bytes. */
export function pinWarnings(suite: FileIdentity, reference: FileIdentity): string[] {
  const out: string[] = [];
  for (const [what, id, pin] of [['task suite', suite, PINNED.suite], ['reference states', reference, PINNED.reference]] as const) {
    if (id.sha256 !== pin.sha256) out.push(`loudquiet:unpinned-data: ${id.path}: the ${what} is ${id.bytes} bytes with SHA-256 ${id.sha256.slice(0, 12)}…, not the pinned ${pin.bytes} bytes ${pin.sha256.slice(0, 12)}… (line endings converted?)`);
  }
  return out;
}
