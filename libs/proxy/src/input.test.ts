import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { answering } from './testing/fake-engine.ts';
import { chatBody, startPair, type Pair } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

function envelopeOf(json: unknown): { message: string; type: string; code: string } {
  return (json as { error: { message: string; type: string; code: string } }).error;
}

describe('bad input gets a clear envelope and the right status', () => {
  const CASES: [string, string, string, RegExp][] = [
    ['malformed JSON', '{"messages": [', 'proxy:malformed-json', /not valid JSON/],
    ['an empty body', '', 'proxy:malformed-json', /not valid JSON/],
    ['a JSON array', '[1,2]', 'proxy:invalid-request', /body/],
    ['no messages', '{"model":"m"}', 'proxy:invalid-request', /messages/],
    ['messages not an array', '{"messages":"hi"}', 'proxy:invalid-request', /messages/],
    ['no message at all', '{"messages":[]}', 'proxy:invalid-request', /messages/],
    ['an unknown role', '{"messages":[{"role":"robot","content":"x"}]}', 'proxy:invalid-request', /messages\.0\.role/],
    ['content of the wrong type', '{"messages":[{"role":"user","content":42}]}', 'proxy:invalid-request', /content/],
    ['a negative max_tokens', '{"messages":[{"role":"user","content":"x"}],"max_tokens":-1}', 'proxy:invalid-request', /max_tokens/],
    ['stream that is not a boolean', '{"messages":[{"role":"user","content":"x"}],"stream":"yes"}', 'proxy:invalid-request', /stream/],
  ];

  for (const [name, body, code, message] of CASES) {
    it(`400 for ${name}`, async () => {
      pair = await startPair(answering({}));
      const answer = await pair.post(body);
      expect(answer.status).toBe(400);
      expect(envelopeOf(answer.json)).toMatchObject({ code, type: 'invalid_request_error' });
      expect(envelopeOf(answer.json).message).toMatch(message);
      expect(answer.headers['x-proxy-request-id']).toBeDefined();
      expect(pair.engine.received).toHaveLength(0);
      const [record] = await pair.records();
      expect(record).toMatchObject({ status: 400, code: 'bad_request', origin: 'proxy', error: { code } });
      expect(pair.proxy.counters.rejected[code as 'proxy:malformed-json']).toBe(1);
      expect(pair.proxy.counters.attempts.bad_request).toBe(0);
    });
  }

  it('keeps a body that is not JSON as text in the record', async () => {
    pair = await startPair(answering({}));
    await pair.post('{"messages": [');
    const [record] = await pair.records();
    expect(record!.request).toBe('{"messages": [');
  });

  it('400, not a crash, for nesting too deep to serialise', async () => {
    pair = await startPair(answering({}));
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const answer = await pair.post(`{"messages":[{"role":"user","content":"x"}],"response_format":${deep}}`);
    expect(answer.status).toBe(400);
    expect(envelopeOf(answer.json).code).toBe('proxy:invalid-request');
    expect(pair.proxy.counters.internalErrors).toBe(0);
  });

  it('413 for a declared length over the limit, without reading it, and the proxy goes on', async () => {
    pair = await startPair(answering({}), { limits: { maxBodyBytes: 1024 } });
    const answer = await pair.post(Buffer.alloc(4 * 1024 * 1024, 0x20));
    expect(answer.status).toBe(413);
    expect(envelopeOf(answer.json)).toMatchObject({ code: 'proxy:body-too-large', type: 'invalid_request_error' });
    expect((await pair.post(JSON.stringify(chatBody()))).status).toBe(200);
    const records = await pair.records();
    expect(records.map((r) => r.status)).toEqual([413, 200]);
  });

  it('413 for a chunked body that grows past the limit', async () => {
    pair = await startPair(answering({}), { limits: { maxBodyBytes: 64 * 1024 } });
    async function* endless(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 1_000; i++) yield Buffer.alloc(16 * 1024, 0x20);
    }
    const response = await request(`${pair.proxy.url}/v1/chat/completions`, { method: 'POST', body: Readable.from(endless()), headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(await response.body.json()).code).toBe('proxy:body-too-large');
    expect(pair.proxy.counters.rejected['proxy:body-too-large']).toBe(1);
  });

  it('404 for an unknown route and 405 for the wrong method', async () => {
    pair = await startPair(answering({}));
    const missing = await request(`${pair.proxy.url}/v2/whatever`);
    expect(missing.statusCode).toBe(404);
    expect(envelopeOf(await missing.body.json()).code).toBe('proxy:not-found');
    const wrong = await request(`${pair.proxy.url}/v1/chat/completions`);
    expect(wrong.statusCode).toBe(405);
    expect(envelopeOf(await wrong.body.json()).code).toBe('proxy:method-not-allowed');
  });

  it('binds 127.0.0.1 by default', async () => {
    pair = await startPair(answering({}));
    expect(pair.proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('rejects invalid options with every problem named', async () => {
    const { startProxy } = await import('./server.ts');
    await expect(startProxy({ upstream: { url: 'not a url' }, layer: { form: 'c9' as 'c1' } } as never)).rejects.toThrow(/upstream\.url[\s\S]*layer\.form/);
  });
});
