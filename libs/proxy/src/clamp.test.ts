import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePromptTokens, sglangLike, vllmLike } from './testing/fake-context-engines.ts';
import { sendJson, type FakeHandler } from './testing/fake-engine.ts';
import { chatBody, startPair, type Pair, type PairOptions } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

const C = 1_000;
const body = chatBody({ max_tokens: 32_000, messages: [{ role: 'user', content: 'x'.repeat(400) }] });
const forwardedBody = { messages: body.messages };
const P = fakePromptTokens(forwardedBody);

async function run(handler: FakeHandler, options: PairOptions, request: Record<string, unknown> = body) {
  pair = await startPair(handler, options);
  const answer = await pair.post(JSON.stringify(request));
  const records = await pair.records();
  expect(records).toHaveLength(1);
  return { answer, record: records[0]!, chats: pair.engine.chatBodies() };
}

describe('max_tokens clamp, mode count (vLLM /tokenize)', () => {
  it('sends min(limit, C − P − 1) counted by the engine itself', async () => {
    const { answer, record, chats } = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' }, model: { chatTemplateKwargs: { enable_thinking: false } } });
    expect(answer.status).toBe(200);
    expect(chats.map((b) => b.max_tokens)).toEqual([C - P - 1]);
    const tokenize = pair!.engine.received.find((r) => r.path === '/tokenize')!.json;
    expect(tokenize).toEqual({ model: 'model', messages: body.messages, chat_template_kwargs: { enable_thinking: false }, add_generation_prompt: true });
    expect(record.clamp).toMatchObject({ mode: 'count', requested: 32_000, sent: C - P - 1, promptTokens: P, contextLength: C, source: 'count', retried: false });
    expect(Number(answer.headers['x-proxy-count-duration-ms'])).toBeGreaterThan(0);
    expect(answer.headers['x-proxy-clamp-retries']).toBe('0');
  });

  it('keeps a limit that fits, and sends the budget when the client sent none', async () => {
    const small = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' } }, { ...body, max_tokens: 10 });
    expect(small.chats[0]!.max_tokens).toBe(10);
    await pair!.close();
    const none = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' } }, { ...body, max_tokens: undefined });
    expect(none.chats[0]!.max_tokens).toBe(C - P - 1);
  });

  it('takes C from the model config when the tokenizer does not report it', async () => {
    const { chats, record } = await run(vllmLike({ contextLength: C, reportsContext: false }), { upstream: { engine: 'vllm' }, model: { contextLength: C } });
    expect(chats[0]!.max_tokens).toBe(C - P - 1);
    expect(record.clamp?.source).toBe('count');
  });

  it('falls back to on-error once when counting fails', async () => {
    const engine = vllmLike({ contextLength: C });
    const noTokenizer: FakeHandler = (req, res) => (req.path === '/tokenize' ? sendJson(res, 404, { detail: 'Not Found' }) : engine(req, res));
    const { answer, record, chats } = await run(noTokenizer, { upstream: { engine: 'vllm' } });
    expect(answer.status).toBe(200);
    expect(chats.map((b) => b.max_tokens)).toEqual([32_000, C - P - 1]);
    expect(record.clamp).toMatchObject({ source: 'error', retried: true, firstSent: 32_000, sent: C - P - 1 });
    expect(record.clamp?.countError).toMatch(/404/);
    expect(answer.headers['x-proxy-clamp-retries']).toBe('1');
  });
});

