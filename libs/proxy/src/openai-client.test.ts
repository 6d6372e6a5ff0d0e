import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { answering, chunks, sendJson, sendSse } from './testing/fake-engine.ts';
import { startPair, WEATHER_TOOL, type Pair } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

function client(p: Pair, extra: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}): OpenAI {
  return new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-secret-key', maxRetries: 0, ...extra });
}

const CALL = { id: 'call_abc', name: 'get_weather', arguments: '{"city":"Paris"}' };
const MESSAGES: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];

describe('the official openai client through the proxy', () => {
  it('gets a non-streamed tool call, with the proxy headers, and the call is recorded', async () => {
    pair = await startPair(answering({ toolCalls: [CALL] }), { model: { servedName: 'served-m' } });
    const { data, response } = await client(pair).chat.completions
      .create({ model: 'whatever', messages: MESSAGES, tools: [WEATHER_TOOL], temperature: 0.7 })
      .withResponse();
    expect(data.choices[0]!.message.tool_calls).toEqual([{ id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }]);
    const id = response.headers.get('x-proxy-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(response.headers.get('x-proxy-overhead-duration-ms'))).toBeGreaterThanOrEqual(0);
    expect(response.headers.get('x-proxy-count-duration-ms')).not.toBeNull();
    expect(response.headers.get('x-proxy-clamp-retries')).toBe('0');
    expect(response.headers.get('x-geulpu-tool-errors')).toBe('form=off; rules=paper; changed=false; failures=none');

    const [record] = await pair.records();
    expect(record).toMatchObject({ id, code: 'ok', status: 200, stream: false, side: 'non_stream', attempt: 0, retryOf: null, origin: 'engine' });
    expect(record!.originals).toEqual({ model: 'whatever', temperature: 0.7 });
    expect(record!.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(record)).not.toContain('sk-secret-key');
    expect(pair.engine.chatBodies()[0]).toMatchObject({ model: 'served-m', temperature: 0 });
    expect(pair.proxy.counters.attempts.ok).toBe(1);
  });

  it('streams tool calls chunk by chunk and records the stream put back together', async () => {
    pair = await startPair(answering({ toolCalls: [CALL, { id: 'call_def', name: 'get_weather', arguments: '{"city":"Oslo"}' }] }));
    const stream = await client(pair).chat.completions.create({
      model: 'm', messages: MESSAGES, tools: [WEATHER_TOOL], stream: true, stream_options: { include_usage: true },
    });
    const args = new Map<number, string>();
    let finish: string | null = null;
    let events = 0;
    for await (const chunk of stream) {
      events++;
      for (const tc of chunk.choices[0]?.delta.tool_calls ?? []) args.set(tc.index, (args.get(tc.index) ?? '') + (tc.function?.arguments ?? ''));
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(events).toBe(chunks({ toolCalls: [CALL, CALL] }).length);
    expect([...args.values()]).toEqual(['{"city":"Paris"}', '{"city":"Oslo"}']);
    expect(finish).toBe('tool_calls');

    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'ok', stream: true, side: null, usage: { total_tokens: 15 } });
    const response = record!.response as { choices: { message: { tool_calls: unknown[] }; finish_reason: string }[]; stream: { done: boolean } };
    expect(response.choices[0]!.message.tool_calls).toEqual([
      { id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_def', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
    ]);
    expect(response.stream.done).toBe(true);
  });

  it('streams plain text unchanged', async () => {
    pair = await startPair(answering({ content: 'The quick brown fox jumps.' }));
    const stream = await client(pair).chat.completions.create({ model: 'm', messages: MESSAGES, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('The quick brown fox jumps.');
  });

  it('raises a mid-stream error event as an APIError and records stream_error', async () => {
    pair = await startPair(async (_req, res) => {
      await sendSse(res, [chunks({ content: 'ab' })[1]!, { error: { message: 'out of memory', type: 'server_error', code: 500 } }]);
    });
    const stream = await client(pair).chat.completions.create({ model: 'm', messages: MESSAGES, stream: true });
    await expect(async () => {
      for await (const _ of stream) void _;
    }).rejects.toThrow(/out of memory/);
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'stream_error', error: { message: 'out of memory' } });
  });

  it("turns old llama.cpp's `error:` line, which SDKs drop, into an error the SDK raises", async () => {
    pair = await startPair(async (_req, res) => {
      await sendSse(res, [chunks({ content: 'ab' })[1]!, 'error: {"code":500,"message":"Failed to parse input at pos 12: <tool_call>","type":"server_error"}\n\n'], { done: false });
    });
    const stream = await client(pair).chat.completions.create({ model: 'm', messages: MESSAGES, stream: true });
    await expect(async () => {
      for await (const _ of stream) void _;
    }).rejects.toThrow(/Failed to parse input/);
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'tool_parse_error' });
    expect((record!.response as { stream: { legacyError: boolean } }).stream.legacyError).toBe(true);
  });

  it('records each SDK retry as an attempt that names the attempt it repeats', async () => {
    pair = await startPair((_req, res) => {
      sendJson(res, 500, { error: { code: 500, message: 'Failed to parse input at pos 0: <tool_call>{bad', type: 'server_error' } }, { 'retry-after-ms': '1' });
    });
    await expect(client(pair, { maxRetries: 2 }).chat.completions.create({ model: 'm', messages: MESSAGES, tools: [WEATHER_TOOL] })).rejects.toThrow(/Failed to parse input/);
    const records = await pair.records();
    expect(records.map((r) => [r.attempt, r.code])).toEqual([[0, 'tool_parse_error'], [1, 'tool_parse_error'], [2, 'tool_parse_error']]);
    expect(records[1]!.retryOf).toBe(records[0]!.id);
    expect(records[2]!.retryOf).toBe(records[1]!.id);
    expect(pair.proxy.counters.attempts.tool_parse_error).toBe(3);
    expect(pair.proxy.counters.distinct.tool_parse_error).toBe(1);
  });

  it('lists the engine\'s models for OpenAI and Anthropic clients alike, and answers health locally', async () => {
    const engineList = { object: 'list', data: [{ id: 'qwen3-8b', object: 'model', created: 1_700_000_000, owned_by: 'vllm', max_model_len: 32_768 }, { id: 'qwen3-8b-lora', object: 'model', created: 1_700_000_000, owned_by: 'vllm' }] };
    pair = await startPair((req, res) => (req.path.endsWith('/v1/models') ? sendJson(res, 200, engineList) : sendJson(res, 404, {})), { model: { servedName: 'qwen3-8b' } });
    const models = await client(pair).models.list();
    expect(models.data.map((m) => [m.id, m.owned_by])).toEqual([['qwen3-8b', 'vllm'], ['qwen3-8b-lora', 'vllm']]);
    expect((models.data[0] as unknown as { max_model_len: number }).max_model_len).toBe(32_768);
    const anthropic = new Anthropic({ baseURL: pair.proxy.url, apiKey: 'k', maxRetries: 0 });
    const listed = [];
    for await (const m of anthropic.models.list()) listed.push(m);
    expect(listed.map((m) => [m.type, m.id, m.display_name, m.created_at])).toEqual([['model', 'qwen3-8b', 'qwen3-8b', '2023-11-14T22:13:20.000Z'], ['model', 'qwen3-8b-lora', 'qwen3-8b-lora', '2023-11-14T22:13:20.000Z']]);
    expect((await anthropic.models.retrieve('qwen3-8b-lora')).id).toBe('qwen3-8b-lora');
    await expect(anthropic.models.retrieve('claude-x')).rejects.toMatchObject({ status: 404, error: { type: 'error', error: { type: 'not_found_error', message: expect.stringContaining('a request naming any model is answered by "qwen3-8b"') } } });
    const health = await fetch(`${pair.proxy.url}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-proxy-request-id')).not.toBeNull();
    expect(pair.engine.received.map((r) => `${r.method} ${r.path}`)).toEqual(Array(4).fill('GET /v1/models'));
  });

  it('answers the model list from its configuration when the engine has none', async () => {
    pair = await startPair((_req, res) => sendJson(res, 404, { error: 'no route' }), { model: { servedName: 'qwen3-8b', contextLength: 32_768 } });
    const response = await fetch(`${pair.proxy.url}/v1/models`);
    expect(response.headers.get('x-proxy-models-source')).toBe('config');
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: 'qwen3-8b', object: 'model', type: 'model', max_model_len: 32_768 }], has_more: false, first_id: 'qwen3-8b', last_id: 'qwen3-8b' });
  });

  it('routes /runs/<runId>/v1 to the engine and records the run id', async () => {
    pair = await startPair(answering({ content: 'ok' }));
    const c = new OpenAI({ baseURL: `${pair.proxy.url}/runs/run-42/v1`, apiKey: 'k', maxRetries: 0 });
    const answer = await c.chat.completions.create({ model: 'm', messages: MESSAGES });
    expect(answer.choices[0]!.message.content).toBe('ok');
    expect((await c.models.list()).data).toHaveLength(1);
    const [record] = await pair.records();
    expect(record).toMatchObject({ runId: 'run-42', route: '/runs/run-42/v1/chat/completions' });
  });
});
