import { spawn } from 'node:child_process';

export interface ProcessResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  wallMs: number;
}

/**
 * Runs a program in its own process group, so that a time limit or an abort ends the agent and everything it
 * started (shells, Python); output is kept in memory up to a bound.
 */
export function runProcess(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal?: AbortSignal; maxBytes?: number }): Promise<ProcessResult> {
  const maxBytes = opts.maxBytes ?? 4 * 1024 * 1024;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => void (stdout.length < maxBytes && (stdout += d)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => void (stderr.length < maxBytes && (stderr += d)));
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const onAbort = () => kill();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Leftovers of the agent (a background shell) go with it.
      kill();
      resolve({ stdout, stderr, exitCode: code, timedOut, wallMs: performance.now() - t0 });
    });
  });
}

export const tail = (text: string, chars = 4000): string => (text.length > chars ? text.slice(-chars) : text);
