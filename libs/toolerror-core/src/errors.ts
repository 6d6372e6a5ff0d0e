/** A request the layer cannot read: not JSON, or not a request of the named API surface. */
export class LayerInputError extends Error {
  readonly code: string;
  constructor(code: 'layer:not-json' | 'layer:not-a-request' | 'layer:bad-option', message: string) {
    super(message);
    this.name = 'LayerInputError';
    this.code = code;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requireObject(value: unknown, what: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw new LayerInputError('layer:not-a-request', `${what} must be a JSON object`);
  return value;
}
