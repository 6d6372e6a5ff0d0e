import { spawn } from 'node:child_process';
import { CliError } from './cli.ts';

/**
 * What a benchmark's `fetch` command shares: its two errors (both exit 1, under `fetch <benchmark>`), the reading of
 * git's and the network's messages, and a git step that turns them into those errors.
 */

/** The network cannot be reached: one line, exit 1. */
export class OfflineError extends CliError {
  constructor(command: string, message: string) {
    super('fetch:offline', message, { exitCode: 1, command });
    this.name = 'OfflineError';
  }
}

/** A download or git step failed for another reason: one line, exit 1. */
export class FetchError extends CliError {
  constructor(command: string, message: string) {
    super('fetch:failed', message, { exitCode: 1, command });
    this.name = 'FetchError';
  }
}

/** git's and the resolver's words for a network that cannot be reached. */
export const UNREACHABLE = /could not resolve host|unable to access|failed to connect|couldn't connect|connection (timed out|refused|reset)|network is unreachable|temporary failure in name resolution|could not read from remote|name or service not known/i;

/** The line that says what went wrong: the first matching `pattern`, else the first `fatal:`/`error:`, else the first. */
export function errorLine(text: string, pattern?: RegExp): string {
  const lines = text.trim().split('\n').filter((l) => l.trim() !== '');
  const line = (pattern && lines.find((l) => pattern.test(l))) ?? lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[0] ?? '';
  return line.replace(/^(fatal|error):\s*/, '');
}

/** Whether a git ref names a commit by its hash (7 to 40 hex digits) rather than a branch or tag. */
export function isCommitHash(ref: string): boolean {
  return /^[0-9a-f]{7,40}$/i.test(ref);
}

/** Whether `commit` (a full hash, e.g. a checkout's HEAD) is the one `hash` names: a short hash is its prefix. */
export function isCommit(commit: string, hash: string): boolean {
  return commit.toLowerCase().startsWith(hash.toLowerCase());
}

/** The host of a URL for an offline line, or the text itself when it is not a URL (a local path, a mirror). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Runs `git args…` for `command` (e.g. `fetch loudquiet`); offline or failing, it rejects with the errors above. */
export function runGit(command: string, step: string, url: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('git', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (error: NodeJS.ErrnoException) => fail(new FetchError(command, error.code === 'ENOENT' ? 'git is not installed' : `cannot run git: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return done();
      if (UNREACHABLE.test(stderr)) return fail(new OfflineError(command, `offline: cannot reach ${hostOf(url)} (${errorLine(stderr, UNREACHABLE)})`));
      fail(new FetchError(command, `git ${step} failed: ${errorLine(stderr)}`));
    });
  });
}
