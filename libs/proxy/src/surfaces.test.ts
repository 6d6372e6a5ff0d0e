import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePromptTokens, sglangLike } from './testing/fake-context-engines.ts';
import { answering, completion, sendJson, sendSse, type FakeHandler } from './testing/fake-engine.ts';
import { startPair, type Pair, type PairOptions } from './testing/proxy-pair.ts';

const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./testdata/surfaces/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function start(handler: FakeHandler, options: PairOptions = {}): Promise<Pair> {
  pair = await startPair(handler, options);
  return pair;
}

/** Surface answers name ids made from the call's id; fixtures write `<id>` there. */
function withIds(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer).replace(/(msg|resp|fc)_[0-9a-f]{32}/g, '$1_<id>'));
}

const weatherTool = { name: 'get_weather', description: 'weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } };
const failedTurn: Anthropic.MessageParam[] = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: 'Service temporarily unavailable, try again' }] },
];

describe('recorded payloads: each API\'s documented shape, through the proxy and back', () => {
  it('Anthropic Messages: the engine gets the Chat Completions equivalent; the answer comes back as a message', async () => {
    const p = await start((_req, res) => sendJson(res, 200, fixture('chat-completion.json')));
    const answer = await p.post(JSON.stringify(fixture('anthropic-request.json')), {}, '/v1/messages');
    expect(answer.status).toBe(200);
    expect(p.engine.chatBodies()[0]).toEqual(fixture('anthropic-request.chat.json'));
    expect(withIds(answer.json)).toEqual(fixture('anthropic-response.json'));
    const [record] = await p.records();
    expect(record!.surface).toBe('anthropic');
    expect(record!.detections).toEqual([{ messageIndex: 2, kind: 'transient', rule: 'is_error', scope: 'decision' }]);
    expect(record!.dropped.fields).toEqual(['metadata']);
    expect(record!.originals).toEqual({ model: 'claude-sonnet-4-5', temperature: 0.7, parallel_tool_calls: false });
  });

  it('Responses: the engine gets the Chat Completions equivalent; the answer comes back as a response', async () => {
    const p = await start((_req, res) => sendJson(res, 200, fixture('chat-completion.json')));
    const answer = await p.post(JSON.stringify(fixture('responses-request.json')), {}, '/v1/responses');
    expect(answer.status).toBe(200);
    expect(p.engine.chatBodies()[0]).toEqual(fixture('responses-request.chat.json'));
    expect(withIds(answer.json)).toMatchObject(fixture('responses-response.json'));
    const [record] = await p.records();
    expect(record!.surface).toBe('responses');
    expect(record!.dropped.fields).toEqual(['input[reasoning]', 'tools[web_search]', 'include', 'reasoning']);
    expect(record!.detections).toEqual([{ messageIndex: 4, kind: 'transient', rule: 'generic', scope: 'decision' }]);
  });
});

describe('system messages inside the conversation (every field today\'s clients send)', () => {
  it('Anthropic: a system message after the user turn (Claude Code 2.1) stays at its place on the Chat side, as text', async () => {
    const p = await start(answering({ content: 'ok' }), { layer: { form: 'c3' } });
    const body = {
      model: 'claude-x', max_tokens: 100, system: 'top', stream: false,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'system', content: [{ type: 'text', text: '# Environment' }, { type: 'text', text: 'cwd: /w' }], output_config: { effort: 'medium' } },
        ...failedTurn.slice(1),
      ],
    };
    const answer = await p.post(JSON.stringify(body), {}, '/v1/messages');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const sent = p.engine.chatBodies()[0]!.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'system', 'assistant', 'tool', 'user']);
    expect(sent[2]).toEqual({ role: 'system', content: '# Environment\ncwd: /w' });
    expect(sent[5]!.content).toMatch(/^Note from the tool runtime: /);
    const [record] = await p.records();
    expect(record!.detections).toEqual([{ messageIndex: 3, kind: 'transient', rule: 'is_error', scope: 'decision' }]);
  });

  it('Responses: developer and system items mid-input stay at their place as system messages', async () => {
    const p = await start(answering({ content: 'ok' }), { layer: { form: 'c3' } });
    const body = {
      model: 'gpt-x', instructions: 'top', store: false,
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'sandbox: none' }] },
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'system', content: 'be brief' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Error: 503 Service Unavailable' },
      ],
    };
    const answer = await p.post(JSON.stringify(body), {}, '/v1/responses');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const sent = p.engine.chatBodies()[0]!.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user', 'system', 'assistant', 'tool', 'user']);
    expect(sent.slice(0, 4).map((m) => m.content)).toEqual(['top', 'sandbox: none', 'Weather in Paris?', 'be brief']);
    expect(sent[6]!.content).toMatch(/^Note from the tool runtime: /);
  });
});

