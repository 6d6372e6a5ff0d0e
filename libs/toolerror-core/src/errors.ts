import { RecoveryBenchError } from '@recovery-bench/errors';

export type LayerInputErrorCode = 'layer:not-json' | 'layer:not-a-request' | 'layer:bad-option';

/** A request the layer cannot read: not JSON, or not a request of the named API surface. Always the caller's input. */
export class LayerInputError extends RecoveryBenchError {
  declare readonly code: LayerInputErrorCode;
  constructor(code: LayerInputErrorCode, message: string) {
    super(code, message, { userError: true });
    this.name = 'LayerInputError';
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireObject(value: unknown, what: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw new LayerInputError('layer:not-a-request', `${what} must be a JSON object`);
  return value;
}
