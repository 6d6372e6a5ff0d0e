import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { formatHeader } from '@recovery-bench/toolerror-core';
import { discardRest, readRequestBody } from './body.ts';
import { Call } from './call.ts';
import { parseProxyOptions, type ProxyConfig, type ProxyOptions } from './config.ts';
import { createCounters, type ProxyCounters } from './counters.ts';
import { ENGINE_KINDS } from './engine-kinds.ts';
import { errorEnvelope, ProxyError } from './errors.ts';
import { forwardCall } from './forward.ts';
import { countTokens } from './count-tokens.ts';
import { isRecord } from './error-body.ts';
import { answerModels, MODELS_ROUTE } from './models.ts';
import { parseRequestJson, prepareCall } from './prepare.ts';
import type { ProxySurface, SurfaceRoute } from './surfaces/surface.ts';
import { MODEL_ROUTES } from './surfaces/table.ts';
import { openRecordSink } from './records.ts';
import { sendPlain, sendProxyError } from './respond.ts';
import { RetryIndex } from './retry-index.ts';
import type { ProxyRuntime } from './runtime.ts';
import { Upstream } from './upstream.ts';

export interface ProxyHandle {
  /** `http://127.0.0.1:<port>`; clients use `<url>/v1` or `<url>/runs/<runId>/v1`. */
  url: string;
  port: number;
  /** Live counts by failure code; read at any time. */
  counters: ProxyCounters;
  config: ProxyConfig;
  /** Waits for the calls in flight, then until their records are in calls.jsonl. */
  flushRecords(): Promise<void>;
  /** Stops accepting, lets calls in flight finish (up to `graceMs`), writes the last records. */
  close(graceMs?: number): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts the proxy in front of one engine (spec 1): bound to 127.0.0.1 unless `listen.host` says otherwise. */
export async function startProxy(options: ProxyOptions): Promise<ProxyHandle> {
  const config = parseProxyOptions(options);
  const kind = ENGINE_KINDS[config.upstream.engine];
  const counters = createCounters();
  const rt: ProxyRuntime = {
    config,
    kind,
    clampMode: config.clamp.mode ?? kind.clamp,
    peekFirstEvent: config.upstream.peekFirstEvent ?? kind.peekFirstEvent,
    upstream: new Upstream(config.upstream),
    counters,
    sink: await openRecordSink(config.records, counters),
    retries: new RetryIndex(),
    idleToolErrorsHeader: formatHeader({ form: config.layer.form, rules: config.layer.rules, changed: false, failures: [] }),
  };
  const inflight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const done = route(rt, req, res);
    inflight.add(done);
    void done.finally(() => inflight.delete(done));
  });
  const port = await listen(server, config.listen.host, config.listen.port);
  const close = (graceMs = 10_000): Promise<void> => shutdown(server, rt, inflight, graceMs);
  return {
    url: `http://${hostForUrl(config.listen.host)}:${port}`,
    port,
    counters,
    config,
    flushRecords: async () => {
      await Promise.allSettled([...inflight]);
      await rt.sink.flush();
    },
    close,
    [Symbol.asyncDispose]: () => close(),
  };
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

const shuttingDown = new WeakSet<Server>();

async function shutdown(server: Server, rt: ProxyRuntime, inflight: Set<Promise<void>>, graceMs: number): Promise<void> {
  if (shuttingDown.has(server)) return;
  shuttingDown.add(server);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([Promise.allSettled([...inflight]), grace]);
  server.closeAllConnections();
  await Promise.allSettled([...inflight]);
  await closed;
  await rt.sink.close();
  await rt.upstream.destroy();
}

async function route(rt: ProxyRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const path = (req.url ?? '/').split('?', 1)[0]!;
  for (const { pattern, surface, route: modelRoute } of MODEL_ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (req.method === 'POST') return handleChat(rt, req, res, match[1] ?? null, path, surface, modelRoute);
    return answerSimple(res, started, new ProxyError('proxy:method-not-allowed', `${req.method} ${path}: use POST`), { allow: 'POST' });
  }
  const models = MODELS_ROUTE.exec(path);
  if (req.method === 'GET' && models) {
    const answer = await answerModels(rt, models[1], req.headers);
    return answerSimple(res, started, answer.body, { 'x-proxy-models-source': answer.source }, answer.status);
  }
  if (req.method === 'GET' && path === '/health') return answerSimple(res, started, { status: 'ok', upstream: rt.upstream.displayUrl });
  return answerSimple(res, started, new ProxyError('proxy:not-found', `no route for ${req.method} ${path}`));
}

