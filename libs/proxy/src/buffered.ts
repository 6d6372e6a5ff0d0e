import { ResponseTooLargeError } from './body.ts';
import type { Call } from './call.ts';
import { classifyResponse, type JsonAnswer } from './classify.ts';
import { DONE, upstreamFailed, type AttemptResult, type OverflowHandler, type ResponseSink, type UpstreamAnswer } from './outcome.ts';
import { parseOverflow } from './overflow.ts';
import { copiedHeaders, retryHint, writeHead } from './respond.ts';
import type { ProxyRuntime } from './runtime.ts';
import type { AnswerWriter } from './surfaces/surface.ts';

/**
 * A non-streamed answer (or any error): held whole, so that an overflow can be retried before the client
 * sees it, then sent with the engine's status and bytes unchanged.
 */
export class BufferedAnswer implements ResponseSink {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly rt: ProxyRuntime,
    private readonly call: Call,
    private readonly answer: UpstreamAnswer,
    private readonly onOverflow: OverflowHandler,
    private readonly resolve: (result: AttemptResult) => void,
  ) {}

  data(chunk: Buffer): void {
    this.size += chunk.length;
    const limit = this.rt.config.limits.maxResponseBytes;
    if (this.size > limit) this.answer.exchange.abort(new ResponseTooLargeError(`the engine's answer exceeds ${limit} bytes`));
    else this.chunks.push(chunk);
  }

  end(): void {
    const { call, answer } = this;
    call.upstreamReady();
    const raw = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    const { writer } = call.surface;
    if (writer) {
      this.answerSurface(raw, writer);
      this.resolve(DONE);
      return;
    }
    if (answer.status < 300) {
      // A success is sent before it is read: classifying it cannot change the answer.
      this.relay(raw, null);
      this.judge(raw);
      this.resolve(DONE);
      return;
    }
    const judged = this.judge(raw);
    const overflow = judged.error ? parseOverflow(judged.error) : null;
    const retryWith = overflow ? this.onOverflow(overflow) : null;
    if (retryWith !== null) {
      this.resolve({ kind: 'retry', maxTokens: retryWith });
      return;
    }
    this.relay(raw, this.rt.config.listen.clientRetryHint ? retryHint(judged.code) : null);
    this.resolve(DONE);
  }

  /**
   * For an Anthropic or Responses client: the engine's chat completion written in the client's shape, and any
   * error in the surface's error shape with the engine's status. An overflow is still retried first.
   */
  private answerSurface(raw: Buffer, writer: AnswerWriter): void {
    const { call, answer } = this;
    const { surface } = call;
    const judged = this.judge(raw);
    if (answer.status >= 300) {
      const overflow = judged.error ? parseOverflow(judged.error) : null;
      const retryWith = overflow ? this.onOverflow(overflow) : null;
      if (retryWith !== null) {
        this.resolve({ kind: 'retry', maxTokens: retryWith });
        return;
      }
    }
    const converted = answer.status < 300 ? writer.answer(judged.json, call.echo()) : undefined;
    let status = answer.status;
    let body: unknown = converted;
    if (converted === undefined) {
      if (status < 300) status = 502;
      const error = judged.error ?? { message: 'the engine answered with something that is not a chat completion', type: 'upstream_error', code: 'proxy:upstream-bad-response' };
      body = surface.errorBody({ status, message: error.message, type: error.type, code: error.code });
    }
    if (call.res.destroyed) return;
    const text = JSON.stringify(body);
    const headers = copiedHeaders(answer.headers);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(text));
    const hint = status >= 300 && this.rt.config.listen.clientRetryHint ? retryHint(judged.code) : null;
    if (hint !== null) headers['x-should-retry'] = hint;
    writeHead(call, status, headers);
    call.res.end(text);
  }

  error(error: Error): void {
    upstreamFailed(this.call, error);
    this.resolve(DONE);
  }

  private relay(raw: Buffer, hint: string | null): void {
    const { call } = this;
    if (call.res.destroyed) return;
    const headers = copiedHeaders(this.answer.headers);
    headers['content-length'] = String(raw.length);
    if (hint !== null) headers['x-should-retry'] = hint;
    writeHead(call, this.answer.status, headers);
    call.res.end(raw);
  }

  /** Classifies the answer and keeps it for the record. */
  private judge(raw: Buffer): JsonAnswer & { json: unknown } {
    const { call, rt } = this;
    const text = raw.toString('utf8');
    const json = parseJson(text);
    const judged = classifyResponse(this.answer.status, json, text, call.prepared!.flags, rt.config.model.callMarkup);
    Object.assign(call, { code: judged.code, error: judged.error, usage: judged.usage });
    call.keepBody('response', json === undefined ? { value: text.slice(0, rt.config.records.maxTextChars) } : { json: text });
    return { ...judged, json };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
