import { RecoveryBenchError } from '@recovery-bench/errors';

/**
 * Why an engine did not start or stop cleanly. The codes are stable (`engine:what`); a start failure carries the
 * engine's last log lines and, for containers, the equivalent `docker run` line, so it can be reproduced by hand.
 */
export const ENGINE_ERROR_CODES = [
  'engine:bad-config',
  'engine:docker-unavailable',
  'engine:image-missing',
  'engine:image-pull-failed',
  'engine:gpu-unavailable',
  'engine:port-in-use',
  'engine:create-failed',
  'engine:container-exited',
  'engine:process-exited',
  'engine:spawn-failed',
  'engine:health-timeout',
  'engine:unreachable',
  'engine:aborted',
  'engine:docker-error',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

// A type alias rather than an interface, so that it fits the base class's `Record<string, unknown>` details.
export type EngineErrorDetails = {
  /** The last lines the engine wrote (stdout and stderr interleaved), oldest first. */
  lastLogLines?: readonly string[];
  /** `docker run …` that starts the same container by hand. */
  dockerRunLine?: string;
  /** The local command line of a process engine. */
  commandLine?: string;
  exitCode?: number | null;
  oomKilled?: boolean;
  signal?: string | null;
  logDir?: string;
};

/** Every code is the user's to fix or to know about: the engine did not start, or was stopped, on their machine. */
export class EngineError extends RecoveryBenchError {
  override name = 'EngineError';
  declare readonly code: EngineErrorCode;
  declare readonly details: Readonly<EngineErrorDetails>;

  constructor(code: EngineErrorCode, message: string, opts: { hint?: string; details?: EngineErrorDetails; cause?: unknown } = {}) {
    super(code, message, { ...opts, userError: true });
  }

  /** The message with the last log lines and the command that reproduces the start, as printed for a user. */
  report(): string {
    const parts = [this.message];
    const lines = this.details.lastLogLines ?? [];
    if (lines.length > 0) parts.push(`last ${lines.length} log line(s):`, ...lines.map((l) => `  | ${l}`));
    if (this.details.dockerRunLine) parts.push(`reproduce with:`, `  ${this.details.dockerRunLine}`);
    if (this.details.commandLine) parts.push(`command:`, `  ${this.details.commandLine}`);
    if (this.details.logDir) parts.push(`logs: ${this.details.logDir}`);
    return parts.join('\n');
  }
}

export function isEngineError(error: unknown, code?: EngineErrorCode): error is EngineError {
  return error instanceof EngineError && (code === undefined || error.code === code);
}

/** The abort reason as an EngineError, so callers see one error type whatever stopped the start. */
export function abortedError(signal: AbortSignal, what: string): EngineError {
  const reason = signal.reason;
  const why = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : 'aborted';
  return new EngineError('engine:aborted', `${what}: start aborted (${why})`, { cause: reason });
}
