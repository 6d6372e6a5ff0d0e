import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingProxy, WEATHER_TOOL, type RecordingProxy } from './testing/proxy-pair.ts';
import { findRealLlama, startRealLlama, type RealLlama } from './testing/real-llama.ts';

// Counts from the real tokenizer: the proxy's `count_tokens` and its clamp (mode `count`: `/apply-template` then
// `/tokenize`, the context from `/props`) against the prompt_tokens llama.cpp itself reports for the same request.
const real = findRealLlama();

const CONTEXT_PER_SLOT = 2048;
const FAILURE = 'Traceback (most recent call last):\n  File "fetch.py", line 3, in <module>\nConnectionRefusedError: [Errno 111] Connection refused';

const anthropicRequest = {
  model: 'any', max_tokens: 3000, tool_choice: { type: 'any' as const },
  tools: [{ name: 'get_weather', description: 'Weather for a city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } }],
  messages: [
    { role: 'user' as const, content: 'What is the weather in Paris?' },
    { role: 'assistant' as const, content: [{ type: 'tool_use' as const, id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
    { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_1', is_error: true, content: FAILURE }] },
  ],
};

describe.skipIf(!real.files)(`token counts from llama.cpp's own tokenizer${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  let llama: RealLlama;
  let recording: RecordingProxy;

  beforeAll(async () => {
    // Two slots: the context a request gets is the slot's, not the server's -c.
    llama = await startRealLlama(real.files!, { slots: 2, contextPerSlot: CONTEXT_PER_SLOT });
    recording = await startRecordingProxy(llama.url, { upstream: { engine: 'llama.cpp' }, model: { servedName: llama.alias }, layer: { form: 'c3' }, clamp: { mode: 'count' } });
  });

  afterAll(async () => {
    await recording?.close();
    await llama?.close();
  });

  it('count_tokens through the proxy equals the prompt_tokens llama.cpp reports for the same request', async () => {
    const client = new Anthropic({ baseURL: recording.proxy.url, apiKey: 'unused', maxRetries: 0 });
    const counted = await client.messages.countTokens(anthropicRequest).withResponse();
    expect(counted.response.headers.get('x-proxy-token-count-source')).toBe('engine');
    const message = await client.messages.create(anthropicRequest);
    expect(message.stop_reason).toBe('tool_use');
    const records = await recording.records();
    const sent = records.at(-1)!;
    expect(sent.usage).toMatchObject({ prompt_tokens: counted.data.input_tokens });
    expect(message.usage.input_tokens).toBe(counted.data.input_tokens);
  });

  it.each([
    ['chat', '/v1/chat/completions', { model: 'any', max_tokens: 3000, tool_choice: 'required', tools: [WEATHER_TOOL], messages: [{ role: 'user', content: 'What is the weather in Paris?' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, { role: 'tool', tool_call_id: 'c1', content: FAILURE }] }],
    ['anthropic', '/v1/messages', anthropicRequest],
    ['responses', '/v1/responses', { model: 'any', max_output_tokens: 3000, tool_choice: 'required', tools: [{ type: 'function', name: 'get_weather', parameters: WEATHER_TOOL.function.parameters }], input: [{ role: 'user', content: 'What is the weather in Paris?' }, { type: 'function_call', call_id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }, { type: 'function_call_output', call_id: 'c1', output: FAILURE }] }],
  ])('%s: the clamp counts P as llama.cpp does and budgets against the slot\'s context', async (surface, path, body) => {
    const answer = await recording.post(JSON.stringify(body), surface === 'anthropic' ? { 'anthropic-version': '2023-06-01' } : {}, path);
    expect(answer.status, answer.text).toBe(200);
    const record = (await recording.records()).at(-1)!;
    expect(record.surface).toBe(surface);
    const promptTokens = (record.usage as { prompt_tokens: number }).prompt_tokens;
    expect(record.clamp).toEqual({
      mode: 'count', requested: 3000, limit: 3000, sent: CONTEXT_PER_SLOT - promptTokens - 1, firstSent: null,
      promptTokens, contextLength: CONTEXT_PER_SLOT, source: 'count', retried: false, countError: null,
    });
  });
});
