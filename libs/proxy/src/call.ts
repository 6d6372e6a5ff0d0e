import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HEADER_NAME } from '@recovery-bench/toolerror-core';
import type { FailureCode } from './classify.ts';
import type { Clamp } from './clamp.ts';
import { countAttempt, countRejection, nonZero } from './counters.ts';
import type { EngineError } from './error-body.ts';
import type { ProxyError } from './errors.ts';
import type { PreparedCall } from './prepare.ts';
import type { ProxySurface, SurfaceEcho } from './surfaces/surface.ts';
import { CALLS_FORMAT, type CallRecord } from './record-format.ts';
import { redactHeaders, serializeRecord, type RecordBodies, type RecordBody, type RecordFields } from './records.ts';
import type { ProxyRuntime } from './runtime.ts';

const round = (ms: number): number => Math.round(ms * 1000) / 1000;

/** One chat request from arrival to its record: timings, outcome and the bodies to log. */
export class Call {
  readonly id = randomUUID();
  readonly startedAt = new Date();
  readonly attempt: number;
  readonly userAgent: string | undefined;
  bodyHash: string | null = null;
  retryOf: string | null = null;
  prepared: PreparedCall | null = null;
  clamp: Clamp | null = null;
  clampRetries = 0;
  status = 0;
  upstreamStatus: number | null = null;
  code: FailureCode = 'ok';
  origin: 'engine' | 'proxy' = 'engine';
  error: EngineError | null = null;
  rejectedAs: ProxyError | null = null;
  usage: unknown = null;
  engineHeader: string | null = null;
  bodies: RecordBodies = { request: null, forwarded: null, response: null };
  requestClipped = false;
  clientGone = false;
  /** Set before the proxy itself cuts the client's connection, so that it is not taken for the client leaving. */
  cutByProxy = false;
  private readonly t0 = performance.now();
  private bodyDoneAt: number | null = null;
  private dispatchedAt: number | null = null;
  private readyAt: number | null = null;
  private overheadMs = 0;
  countMs = 0;
  /** The engine's rendering of the forwarded prompt (`records.rendered`). */
  rendered: CallRecord['rendered'] = undefined;
  upstreamMs: number | null = null;
  firstByteMs: number | null = null;
  private finished = false;
  private readonly goneHandlers: (() => void)[] = [];

  /** The model name the client asked for, echoed in a surface's answers. */
  requestedModel = '';
  /** A count_tokens call: recorded, but no attempt at the engine's model is counted. */
  countOnly = false;

  constructor(
    private readonly rt: ProxyRuntime,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly runId: string | null,
    readonly route: string,
    /** The API the client speaks (the engine always gets Chat Completions). */
    readonly surface: ProxySurface,
  ) {
    this.attempt = retryCount(req.headers['x-stainless-retry-count']);
    this.userAgent = req.headers['user-agent'];
    res.once('close', () => {
      if (!res.writableFinished && !this.cutByProxy) this.gone();
    });
  }

  /** Runs `fn` when the client leaves before its answer is complete (at once if it already has). */
  whenGone(fn: () => void): void {
    if (this.clientGone) fn();
    else this.goneHandlers.push(fn);
  }

  gone(): void {
    if (this.clientGone) return;
    this.clientGone = true;
    for (const fn of this.goneHandlers.splice(0)) fn();
  }

  /** The body arrived: hash it, find the attempt it repeats, keep it for the record. */
  received(raw: Buffer): void {
    this.bodyDoneAt = performance.now();
    this.bodyHash = createHash('sha256').update(raw).digest('hex').slice(0, 32);
    const previous = this.rt.retries.remember(this.runId, this.bodyHash, this.id);
    if (this.attempt > 0) this.retryOf = previous;
  }

  keepRequestBody(text: string, isJson: boolean): void {
    if (!this.rt.config.records.bodies) return;
    if (isJson) {
      this.bodies.request = { json: text };
      return;
    }
    const max = this.rt.config.records.maxTextChars;
    this.requestClipped = text.length > max;
    this.bodies.request = { value: this.requestClipped ? text.slice(0, max) : text };
  }

  keepBody(which: 'forwarded' | 'response', body: RecordBody): void {
    if (this.rt.config.records.bodies) this.bodies[which] = body;
  }

  /** Just before a request goes upstream; the time since the body arrived is the proxy's, counting aside. */
  dispatching(): void {
    const now = performance.now();
    if (this.dispatchedAt === null) this.overheadMs += now - (this.bodyDoneAt ?? this.t0) - this.countMs;
    this.dispatchedAt = now;
  }

  /** The upstream answer is in hand (headers, or the whole body when buffered). */
  upstreamReady(): void {
    this.readyAt = performance.now();
    if (this.dispatchedAt !== null) this.upstreamMs = this.readyAt - this.dispatchedAt;
  }

