import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { FailureCode } from './classify.ts';
import { chunks, completion, sendJson, sendSse, type FakeHandler } from './testing/fake-engine.ts';
import { chatBody, startPair, WEATHER_TOOL, type Pair, type PairOptions } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function codeOf(handler: FakeHandler, body: Record<string, unknown> = chatBody({ tools: [WEATHER_TOOL] }), options: PairOptions = {}) {
  pair = await startPair(handler, options);
  const answer = await pair.post(JSON.stringify(body)).catch((error: unknown) => ({ status: -1, error }));
  const [record] = await pair.records();
  return { answer, record: record!, code: record!.code };
}

const json = (status: number, body: unknown): FakeHandler => (_req, res) => sendJson(res, status, body);
const sse = (events: (string | Record<string, unknown>)[], done = true): FakeHandler => (_req, res) => sendSse(res, events, { done });
const streamed = chatBody({ tools: [WEATHER_TOOL], stream: true });
const badHistory = chatBody({
  tools: [WEATHER_TOOL],
  messages: [
    { role: 'user', content: 'q' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: 'city=Paris' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
  ],
});
const multiCall = chatBody({
  messages: [
    { role: 'user', content: 'q' },
    { role: 'assistant', content: null, tool_calls: [1, 2].map((i) => ({ id: `c${i}`, type: 'function', function: { name: 'f', arguments: '{}' } })) },
    { role: 'tool', tool_call_id: 'c1', content: 'a' },
    { role: 'tool', tool_call_id: 'c2', content: 'b' },
  ],
});

interface Case {
  name: string;
  code: FailureCode;
  handler: FakeHandler;
  body?: Record<string, unknown>;
  options?: PairOptions;
  status?: number;
}

const CASES: Case[] = [
  { name: 'a complete answer', code: 'ok', handler: json(200, completion({ content: 'fine' })) },
  { name: 'finish_reason length', code: 'length', handler: json(200, completion({ content: 'cut', finishReason: 'length' })) },
  { name: 'finish_reason length, streamed', code: 'length', handler: sse(chunks({ content: 'cut', finishReason: 'length' })), body: streamed },
  {
    name: "llama.cpp's tool-parse 500", code: 'tool_parse_error', status: 500,
    handler: json(500, { error: { code: 500, message: 'Failed to parse input at pos 17: <tool_call>{"name": "get_weather"', type: 'server_error' } }),
  },
  {
    name: "llama.cpp b10573's tool-parse 500", code: 'tool_parse_error', status: 500,
    handler: json(500, { error: { code: 500, message: 'The model produced output that does not match the expected peg-native format', type: 'server_error' } }),
  },
  {
    name: "llama.cpp's 500 when generation runs past the context", code: 'context_overflow', status: 500,
    handler: json(500, { error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' } }),
  },
  {
    name: "llama.cpp's 500 on a body it cannot parse", code: 'bad_request', status: 500,
    handler: json(500, { error: { code: 500, message: "[json.exception.parse_error.101] parse error at line 1, column 14: syntax error while parsing value - unexpected end of input; expected '[', '{', or a literal", type: 'server_error' } }),
  },
  { name: 'vLLM raw call markup in content', code: 'tool_parse_error', handler: json(200, completion({ content: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"' })) },
  { name: 'Llama python_tag in a stream', code: 'tool_parse_error', handler: sse(chunks({ content: '<|python_tag|>get_weather(city="Paris")' })), body: streamed },
  {
    name: 'a tool-parse stream error', code: 'tool_parse_error', body: streamed,
    handler: sse([{ error: { code: 500, message: 'Failed to parse input at pos 3: <tool', type: 'server_error' } }], false),
  },
  { name: 'arguments that are not a JSON object', code: 'tool_args_invalid', handler: json(200, completion({ toolCalls: [{ name: 'get_weather', arguments: '{"city": "Par' }] })) },
  { name: 'array arguments, streamed', code: 'tool_args_invalid', handler: sse(chunks({ toolCalls: [{ name: 'get_weather', arguments: '["Paris"]' }] })), body: streamed },
  {
    name: "llama.cpp's 500 on bad history arguments", code: 'history_args_invalid', body: badHistory, status: 500,
    handler: json(500, { error: { code: 500, message: 'Failed to parse tool call arguments as JSON: [json.exception.parse_error.101]', type: 'server_error' } }),
  },
  {
    name: "vLLM's 400 on bad history arguments", code: 'history_args_invalid', body: badHistory, status: 400,
    handler: json(400, { object: 'error', message: 'Expecting value: line 1 column 1 (char 0)', type: 'BadRequestError', code: 400 }),
  },
  {
    name: "vLLM's template exception", code: 'template_error', body: multiCall, options: { model: { singleToolCallTemplate: true } }, status: 400,
    handler: json(400, { error: { message: 'This model only supports single tool-calls at once! None', type: 'BadRequestError', param: null, code: 400 } }),
  },
  {
    name: 'a template rejection under the multiCallHistory flag', code: 'template_error', body: multiCall, options: { model: { singleToolCallTemplate: true } }, status: 500,
    handler: json(500, { error: { code: 500, message: 'Unknown error while rendering', type: 'server_error' } }),
  },
  {
    name: 'an overflow', code: 'context_overflow', options: { clamp: { mode: 'off' } }, status: 400,
    handler: json(400, { error: { message: "This model's maximum context length is 100 tokens. However, you requested 500 output tokens and your prompt contains at least 20 input tokens, for a total of at least 520 tokens.", type: 'BadRequestError', code: 400 } }),
  },
  {
    name: 'a prompt beyond the context', code: 'prompt_too_long', status: 400,
    handler: json(400, { object: 'error', message: "The input (5000 tokens) is longer than the model's context length (4096 tokens).", type: 'BadRequestError', code: 400 }),
  },
  { name: 'another 4xx', code: 'bad_request', status: 422, handler: json(422, { detail: [{ loc: ['body', 'messages'], msg: 'field required', type: 'missing' }] }) },
  { name: 'a 404 for the model name', code: 'bad_request', status: 404, handler: json(404, { object: 'error', message: 'The model `x` does not exist.', type: 'NotFoundError', code: 404 }) },
  { name: "llama.cpp's 500 on messages", code: 'engine_error', status: 500, handler: json(500, { error: { code: 500, message: 'Failed to parse messages: bad role', type: 'server_error' } }) },
  { name: 'a plain-text 500', code: 'engine_error', status: 500, handler: (_req, res) => sendJson(res, 500, 'Internal Server Error') },
  { name: 'a 200 that is not a completion', code: 'engine_error', handler: (_req, res) => sendJson(res, 200, 'not json at all') },
  { name: '503 while loading', code: 'engine_unavailable', status: 503, handler: json(503, { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } }) },
  { name: 'a connection reset before any answer', code: 'engine_unavailable', status: 502, handler: (_req, res) => void res.socket?.destroy() },
  { name: 'a stream error event', code: 'stream_error', body: streamed, handler: sse([chunks({ content: 'ab' })[1]!, { error: { message: 'CUDA error', type: 'server_error' } }]) },
  { name: 'a stream that ends without finish_reason or [DONE]', code: 'stream_truncated', body: streamed, handler: sse(chunks({ content: 'abcdef' }).slice(0, 2), false) },
];

describe('failure taxonomy (spec 1.6), one code per attempt', () => {
  for (const c of CASES) {
    it(`${c.code}: ${c.name}`, async () => {
      const { answer, code, record } = await codeOf(c.handler, c.body, c.options);
      expect(code).toBe(c.code);
      if (c.status !== undefined) expect(answer.status).toBe(c.status);
      expect(pair!.proxy.counters.attempts[c.code]).toBe(1);
      expect(record.counts[c.code]).toBe(1);
    });
  }

  it('stream_truncated: the client connection is destroyed, not ended', async () => {
    pair = await startPair(sse(chunks({ content: 'abcdef' }).slice(0, 2), false));
    const response = await request(`${pair.proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(streamed), headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    await expect(response.body.text()).rejects.toThrow();
  });

  it('engine_unavailable: an unreachable engine gets 502 with the proxy envelope', async () => {
    pair = await startPair(json(200, completion()), { upstream: { url: 'http://127.0.0.1:1' } });
    const answer = await pair.post(JSON.stringify(chatBody()));
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ error: { code: 'proxy:upstream-unreachable', type: 'upstream_error' } });
    expect(typeof (answer.json as { error: { message: string } }).error.message).toBe('string');
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'engine_unavailable', origin: 'proxy', status: 502 });
  });

  it('timeout: a slow engine gets 504', async () => {
    pair = await startPair((_req, res) => void setTimeout(() => sendJson(res, 200, completion()), 1_000), { upstream: { headersTimeoutMs: 100 } });
    const answer = await pair.post(JSON.stringify(chatBody()));
    expect(answer.status).toBe(504);
    expect(answer.json).toMatchObject({ error: { code: 'proxy:upstream-timeout' } });
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'timeout', status: 504 });
  });

  it('timeout: a stream that stalls is cut', async () => {
    pair = await startPair(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunks({ content: 'ab' })[1])}\n\n`);
      await new Promise((r) => setTimeout(r, 1_000));
      res.end();
    }, { upstream: { bodyTimeoutMs: 100 } });
    const response = await request(`${pair.proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(streamed), headers: { 'content-type': 'application/json' } });
    await expect(response.body.text()).rejects.toThrow();
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'timeout', status: 200 });
  });

  it('client_abort: the client leaves, the upstream call is aborted', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    pair = await startPair((_req, res) => {
      res.on('close', () => upstreamClosed());
    });
    const controller = new AbortController();
    const pending = request(`${pair.proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(chatBody()), signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await closed;
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'client_abort', status: 0 });
  });

  it('client_abort mid-stream', async () => {
    pair = await startPair(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 100 && !res.destroyed; i++) {
        res.write(`data: ${JSON.stringify(chunks({ content: 'ab' })[1])}\n\n`);
        await new Promise((r) => setTimeout(r, 20));
      }
      res.end();
    });
    const controller = new AbortController();
    const response = await request(`${pair.proxy.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(streamed), signal: controller.signal });
    for await (const _ of response.body) {
      controller.abort();
      break;
    }
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'client_abort', status: 200 });
  });

  it('sends x-should-retry only when clientRetryHint asks', async () => {
    const parse500 = json(500, { error: { code: 500, message: 'Failed to parse input at pos 1: x', type: 'server_error' } });
    const without = await codeOf(parse500);
    expect((without.answer as { headers: Record<string, unknown> }).headers['x-should-retry']).toBeUndefined();
    await pair!.close();
    const withHint = await codeOf(parse500, undefined, { listen: { clientRetryHint: true } });
    expect((withHint.answer as { headers: Record<string, unknown> }).headers['x-should-retry']).toBe('false');
  });
});
