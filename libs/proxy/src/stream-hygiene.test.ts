import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunks, sendSse } from './testing/fake-engine.ts';
import { startPair, type Pair } from './testing/proxy-pair.ts';

// Node reports a listener leak as a process warning (MaxListenersExceededWarning), not an error: every warning
// emitted while a test runs fails it.
let warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let pair: Pair | undefined;

beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(async () => {
  process.off('warning', onWarning);
  await pair?.close();
  pair = undefined;
});

/** The request body of each surface for a streamed answer. */
const BODIES: Record<string, { path: string; body: Record<string, unknown> }> = {
  chat: { path: '/v1/chat/completions', body: { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] } },
  anthropic: { path: '/v1/messages', body: { model: 'm', stream: true, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] } },
  responses: { path: '/v1/responses', body: { model: 'm', stream: true, store: false, input: 'hi' } },
};

/** POSTs over `agent` and reads the answer, pausing `pauseMs` after the first chunk it receives (a slow reader). */
function post(url: string, body: unknown, agent: HttpAgent, pauseMs = 0): Promise<{ status: number; text: string; socketPort: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        // The first chunk holds the reader up long enough for the proxy's writes to fill the socket.
        if (pauseMs > 0 && parts.length === 1) {
          res.pause();
          setTimeout(() => res.resume(), pauseMs);
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8'), socketPort: req.socket?.localPort ?? -1 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('streaming hygiene', () => {
  it('streams 1,000 answers through one client connection, on every surface, without a warning', async () => {
    pair = await startPair((_req, res) => sendSse(res, chunks({ content: 'streamed answer' })));
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    const surfaces = Object.keys(BODIES);
    try {
      for (let i = 0; i < 1000; i++) {
        const { path, body } = BODIES[surfaces[i % surfaces.length]!]!;
        const answer = await post(`${pair.proxy.url}${path}`, body, agent);
        expect(answer.status).toBe(200);
        expect(answer.text).toContain('stre');
        ports.add(answer.socketPort);
      }
    } finally {
      agent.destroy();
    }
    expect(ports.size).toBe(1);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  }, 60_000);

  it.each(Object.keys(BODIES))('waits for one drain per blocked write when the %s client reads slowly, and delivers every byte', async (surface) => {
    // A long answer in many events, sent at once: the client's socket fills and writes report back-pressure.
    const piece = 'x'.repeat(200);
    const text = piece.repeat(30_000);
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: 'm' };
    const events = [
      ...Array.from({ length: 30_000 }, () => ({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })),
      { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ];
    // All events in one write, as an engine that has the whole answer at once sends them (the sim engine does).
    pair = await startPair((_req, res) => sendSse(res, [events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')]));
    const agent = new HttpAgent({ keepAlive: false });
    const { path, body } = BODIES[surface]!;
    const answer = await post(`${pair.proxy.url}${path}`, body, agent, 300);
    agent.destroy();
    expect(answer.status).toBe(200);
    const deltas = [...answer.text.matchAll(/"(?:content|text|delta)":"(x+)"/g)].map((m) => m[1]!).join('');
    // Anthropic and Responses repeat the text once more in their closing events; the deltas alone are the answer.
    expect(deltas.slice(0, text.length)).toBe(text);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  }, 60_000);
});
