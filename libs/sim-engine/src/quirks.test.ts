import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { contextRejection, parseQuirks, type SimQuirksInput } from './quirks.ts';
import { startSimEngine, type SimEngine } from './server.ts';

const tools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } } },
];
const ask = (content: string, stream = false) => ({ model: 'm', messages: [{ role: 'user', content }], tools, stream });

let sim: SimEngine | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function start(quirks: SimQuirksInput): Promise<SimEngine> {
  sim = await startSimEngine({ profile: 'ideal', quirks });
  return sim;
}

async function post(s: SimEngine, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

describe('quirks', () => {
  it('llamaParse500: HTTP 500 in llama.cpp’s envelope on every Nth request, only for tool-call turns', async () => {
    const s = await start({ llamaParse500: { trigger: { everyNth: 2 } } });
    expect((await post(s, ask('q=a'))).status).toBe(200);
    const second = await post(s, ask('q=a'));
    expect(second.status).toBe(500);
    const body = JSON.parse(second.text) as { error: { code: number; message: string; type: string } };
    expect(body.error.code).toBe(500);
    expect(body.error.type).toBe('server_error');
    expect(body.error.message).toBe('The model produced output that does not match the expected peg-native format');
    expect((await post(s, ask('q=a'))).status).toBe(200);
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: 'x', maxRetries: 0 });
    await expect(client.chat.completions.create(ask('q=a') as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('llamaParse500 on a stream: an error event after the headers', async () => {
    const s = await start({ llamaParse500: { trigger: { marker: '#break' } } });
    const r = await post(s, ask('q=a #break', true));
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/^data: \{"error":\{"code":500,"message":"The model produced output that does not match/);
    expect(r.text).not.toContain('[DONE]');
  });

  it('rawToolMarkup: 200 with the call markup in content and no tool_calls', async () => {
    const s = await start({ rawToolMarkup: { trigger: { marker: '#raw' }, markup: 'hermes' } });
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: 'x', maxRetries: 0 });
    const raw = await client.chat.completions.create(ask('q=a #raw') as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
    expect(raw.choices[0]!.message.tool_calls).toBeUndefined();
    expect(raw.choices[0]!.message.content).toBe('<tool_call>\n{"name": "lookup", "arguments": {"q":"a"}}\n</tool_call>');
    expect(raw.choices[0]!.finish_reason).toBe('stop');
    const clean = await client.chat.completions.create(ask('q=a') as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
    expect(clean.choices[0]!.message.tool_calls).toHaveLength(1);
  });

  it('badArguments: tool_calls whose arguments are not JSON, streamed too', async () => {
    const s = await start({ badArguments: { trigger: { always: true } } });
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: 'x', maxRetries: 0 });
    const plain = await client.chat.completions.create(ask('q=a') as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
    const call = plain.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.arguments).toBe('{"q":"a"');
    let streamed = '';
    for await (const chunk of await client.chat.completions.create(ask('q=a', true) as OpenAI.Chat.ChatCompletionCreateParamsStreaming)) {
      streamed += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? '';
    }
    expect(streamed).toBe('{"q":"a"');
    expect(() => JSON.parse(streamed)).toThrow();
  });

  it('streamTruncate: the stream stops without finish_reason or [DONE] and the socket is destroyed', async () => {
    const s = await start({ streamTruncate: { trigger: { always: true }, afterChunks: 2 } });
    const response = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(ask('q=a', true)) });
    expect(response.status).toBe(200);
    const error = await response.text().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: 'x', maxRetries: 0 });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    const failure = await (async () => {
      for await (const chunk of await client.chat.completions.create(ask('q=a', true) as OpenAI.Chat.ChatCompletionCreateParamsStreaming)) chunks.push(chunk);
    })().then(() => undefined, (e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(chunks.length).toBeLessThanOrEqual(2);
    expect(chunks.some((c) => c.choices[0]?.finish_reason)).toBe(false);
  });

  it('streamTruncate never reaches the finish chunk, however late it is asked to cut', async () => {
    const s = await start({ streamTruncate: { trigger: { marker: '#cut' }, afterChunks: 1000 } });
    const response = await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ ...ask('q=a #cut', true), stream_options: { include_usage: true } }) });
    const reader = response.body!.getReader();
    let text = '';
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        text += Buffer.from(value).toString();
      }
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(text).toContain('"finish_reason":null');
    expect(text).not.toMatch(/"finish_reason":"|\[DONE\]|"usage":\{/);
  });

  it('contextLimit: vLLM’s 400 when prompt + max_tokens exceeds the context; /v1/models reports it', async () => {
    const s = await start({ contextLimit: { contextTokens: 200, style: 'vllm' } });
    expect((await post(s, { ...ask('q=a'), max_tokens: 10 })).status).toBe(200);
    const r = await post(s, { ...ask('q=a'), max_tokens: 500 });
    expect(r.status).toBe(400);
    const body = JSON.parse(r.text) as { error: { message: string; type: string; code: number } };
    expect(body.error.type).toBe('BadRequestError');
    expect(body.error.message).toMatch(/^This model's maximum context length is 200 tokens\. However, you requested 500 output tokens and your prompt contains at least (\d+) input tokens, for a total of at least \d+ tokens\..*\(parameter=input_tokens, value=\1\)$/);
    const models = (await (await fetch(`${s.baseUrl}/models`)).json()) as { data: Array<{ max_model_len: number }> };
    expect(models.data[0]!.max_model_len).toBe(200);
  });

  it('contextLimit messages of each engine style, with their boundaries', () => {
    const msg = (style: 'vllm' | 'vllm-legacy' | 'sglang' | 'llamacpp', p: number, n?: number) => {
      const r = contextRejection({ contextTokens: 100, style }, 'openai', p, n);
      return r === undefined ? undefined : JSON.stringify(r.body);
    };
    expect(msg('vllm', 60, 40)).toBeUndefined();
    expect(msg('vllm-legacy', 60, 41)).toContain(`'max_tokens' or 'max_completion_tokens' is too large: 41. This model's maximum context length is 100 tokens and your request has 60 input tokens (41 > 100 - 60).`);
    expect(msg('sglang', 60, 40)).toContain("Requested token count exceeds the model's maximum context length of 100 tokens. You requested a total of 100 tokens: 60 tokens from the input messages and 40 tokens for the completion.");
    expect(msg('sglang', 60, 39)).toBeUndefined();
    expect(msg('sglang', 100)).toContain("The input (100 tokens) is longer than the model's context length (100 tokens).");
    expect(msg('llamacpp', 60, 10_000)).toBeUndefined();
    expect(JSON.parse(msg('llamacpp', 100)!)).toEqual({ error: { code: 400, message: 'request (100 tokens) exceeds the available context size (100 tokens), try increasing it', type: 'exceed_context_size_error', n_prompt_tokens: 100, n_ctx: 100 } });
    // The llama.cpp dialect checks as llama.cpp does unless a style is named.
    expect(contextRejection({ contextTokens: 100 }, 'llama.cpp', 100, undefined)?.body).toMatchObject({ error: { type: 'exceed_context_size_error' } });
    expect(contextRejection({ contextTokens: 100 }, 'openai', 60, 41)?.body).toMatchObject({ error: { type: 'BadRequestError' } });
  });

  it('rejects quirks that are not data it knows', () => {
    expect(() => parseQuirks({ llamaParse500: { trigger: {} } }, 'q.yaml')).toThrow(/q\.yaml: invalid quirks/);
    expect(() => parseQuirks({ explode: true }, 'q.yaml')).toThrow(/invalid quirks/);
  });
});
