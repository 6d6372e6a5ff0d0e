import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord } from './record-format.ts';
import { startRecordingProxy, type RecordingProxy } from './testing/proxy-pair.ts';
import { findRealLlama, startRealLlama, type RealLlama } from './testing/real-llama.ts';

// The proxy in front of a real llama.cpp server (the tiny scripted model: with `tool_choice` required it makes one
// tool call, parsed by llama.cpp), on each API surface, streamed and not, through the official SDKs. The
// conversation ends in a failed tool result, so the layer (c3) rewrites every request.
const real = findRealLlama();

const WEATHER = { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] };
const FAILURE = 'HTTP Error 503: Service Unavailable (the weather service is overloaded; try again shortly)';

describe.skipIf(!real.files)(`the proxy on each surface in front of a real llama.cpp server${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  let llama: RealLlama;
  let recording: RecordingProxy;
  const proxyUrl = () => recording.proxy.url;

  beforeAll(async () => {
    llama = await startRealLlama(real.files!);
    recording = await startRecordingProxy(llama.url, { upstream: { engine: 'llama.cpp' }, model: { servedName: llama.alias }, layer: { form: 'c3' } });
  });

  afterAll(async () => {
    await recording?.close();
    await llama?.close();
  });

  async function lastRecord(): Promise<CallRecord> {
    const record = (await recording.records()).at(-1)!;
    expect(record, llama.output().slice(-1000)).toMatchObject({ status: 200, upstreamStatus: 200, code: 'ok', origin: 'engine', layer: { form: 'c3', changed: true } });
    expect(record.detections.map((d) => d.kind)).toEqual(['transient']);
    return record;
  }

  /** The engine's usage as recorded (a stream's usage chunk, or the body's). */
  const engineUsage = (r: CallRecord) => r.usage as { prompt_tokens: number; completion_tokens: number };

  const openai = () => new OpenAI({ baseURL: `${proxyUrl()}/v1`, apiKey: 'unused', maxRetries: 0 });
  const chatMessages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'user', content: 'What is the weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: FAILURE },
  ];
  const chatTools: OpenAI.Chat.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', parameters: WEATHER } }];

  it.each([false, true])('Chat Completions (stream %s): a tool call and the usage come back', async (stream) => {
    const client = openai();
    const request = { model: 'any', messages: chatMessages, tools: chatTools, tool_choice: 'required' as const };
    const answer = stream
      ? await client.chat.completions.stream({ ...request, stream_options: { include_usage: true } }).finalChatCompletion()
      : await client.chat.completions.create(request);
    expect(answer.choices[0]!.finish_reason).toBe('tool_calls');
    const call = (answer.choices[0]!.message.tool_calls![0] as OpenAI.Chat.ChatCompletionMessageFunctionToolCall).function;
    const usage = answer.usage;
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.arguments)).toHaveProperty('city');
    const record = await lastRecord();
    expect(usage).toMatchObject({ prompt_tokens: engineUsage(record).prompt_tokens, completion_tokens: engineUsage(record).completion_tokens });
  });

  it.each([false, true])('Anthropic Messages (stream %s): a tool_use block and the usage come back', async (stream) => {
    const client = new Anthropic({ baseURL: proxyUrl(), apiKey: 'unused', maxRetries: 0 });
    const request: Anthropic.MessageCreateParamsNonStreaming = {
      model: 'any', max_tokens: 256, tool_choice: { type: 'any' },
      tools: [{ name: 'get_weather', input_schema: WEATHER }],
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: FAILURE }] },
      ],
    };
    const message = stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
    expect(message.stop_reason).toBe('tool_use');
    const use = message.content.find((b) => b.type === 'tool_use');
    expect(use).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: expect.any(String) } });
    const record = await lastRecord();
    expect(record.surface).toBe('anthropic');
    expect(message.usage).toMatchObject({ input_tokens: engineUsage(record).prompt_tokens, output_tokens: engineUsage(record).completion_tokens });
  });

  it.each([false, true])('Responses (stream %s): a function_call item and the usage come back', async (stream) => {
    const client = openai();
    const request: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
      model: 'any', tool_choice: 'required',
      tools: [{ type: 'function', name: 'get_weather', parameters: WEATHER, strict: false }],
      input: [
        { role: 'user', content: 'What is the weather in Paris?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: FAILURE },
      ],
    };
    const response = stream ? await client.responses.stream({ ...request, stream: true }).finalResponse() : await client.responses.create(request);
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather' });
    expect(JSON.parse((call as { arguments: string }).arguments)).toHaveProperty('city');
    const record = await lastRecord();
    expect(record.surface).toBe('responses');
    expect(response.usage).toMatchObject({ input_tokens: engineUsage(record).prompt_tokens, output_tokens: engineUsage(record).completion_tokens });
  });
});
