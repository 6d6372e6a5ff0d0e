import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a fake engine received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body, or `undefined` when it was not JSON. */
  json: unknown;
}

export type FakeHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeEngine {
  url: string;
  received: ReceivedRequest[];
  /** Replaceable between requests. */
  handler: FakeHandler;
  /** The bodies sent to /v1/chat/completions, in order. */
  chatBodies(): Record<string, unknown>[];
  close(): Promise<void>;
}

/** An OpenAI-compatible engine on 127.0.0.1 that answers as its handler says. */
export async function startFakeEngine(handler: FakeHandler): Promise<FakeEngine> {
  const received: ReceivedRequest[] = [];
  const engine: FakeEngine = {
    url: '',
    received,
    handler,
    chatBodies: () => received.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.json as Record<string, unknown>),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, text, json: tryJson(text) };
      received.push(request);
      Promise.resolve(engine.handler(request, res)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 599, { error: { message: String(error) } });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  engine.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return engine;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
  res.end(text);
}

export interface FakeToolCall {
  id?: string;
  name: string;
  arguments: string;
}

export interface AnswerSpec {
  content?: string | null;
  toolCalls?: FakeToolCall[];
  finishReason?: string;
  model?: string;
}

export function completion(spec: AnswerSpec = {}): Record<string, unknown> {
  const toolCalls = spec.toolCalls?.map((c, i) => ({ id: c.id ?? `call_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1,
    model: spec.model ?? 'model',
    choices: [{
      index: 0,
      message: { role: 'assistant', content: spec.content ?? (toolCalls ? null : 'hello'), ...(toolCalls ? { tool_calls: toolCalls } : {}) },
      finish_reason: spec.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
    }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** The `chat.completion.chunk` events of an answer: content in pieces, each call's arguments in two fragments. */
export function chunks(spec: AnswerSpec = {}): Record<string, unknown>[] {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: spec.model ?? 'model' };
  const events: Record<string, unknown>[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }];
  const content = spec.content ?? (spec.toolCalls ? '' : 'hello world');
  for (const piece of content.match(/.{1,4}/gs) ?? []) events.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  spec.toolCalls?.forEach((call, index) => {
    const half = Math.floor(call.arguments.length / 2);
    events.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id: call.id ?? `call_${index}`, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }] }, finish_reason: null }] });
    events.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }, finish_reason: null }] });
  });
  events.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: spec.finishReason ?? (spec.toolCalls ? 'tool_calls' : 'stop') }] });
  events.push({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
  return events;
}

export interface SseOptions {
  /** End with `data: [DONE]` (default true). */
  done?: boolean;
  /** Destroy the socket after the events instead of ending the response. */
  cut?: boolean;
  delayMs?: number;
  headers?: Record<string, string>;
}

/** Writes events (objects as `data:` JSON, strings verbatim) as an SSE response. */
export async function sendSse(res: ServerResponse, events: (string | Record<string, unknown>)[], options: SseOptions = {}): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...options.headers });
  for (const event of events) {
    res.write(typeof event === 'string' ? event : `data: ${JSON.stringify(event)}\n\n`);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
  }
  if (options.cut) {
    res.socket?.destroy();
    return;
  }
  if (options.done !== false) res.write('data: [DONE]\n\n');
  res.end();
}

/** Answers chat requests like an engine would, streamed or not, from one answer spec. */
export function answering(spec: AnswerSpec | ((req: ReceivedRequest) => AnswerSpec)): FakeHandler {
  return async (req, res) => {
    const answer = typeof spec === 'function' ? spec(req) : spec;
    const body = (req.json ?? {}) as Record<string, unknown>;
    if (body.stream === true) await sendSse(res, chunks(answer));
    else sendJson(res, 200, completion(answer));
  };
}