  firstByte(): void {
    if (this.firstByteMs === null && this.dispatchedAt !== null) this.firstByteMs = performance.now() - this.dispatchedAt;
  }

  /** Ids and the echoed model for a surface's answer. */
  echo(): SurfaceEcho {
    return { id: this.id.replaceAll('-', ''), model: this.requestedModel, createdAt: Math.floor(this.startedAt.getTime() / 1000), request: this.surfaceRequest ?? {} };
  }

  /** The surface request as received (parsed), for what a Responses answer echoes. */
  surfaceRequest: Record<string, unknown> | null = null;

  /** The proxy's own headers, computed at the moment the client's headers are written. */
  proxyHeaders(): Record<string, string> {
    const now = performance.now();
    const overhead = this.overheadMs + (this.readyAt === null ? now - (this.bodyDoneAt ?? this.t0) : now - this.readyAt);
    this.overheadMs = overhead;
    this.readyAt = now;
    const headers: Record<string, string> = {
      'x-proxy-request-id': this.id,
      'x-proxy-overhead-duration-ms': overhead.toFixed(3),
      'x-proxy-count-duration-ms': this.countMs.toFixed(3),
      'x-proxy-clamp-retries': String(this.clampRetries),
    };
    const toolErrors = this.toolErrorsHeader();
    if (toolErrors !== null) headers[HEADER_NAME] = toolErrors;
    return headers;
  }

  /** Ours, or the engine's in engine-layer mode; before the layer ran, the configured form with nothing found. */
  toolErrorsHeader(): string | null {
    if (this.rt.config.layer.engineLayer) return this.engineHeader;
    return this.prepared?.layer.header ?? this.rt.idleToolErrorsHeader;
  }

  /** The proxy refused the request before any engine saw it. */
  rejected(error: ProxyError): void {
    this.rejectedAs = error;
    this.origin = 'proxy';
    this.code = 'bad_request';
    this.error = { message: error.message, type: error.type, code: error.code };
  }

  /** Writes the record and counts the outcome; once per call, whatever happened. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.clientGone) this.code = 'client_abort';
    const { counters } = this.rt;
    if (this.rejectedAs) countRejection(counters, this.rejectedAs.code);
    else if (!this.countOnly) countAttempt(counters, this.code, this.attempt > 0, (this.prepared?.side ?? null) !== null);
    if (this.rt.sink.enabled) this.rt.sink.write(serializeRecord(this.recordFields(), this.bodies));
  }

  private recordFields(): RecordFields {
    const p = this.prepared;
    const { layer } = this.rt.config;
    return {
      format: CALLS_FORMAT,
      id: this.id,
      runId: this.runId,
      attempt: this.attempt,
      retryOf: this.retryOf,
      bodyHash: this.bodyHash,
      startedAt: this.startedAt.toISOString(),
      route: this.route,
      surface: this.surface.id,
      userAgent: this.userAgent ?? null,
      headers: redactHeaders(this.req.headers),
      stream: p ? p.stream : null,
      side: p ? p.side : null,
      status: this.status,
      upstreamStatus: this.upstreamStatus,
      code: this.code,
      origin: this.origin,
      error: this.error ? { message: this.error.message, type: this.error.type, code: this.error.code } : null,
      layer: {
        mode: layer.engineLayer ? ('engine' as const) : ('proxy' as const),
        form: p ? p.layer.form : layer.form,
        rules: layer.rules,
        changed: p ? p.layer.changed : false,
        header: this.toolErrorsHeader(),
        engineHeader: this.engineHeader,
      },
      detections: p ? p.layer.detections : [],
      clamp: this.clamp ? this.clamp.record : null,
      ...(this.rendered ? { rendered: this.rendered } : {}),
      flags: {
        historyBadArguments: p?.flags.historyBadArguments ?? false,
        multiCallHistory: p?.flags.multiCallHistory ?? false,
        nonTextContent: p?.flags.nonTextContent ?? false,
        repairedArguments: p?.repaired ?? [],
      },
      dropped: p ? p.dropped : { fields: [], messageFields: [] },
      originals: p ? p.originals : {},
      usage: this.usage,
      timings: {
        bodyMs: round((this.bodyDoneAt ?? this.t0) - this.t0),
        overheadMs: round(this.overheadMs),
        countMs: round(this.countMs),
        upstreamMs: this.upstreamMs === null ? null : round(this.upstreamMs),
        firstByteMs: this.firstByteMs === null ? null : round(this.firstByteMs),
        totalMs: round(performance.now() - this.t0),
      },
      counts: nonZero(this.rt.counters.attempts),
      requestClipped: this.requestClipped,
    };
  }
}

function retryCount(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,6}$/.test(value)) return 0;
  return Number(value);
}