describe('the official @anthropic-ai/sdk against /v1/messages', () => {
  it('is_error reaches the layer: the engine gets the c3 note; tool_use, stop reason and usage map back', async () => {
    const p = await start(answering({ content: null, toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Paris"}' }], finishReason: 'tool_calls' }), { layer: { form: 'c3' } });
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const { data, response } = await client.messages.create({ model: 'claude-x', max_tokens: 200, tools: [weatherTool], messages: failedTurn }).withResponse();
    expect(data.content).toEqual([{ type: 'tool_use', id: 'call_9', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(data.stop_reason).toBe('tool_use');
    expect(data.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    expect(response.headers.get('x-geulpu-tool-errors')).toBe('form=c3; rules=paper; changed=true; failures=2:transient:is_error:decision');
    const sent = p.engine.chatBodies()[0]!.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(sent[3]!.content).toMatch(/^Note from the tool runtime: the last attempt called get_weather with city="Paris" and it failed with: Service temporarily unavailable, try again\n\nThis is a temporary failure\./);
  });

  it('streams text and a tool call with the SDK\'s stream helper', async () => {
    const p = await start(answering({ content: 'Checking the weather.', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }], finishReason: 'tool_calls' }));
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const texts: string[] = [];
    const events: string[] = [];
    const stream = client.messages.stream({ model: 'claude-x', max_tokens: 200, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather?' }] });
    stream.on('text', (text) => texts.push(text));
    stream.on('streamEvent', (event) => events.push(event.type));
    const message = await stream.finalMessage();
    expect(texts.join('')).toBe('Checking the weather.');
    expect(message.content).toEqual([{ type: 'text', text: 'Checking the weather.' }, { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }]);
    expect(message.stop_reason).toBe('tool_use');
    expect(events[0]).toBe('message_start');
    expect(events.slice(-2)).toEqual(['message_delta', 'message_stop']);
    // On the wire: each event named, a ping after message_start, one block per text run and per call.
    const raw = await p.post(JSON.stringify({ model: 'x', max_tokens: 9, stream: true, messages: [{ role: 'user', content: 'Weather?' }] }), {}, '/v1/messages');
    expect(raw.headers['content-type']).toMatch(/^text\/event-stream/);
    const names = [...raw.text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(names[0]).toBe('message_start');
    expect(names[1]).toBe('ping');
    expect(names.filter((n) => n === 'content_block_start')).toHaveLength(2);
    expect(names.filter((n) => n === 'content_block_stop')).toHaveLength(2);
    expect(raw.text).toContain('"type":"input_json_delta","partial_json":"{\\"city\\":');
    expect(p.engine.chatBodies()[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const [record] = await p.records();
    expect(record).toMatchObject({ surface: 'anthropic', stream: true, code: 'ok' });
  });

  it('counts tokens of the rewritten request with the engine\'s tokenizer', async () => {
    const p = await start((req, res) => (req.path === '/tokenize' ? sendJson(res, 200, { count: 321, max_model_len: 4096 }) : sendJson(res, 404, { error: 'no' })), { layer: { form: 'c3' } });
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const counted = await client.messages.countTokens({ model: 'claude-x', tools: [weatherTool], messages: failedTurn });
    expect(counted.input_tokens).toBe(321);
    const asked = p.engine.received.find((r) => r.path === '/tokenize')!.json as { messages: { content: string }[] };
    expect(asked.messages.at(-1)!.content).toMatch(/^Note from the tool runtime/);
    expect(p.engine.chatBodies()).toEqual([]);
  });

  it('estimates the count, and says so, when the engine has no tokenizer', async () => {
    const p = await start((_req, res) => sendJson(res, 404, { error: 'not found' }));
    const answer = await p.post(JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'a'.repeat(400) }] }), {}, '/v1/messages/count_tokens');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-proxy-token-count-source']).toBe('estimate');
    expect((answer.json as { input_tokens: number }).input_tokens).toBeGreaterThan(100);
  });

  it('gets engine errors in Anthropic\'s error shape with the engine\'s status', async () => {
    const p = await start((_req, res) => sendJson(res, 400, { error: { message: 'bad tool schema', type: 'BadRequestError', code: 400 } }));
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const error = await client.messages.create({ model: 'x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'bad tool schema' } });
    p.engine.handler = (_req, res) => sendJson(res, 503, { error: { message: 'Loading model', type: 'unavailable_error', code: 503 } });
    const busy = await client.messages.create({ model: 'x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect((busy as { status: number }).status).toBe(503);
    expect((busy as { error: unknown }).error).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Loading model' } });
    const records = await p.records();
    expect(records.map((r) => r.code)).toEqual(['bad_request', 'engine_unavailable']);
  });

  it('gets a stream error as an Anthropic error event', async () => {
    const p = await start((_req, res) => sendSse(res, [{ id: 'c', choices: [{ index: 0, delta: { content: 'Hel' } }] }, { error: { message: 'Failed to parse input at pos 3', type: 'server_error', code: 500 } }]));
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const stream = client.messages.stream({ model: 'x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
    await expect(stream.finalMessage()).rejects.toThrow(/Failed to parse input at pos 3/);
    const [record] = await p.records();
    expect(record!.code).toBe('tool_parse_error');
  });

  it('refuses images with a clear 400 in Anthropic\'s shape', async () => {
    const p = await start(answering({ content: 'x' }));
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const error = await client.messages.create({
      model: 'x', max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }, { type: 'text', text: 'What is this?' }] }],
    }).catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(400);
    expect((error as { error: unknown }).error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: 'messages[0]: content of type "image" is not supported: the proxy serves text-only engines (send text parts only)' } });
    expect(p.engine.chatBodies()).toEqual([]);
  });
});

describe('the official openai client against /v1/responses', () => {
  const tools: OpenAI.Responses.Tool[] = [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }];

  it('a function call and its output: the engine gets the c3 note; the call maps back as a function_call item', async () => {
    const p = await start(answering({ content: null, toolCalls: [{ id: 'call_7', name: 'get_weather', arguments: '{"city":"Paris"}' }], finishReason: 'tool_calls' }), { layer: { form: 'c3' } });
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const response = await client.responses.create({
      model: 'gpt-x', tools, store: false,
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Error: 503 Service Unavailable' },
      ],
    });
    expect(response.status).toBe('completed');
    expect(response.output).toEqual([expect.objectContaining({ type: 'function_call', call_id: 'call_7', name: 'get_weather', arguments: '{"city":"Paris"}' })]);
    const sent = p.engine.chatBodies()[0]!.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(sent[3]!.content).toMatch(/^Note from the tool runtime: the last attempt called get_weather/);
  });

  it('streams text with the client\'s stream helper', async () => {
    const p = await start(answering({ content: 'It is sunny in Paris.' }));
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const deltas: string[] = [];
    const stream = client.responses.stream({ model: 'gpt-x', input: 'Weather in Paris?', tools });
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const response = await stream.finalResponse();
    expect(deltas.join('')).toBe('It is sunny in Paris.');
    expect(response.output_text).toBe('It is sunny in Paris.');
    expect(response.status).toBe('completed');
  });

  it('streams a function call: arguments deltas, then the item done, then response.completed', async () => {
    const p = await start(answering({ content: null, toolCalls: [{ id: 'call_2', name: 'get_weather', arguments: '{"city":"Paris"}' }], finishReason: 'tool_calls' }));
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const types: string[] = [];
    const stream = client.responses.stream({ model: 'gpt-x', input: 'Weather in Paris?', tools });
    stream.on('event', (event) => types.push(event.type));
    const response = await stream.finalResponse();
    expect(response.output).toEqual([expect.objectContaining({ type: 'function_call', call_id: 'call_2', arguments: '{"city":"Paris"}' })]);
    expect(types).toEqual(expect.arrayContaining(['response.created', 'response.output_item.added', 'response.function_call_arguments.delta', 'response.function_call_arguments.done', 'response.output_item.done', 'response.completed']));
    expect(types.at(-1)).toBe('response.completed');
  });

  it('refuses previous_response_id with a clear 400: the proxy is stateless', async () => {
    const p = await start(answering({ content: 'x' }));
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const error = await client.responses.create({ model: 'gpt-x', input: 'and now?', previous_response_id: 'resp_123' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toMatch(/previous_response_id is not supported: the proxy is stateless/);
    const [record] = await p.records();
    expect(record).toMatchObject({ surface: 'responses', status: 400, code: 'bad_request', origin: 'proxy' });
  });

  it('gets engine errors in the OpenAI error shape with the engine\'s status', async () => {
    const p = await start((_req, res) => sendJson(res, 500, { error: { message: 'Failed to parse input at pos 12: <tool_call>', type: 'server_error', code: 500 } }));
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const error = await client.responses.create({ model: 'gpt-x', input: 'hi' }).catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(500);
    expect((error as { error: unknown }).error).toEqual({ message: 'Failed to parse input at pos 12: <tool_call>', type: 'server_error', param: null, code: 500 });
    const [record] = await p.records();
    expect(record!.code).toBe('tool_parse_error');
  });

  it('a length stop is an incomplete response', async () => {
    const p = await start((_req, res) => sendJson(res, 200, completion({ content: 'It is', finishReason: 'length' })));
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const response = await client.responses.create({ model: 'gpt-x', input: 'hi', max_output_tokens: 2 });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(p.engine.chatBodies()[0]!.max_tokens).toBe(2);
  });
});

describe('pinning, the clamp and the visibility header work as on Chat Completions', () => {
  const long = 'x'.repeat(400);

  it('Anthropic, SGLang on-error: an overflow is retried once with a smaller max_tokens, hidden from the client', async () => {
    const p = await start(sglangLike({ contextLength: 1_000 }), { upstream: { engine: 'sglang' } });
    const client = new Anthropic({ baseURL: p.proxy.url, apiKey: 'sk-test', maxRetries: 0 });
    const { data, response } = await client.messages.create({ model: 'x', max_tokens: 20_000, temperature: 1, messages: [{ role: 'user', content: long }] }).withResponse();
    expect(data.content).toEqual([{ type: 'text', text: 'fits' }]);
    expect(response.headers.get('x-proxy-clamp-retries')).toBe('1');
    expect(response.headers.get('x-geulpu-tool-errors')).toBe('form=off; rules=paper; changed=false; failures=none');
    const sent = p.engine.chatBodies();
    expect(sent.map((b) => b.max_tokens)).toEqual([20_000, 1_000 - fakePromptTokens({ messages: sent[1]!.messages }) - 1]);
    expect(sent[0]).toMatchObject({ temperature: 0, top_p: 1, min_p: 0, top_k: -1, repetition_penalty: 1, seed: 0 });
    const [record] = await p.records();
    expect(record).toMatchObject({ surface: 'anthropic', code: 'ok', clamp: { mode: 'on-error', retried: true, source: 'error' }, originals: { temperature: 1, model: 'x' } });
  });

  it('Responses, streamed, SGLang\'s overflow as a first stream event: retried before the client sees anything', async () => {
    const p = await start(sglangLike({ contextLength: 1_000, streamErrorEvent: true }), { upstream: { engine: 'sglang' } });
    const client = new OpenAI({ baseURL: `${p.proxy.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const response = await client.responses.stream({ model: 'gpt-x', input: long, max_output_tokens: 32_000 }).finalResponse();
    expect(response.output_text).toBe('fits');
    expect(p.engine.chatBodies()).toHaveLength(2);
    const [record] = await p.records();
    expect(record).toMatchObject({ surface: 'responses', stream: true, code: 'ok', clamp: { retried: true } });
  });
});
