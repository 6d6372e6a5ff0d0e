import { validateHeaderName, validateHeaderValue, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Call } from './call.ts';
import type { FailureCode } from './classify.ts';
import type { ProxyError } from './errors.ts';

/** Never copied from the upstream answer: hop-by-hop, recomputed, or the proxy's own. */
const NOT_COPIED = new Set([
  'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate', 'proxy-connection',
  'content-length', 'x-should-retry', 'x-geulpu-tool-errors', 'x-proxy-request-id', 'x-proxy-overhead-duration-ms',
  'x-proxy-count-duration-ms', 'x-proxy-clamp-retries', 'date',
]);

/** The engine's headers the client should see (content type, `retry-after*`, engine-specific ones). */
export function copiedHeaders(upstream: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of Object.keys(upstream)) {
    const value = upstream[name];
    if (value !== undefined && !NOT_COPIED.has(name) && writable(name, value)) out[name] = value;
  }
  return out;
}

/** Node refuses to write some headers an engine may send; those are dropped rather than failing the answer. */
function writable(name: string, value: string | string[]): boolean {
  try {
    validateHeaderName(name);
    for (const v of Array.isArray(value) ? value : [value]) validateHeaderValue(name, v);
    return true;
  } catch {
    return false;
  }
}

/** The engine's `X-GeulPU-Tool-Errors`, if it sent one. */
export function engineToolErrorsHeader(upstream: Record<string, string | string[] | undefined>): string | null {
  const raw = upstream['x-geulpu-tool-errors'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value !== undefined && writable('x-geulpu-tool-errors', value) ? value : null;
}

const NEVER_RETRY: ReadonlySet<FailureCode> = new Set([
  'tool_parse_error', 'tool_args_invalid', 'history_args_invalid', 'template_error', 'context_overflow', 'prompt_too_long', 'bad_request',
]);

/**
 * `x-should-retry` (only with `clientRetryHint`): SDKs retry every 5xx, but a deterministic engine gives the
 * same failure to the same request, so those retries only repeat it.
 */
export function retryHint(code: FailureCode): string | null {
  if (NEVER_RETRY.has(code)) return 'false';
  if (code === 'engine_unavailable' || code === 'timeout') return 'true';
  return null;
}

export function writeHead(call: Call, status: number, headers: Record<string, string | string[]>): void {
  call.status = status;
  Object.assign(headers, call.proxyHeaders());
  call.res.writeHead(status, headers);
}

export function sendJson(call: Call, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  writeHead(call, status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...extra });
  call.res.end(text);
}

/** The proxy's own error answer, `{"error":{"message","type","code"}}`. */
export function sendProxyError(call: Call, error: ProxyError, extra: Record<string, string> = {}): void {
  if (call.res.headersSent) {
    call.cutByProxy = true;
    call.res.destroy();
    return;
  }
  if (call.res.destroyed) return;
  sendJson(call, error.status, call.surface.errorBody({ status: error.status, message: error.message, type: error.type, code: error.code }), extra);
}

/** Answers outside a chat call (health, models, unknown routes). */
export function sendPlain(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
