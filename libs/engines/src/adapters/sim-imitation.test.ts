import { startProxy } from '@recovery-bench/proxy';
import { describe, expect, it } from 'vitest';
import { startEngine } from './registry.ts';

// A sim engine standing in for SGLang (as `--engine-override sim` starts one for the paper's S): SGLang's context
// check and wording, and the engine kind the proxy sees. Behind a proxy whose clamp is off (the paper's main run of
// layer 2) a request for 32,000 output tokens beside any real prompt is rejected; with the proxy's 8,192 cap (its
// added run) it passes unless the prompt is over 24,576 tokens.
describe('a sim engine imitating SGLang behind the proxy', () => {
  const ask = (url: string, prompt: string, maxTokens: number) =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'any', max_tokens: maxTokens, messages: [{ role: 'user', content: prompt }] }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error?: { message?: string } } }));

  it('rejects prompt + max_tokens at or over the context with SGLang\'s 400, unless the proxy caps the output', async () => {
    await using sim = await startEngine(
      { kind: 'sim', profile: 'paper/qwen3-8b', engineKind: 'sglang', quirks: { contextLimit: { contextTokens: 32_768, style: 'sglang' } } },
      { runId: 't' },
    );
    expect(sim.engineKind).toBe('sglang');
    const main = await startProxy({ upstream: { url: sim.url, engine: sim.engineKind }, model: { servedName: sim.model }, clamp: { mode: 'off' } });
    const capped = await startProxy({ upstream: { url: sim.url, engine: sim.engineKind }, model: { servedName: sim.model }, clamp: { mode: 'off', maxTokensCap: 8_192 } });
    try {
      const short = 'word '.repeat(2_000);
      const rejected = await ask(main.url, short, 32_000);
      expect(rejected.status).toBe(400);
      expect(rejected.body.error?.message).toMatch(/^Requested token count exceeds the model's maximum context length of 32768 tokens\. You requested a total of 3\d{4} tokens: \d+ tokens from the input messages and 32000 tokens for the completion\./);
      expect((await ask(capped.url, short, 32_000)).status).toBe(200);
      // Over 24,576 prompt tokens the 8,192 cap no longer fits either.
      const long = await ask(capped.url, 'word '.repeat(25_000), 32_000);
      expect(long.status).toBe(400);
      expect(long.body.error?.message).toMatch(/and 8192 tokens for the completion/);
    } finally {
      await main.close();
      await capped.close();
    }
  });
});