function answerSimple(res: ServerResponse, started: number, body: unknown, extra: Record<string, string> = {}, status = 200): void {
  const headers = {
    'x-proxy-request-id': randomUUID(),
    'x-proxy-overhead-duration-ms': (performance.now() - started).toFixed(3),
    'x-proxy-count-duration-ms': '0.000',
    'x-proxy-clamp-retries': '0',
    ...extra,
  };
  if (body instanceof ProxyError) sendPlain(res, body.status, errorEnvelope(body), headers);
  else sendPlain(res, status, body, headers);
  // A body sent with GET or to an unknown route is not read; it must not hold the connection.
  res.req.resume();
}

async function handleChat(
  rt: ProxyRuntime, req: IncomingMessage, res: ServerResponse, runId: string | null, path: string, surface: ProxySurface, modelRoute: SurfaceRoute,
): Promise<void> {
  rt.counters.requests++;
  const call = new Call(rt, req, res, runId, path, surface);
  call.countOnly = modelRoute.action === 'count';
  try {
    await runChat(rt, call, modelRoute);
  } catch (error) {
    const rejection = asRejection(error);
    if (rejection) {
      call.rejected(rejection);
      sendProxyError(call, rejection);
    } else {
      internalError(rt, call, error);
    }
  } finally {
    // The record is built once the answer has gone out, off the client's critical path.
    await new Promise(setImmediate);
    call.finish();
  }
}

async function runChat(rt: ProxyRuntime, call: Call, modelRoute: SurfaceRoute): Promise<void> {
  const { limits } = rt.config;
  const body = await readRequestBody(call.req, limits.maxBodyBytes);
  if (body.kind === 'aborted') {
    call.gone();
    return;
  }
  if (body.kind === 'too-large') {
    discardRest(call.req, limits.drainMs);
    throw new ProxyError('proxy:body-too-large', `request body exceeds the limit of ${limits.maxBodyBytes} bytes`);
  }
  call.received(body.body);
  const text = body.body.toString('utf8');
  let json: unknown;
  try {
    json = parseRequestJson(text);
  } finally {
    call.keepRequestBody(text, json !== undefined);
  }
  if (call.surface.writer && isRecord(json)) {
    // What the surface's answers echo.
    call.surfaceRequest = json;
    if (typeof json.model === 'string') call.requestedModel = json.model;
  }
  call.prepared = prepareCall(json, call.surface, modelRoute, { config: rt.config, kind: rt.kind, userAgent: call.userAgent });
  if (call.countOnly) {
    await countTokens(rt, call);
    return;
  }
  const { rejection } = call.prepared;
  if (rejection) {
    // A template that allows one call per turn would fail the same way; counted as that failure.
    Object.assign(call, { code: 'template_error', origin: 'proxy', error: { message: rejection.message, type: rejection.type, code: rejection.code } });
    sendProxyError(call, rejection);
    return;
  }
  await forwardCall(rt, call);
}

/** Input the proxy refuses; a stack overflow here can only come from hostile nesting in the body. */
function asRejection(error: unknown): ProxyError | null {
  if (error instanceof ProxyError) return error;
  if (error instanceof RangeError) return new ProxyError('proxy:invalid-request', `the request cannot be processed: ${error.message}`);
  return null;
}

function internalError(rt: ProxyRuntime, call: Call, error: unknown): void {
  rt.counters.internalErrors++;
  const message = error instanceof Error ? error.message : String(error);
  Object.assign(call, { origin: 'proxy', code: 'engine_error', error: { message, type: 'server_error', code: 'proxy:internal' } });
  process.emitWarning(`recovery-bench proxy: internal error on ${call.id}: ${error instanceof Error ? (error.stack ?? message) : message}`);
  sendProxyError(call, new ProxyError('proxy:internal', `internal proxy error (${call.id})`));
}
