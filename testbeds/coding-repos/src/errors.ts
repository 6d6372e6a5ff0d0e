import { RecoveryBenchError } from '@recovery-bench/errors';

export type CodingErrorCode = 'coding:missing-python' | 'coding:missing-pytest' | 'coding:missing-agent' | 'coding:unknown-agent' | 'coding:agent-failed' | 'coding:bad-solution';

/** What the testbed cannot do without the user's help (a missing tool) or its own data being wrong. */
export class CodingError extends RecoveryBenchError {
  declare readonly code: CodingErrorCode;

  constructor(code: CodingErrorCode, message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(code, message, { ...opts, userError: code !== 'coding:bad-solution' });
    this.name = 'CodingError';
  }
}
