import { ResponseTooLargeError } from './body.ts';
import type { Call } from './call.ts';
import { ProxyError } from './errors.ts';
import type { Overflow } from './overflow.ts';
import { sendProxyError } from './respond.ts';
import { classifyUpstreamError, type Exchange, type UpstreamHeaders } from './upstream.ts';

/** The engine's status and headers, and the exchange still delivering its body. */
export interface UpstreamAnswer {
  status: number;
  headers: UpstreamHeaders;
  exchange: Exchange;
}

/** Where the body of an answer goes once its status is known. */
export interface ResponseSink {
  data(chunk: Buffer): void;
  end(): void;
  error(error: Error): void;
}

export type AttemptResult = { kind: 'done' } | { kind: 'retry'; maxTokens: number };
export const DONE: AttemptResult = { kind: 'done' };

/** Decides on an overflow rejection: the `max_tokens` to re-send with, or null to pass it on. */
export type OverflowHandler = (overflow: Overflow) => number | null;

/** No usable answer: unreachable (502), too slow (504), broken (502), or the client left. */
export function upstreamFailed(call: Call, error: unknown): void {
  if (call.clientGone) {
    call.code = 'client_abort';
    return;
  }
  call.upstreamReady();
  const failure = error instanceof ResponseTooLargeError ? 'bad-response' : classifyUpstreamError(error);
  const message = error instanceof Error ? error.message : String(error);
  call.origin = 'proxy';
  let proxyError: ProxyError;
  if (failure === 'timeout') {
    call.code = 'timeout';
    proxyError = new ProxyError('proxy:upstream-timeout', `the engine did not answer in time: ${message}`);
  } else if (failure === 'unreachable') {
    call.code = 'engine_unavailable';
    proxyError = new ProxyError('proxy:upstream-unreachable', `the engine is unreachable: ${message}`);
  } else {
    call.code = 'engine_error';
    proxyError = new ProxyError('proxy:upstream-bad-response', `the engine's answer could not be read: ${message}`);
  }
  call.error = { message: proxyError.message, type: proxyError.type, code: proxyError.code };
  sendProxyError(call, proxyError);
}

