import { afterEach, describe, expect, it } from 'vitest';
import type { EngineKindId } from './config.ts';
import { answering } from './testing/fake-engine.ts';
import { chatBody, startPair, WEATHER_TOOL, type Pair, type PairOptions } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function forwarded(body: Record<string, unknown>, options: PairOptions = {}): Promise<Record<string, unknown>> {
  pair = await startPair(answering({}), options);
  const answer = await pair.post(JSON.stringify(body));
  expect(answer.status).toBe(200);
  return pair.engine.chatBodies()[0]!;
}

const CLIENT_SAMPLING = {
  temperature: 0.8, top_p: 0.95, min_p: 0.05, top_k: 40, seed: 7, presence_penalty: 0.5, frequency_penalty: 0.3,
  repeat_penalty: 1.1, repetition_penalty: 1.2, chat_template_kwargs: { enable_thinking: true, other: 1 },
};

describe('top-level fields (spec 1.2)', () => {
  const expected: Record<EngineKindId, Record<string, unknown>> = {
    'llama.cpp': { top_k: 0, repeat_penalty: 1, dry_multiplier: 0, xtc_probability: 0, typical_p: 1, mirostat: 0, min_p: 0 },
    vllm: { top_k: -1, repetition_penalty: 1, min_p: 0 },
    sglang: { top_k: -1, repetition_penalty: 1, min_p: 0 },
    geulpu: { min_p: 0 },
    generic: {},
  };

  for (const [engine, pins] of Object.entries(expected) as [EngineKindId, Record<string, unknown>][]) {
    it(`pins every sampling field for ${engine}`, async () => {
      const sent = await forwarded(chatBody(CLIENT_SAMPLING), {
        upstream: { engine },
        clamp: { mode: 'off' },
        model: { servedName: 'served', seed: 11, chatTemplateKwargs: { enable_thinking: false } },
      });
      expect(sent).toMatchObject({ model: 'served', temperature: 0, top_p: 1, presence_penalty: 0, frequency_penalty: 0, seed: 11, ...pins });
      expect(sent.chat_template_kwargs).toEqual({ enable_thinking: false });
      for (const name of ['top_k', 'repeat_penalty', 'repetition_penalty', 'min_p']) {
        if (!(name in pins)) expect(sent).not.toHaveProperty(name);
      }
      const [record] = await pair!.records();
      expect(record!.originals).toMatchObject({ ...CLIENT_SAMPLING, model: 'client-model' });
    });
  }

  it('adds cache_prompt:false for deterministic llama.cpp runs', async () => {
    const sent = await forwarded(chatBody({ cache_prompt: true }), { upstream: { engine: 'llama.cpp', deterministic: true } });
    expect(sent.cache_prompt).toBe(false);
  });

  it('sends chat_template_kwargs even when empty, replacing the client object', async () => {
    const sent = await forwarded(chatBody({ chat_template_kwargs: { enable_thinking: true } }), { upstream: { engine: 'vllm' }, clamp: { mode: 'off' } });
    expect(sent.chat_template_kwargs).toEqual({});
  });

  it('forwards the standard fields as sent and drops (and records) the rest', async () => {
    const body = chatBody({
      tools: [WEATHER_TOOL], tool_choice: 'auto', stream: false, stop: ['END'], response_format: { type: 'text' },
      n: 3, logprobs: true, user: 'someone', metadata: { a: 1 }, store: true, my_field: 1,
    });
    const sent = await forwarded(body, { model: { extraAllowedFields: ['my_field'] } });
    expect(sent).toMatchObject({ tools: [WEATHER_TOOL], tool_choice: 'auto', stream: false, stop: ['END'], response_format: { type: 'text' }, my_field: 1 });
    for (const name of ['n', 'logprobs', 'user', 'metadata', 'store']) expect(sent).not.toHaveProperty(name);
    const [record] = await pair!.records();
    expect(record!.dropped.fields.sort()).toEqual(['logprobs', 'metadata', 'n', 'store', 'user']);
  });

  it('folds max_completion_tokens and max_new_tokens into max_tokens', async () => {
    const sent = await forwarded(chatBody({ max_completion_tokens: 300, max_new_tokens: 50 }));
    expect(sent.max_tokens).toBe(300);
    expect(sent).not.toHaveProperty('max_completion_tokens');
    expect(sent).not.toHaveProperty('max_new_tokens');
  });

  it('lowers max_tokens to maxTokensCap', async () => {
    const sent = await forwarded(chatBody({ max_tokens: 32_000 }), { clamp: { maxTokensCap: 8_192 } });
    expect(sent.max_tokens).toBe(8_192);
  });

  it('sets parallel_tool_calls from the model config, else keeps the client value', async () => {
    expect((await forwarded(chatBody({ parallel_tool_calls: true }), { model: { parallelToolCalls: false } })).parallel_tool_calls).toBe(false);
    await pair!.close();
    expect((await forwarded(chatBody({ parallel_tool_calls: true }))).parallel_tool_calls).toBe(true);
  });
});

