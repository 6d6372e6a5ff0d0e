import { performance } from 'node:perf_hooks';
import type { Call } from './call.ts';
import { countPromptTokens } from './clamp.ts';
import { ClientGoneError } from './forward.ts';
import { sendJson } from './respond.ts';
import type { ProxyRuntime } from './runtime.ts';

/** Roughly four characters per token: only when the engine has no tokenizer endpoint (header says `estimate`). */
const CHARS_PER_TOKEN = 4;

/**
 * A route with action `count` (`POST /v1/messages/count_tokens`) → `{"input_tokens": N}`: the request prepared as the
 * model would read it (the layer applied, converted, shaped, exactly as for `/v1/messages`), counted with the engine's
 * own tokenizer (vLLM/SGLang `/tokenize`, llama.cpp `/apply-template` + `/tokenize`, the sim engine's `/tokenize`).
 * An engine without one gets an estimate, and `x-proxy-token-count-source` says which it was.
 */
export async function countTokens(rt: ProxyRuntime, call: Call): Promise<void> {
  const body = { ...call.prepared!.forwarded };
  delete body.max_tokens;
  const started = performance.now();
  const abort = new AbortController();
  call.whenGone(() => abort.abort(new ClientGoneError('the client left')));
  let tokens: number | undefined;
  let source: 'engine' | 'estimate' = 'engine';
  try {
    if (rt.kind.counter !== 'none') {
      // Only P is wanted here; a context length placeholder keeps llama.cpp's /props from being asked.
      const count = await countPromptTokens(rt.upstream, { counter: rt.kind.counter, body, contextLength: rt.config.model.contextLength ?? 0, signal: abort.signal });
      tokens = count.promptTokens;
    }
  } catch (error) {
    call.error = { message: `the engine's tokenizer failed, so the count is an estimate: ${error instanceof Error ? error.message : String(error)}`, type: null, code: null };
  } finally {
    call.countMs += performance.now() - started;
  }
  if (call.clientGone) return;
  if (tokens === undefined) {
    source = 'estimate';
    tokens = Math.ceil(JSON.stringify([body.messages, body.tools ?? []]).length / CHARS_PER_TOKEN);
  }
  const answer = { input_tokens: tokens };
  call.keepBody('forwarded', { json: JSON.stringify(body) });
  call.keepBody('response', { json: JSON.stringify(answer) });
  call.origin = 'proxy';
  sendJson(call, 200, answer, { 'x-proxy-token-count-source': source });
}
