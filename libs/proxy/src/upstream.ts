import { Agent, type Dispatcher } from 'undici';
import type { UpstreamConfig } from './config.ts';
import { ProxyError } from './errors.ts';

export type UpstreamHeaders = Record<string, string | string[] | undefined>;

/** Callbacks of one upstream exchange; exactly one of `onEnd` and `onError` ends it. */
export interface ExchangeHandler {
  onStart(status: number, headers: UpstreamHeaders): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  onError(error: Error): void;
}

/**
 * One request to the engine through undici's handler API: chunks arrive as callbacks, without a stream
 * object or an AbortSignal per call; `pause`/`resume` give backpressure, `abort` ends it from our side.
 */
export class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private abortReason: Error | null = null;
  private settled = false;

  constructor(private readonly handler: ExchangeHandler) {}

  pause(): void {
    this.controller?.pause();
  }

  resume(): void {
    this.controller?.resume();
  }

  abort(reason: Error): void {
    if (this.settled) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[]>): void {
    this.handler.onStart(status, headers);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.settled) this.handler.onData(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    this.handler.onEnd();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.handler.onError(error);
  }
}

/** Why an upstream call produced no usable answer. */
export type UpstreamFailure = 'unreachable' | 'timeout' | 'aborted' | 'bad-response';

/** The engine behind the proxy, over one keep-alive connection pool. */
export class Upstream {
  readonly origin: string;
  /** Path prefix of the engine's root (an engine mounted under a path); never ends in `/`. */
  readonly root: string;
  private readonly agent: Agent;

  constructor(config: UpstreamConfig) {
    const url = new URL(config.url);
    this.origin = url.origin;
    this.root = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.agent = new Agent({
      connections: config.connections,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      bodyTimeout: config.bodyTimeoutMs,
      connect: { timeout: config.connectTimeoutMs },
    });
  }

  /** The URL clients see in messages: where requests go. */
  get displayUrl(): string {
    return `${this.origin}${this.root}`;
  }

  /** Sends a POST whose answer arrives through `handler`. */
  exchange(path: string, body: string, headers: Record<string, string>, handler: ExchangeHandler): Exchange {
    const exchange = new Exchange(handler);
    this.agent.dispatch({ origin: this.origin, path: this.root + path, method: 'POST', headers, body }, exchange);
    return exchange;
  }

  /** A small JSON side call (token counting); a failure is an error, never a response. */
  async postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const response = await this.agent.request({
      origin: this.origin, path: this.root + path, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new ProxyError('proxy:upstream-bad-response', `${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  }

  async getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const response = await this.agent.request({ origin: this.origin, path: this.root + path, method: 'GET', signal });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new ProxyError('proxy:upstream-bad-response', `${path} answered ${response.statusCode}`);
    return JSON.parse(text) as unknown;
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  destroy(): Promise<void> {
    return this.agent.destroy();
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_DESTROYED',
]);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function classifyUpstreamError(error: unknown): UpstreamFailure {
  const code = errorCode(error);
  if (code !== undefined && TIMEOUT.has(code)) return 'timeout';
  if (code === 'UND_ERR_ABORTED' || (error instanceof Error && error.name === 'AbortError')) return 'aborted';
  if (code !== undefined && UNREACHABLE.has(code)) return 'unreachable';
  return 'bad-response';
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown }).cause;
  return cause === error ? undefined : errorCode(cause);
}
