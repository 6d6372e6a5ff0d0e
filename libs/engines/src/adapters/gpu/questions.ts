import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One exchange with an engine, kept as a fixture: what was asked, what came back. */
export interface Exchange {
  request: { method: string; path: string; body?: unknown };
  status: number | null;
  headers: Record<string, string>;
  /** Parsed JSON, or the text (an SSE stream is kept as text). */
  body: unknown;
  error?: string;
}

export async function exchange(baseUrl: string, path: string, body?: unknown, opts: { method?: string; timeoutMs?: number } = {}): Promise<Exchange> {
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  const request = { method, path, ...(body === undefined ? {} : { body }) };
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method, signal: AbortSignal.timeout(opts.timeoutMs ?? 300_000),
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // SSE or plain text stays text.
    }
    return { request, status: response.status, headers: Object.fromEntries(response.headers), body: parsed };
  } catch (error) {
    return { request, status: null, headers: {}, body: null, error: (error as Error).message };
  }
}

/** Writes `<dir>/<engine>/<question>.json`; these become the mock fixtures of the proxy tests. */
export function saveAnswer(dir: string, engine: string, question: string, answer: Record<string, unknown>): string {
  const folder = join(dir, engine.replaceAll('.', '_'));
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${question}.json`);
  writeFileSync(path, `${JSON.stringify({ format: 'recovery-bench/engine-answer@1', engine, question, answeredAt: new Date().toISOString(), ...answer }, null, 2)}\n`);
  return path;
}

export const TOOLS = [{
  type: 'function',
  function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
}];

/** Pinned as the proxy pins them (spec 1.2), for engines reached directly. */
export function pinned(engine: string, model: string, seed = 0): Record<string, unknown> {
  const common = { model, temperature: 0, top_p: 1, min_p: 0, presence_penalty: 0, frequency_penalty: 0, seed };
  if (engine === 'llama.cpp') return { ...common, top_k: 0, repeat_penalty: 1, dry_multiplier: 0, xtc_probability: 0, typical_p: 1, mirostat: 0, cache_prompt: false };
  if (engine === 'vllm' || engine === 'sglang') return { ...common, top_k: -1, repetition_penalty: 1 };
  return common;
}

/** A Llama-3.1 history with two calls in one assistant turn (question 2). */
export function multiCallHistory(): unknown[] {
  return [
    { role: 'user', content: 'Weather in Paris and Rome?' },
    { role: 'assistant', content: null, tool_calls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ] },
    { role: 'tool', tool_call_id: 'call_a', content: 'sunny' },
    { role: 'tool', tool_call_id: 'call_b', content: 'rain' },
  ];
}

/** A history whose call arguments are not JSON (question 2). */
export function badArgumentsHistory(): unknown[] {
  return [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{city: Paris' } }] },
    { role: 'tool', tool_call_id: 'call_a', content: 'Error: invalid arguments' },
  ];
}
