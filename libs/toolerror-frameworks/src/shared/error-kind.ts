import type { ActionableKind } from '@recovery-bench/toolerror-core';

/** HTTP statuses whose failure the same request is expected to outlive. */
const TRANSIENT_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** HTTP statuses no retry and no change of arguments will turn around. */
const UNRECOVERABLE_STATUS = new Set([401, 402, 403]);
/** Node's network error codes of a connection that may work a moment later. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/**
 * Error classes that say the arguments failed a schema: zod's, the AI SDK's, LangChain's and Agents JS's own
 * argument checks, and the standard `TypeError`'s cousin from JSON parsing of arguments.
 */
const SCHEMA_ERROR_NAMES = new Set([
  'ZodError',
  'AI_InvalidToolInputError',
  'AI_TypeValidationError',
  'AI_NoSuchToolError',
  'ToolInputParsingException',
  'ToolInvocationError',
  'InvalidToolInputError',
]);

/** How a kind was read off an error object; `rule` names it in detections and the header. */
export interface ErrorKind {
  kind: ActionableKind;
  /** `error-status` (an HTTP status), `error-code` (a network code) or `error-schema` (an argument check). */
  rule: 'error-status' | 'error-code' | 'error-schema';
}

/**
 * The kind of a thrown error, read from the object itself before any rule reads its text: an HTTP `status`
 * (`status`, `statusCode`, `response.status`) of 408/425/429/5xx is transient and 401/402/403 unrecoverable; a
 * network code (ECONNRESET, ETIMEDOUT, …) is transient; a schema-validation error is fixable. What caused it is read
 * too (`errorChain`); anything else is left to the rules (`undefined`).
 */
export function kindOfError(error: unknown): ErrorKind | undefined {
  for (const e of errorChain(error)) {
    const found = ownKind(e);
    if (found) return found;
  }
  return undefined;
}

/**
 * An error and what caused it, five deep: `originalError` (as Agents JS names the error its own wraps), else
 * `cause`. Nothing for a value that is not an object.
 */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const record = current as Record<string, unknown>;
    yield record;
    current = record.originalError ?? record.cause;
  }
}

function ownKind(error: Record<string, unknown>): ErrorKind | undefined {
  const status = httpStatus(error);
  if (status !== undefined) {
    if (TRANSIENT_STATUS.has(status) || (status > 500 && status < 600)) return { kind: 'transient', rule: 'error-status' };
    if (UNRECOVERABLE_STATUS.has(status)) return { kind: 'unrecoverable', rule: 'error-status' };
  }
  if (typeof error.code === 'string' && TRANSIENT_CODES.has(error.code)) return { kind: 'transient', rule: 'error-code' };
  // Some classes keep `Error` as their `name` (LangChain's ToolInputParsingException and ToolInvocationError): the
  // constructor's name says what they are.
  const names = [error.name, (error.constructor as { name?: unknown } | undefined)?.name];
  if (names.some((n) => typeof n === 'string' && SCHEMA_ERROR_NAMES.has(n))) return { kind: 'fixable', rule: 'error-schema' };
  return undefined;
}

/** The HTTP status an error object states (`status`, `statusCode`, `response.status`): an integer in 100–599. */
export function httpStatus(error: Record<string, unknown>): number | undefined {
  for (const value of [error.status, error.statusCode, (error.response as Record<string, unknown> | undefined)?.status]) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599) return value;
  }
  return undefined;
}
