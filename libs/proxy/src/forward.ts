import { performance } from 'node:perf_hooks';
import { RecoveryBenchError } from '@recovery-bench/errors';
import { BufferedAnswer } from './buffered.ts';
import type { Call } from './call.ts';
import { Clamp, countPromptTokens, renderLlamaPrompt } from './clamp.ts';
import { ProxyError } from './errors.ts';
import { DONE, upstreamFailed, type AttemptResult, type OverflowHandler, type ResponseSink, type UpstreamAnswer } from './outcome.ts';
import { engineToolErrorsHeader } from './respond.ts';
import type { ProxyRuntime } from './runtime.ts';
import { StreamRelay } from './stream.ts';
import type { UpstreamHeaders } from './upstream.ts';

const CHAT_PATH = '/v1/chat/completions';

/** The client left: the reason given to an upstream call that is cut short. */
export class ClientGoneError extends RecoveryBenchError {
  override name = 'ClientGoneError';
  declare readonly code: 'proxy:client-gone';
  constructor(message: string) {
    super('proxy:client-gone', message, { userError: false });
  }
}

/** Clamp, forward, and retry once on an overflow the clamp can fix (hidden from the client). */
export async function forwardCall(rt: ProxyRuntime, call: Call): Promise<void> {
  const prepared = call.prepared!;
  const clamp = new Clamp(rt.clampMode, prepared.requestedMaxTokens, prepared.limit);
  call.clamp = clamp;
  const counted = rt.clampMode === 'count' ? await countFor(rt, call, clamp) : undefined;
  if (rt.config.records.rendered) call.rendered = await renderFor(rt, call, counted);
  let maxTokens = clamp.record.sent;
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    const onOverflow: OverflowHandler = (overflow) => (round === 0 ? clamp.retryAfter(overflow) : null);
    const result = await attempt(rt, call, maxTokens, onOverflow);
    if (result.kind === 'done') return;
    // The rejected attempt's time is the clamp's, not the proxy's overhead.
    call.countMs += performance.now() - started;
    call.clampRetries++;
    rt.counters.clampRetries++;
    maxTokens = result.maxTokens;
  }
}

/** Counts P (and C) for the clamp; returns the prompt where counting rendered it. */
async function countFor(rt: ProxyRuntime, call: Call, clamp: Clamp): Promise<string | undefined> {
  const started = performance.now();
  const abort = new AbortController();
  call.whenGone(() => abort.abort(new ClientGoneError('the client left')));
  try {
    const count = await countPromptTokens(rt.upstream, {
      counter: rt.kind.counter,
      body: call.prepared!.forwarded,
      contextLength: rt.config.model.contextLength,
      signal: abort.signal,
    });
    clamp.counted(count.promptTokens, count.contextLength);
    return count.prompt;
  } catch (error) {
    clamp.countFailed(error instanceof Error ? error.message : String(error));
    return undefined;
  } finally {
    call.countMs += performance.now() - started;
  }
}

/** The prompt the engine renders from the forwarded request, for the record (`records.rendered`). */
async function renderFor(rt: ProxyRuntime, call: Call, counted: string | undefined): Promise<NonNullable<Call['rendered']>> {
  const engine = rt.config.upstream.engine;
  if (engine !== 'llama.cpp') return { prompt: null, source: null, reason: `the ${engine} engine has no endpoint that renders a chat request's prompt (llama.cpp's /apply-template does)` };
  if (counted !== undefined) return { prompt: counted, source: '/apply-template', reason: null };
  const started = performance.now();
  const abort = new AbortController();
  call.whenGone(() => abort.abort(new ClientGoneError('the client left')));
  try {
    return { prompt: await renderLlamaPrompt(rt.upstream, call.prepared!.forwarded, abort.signal), source: '/apply-template', reason: null };
  } catch (error) {
    return { prompt: null, source: '/apply-template', reason: `the engine did not render it: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    call.countMs += performance.now() - started;
  }
}

/** One upstream call; the answer goes to a stream relay (SSE 200) or is buffered (anything else). */
function attempt(rt: ProxyRuntime, call: Call, maxTokens: number | null, onOverflow: OverflowHandler): Promise<AttemptResult> {
  const body = serializeForwarded(call.prepared!.forwarded, maxTokens);
  call.keepBody('forwarded', { json: body });
  call.dispatching();
  return new Promise((resolve) => {
    let sink: ResponseSink | null = null;
    const exchange = rt.upstream.exchange(CHAT_PATH, body, upstreamHeaders(rt, call), {
      onStart(status, headers) {
        call.upstreamStatus = status;
        call.engineHeader = engineToolErrorsHeader(headers);
        const answer: UpstreamAnswer = { status, headers, exchange };
        sink = isEventStream(status, headers) ? new StreamRelay(rt, call, answer, onOverflow, resolve) : new BufferedAnswer(rt, call, answer, onOverflow, resolve);
      },
      onData: (chunk) => sink?.data(chunk),
      onEnd: () => (sink ? sink.end() : resolve(DONE)),
      onError(error) {
        if (sink) {
          sink.error(error);
          return;
        }
        upstreamFailed(call, error);
        resolve(DONE);
      },
    });
    call.whenGone(() => exchange.abort(new ClientGoneError('the client left')));
  });
}

function isEventStream(status: number, headers: UpstreamHeaders): boolean {
  const type = headers['content-type'];
  return status === 200 && typeof type === 'string' && type.includes('text/event-stream');
}

function serializeForwarded(forwarded: Record<string, unknown>, maxTokens: number | null): string {
  if (maxTokens === null) delete forwarded.max_tokens;
  else forwarded.max_tokens = maxTokens;
  try {
    return JSON.stringify(forwarded);
  } catch (error) {
    if (error instanceof RangeError) throw new ProxyError('proxy:invalid-request', 'the request is nested too deeply to forward');
    throw error;
  }
}

function upstreamHeaders(rt: ProxyRuntime, call: Call): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-encoding': 'identity',
    'x-proxy-request-id': call.id,
  };
  if (call.userAgent !== undefined) headers['user-agent'] = call.userAgent;
  const accept = call.req.headers.accept;
  if (accept !== undefined) headers.accept = accept;
  const auth = rt.config.upstream.apiKey !== undefined ? `Bearer ${rt.config.upstream.apiKey}` : call.req.headers.authorization;
  if (auth !== undefined) headers.authorization = auth;
  return headers;
}
