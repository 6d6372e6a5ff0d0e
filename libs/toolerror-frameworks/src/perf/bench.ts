/**
 * The cost of each framework adapter per model call, beside the proxy's added latency from the same run.
 * Run: `npm run bench:perf -w @recovery-bench/toolerror-frameworks` (or `npx nx run toolerror-frameworks:bench-perf`).
 *
 * Adapter cost: the adapter's hook alone (AI SDK `transformParams`, LangChain `wrapModelCall` with a handler that
 * returns at once, Agents JS `callModelInputFilter`) on a fresh copy of a 20-message history whose last tool result
 * failed, layer c3 (so the note is written); median and p99 of 1,000 calls after 2,000 warm-up calls (the JIT
 * settled, as in an agent's long run; the first few hundred calls of a process cost several times more).
 * Proxy: the same history as a Chat Completions request, 1,000 calls at concurrency 1 to a fixed-answer engine
 * directly and through the proxy (c3, no records), all in this process; added = proxied p50 − direct p50.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startProxy } from '@recovery-bench/proxy';
import { Pool } from 'undici';
import { aiSdkCase } from './ai-sdk-case.ts';
import { langchainCase } from './langchain-case.ts';
import { openAiAgentsCase } from './openai-agents-case.ts';
import { chatBody } from './chat-body.ts';
import type { BenchCase } from './case.ts';

const CALLS = 1_000;
const WARMUP = 2_000;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;
const ms = (n: number): string => n.toFixed(4);

async function timeCase(c: BenchCase): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const input = c.input();
    const started = performance.now();
    await c.call(input);
    const elapsed = performance.now() - started;
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function fixedEngine(): Promise<{ url: string; close(): Promise<void> }> {
  const answer = JSON.stringify({ id: 'x', object: 'chat.completion', created: 1, model: 'bench', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function latency(url: string, body: string): Promise<number> {
  const pool = new Pool(url, { connections: 1 });
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const started = performance.now();
    const response = await pool.request({ path: '/v1/chat/completions', method: 'POST', body, headers: { 'content-type': 'application/json' } });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  await pool.close();
  times.sort((a, b) => a - b);
  return percentile(times, 0.5);
}

const cases: BenchCase[] = [aiSdkCase(), langchainCase(), openAiAgentsCase()];
console.log(`Adapter cost per model call: 20-message history, last tool result failed, layer c3; ${CALLS} calls after ${WARMUP} warm-up`);
console.log('| adapter | hook | p50 ms | p99 ms | note written |');
console.log('|---|---|---:|---:|---|');
for (const c of cases) {
  const { p50, p99 } = await timeCase(c);
  console.log(`| ${c.name} | ${c.hook} | ${ms(p50)} | ${ms(p99)} | ${(await c.check()) ? 'yes' : 'NO'} |`);
}

const engine = await fixedEngine();
const proxy = await startProxy({ upstream: { url: engine.url }, clamp: { mode: 'off' }, layer: { form: 'c3' } });
try {
  const body = chatBody();
  const direct = await latency(engine.url, body);
  const proxied = await latency(proxy.url, body);
  console.log(`\nThe proxy on the same history (Chat Completions, concurrency 1, c3, no records): direct p50 ${ms(direct)} ms, through the proxy ${ms(proxied)} ms, added ${ms(proxied - direct)} ms`);
} finally {
  await proxy.close(1_000);
  await engine.close();
}
