import { startSimEngine, type SimEngine } from '@recovery-bench/sim-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRealLlama } from '@recovery-bench/proxy/testing/real-llama';
import { processAdapter } from './process/adapter.ts';
import type { EngineHandle } from './types.ts';

// The sim's llama.cpp dialect against the real server: the same bad requests to both, the same status codes, error
// types and messages back. Where the texts cannot agree to the byte (the tokenizers differ, so P does; JavaScript's
// and nlohmann's JSON parsers stop at different characters), the comparison says what it leaves out.
const CONTEXT = 4096;
const TOOLS = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];

interface Answer {
  status: number;
  body: { error?: { message?: string; type?: string; code?: number; n_ctx?: number; n_prompt_tokens?: number } };
}

const CASES: { name: string; path?: string; method?: string; body?: string; same: (a: Answer) => unknown }[] = [
  { name: 'a body that is not JSON', body: '{"messages": [', same: (a) => ({ ...a.body.error, message: a.body.error?.message?.replace(/; expected .*$/, '') }) },
  { name: 'no messages', body: '{"model": "m"}', same: (a) => a.body },
  { name: 'an unknown route', path: '/v1/nowhere', body: '{}', same: (a) => a.body },
  { name: 'a custom grammar beside tools', body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], tools: TOOLS, grammar: 'root ::= "x"' }), same: (a) => a.body },
  {
    name: 'a history tool call whose arguments are not JSON',
    body: JSON.stringify({ tools: TOOLS, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_weather', arguments: '{not json' } }] }, { role: 'tool', tool_call_id: 'a', content: 'x' }] }),
    same: (a) => ({ ...a.body.error, message: a.body.error?.message?.replace(/ at line 1, column \d+: .*$/, '') }),
  },
  {
    name: 'a prompt over the context',
    body: JSON.stringify({ messages: [{ role: 'user', content: 'word '.repeat(5000) }] }),
    same: (a) => ({ ...a.body.error, message: a.body.error?.message?.replace(/\d+/g, 'N'), n_prompt_tokens: a.body.error?.n_prompt_tokens !== undefined && a.body.error.n_prompt_tokens > CONTEXT }),
  },
];

const real = findRealLlama();
const LLAMA_SERVER = real.files;

describe.skipIf(!LLAMA_SERVER)(`the sim's llama.cpp dialect answers as the real server${LLAMA_SERVER ? '' : ` — skipped: ${real.missing}`}`, () => {
  let server: EngineHandle;
  let sim: SimEngine;

  beforeAll(async () => {
    server = await processAdapter.start({ kind: 'process', engine: 'llama.cpp', command: LLAMA_SERVER!.bin, model: { path: LLAMA_SERVER!.model, servedName: 'tiny', contextLength: CONTEXT }, pollIntervalMs: 50 }, { runId: 'sim-dialect' });
    sim = await startSimEngine({ profile: 'ideal', dialect: 'llama.cpp', quirks: { contextLimit: { contextTokens: CONTEXT } } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await sim?.close();
  });

  async function ask(url: string, c: (typeof CASES)[number]): Promise<Answer> {
    const response = await fetch(`${url}${c.path ?? '/v1/chat/completions'}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: c.body });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  it.each(CASES)('$name: the same status, error type and message', async (c) => {
    const [fromReal, fromSim] = [await ask(server.url, c), await ask(sim.url, c)];
    expect(fromReal.status).toBeGreaterThanOrEqual(400);
    expect({ status: fromSim.status, same: c.same(fromSim) }).toEqual({ status: fromReal.status, same: c.same(fromReal) });
  });
});
