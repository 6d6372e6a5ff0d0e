/**
 * The base of every error recovery-bench throws on purpose. The code is stable and namespaced (`area:what`, e.g.
 * `config:invalid`, `engine:port-in-use`) so that callers, run logs and tests can tell errors apart without reading
 * messages. `userError` says whose move it is: a mistake the person running recovery-bench can fix (a bad config,
 * flag or input file, an engine that did not start) is printed by the command line as one line with its hint and
 * exit code 2; anything else is a fault of recovery-bench itself and keeps its stack trace.
 */
export interface RecoveryBenchErrorOptions {
  /** Set by each subclass from its code: true for config, usage and input mistakes and engines that did not start. */
  userError: boolean;
  /** What to do about it, printed after the message as `hint: …`. */
  hint?: string | undefined;
  /** Extra facts for the record (an HTTP status, a file and line…). */
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
}

/** The JSON form of an error, as kept in run logs and transcripts. */
export interface RecoveryBenchErrorRecord {
  code: string;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
}

export class RecoveryBenchError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly details: Readonly<Record<string, unknown>>;
  readonly userError: boolean;

  constructor(code: string, message: string, options: RecoveryBenchErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RecoveryBenchError';
    this.code = code;
    this.hint = options.hint;
    this.details = options.details ?? {};
    this.userError = options.userError;
  }

  toRecord(): RecoveryBenchErrorRecord {
    const record: RecoveryBenchErrorRecord = { code: this.code, message: this.message };
    if (this.hint !== undefined) record.hint = this.hint;
    if (Object.keys(this.details).length > 0) record.details = { ...this.details };
    return record;
  }
}

export function isRecoveryBenchError(error: unknown): error is RecoveryBenchError {
  return error instanceof RecoveryBenchError;
}
