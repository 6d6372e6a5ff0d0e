import { RecoveryBenchError } from '@recovery-bench/errors';

/** Stable codes for everything the sim rejects before it serves (bad profile, script or option). */
export type SimErrorCode = 'sim:unknown-profile' | 'sim:invalid-profile' | 'sim:invalid-script' | 'sim:invalid-quirks' | 'sim:bad-option';

/** Always the user's to fix: the profile, script, quirks or option they gave. */
export class SimConfigError extends RecoveryBenchError {
  override name = 'SimConfigError';
  declare readonly code: SimErrorCode;
  constructor(code: SimErrorCode, message: string) {
    super(code, message, { userError: true });
  }
}
