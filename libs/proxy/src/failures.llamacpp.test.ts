import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyResponse } from './classify.ts';
import type { CallRecord } from './record-format.ts';
import { postRaw, startRecordingProxy, WEATHER_TOOL, type RecordingProxy } from './testing/proxy-pair.ts';
import { findRealLlama, startRealLlama, type RealLlama } from './testing/real-llama.ts';

// llama.cpp's real failures, each under its own code of the taxonomy, with the engine's body kept in the record.
const real = findRealLlama();

const NO_FLAGS = { historyBadArguments: false, multiCallHistory: false, nonTextContent: false };
const question = { role: 'user', content: 'What is the weather in Paris?' };

describe.skipIf(!real.files)(`llama.cpp's real failures through the proxy${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  let llama: RealLlama;
  let recording: RecordingProxy;

  beforeAll(async () => {
    llama = await startRealLlama(real.files!, { contextPerSlot: 1024 });
    recording = await startRecordingProxy(llama.url, { upstream: { engine: 'llama.cpp' }, model: { servedName: llama.alias, extraAllowedFields: ['ignore_eos'] } });
  });

  afterAll(async () => {
    await recording?.close();
    await llama?.close();
  });

  async function proxied(body: unknown): Promise<{ status: number; record: CallRecord }> {
    const answer = await recording.post(JSON.stringify(body));
    const record = (await recording.records()).at(-1)!;
    return { status: answer.status, record };
  }

  it('malformed JSON: llama.cpp answers 500, which is the request\'s fault (bad_request); the proxy refuses it itself', async () => {
    const text = '{"messages": [';
    const direct = await postRaw(`${llama.url}/v1/chat/completions`, text);
    expect(direct.status).toBe(500);
    expect(direct.json).toMatchObject({ error: { code: 500, type: 'server_error', message: expect.stringMatching(/^\[json\.exception\.parse_error\.101\] parse error/) } });
    expect(classifyResponse(direct.status, direct.json, direct.text, NO_FLAGS, []).code).toBe('bad_request');
    const answer = await recording.post(text);
    expect(answer.status).toBe(400);
    expect((await recording.records()).at(-1)).toMatchObject({ code: 'bad_request', origin: 'proxy', upstreamStatus: null, error: { code: 'proxy:malformed-json' } });
  });

  it('a prompt over the slot\'s context: 400 exceed_context_size_error, prompt_too_long with the numbers', async () => {
    const { status, record } = await proxied({ model: 'any', messages: [{ role: 'user', content: 'word '.repeat(1500) }] });
    expect(status).toBe(400);
    expect(record).toMatchObject({ code: 'prompt_too_long', origin: 'engine', upstreamStatus: 400, error: { type: 'exceed_context_size_error' } });
    expect(record.response).toMatchObject({ error: { code: 400, type: 'exceed_context_size_error', n_ctx: 1024, n_prompt_tokens: expect.any(Number) } });
  });

  it('a history tool call whose arguments are not JSON: 500, history_args_invalid', async () => {
    const { status, record } = await proxied({
      model: 'any', tools: [WEATHER_TOOL],
      messages: [question, { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_weather', arguments: '{not json' } }] }, { role: 'tool', tool_call_id: 'a', content: 'HTTP 503' }],
    });
    expect(status).toBe(500);
    expect(record).toMatchObject({ code: 'history_args_invalid', upstreamStatus: 500, flags: { historyBadArguments: true } });
    expect(record.response).toMatchObject({ error: { type: 'server_error', message: expect.stringMatching(/^Failed to parse tool call arguments as JSON: /) } });
  });

  it('model output the tool-call parser cannot read (a prefilled call): 500, tool_parse_error', async () => {
    const { status, record } = await proxied({ model: 'any', tools: [WEATHER_TOOL], max_tokens: 4, messages: [question, { role: 'assistant', content: '<tool_call>\nnot json at all' }] });
    expect(status).toBe(500);
    expect(record).toMatchObject({ code: 'tool_parse_error', upstreamStatus: 500 });
    expect(record.response).toMatchObject({ error: { type: 'server_error', message: 'The model produced output that does not match the expected peg-native format' } });
  });
});

describe.skipIf(!real.files)(`llama.cpp running out of context while generating${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  it('two endless generations on slots that share one cache: 500 "Context size has been exceeded.", context_overflow', async () => {
    // llama.cpp's default slots (no -np) share one cache of -c tokens; each may ask for more than its share.
    await using llama = await startRealLlama(real.files!, { slots: 'auto', contextPerSlot: 512 });
    const recording = await startRecordingProxy(llama.url, { upstream: { engine: 'llama.cpp' }, model: { servedName: llama.alias, extraAllowedFields: ['ignore_eos'] } });
    try {
      const body = (n: number) => JSON.stringify({ model: 'any', ignore_eos: true, max_tokens: 400, messages: [{ role: 'user', content: `count to a thousand, run ${n}` }] });
      const answers = await Promise.all([1, 2].map((n) => recording.post(body(n))));
      expect(answers.map((a) => a.status)).toContain(500);
      const overflowed = (await recording.records()).filter((r) => r.upstreamStatus === 500);
      expect(overflowed.length).toBeGreaterThan(0);
      for (const r of overflowed) {
        expect(r.code).toBe('context_overflow');
        expect(r.response).toEqual({ error: { code: 500, message: 'Context size has been exceeded.', type: 'server_error' } });
      }
    } finally {
      await recording.close();
    }
  });
});