describe('max_tokens clamp, mode on-error', () => {
  for (const wording of ['old', 'new'] as const) {
    it(`reads C and P from vLLM's ${wording} message and retries once, hidden from the client`, async () => {
      const { answer, record, chats } = await run(vllmLike({ contextLength: C, wording }), { upstream: { engine: 'vllm' }, clamp: { mode: 'on-error' } });
      expect(answer.status).toBe(200);
      expect(chats.map((b) => b.max_tokens)).toEqual([32_000, C - P - 1]);
      expect(record).toMatchObject({ code: 'ok', status: 200 });
      expect(record.clamp).toMatchObject({ promptTokens: P, contextLength: C, retried: true });
      expect(pair!.proxy.counters.clampRetries).toBe(1);
    });
  }

  it("satisfies SGLang's P + N >= C rule", async () => {
    const { answer, chats } = await run(sglangLike({ contextLength: C }), { upstream: { engine: 'sglang' } });
    expect(answer.status).toBe(200);
    expect(chats.map((b) => b.max_tokens)).toEqual([32_000, C - P - 1]);
  });

  it('retries a streamed overflow that SGLang sends as the first event (peekFirstEvent)', async () => {
    pair = await startPair(sglangLike({ contextLength: C, streamErrorEvent: true }), { upstream: { engine: 'sglang' } });
    const client = new OpenAI({ baseURL: `${pair.proxy.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: 'm', messages: body.messages as OpenAI.ChatCompletionMessageParam[], max_tokens: 32_000, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('fits');
    expect(pair.engine.chatBodies().map((b) => b.max_tokens)).toEqual([32_000, C - P - 1]);
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'ok', clamp: { retried: true } });
  });

  it('passes a prompt that alone is too long to the client unchanged, without a retry', async () => {
    const long = { ...body, messages: [{ role: 'user', content: 'y'.repeat(5_000) }] };
    const { answer, record, chats } = await run(sglangLike({ contextLength: C }), { upstream: { engine: 'sglang' } }, long);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('is longer than the model');
    expect(chats).toHaveLength(1);
    expect(record).toMatchObject({ code: 'prompt_too_long', clamp: { retried: false } });
  });

  it('lets a second rejection reach the client unchanged', async () => {
    // P stated as a lower bound that is too low: the retry is rejected as well.
    const stubborn: FakeHandler = (req, res) => {
      const n = (req.json as { max_tokens: number }).max_tokens;
      sendJson(res, 400, { error: { message: `This model's maximum context length is ${C} tokens. However, you requested ${n} output tokens and your prompt contains at least 100 input tokens, for a total of at least ${n + 100} tokens.`, type: 'BadRequestError', code: 400 } });
    };
    const { answer, record, chats } = await run(stubborn, { upstream: { engine: 'vllm' }, clamp: { mode: 'on-error' } });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(`you requested ${C - 101} output tokens`);
    expect(chats.map((b) => b.max_tokens)).toEqual([32_000, C - 101]);
    expect(record).toMatchObject({ code: 'context_overflow', clamp: { retried: true } });
  });
});

describe('max_tokens clamp, mode off', () => {
  it('forwards as is; the overflow reaches the client and is counted', async () => {
    const { answer, record, chats } = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' }, clamp: { mode: 'off' } });
    expect(answer.status).toBe(400);
    expect(chats).toHaveLength(1);
    expect(record).toMatchObject({ code: 'context_overflow', clamp: { mode: 'off', sent: 32_000, retried: false } });
    expect(pair!.proxy.counters.attempts.context_overflow).toBe(1);
  });

  it("classifies llama.cpp's exceed_context_size_error as prompt_too_long", async () => {
    const llama: FakeHandler = (_req, res) => sendJson(res, 400, { error: { code: 400, message: 'the request exceeds the available context size, try increasing it', type: 'exceed_context_size_error', n_prompt_tokens: 5000, n_ctx: 4096 } });
    const { record } = await run(llama, { upstream: { engine: 'llama.cpp' } });
    expect(record).toMatchObject({ code: 'prompt_too_long', status: 400 });
  });
});

describe('records.rendered', () => {
  it('an engine without a template endpoint: the record says why there is no rendered prompt; without the option, nothing', async () => {
    const { record } = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' }, records: { rendered: true } });
    expect(record.rendered).toEqual({ prompt: null, source: null, reason: "the vllm engine has no endpoint that renders a chat request's prompt (llama.cpp's /apply-template does)" });
    await pair!.close();
    const plain = await run(vllmLike({ contextLength: C }), { upstream: { engine: 'vllm' } });
    expect(plain.record.rendered).toBeUndefined();
  });
});
