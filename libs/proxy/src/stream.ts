import type { Call } from './call.ts';
import { classifyAnswer, classifyEngineError, type FailureCode } from './classify.ts';
import { jsonText } from './error-body.ts';
import { DONE, upstreamFailed, type AttemptResult, type OverflowHandler, type ResponseSink, type UpstreamAnswer } from './outcome.ts';
import { parseOverflow } from './overflow.ts';
import { copiedHeaders, writeHead } from './respond.ts';
import type { ProxyRuntime } from './runtime.ts';
import { SseTap } from './sse-tap.ts';
import type { StreamTranslator } from './surfaces/shared.ts';
import { classifyUpstreamError } from './upstream.ts';

/** With `peekFirstEvent`, at most this much is held back while waiting for the first event. */
const PEEK_LIMIT = 64 * 1024;

/**
 * Passes upstream SSE bytes to the client unchanged as they arrive, and lets a tap read a copy after each
 * write (spec 1.5). The only bytes it adds are `data:` twins of legacy `error:` lines, at event boundaries.
 */
export class StreamRelay implements ResponseSink {
  private readonly tap = new SseTap();
  private held: Buffer[] = [];
  private heldBytes = 0;
  private started = false;
  private settled = false;
  /** For an Anthropic or Responses client: writes the engine's chunks as the surface's events. */
  private readonly translator: StreamTranslator | null;
  private translated: string[] = [];
  /** A drain is awaited (the engine is paused). */
  private draining = false;

  constructor(
    private readonly rt: ProxyRuntime,
    private readonly call: Call,
    private readonly answer: UpstreamAnswer,
    private readonly onOverflow: OverflowHandler,
    private readonly resolve: (result: AttemptResult) => void,
  ) {
    call.upstreamReady();
    this.translator = call.surface.writer?.stream(call.echo()) ?? null;
    if (this.translator) {
      const translator = this.translator;
      this.tap.onEvent = (event) => this.emit(translator.chunk(event));
    }
    if (!rt.peekFirstEvent) this.start();
  }

  /** Surface events go out as they are made once the headers are out; before that they wait. */
  private emit(text: string): void {
    if (text === '') return;
    if (!this.started) {
      this.translated.push(text);
      return;
    }
    if (!this.call.res.write(text)) this.waitForDrain();
  }

  /**
   * The client's socket is full: pause the engine until it drains. One chunk of the engine's can hold many events
   * (each a write), so the wait is set once, however many writes report back-pressure before the drain.
   */
  private waitForDrain(): void {
    if (this.draining) return;
    this.draining = true;
    const { exchange } = this.answer;
    exchange.pause();
    this.call.res.once('drain', () => {
      this.draining = false;
      exchange.resume();
    });
  }

  data(chunk: Buffer): void {
    if (this.settled) return;
    this.call.firstByte();
    if (this.started) this.relay(chunk);
    else this.peek(chunk);
  }

  /** Holds the client's headers until the first event is complete, in case it is an overflow to retry. */
  private peek(chunk: Buffer): void {
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    this.tap.push(chunk);
    if (this.tap.events === 0 && !this.tap.overflowed && this.heldBytes < PEEK_LIMIT) return;
    const overflow = this.tap.error ? parseOverflow(this.tap.error) : null;
    const retryWith = overflow ? this.onOverflow(overflow) : null;
    if (retryWith !== null) {
      this.settle({ kind: 'retry', maxTokens: retryWith });
      this.answer.exchange.abort(new Error('overflow: retried with a smaller max_tokens'));
      return;
    }
    this.call.upstreamReady();
    this.start();
  }

  private start(): void {
    this.started = true;
    writeHead(this.call, 200, copiedHeaders(this.answer.headers));
    const { res } = this.call;
    if (this.translator) {
      for (const text of this.translated) res.write(text);
      this.translated = [];
      this.held = [];
      return;
    }
    for (const chunk of this.held) res.write(chunk);
    this.held = [];
    this.normalizeLegacyStreamError();
  }

  private relay(chunk: Buffer): void {
    if (this.translator) {
      this.tap.push(chunk);
      return;
    }
    if (!this.call.res.write(chunk)) this.waitForDrain();
    this.tap.push(chunk);
    this.normalizeLegacyStreamError();
  }

  /**
   * Old llama.cpp sends `error: {…}`, a line OpenAI SDKs silently drop, so the client would see an empty
   * answer; the same error is added as a `data:` event the SDKs raise.
   */
  private normalizeLegacyStreamError(): void {
    const queue = this.tap.legacyQueue;
    if (queue.length === 0 || !this.tap.atBoundary || !this.started) return;
    for (const value of queue.splice(0)) this.call.res.write(`data: ${jsonText({ error: value })}\n\n`);
  }

  end(): void {
    if (this.settled) return;
    this.tap.end();
    if (!this.started) this.start();
    this.normalizeLegacyStreamError();
    const code = this.classify();
    this.record(code);
    if (this.translator && code !== 'stream_truncated') {
      const { error } = this.tap;
      this.emit(error ? this.translator.error({ status: 500, message: error.message, type: error.type, code: error.code }) : this.translator.finish());
    }
    if (code === 'stream_truncated') this.cut();
    else this.call.res.end();
    this.settle(DONE);
  }

  error(error: Error): void {
    if (this.settled) return;
    this.tap.end();
    if (!this.started) {
      // Nothing reached the client yet: answer as for a failed upstream call.
      this.record(this.classify());
      upstreamFailed(this.call, error);
    } else {
      const failure = classifyUpstreamError(error);
      this.record(this.call.clientGone ? 'client_abort' : failure === 'timeout' ? 'timeout' : this.completeOr('stream_truncated'));
      this.cut();
    }
    this.settle(DONE);
  }

  /** An upstream that failed after a complete answer still gave a complete answer. */
  private completeOr(code: FailureCode): FailureCode {
    const complete = this.tap.done || this.tap.finishReason !== null || this.tap.error !== null;
    return complete ? this.classify() : code;
  }

  private classify(): FailureCode {
    const { tap } = this;
    const flags = this.call.prepared!.flags;
    if (tap.error) return classifyEngineError(tap.error, null, flags);
    if (!tap.done && tap.finishReason === null) return 'stream_truncated';
    return classifyAnswer(
      { finishReason: tap.finishReason, toolCallArguments: tap.toolCalls().map((t) => t.arguments), content: tap.content() },
      this.rt.config.model.callMarkup,
    );
  }

  private record(code: FailureCode): void {
    const { call, tap } = this;
    call.code = code;
    call.usage = tap.usage;
    if (tap.error) call.error = tap.error;
    call.keepBody('response', { value: tap.reassemble() });
  }

  /** Destroyed, not ended: the client must see that the answer is incomplete. */
  private cut(): void {
    this.call.cutByProxy = true;
    // Once what the client has been sent is flushed (Node uncorks on the next tick).
    setImmediate(() => this.call.res.destroy());
  }

  private settle(result: AttemptResult): void {
    this.settled = true;
    this.resolve(result);
  }
}
