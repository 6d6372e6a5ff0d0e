import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimEngine, type SimEngine } from './server.ts';

const tools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] } } },
  { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string', default: 'UTC' } } } } },
];

describe('the sim over HTTP with the official openai client', () => {
  let sim: SimEngine;
  let client: OpenAI;
  beforeAll(async () => {
    sim = await startSimEngine({ profile: 'ideal', seed: 7 });
    client = new OpenAI({ baseURL: sim.baseUrl, apiKey: 'unused', maxRetries: 0 });
  });
  afterAll(() => sim.close());

  it('listens on 127.0.0.1 on an ephemeral port and names itself after the profile', () => {
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
    expect(sim.port).toBeGreaterThan(0);
    expect(sim.model).toBe('sim-ideal');
  });

  it('answers a non-streaming request with a tool call built from key=value pairs', async () => {
    const completion = await client.chat.completions.create({ model: sim.model, messages: [{ role: 'user', content: 'Weather for city=Lisbon please' }], tools });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls).toHaveLength(1);
    const call = choice.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Lisbon","unit":"c"}' });
    expect(call.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(completion.id).toMatch(/^chatcmpl-sim[0-9a-f]{24}$/);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
  });

  it('streams tool calls the way OpenAI does, so the SDK’s stream helper assembles them', async () => {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather for city=Lisbon' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lisbon","unit":"c"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'Error: 503 Service Unavailable' },
    ];
    const stream = client.chat.completions.stream({ model: sim.model, messages, tools, stream_options: { include_usage: true } });
    const final = await stream.finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Lisbon","unit":"c"}' });
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.usage?.prompt_tokens).toBeGreaterThan(0);
  });

  it('sends id, type and name on a call’s first chunk, argument fragments after, then finish_reason, usage and [DONE]', async () => {
    const stream = await client.chat.completions.create({ model: sim.model, messages: [{ role: 'user', content: 'city="Porto Alegre"' }], tools, stream: true, stream_options: { include_usage: true } });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const [first, ...rest] = chunks;
    expect(first!.choices[0]!.delta).toEqual({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '' } }] });
    const fragments = rest.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(fragments.every((f) => f.index === 0 && f.id === undefined && f.function?.name === undefined)).toBe(true);
    expect(fragments.length).toBeGreaterThan(1);
    expect(fragments.map((f) => f.function!.arguments).join('')).toBe('{"city":"Porto Alegre","unit":"c"}');
    const finish = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finish.map((c) => c.choices[0]!.finish_reason)).toEqual(['tool_calls']);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage?.completion_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('streams a text answer after all offered tools were called', async () => {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'city=Oslo' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'a', content: '4 degrees' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'get_time', arguments: '{"zone":"UTC"}' } }] },
      { role: 'tool', tool_call_id: 'b', content: '12:00' },
    ];
    const final = await client.chat.completions.stream({ model: sim.model, messages, tools }).finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe('Done. The last tool result was: 12:00');
    expect(final.choices[0]!.finish_reason).toBe('stop');
  });

  it('lists its model, says it is healthy and counts tokens deterministically', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual([sim.model]);
    expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok' });
    const count = async (body: unknown) => (await (await fetch(`${sim.url}/tokenize`, { method: 'POST', body: JSON.stringify(body) })).json()) as { count: number; tokens: number[] };
    const a = await count({ content: 'Hello, world 42' });
    expect(a.count).toBe(5);
    expect(a.tokens).toEqual((await count({ prompt: 'Hello, world 42' })).tokens);
    const chat = await count({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(chat.count).toBeGreaterThan(1);
  });

  it('answers bad JSON with 400 in OpenAI’s error envelope, which the SDK raises as BadRequestError', async () => {
    const response = await fetch(`${sim.baseUrl}/chat/completions`, { method: 'POST', body: '{"messages": [', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/could not parse the JSON body/);
    await expect(client.chat.completions.create({ model: sim.model, messages: [] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    expect((await fetch(`${sim.url}/v2/nothing`)).status).toBe(404);
    expect((await fetch(`${sim.baseUrl}/chat/completions`)).status).toBe(405);
  });

  it('refuses a port in use and an unknown profile before serving', async () => {
    await expect(startSimEngine({ profile: 'ideal', port: sim.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await expect(startSimEngine({ profile: 'idael' })).rejects.toThrow(/did you mean "ideal"/);
  });
});
