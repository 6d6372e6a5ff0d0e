import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIClient } from './openai-client.ts';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler;
let server: Server;
let base: string;
const seen: { body: Record<string, unknown>; headers: IncomingMessage['headers'] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ body: body ? JSON.parse(body) : {}, headers: req.headers });
      handler(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const request = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [{ type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }], temperature: 0, maxTokens: 64, parallelToolCalls: false };

describe('OpenAIClient', () => {
  it('sends a Chat Completions request and reads tool calls, usage and kept headers', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        choices: [{ message: { role: 'assistant', content: null, reasoning_content: 'think', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }, finish_reason: 'tool_calls' }],
        usage: { prompt_tokens: 12, completion_tokens: 3 },
      }, { 'x-geulpu-tool-errors': 'form=c3; rules=paper; changed=false; failures=none', 'x-other': 'dropped' });
    const client = new OpenAIClient({ baseUrl: base, model: 'served', apiKey: 'k', userAgent: 'QwenCode/0.24.4' });
    const r = await client.generate(request);
    expect(r).toEqual({
      content: null,
      toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
      reasoningContent: 'think',
      finishReason: 'tool_calls',
      usage: { promptTokens: 12, completionTokens: 3 },
      headers: { 'x-geulpu-tool-errors': 'form=c3; rules=paper; changed=false; failures=none' },
    });
    const last = seen.at(-1)!;
    expect(last.body).toEqual({ model: 'served', messages: request.messages, tools: request.tools, temperature: 0, max_tokens: 64, parallel_tool_calls: false });
    expect(last.headers['user-agent']).toBe('QwenCode/0.24.4');
    expect(last.headers.authorization).toBe('Bearer k');
    await client.close();
  });

  it('makes exactly one attempt and reports the HTTP status and the engine message', async () => {
    const before = seen.length;
    handler = (_req, _body, res) => json(res, 500, { error: { code: 500, message: 'Failed to parse input at pos 12: <tool_call>', type: 'server_error' } });
    const client = new OpenAIClient({ baseUrl: base, model: 'm' });
    await expect(client.generate(request)).rejects.toMatchObject({ code: 'model:http', details: { status: 500 }, message: expect.stringContaining('Failed to parse input at pos 12') });
    expect(seen.length - before).toBe(1);
    await client.close();
  });

  it('times out as model:timeout and reports a closed port as model:unreachable', async () => {
    handler = () => {};
    const client = new OpenAIClient({ baseUrl: base, model: 'm', timeoutMs: 200 });
    await expect(client.generate(request)).rejects.toMatchObject({ code: 'model:timeout' });
    await client.close();
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = new OpenAIClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' });
    await expect(gone.generate(request)).rejects.toMatchObject({ code: 'model:unreachable', message: expect.stringContaining('ECONNREFUSED') });
    await gone.close();
  });

  it('calls a 200 that is not a completion a bad response', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200);
      res.end('<html>proxy error</html>');
    };
    const client = new OpenAIClient({ baseUrl: base, model: 'm' });
    await expect(client.generate(request)).rejects.toMatchObject({ code: 'model:bad-response' });
    handler = (_req, _body, res) => json(res, 200, { choices: [] });
    await expect(client.generate(request)).rejects.toMatchObject({ code: 'model:bad-response' });
    await client.close();
  });

  it('aborts with the signal', async () => {
    handler = () => {};
    const client = new OpenAIClient({ baseUrl: base, model: 'm' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(client.generate(request, { signal: controller.signal })).rejects.toMatchObject({ code: 'model:aborted' });
    await client.close();
  });
});
