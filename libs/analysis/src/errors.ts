import { RecoveryBenchError } from '@recovery-bench/errors';

/**
 * The one error this library throws: a caller handed it data it cannot analyse. The code is stable so the report
 * can print one line with the hint instead of a stack trace.
 */
export type AnalysisErrorCode = 'analysis:invalid-input' | 'analysis:invalid-spec';

/** Both codes are the user's to fix: the data or the contrast spec came from their run directories and config. */
export class AnalysisError extends RecoveryBenchError {
  declare readonly code: AnalysisErrorCode;

  constructor(code: AnalysisErrorCode, message: string) {
    super(code, message, { userError: true });
    this.name = 'AnalysisError';
  }
}

export function invalidInput(message: string): AnalysisError {
  return new AnalysisError('analysis:invalid-input', message);
}

export function invalidSpec(message: string): AnalysisError {
  return new AnalysisError('analysis:invalid-spec', message);
}

export function assertLevel(level: number, what = 'level'): void {
  if (!(Number.isFinite(level) && level > 0 && level < 1)) throw invalidInput(`${what} must lie strictly between 0 and 1, got ${level}`);
}

export function assertResamples(resamples: number): void {
  // The upper bound keeps one typo (1e9) from freezing a report for hours.
  if (!(Number.isInteger(resamples) && resamples >= 1 && resamples <= 10_000_000)) {
    throw invalidInput(`resamples must be an integer from 1 to 10,000,000, got ${resamples}`);
  }
}
