import { chunks, completion, sendJson, sendSse, type FakeHandler, type ReceivedRequest } from './fake-engine.ts';

/** The fake engines' tokenizer: one token per four characters of the rendered messages and tools. */
export function fakePromptTokens(body: Record<string, unknown>): number {
  return Math.ceil(JSON.stringify({ messages: body.messages, tools: body.tools ?? null }).length / 4);
}

export interface ContextEngineOptions {
  contextLength: number;
  /** vLLM's message wording. */
  wording?: 'old' | 'new';
  /** Report `max_model_len` from /tokenize (vLLM does). */
  reportsContext?: boolean;
}

/** Rejects P + N > C with 400 as vLLM does, and counts tokens at POST /tokenize like vLLM. */
export function vllmLike(options: ContextEngineOptions): FakeHandler {
  const c = options.contextLength;
  return async (req, res) => {
    const body = (req.json ?? {}) as Record<string, unknown>;
    const p = fakePromptTokens(body);
    if (req.path === '/tokenize') {
      sendJson(res, 200, { count: p, tokens: [], ...(options.reportsContext === false ? {} : { max_model_len: c }) });
      return;
    }
    const n = typeof body.max_tokens === 'number' ? body.max_tokens : c - p;
    if (p + n > c) {
      sendJson(res, 400, { error: { message: vllmMessage(options.wording ?? 'new', c, p, n), type: 'BadRequestError', param: 'max_tokens', code: 400 } });
      return;
    }
    await answer(req, res);
  };
}

function vllmMessage(wording: 'old' | 'new', c: number, p: number, n: number): string {
  if (wording === 'old') {
    return `'max_tokens' or 'max_completion_tokens' is too large: ${n}. This model's maximum context length is ${c} tokens and your request has ${p} input tokens (${n} > ${c} - ${p}).`;
  }
  return `This model's maximum context length is ${c} tokens. However, you requested ${n} output tokens and your prompt contains at least ${p} input tokens, for a total of at least ${p + n} tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=${p})`;
}

export interface SglangOptions {
  contextLength: number;
  /** On a streamed request, answer 200 with the rejection as the first event (then `[DONE]`). */
  streamErrorEvent?: boolean;
}

/** Rejects P + N >= C (mind `>=`) and P >= C as SGLang does. */
export function sglangLike(options: SglangOptions): FakeHandler {
  const c = options.contextLength;
  return async (req, res) => {
    const body = (req.json ?? {}) as Record<string, unknown>;
    const p = fakePromptTokens(body);
    const n = typeof body.max_tokens === 'number' ? body.max_tokens : 128;
    const message = p >= c
      ? `The input (${p} tokens) is longer than the model's context length (${c} tokens).`
      : p + n >= c
        ? `Requested token count exceeds the model's maximum context length of ${c} tokens. You requested a total of ${p + n} tokens: ${p} tokens from the input messages and ${n} tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.`
        : null;
    if (message === null) return answer(req, res);
    const error = { object: 'error', message, type: 'BadRequestError', param: null, code: 400 };
    if (body.stream === true && options.streamErrorEvent) await sendSse(res, [{ error }]);
    else sendJson(res, 400, error);
  };
}

async function answer(req: ReceivedRequest, res: Parameters<FakeHandler>[1]): Promise<void> {
  const body = (req.json ?? {}) as Record<string, unknown>;
  if (body.stream === true) await sendSse(res, chunks({ content: 'fits' }));
  else sendJson(res, 200, completion({ content: 'fits' }));
}
