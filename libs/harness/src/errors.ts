import { RecoveryBenchError } from '@recovery-bench/errors';

/**
 * Errors with stable codes (`area:what`). A user mistake is reported as one line with a hint; an error inside
 * one sample is recorded in that sample and the run goes on.
 */
export const BENCH_ERROR_CODES = [
  'config:invalid',
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

/** Every code but `internal` is the user's to fix: a bad config or task, an engine or model that failed them. */
export class BenchError extends RecoveryBenchError {
  declare readonly code: BenchErrorCode;

  constructor(code: BenchErrorCode, message: string, opts: { hint?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(code, message, { ...opts, userError: code !== 'internal' });
    this.name = 'BenchError';
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