const CALL = (id: string, args: unknown) => ({ id, type: 'function', function: { name: 'get_weather', arguments: args } });

describe('messages (spec 1.4)', () => {
  it('keeps only standard fields, flattens text parts, stringifies object arguments', async () => {
    const sent = await forwarded(chatBody({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'be brief' }, { type: 'text', text: 'and kind' }], cache_control: {} },
        { role: 'user', content: 'hi', name: 'u1', extra: true },
        { role: 'assistant', content: null, tool_calls: [CALL('c1', { city: 'Paris' })], reasoning_content: 'think' },
        { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'sunny' }], tool_error_kind: 'transient' },
      ],
    }));
    expect(sent.messages).toEqual([
      { role: 'system', content: 'be brief\nand kind' },
      { role: 'user', content: 'hi', name: 'u1' },
      { role: 'assistant', content: null, tool_calls: [CALL('c1', '{"city":"Paris"}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
    ]);
    const [record] = await pair!.records();
    expect(record!.flags).toMatchObject({ historyBadArguments: false, nonTextContent: false, multiCallHistory: false });
    expect(record!.dropped.messageFields.sort()).toEqual(['cache_control', 'extra', 'reasoning_content', 'tool_error_kind']);
  });

  it('keeps reasoning_content when the model config asks', async () => {
    const sent = await forwarded(chatBody({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', reasoning_content: 'r' }, { role: 'user', content: 'q2' }] }), {
      model: { keepReasoningContent: true },
    });
    expect((sent.messages as Record<string, unknown>[])[1]).toEqual({ role: 'assistant', content: 'a', reasoning_content: 'r' });
  });

  it('passes arrays with non-text parts unchanged and flags them', async () => {
    const parts = [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }];
    const sent = await forwarded(chatBody({ messages: [{ role: 'user', content: parts }] }));
    expect((sent.messages as Record<string, unknown>[])[0]!.content).toEqual(parts);
    const [record] = await pair!.records();
    expect(record!.flags.nonTextContent).toBe(true);
  });

  const badHistory = chatBody({
    messages: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [CALL('c1', '{"city": "Par')] },
      { role: 'tool', tool_call_id: 'c1', content: 'error' },
    ],
  });

  it('flags history arguments that are not a JSON object and forwards them (policy forward)', async () => {
    const sent = await forwarded(badHistory);
    expect((sent.messages as { tool_calls?: unknown[] }[])[1]!.tool_calls).toEqual([CALL('c1', '{"city": "Par')]);
    const [record] = await pair!.records();
    expect(record!.flags.historyBadArguments).toBe(true);
  });

  it('repairs them to "{}" with policy repair, keeping the original in the record', async () => {
    const sent = await forwarded(badHistory, { model: { badArguments: 'repair' } });
    expect((sent.messages as { tool_calls?: unknown[] }[])[1]!.tool_calls).toEqual([CALL('c1', '{}')]);
    const [record] = await pair!.records();
    expect(record!.flags.repairedArguments).toEqual([{ message: 1, call: 0, arguments: '{"city": "Par' }]);
  });

  const multiCall = chatBody({
    messages: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [CALL('c1', '{}'), CALL('c2', '{}')] },
      { role: 'tool', tool_call_id: 'c1', content: 'a' },
      { role: 'tool', tool_call_id: 'c2', content: 'b' },
    ],
  });

  it('flags two calls in one turn for a single-call template', async () => {
    await forwarded(multiCall, { model: { singleToolCallTemplate: true } });
    const [record] = await pair!.records();
    expect(record!.flags.multiCallHistory).toBe(true);
  });

  it('answers 400 itself with policy reject', async () => {
    pair = await startPair(answering({}), { model: { singleToolCallTemplate: true, multiCallHistory: 'reject' } });
    const answer = await pair.post(JSON.stringify(multiCall));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: { code: 'proxy:multi-call-history', type: 'invalid_request_error' } });
    expect(pair.engine.received).toHaveLength(0);
    const [record] = await pair.records();
    expect(record).toMatchObject({ code: 'template_error', origin: 'proxy', status: 400 });
    expect(pair.proxy.counters.attempts.template_error).toBe(1);
  });
});
