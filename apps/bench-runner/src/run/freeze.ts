import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BenchError } from '@recovery-bench/harness';
import type { RunConfig } from '../config/schema.ts';
import { configHash, gitIdentity } from './run-dir.ts';

export const FREEZE_FORMAT = 'recovery-bench/freeze@1';

export interface HashedPath {
  path: string;
  sha256: string;
  files: number;
}

/** A study's registration record: hashes of its config, stimuli and code, taken before data collection. */
export interface FreezeRecord {
  format: typeof FREEZE_FORMAT;
  createdAt: string;
  config: { source: string; configHash: string; fileSha256: string | null };
  stimuli: HashedPath[];
  code: { gitSha: string | null; dirty: boolean | null; trackedFilesSha256: string; files: number };
}

/** SHA-256 over a file, or over a folder's files in code-point order of their relative paths (path, NUL, bytes). */
export function hashPath(path: string): HashedPath {
  const root = resolve(path);
  let stat;
  try {
    stat = statSync(root);
  } catch {
    throw new BenchError('config:invalid', `cannot hash ${path}: no such file or folder`);
  }
  if (stat.isFile()) return { path, sha256: createHash('sha256').update(readFileSync(root)).digest('hex'), files: 1 };
  const files = listFiles(root).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of files) hash.update(relative(root, file)).update('\u0000').update(readFileSync(file));
  return { path, sha256: hash.digest('hex'), files: files.length };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '.git' ? [] : listFiles(path);
    return entry.isFile() ? [path] : [];
  });
}

/** The code version: git HEAD, and a hash of every tracked file as it is in the work tree (so edits show). */
export function hashCode(repoRoot: string): FreezeRecord['code'] {
  const { sha, dirty } = gitIdentity(repoRoot);
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, maxBuffer: 64 << 20 }).toString('utf8').split('\u0000').filter(Boolean).sort();
  } catch {
    throw new BenchError('config:invalid', `${repoRoot} is not a git checkout: cannot record the code version`);
  }
  const hash = createHash('sha256');
  let count = 0;
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(repoRoot, file));
    } catch {
      bytes = Buffer.from('\u0000deleted');
    }
    hash.update(file).update('\u0000').update(bytes);
    count++;
  }
  return { gitSha: sha, dirty, trackedFilesSha256: hash.digest('hex'), files: count };
}

export function freeze(config: RunConfig, source: { label: string; file?: string }, stimuli: readonly string[], repoRoot: string): FreezeRecord {
  return {
    format: FREEZE_FORMAT,
    createdAt: new Date().toISOString(),
    config: { source: source.label, configHash: configHash(config), fileSha256: source.file ? hashPath(source.file).sha256 : null },
    stimuli: stimuli.map(hashPath),
    code: hashCode(repoRoot),
  };
}

export interface VerifyLine {
  what: string;
  ok: boolean;
  detail: string;
}

/** Recomputes every hash of a freeze record; each line says what matched and what changed. */
export function verify(record: FreezeRecord, config: RunConfig, configFile: string | undefined, repoRoot: string): VerifyLine[] {
  const lines: VerifyLine[] = [];
  const same = (what: string, then: string | null, now: string | null) => lines.push({ what, ok: then === now, detail: then === now ? (now ?? 'none') : `was ${then ?? 'none'}, now ${now ?? 'none'}` });
  same(`config ${record.config.source} (canonical)`, record.config.configHash, configHash(config));
  if (record.config.fileSha256 !== null) same(`config file ${configFile ?? record.config.source}`, record.config.fileSha256, configFile ? hashPath(configFile).sha256 : null);
  for (const s of record.stimuli) {
    let now: string | null = null;
    try {
      now = hashPath(s.path).sha256;
    } catch {
      now = null;
    }
    same(`stimuli ${s.path}`, s.sha256, now);
  }
  const code = hashCode(repoRoot);
  same('code (tracked files)', record.code.trackedFilesSha256, code.trackedFilesSha256);
  lines.push({ what: 'code (git HEAD)', ok: true, detail: `${record.code.gitSha ?? 'none'} then, ${code.gitSha ?? 'none'} now (informative: the tracked-files hash decides)` });
  return lines;
}
