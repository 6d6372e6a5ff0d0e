import { RecoveryBenchError } from '@recovery-bench/errors';

/**
 * Errors the proxy itself answers with. Each code has one status and one OpenAI-style `type`, so a client can
 * tell the proxy's answers from the engine's (engine errors pass through with the engine's own body).
 */
export const PROXY_ERRORS = {
  'proxy:malformed-json': { status: 400, type: 'invalid_request_error' },
  'proxy:invalid-request': { status: 400, type: 'invalid_request_error' },
  'proxy:unsupported': { status: 400, type: 'invalid_request_error' },
  'proxy:multi-call-history': { status: 400, type: 'invalid_request_error' },
  'proxy:body-too-large': { status: 413, type: 'invalid_request_error' },
  'proxy:not-found': { status: 404, type: 'not_found_error' },
  'proxy:method-not-allowed': { status: 405, type: 'invalid_request_error' },
  'proxy:upstream-unreachable': { status: 502, type: 'upstream_error' },
  'proxy:upstream-bad-response': { status: 502, type: 'upstream_error' },
  'proxy:upstream-timeout': { status: 504, type: 'upstream_error' },
  'proxy:internal': { status: 500, type: 'server_error' },
} as const;

export type ProxyErrorCode = keyof typeof PROXY_ERRORS;

/** A client's bad request and an engine that cannot be reached are the user's to fix; `proxy:internal` is ours. */
export class ProxyError extends RecoveryBenchError {
  override name = 'ProxyError';
  declare readonly code: ProxyErrorCode;
  constructor(code: ProxyErrorCode, message: string) {
    super(code, message, { userError: code !== 'proxy:internal' });
  }
  get status(): number {
    return PROXY_ERRORS[this.code].status;
  }
  get type(): string {
    return PROXY_ERRORS[this.code].type;
  }
}

/** Invalid options given to `startProxy`: a user mistake, reported with every problem at once. */
export class ProxyConfigError extends RecoveryBenchError {
  override name = 'ProxyConfigError';
  declare readonly code: 'proxy:bad-config';
  constructor(message: string) {
    super('proxy:bad-config', message, { userError: true });
  }
}

export interface ErrorEnvelope {
  error: { message: string; type: string; code: string };
}

export function errorEnvelope(error: ProxyError): ErrorEnvelope {
  return { error: { message: error.message, type: error.type, code: error.code } };
}
