/** Stable codes for everything the sim rejects before it serves (bad profile, script or option). */
export type SimErrorCode = 'sim:unknown-profile' | 'sim:invalid-profile' | 'sim:invalid-script' | 'sim:invalid-quirks' | 'sim:bad-option';

export class SimConfigError extends Error {
  override name = 'SimConfigError';
  readonly code: SimErrorCode;
  constructor(code: SimErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
