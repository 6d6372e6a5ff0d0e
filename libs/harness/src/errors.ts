/**
 * Errors with stable codes (`area:what`). A user mistake is reported as one line with a hint; an error inside
 * one sample is recorded in that sample and the run goes on.
 */
export const BENCH_ERROR_CODES = [
  'config:invalid',
  'usage:invalid',
  'task:invalid',
  'task:unsupported',
  'model:http',
  'model:unreachable',
  'model:timeout',
  'model:bad-response',
  'model:aborted',
  'tool:infra',
  'engine:start-failed',
  'runlog:corrupt',
  'runlog:mismatch',
  'run:aborted',
  'internal',
] as const;
export type BenchErrorCode = (typeof BENCH_ERROR_CODES)[number];

export class BenchError extends Error {
  readonly code: BenchErrorCode;
  readonly hint: string | undefined;
  /** Extra facts for the record (an HTTP status, a file and line…). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: BenchErrorCode, message: string, opts: { hint?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'BenchError';
    this.code = code;
    this.hint = opts.hint;
    this.details = opts.details ?? {};
  }

  /** The JSON form kept in run logs and transcripts. */
  toRecord(): { code: BenchErrorCode; message: string; details?: Record<string, unknown> } {
    return Object.keys(this.details).length > 0 ? { code: this.code, message: this.message, details: { ...this.details } } : { code: this.code, message: this.message };
  }
}

export function isBenchError(error: unknown, code?: BenchErrorCode): error is BenchError {
  return error instanceof BenchError && (code === undefined || error.code === code);
}

/** Any thrown value as a BenchError, keeping a BenchError as it is. */
export function asBenchError(error: unknown): BenchError {
  if (error instanceof BenchError) return error;
  if (error instanceof Error && error.name === 'AbortError') return new BenchError('run:aborted', error.message, { cause: error });
  return new BenchError('internal', error instanceof Error ? error.message : String(error), { cause: error });
}
