import { spawn } from 'node:child_process';

/**
 * The sandbox a benchmark runs a model-driven program in (a coding agent and everything it starts). A benchmark
 * chooses the policy, never the mechanism: the suite lends it a sandbox through its services (`bwrap`, `docker`, or
 * `none` when the user asked for none), and the sandbox owns the process from start to teardown.
 */
export const SANDBOX_KINDS = ['auto', 'bwrap', 'docker', 'none'] as const;
export type SandboxKind = (typeof SANDBOX_KINDS)[number];

export interface SandboxPolicy {
  /** The one folder the program works in: writable. */
  workspace: string;
  /** Further folders of the run's own (its home, its settings): writable. */
  writable: readonly string[];
  /** What the program needs to run (its installation, its interpreters): read-only. */
  readOnly: readonly string[];
  /**
   * Commands that must mean these programs wherever they are looked up, a login shell that resets PATH included:
   * the sandbox puts the command line in place of the system's own (`python3` → the testbed's interpreter).
   */
  commands?: Readonly<Record<string, readonly string[]>>;
  /** The TCP ports of 127.0.0.1 it may connect to (the proxy, a data service); nothing else on the network. */
  allowPorts: readonly number[];
  limits: {
    /** Processes and threads at once. */
    processes: number;
    memoryBytes: number;
  };
}

export interface SandboxRunOptions extends SuperviseOptions {
  policy: SandboxPolicy;
}

export interface SandboxResult extends Supervised {
  /**
   * Processes of the program still alive when it ended and that the sandbox then killed (detached ones included):
   * counted before the teardown, so a caller knows nothing of the program outlives `run`.
   */
  leftovers: number;
}

export interface Sandbox {
  /** The mechanism that runs (`none`: no isolation, the program's process group only). */
  kind: Exclude<SandboxKind, 'auto'>;
  /** The mechanism's version (`bwrap --version`, Docker's), for the run record; null for `none`. */
  version: string | null;
  /** What isolates and what does not, in a few words, for the report. */
  description: string;
  run(command: string, args: readonly string[], options: SandboxRunOptions): Promise<SandboxResult>;
}

/** What `supervise` returns. */
export interface Supervised {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  wallMs: number;
}

export interface SuperviseOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Output kept per stream (default 4 MiB). */
  maxBytes?: number;
}

/**
 * Runs a program in its own process group and collects its output up to a bound; a time limit or an abort kills
 * the whole group, and so does the program's end (a shell it left in the background goes with it).
 */
export function supervise(command: string, args: readonly string[], opts: SuperviseOptions): Promise<Supervised> {
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
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('close', (code) => {
      done();
      kill();
      resolve({ stdout, stderr, exitCode: code, timedOut, wallMs: performance.now() - t0 });
    });
  });
}

/**
 * No isolation, chosen explicitly (`--sandbox none`): the program runs as the harness's user with its files and
 * network in reach; only its process group is ended with it, and a process it detached (`setsid`) escapes that.
 */
export const noneSandbox: Sandbox = {
  kind: 'none',
  version: null,
  description: 'none: the agents ran unsandboxed, as the harness\'s user, with its files and the whole network in reach',
  run: async (command, args, options) => ({ ...(await supervise(command, args, options)), leftovers: 0 }),
};
