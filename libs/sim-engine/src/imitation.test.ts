import { afterEach, describe, expect, it } from 'vitest';
import { IMITATED_ENGINES, engineBehaviour, imitationOf } from './imitation.ts';
import { SIM_PROFILE_IDS } from './profiles.ts';
import { ScriptRegistry } from './scripts.ts';
import { startSimEngine, type SimEngine } from './server.ts';
import type { SimQuirksInput } from './quirks.ts';

// The engines' documented behaviour as data (src/engines/*.yaml), and the quirks it switches on, over real HTTP.

const tools = ['a', 'b', 'c'].map((name) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: { x: { type: 'integer' } } } } }));
const script = (task: number) => ({ id: `group-${task}`, match: { marker: `[group ${task}]` }, steps: [{ calls: [{ name: 'a', arguments: { x: 1 } }, { name: 'b', arguments: { x: 2 } }] }, { call: { name: 'c', arguments: { x: 3 } } }, { answer: 'done' }] });

let sims: SimEngine[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

async function start(profile: string, quirks: SimQuirksInput = {}, seed = 0): Promise<SimEngine> {
  const scripts = new ScriptRegistry();
  for (let task = 0; task < 300; task++) scripts.add(script(task));
  const sim = await startSimEngine({ profile, quirks, scripts, seed });
  sims.push(sim);
  return sim;
}

async function chat(sim: SimEngine, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
  const response = await fetch(`${sim.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ tools, ...body }) });
  return { status: response.status, json: await response.json() };
}

const firstTurn = (task: number) => ({ messages: [{ role: 'user', content: `[group ${task}] please` }] });

describe('the engines\' data files', () => {
  it('load and validate, every model key is a built-in profile, and every quirk says where it comes from', () => {
    for (const engine of IMITATED_ENGINES) {
      const data = engineBehaviour(engine);
      expect(data.engine).toBe(engine);
      for (const [profile, entry] of Object.entries(data.models)) {
        expect(SIM_PROFILE_IDS).toContain(profile);
        const quirkSets = [entry.quirks, ...Object.values(entry.sourceRefs ?? {}).map((b) => b.quirks)];
        for (const quirks of quirkSets) for (const quirk of Object.values(quirks)) expect((quirk as { source?: string }).source).toMatch(/\S{3}/);
      }
      for (const quirk of Object.values(data.allModels ?? {})) expect((quirk as { source?: string }).source).toMatch(/\S{3}/);
    }
  });

  it('give each engine and model its quirks, with the run\'s context and the engine\'s own check', () => {
    const l = imitationOf('llama.cpp', { profile: 'paper/llama-3.1-8b', contextTokens: 32_768 });
    expect(l.dialect).toBe('llama.cpp');
    expect(l.quirks.llamaParse500?.trigger).toEqual({ parallelCalls: true });
    expect(l.quirks.contextLimit).toEqual({ contextTokens: 32_768, style: 'llamacpp' });
    // Qwen on llama.cpp: only the context check (its doubled braces are recovered).
    expect(imitationOf('llama.cpp', { profile: 'paper/qwen2.5-7b', contextTokens: 8_192 }).quirks).toEqual({ contextLimit: { contextTokens: 8_192, style: 'llamacpp' } });
    const s = imitationOf('sglang', { profile: 'paper/llama-3.1-8b', contextTokens: 32_768 });
    expect(s.quirks.singleCallHistory).toBeDefined();
    expect(s.quirks.contextLimit).toMatchObject({ contextTokens: 32_768, style: 'sglang', extraPromptTokens: 364 });
    expect(imitationOf('vllm', { profile: 'paper/qwen3-8b', contextTokens: 32_768 }).quirks.weightsDiffer?.share).toBeGreaterThan(0);
    // GeulPU: no context check of its own, and quirks only at the build with the known defect.
    expect(imitationOf('geulpu', { profile: 'paper/qwen2.5-7b', contextTokens: 32_768 }).quirks).toEqual({});
    expect(imitationOf('geulpu', { profile: 'paper/qwen2.5-7b', contextTokens: 32_768, sourceRef: '88555c2' }).quirks).toEqual({});
    expect(imitationOf('geulpu', { profile: 'paper/qwen2.5-7b', contextTokens: 32_768, sourceRef: '36e3957' }).quirks.rawToolMarkup).toMatchObject({ markup: 'hermes-doubled', trigger: { always: true } });
    expect(imitationOf('geulpu', { profile: 'paper/qwen3-8b', contextTokens: 32_768, sourceRef: '36e3957' }).quirks).toEqual({});
  });
});

describe('the quirks the engines\' data use', () => {
  it('a group of calls goes out in one message, one by one with parallel_tool_calls false, and a profile\'s parallelCalls share sends some groups together', async () => {
    const sim = await start('ideal');
    expect((await chat(sim, firstTurn(0))).json.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['a', 'b']);
    expect((await chat(sim, { ...firstTurn(0), parallel_tool_calls: false })).json.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['a']);
    const half = await start({ ...(await import('./profiles.ts').then((m) => m.resolveProfile('ideal'))), id: 'half', parallelCalls: { p: 0.5, source: 'test' } } as never);
    let together = 0;
    for (let task = 0; task < 200; task++) if ((await chat(half, firstTurn(task))).json.choices[0].message.tool_calls.length === 2) together++;
    expect(together).toBeGreaterThan(70);
    expect(together).toBeLessThan(130);
  });

  it('llamaParse500 with parallelCalls fails answers with several calls and passes single ones', async () => {
    const sim = await start('ideal', { llamaParse500: { trigger: { parallelCalls: true } } });
    expect((await chat(sim, firstTurn(0))).status).toBe(500);
    const afterGroup = { messages: [...firstTurn(0).messages, { role: 'assistant', content: null, tool_calls: [{ id: '1', type: 'function', function: { name: 'a', arguments: '{"x":1}' } }, { id: '2', type: 'function', function: { name: 'b', arguments: '{"x":2}' } }] }, { role: 'tool', tool_call_id: '1', content: 'ok' }, { role: 'tool', tool_call_id: '2', content: 'ok' }] };
    const single = await chat(sim, afterGroup);
    expect(single.status).toBe(200);
    expect(single.json.choices[0].message.tool_calls.map((c: any) => c.function.name)).toEqual(['c']);
  });

  it('singleCallHistory refuses a history with several calls in one message (400, the template\'s text), and nothing else', async () => {
    const sim = await start('ideal', { singleCallHistory: {} });
    expect((await chat(sim, firstTurn(0))).status).toBe(200);
    const history = { messages: [...firstTurn(0).messages, { role: 'assistant', content: null, tool_calls: [{ id: '1', type: 'function', function: { name: 'a', arguments: '{}' } }, { id: '2', type: 'function', function: { name: 'b', arguments: '{}' } }] }, { role: 'tool', tool_call_id: '1', content: 'ok' }, { role: 'tool', tool_call_id: '2', content: 'ok' }] };
    const refused = await chat(sim, history);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ message: 'This model only supports single tool-calls at once!', type: 'BadRequestError', param: null, code: 400 });
  });

  it('a trigger\'s rate fires on about that share of requests, the same way for the same request', async () => {
    const sim = await start('ideal', { rawToolMarkup: { trigger: { rate: 0.3 }, markup: 'llama3' } });
    let text = 0;
    for (let task = 0; task < 300; task++) {
      const { json } = await chat(sim, { ...firstTurn(task), parallel_tool_calls: false });
      if (json.choices[0].message.tool_calls === undefined) {
        text++;
        expect(json.choices[0].message.content).toBe('<|python_tag|>{"name": "a", "parameters": {"x":1}}');
      }
    }
    expect(text).toBeGreaterThan(60);
    expect(text).toBeLessThan(120);
    const again = await Promise.all([0, 0].map(() => chat(sim, firstTurn(7))));
    expect(again[0]!.json).toEqual(again[1]!.json);
  });

  it('hermes-doubled: Qwen2.5-7B\'s call in doubled braces, as text', async () => {
    const sim = await start('ideal', { rawToolMarkup: { trigger: { always: true }, markup: 'hermes-doubled' } });
    expect((await chat(sim, { ...firstTurn(0), parallel_tool_calls: false })).json.choices[0].message.content).toBe('<tool_call>\n{{"name": "a", "arguments": {"x":1}}}\n</tool_call>');
  });

  it('extraPromptTokens: SGLang\'s longer rendering counts against the context', async () => {
    const body = { ...firstTurn(0), max_tokens: 100 };
    const plain = await start('ideal', { contextLimit: { contextTokens: 400, style: 'sglang' } });
    expect((await chat(plain, body)).status).toBe(200);
    const longer = await start('ideal', { contextLimit: { contextTokens: 400, style: 'sglang', extraPromptTokens: 364 } });
    const refused = await chat(longer, body);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/^The input \(\d+ tokens\) is longer than the model's context length \(400 tokens\)/);
  });

  it('weightsDiffer: a share of decisions is drawn anew, so two engines differ on some conversations and agree on average', async () => {
    const failed = (task: number) => ({ messages: [{ role: 'user', content: `look up ${task}` }, { role: 'assistant', content: null, tool_calls: [{ id: `id-${task}`, type: 'function', function: { name: 'a', arguments: '{"x":1}' } }] }, { role: 'tool', tool_call_id: `id-${task}`, content: 'Error: HTTP 503 Service Unavailable' }] });
    const same = await start('paper/qwen3-32b');
    const other = await start('paper/qwen3-32b', { weightsDiffer: { share: 0.5 } });
    let differ = 0, a = 0, b = 0;
    for (let task = 0; task < 400; task++) {
      const [x, y] = await Promise.all([same, other].map(async (s) => JSON.parse((await fetch(`${s.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ tools, ...failed(task) }) })).headers.get('x-sim-trace')!)));
      if (x.correct !== y.correct) differ++;
      if (x.correct) a++;
      if (y.correct) b++;
    }
    // Qwen3-32B repeats a transient failure with p = .32 (table 6, A1B1): half the draws anew differ with 2·.32·.68.
    expect(differ).toBeGreaterThan(40);
    expect(differ).toBeLessThan(130);
    expect(Math.abs(a - b)).toBeLessThan(45);
  });

  it('the decision does not depend on the call ids an engine made up (they differ with any other byte of the body)', async () => {
    const sim = await start('paper/qwen3-32b');
    const failed = (id: string, task: number) => ({ messages: [{ role: 'user', content: `look up ${task}` }, { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'a', arguments: '{"x":1}' } }] }, { role: 'tool', tool_call_id: id, content: 'Error: HTTP 503 Service Unavailable' }] });
    for (let task = 0; task < 40; task++) {
      const [x, y] = await Promise.all(['call_aaa', 'call_bbb'].map(async (id) => JSON.parse((await fetch(`${sim.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify({ tools, ...failed(id, task) }) })).headers.get('x-sim-trace')!)));
      expect(y.u).toBe(x.u);
    }
  });
});
