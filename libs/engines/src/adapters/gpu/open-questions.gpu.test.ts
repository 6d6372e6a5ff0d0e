import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startProxy } from '@recovery-bench/proxy';
import type { DockerEngineConfigInput, DockerEngineId } from '../docker/config.ts';
import { startEngine } from '../registry.ts';
import type { EngineHandle } from '../types.ts';
import { badArgumentsHistory, exchange, multiCallHistory, pinned, saveAnswer, TOOLS } from './questions.ts';

/**
 * The spec's open questions (engines-and-proxy.md section 5), asked of the pinned engines on a GPU host. Each
 * answer is written to fixtures/ for the proxy's mock engines. Needs BENCH_GPU=1, Docker with the NVIDIA
 * toolkit, and the models under BENCH_MODELS_DIR:
 *   Qwen3-8B-Q8_0.gguf, Qwen3-8B/ (llama.cpp, vLLM, SGLang), Llama-3.1-8B-Instruct/ (vLLM, SGLang multi-call history).
 * BENCH_GPU_ENGINES picks engines (default llama.cpp,vllm,sglang); GeulPU joins with BENCH_GEULPU_IMAGE and
 * BENCH_GEULPU_COMMAND (a JSON array with the adapter's placeholders).
 */
const enabled = process.env.BENCH_GPU === '1';
const MODELS = process.env.BENCH_MODELS_DIR ?? '/models';
const FIXTURES = process.env.BENCH_GPU_FIXTURES ?? fileURLToPath(new URL('./fixtures/', import.meta.url));
const ENGINES = (process.env.BENCH_GPU_ENGINES ?? 'llama.cpp,vllm,sglang').split(',').filter(Boolean) as DockerEngineId[];
if (process.env.BENCH_GEULPU_IMAGE && !ENGINES.includes('geulpu')) ENGINES.push('geulpu');
const CONTEXT = 8_192;
const SERVED = 'qwen3-8b';

function config(engine: DockerEngineId, model: 'qwen' | 'llama', parallel = 1): DockerEngineConfigInput {
  const gguf = engine === 'llama.cpp' || engine === 'geulpu';
  const path = `${MODELS}/${model === 'qwen' ? (gguf ? 'Qwen3-8B-Q8_0.gguf' : 'Qwen3-8B') : (gguf ? 'Llama-3.1-8B-Instruct-Q8_0.gguf' : 'Llama-3.1-8B-Instruct')}`;
  return {
    kind: 'docker', engine, parallel, pull: 'missing',
    model: { path, servedName: model === 'qwen' ? SERVED : 'llama-3.1-8b', contextLength: CONTEXT, toolFormat: model === 'qwen' ? 'qwen' : 'llama3' },
    ...(engine === 'geulpu' ? { image: process.env.BENCH_GEULPU_IMAGE, command: JSON.parse(process.env.BENCH_GEULPU_COMMAND ?? '[]') as string[] } : {}),
  };
}

async function withEngine<T>(engine: DockerEngineId, model: 'qwen' | 'llama', body: (handle: EngineHandle, health: string[]) => Promise<T>, parallel = 1): Promise<T> {
  const health: string[] = [];
  await using handle = await startEngine(config(engine, model, parallel), { runId: `gpu-${engine}`, onProgress: (e) => e.phase === 'wait' && health.push(e.message) });
  return body(handle, health);
}

const chat = (engine: string, model: string, extra: Record<string, unknown>) => ({ ...pinned(engine, model), messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 32, ...extra });

describe.skipIf(!enabled)('open questions against real engines (BENCH_GPU=1)', () => {
  for (const engine of ENGINES) {
    it(`${engine}: image, context endpoints, health while loading, pinned fields, overflow, counters, determinism, overhead (questions 1, 3-7, 10)`, async () => {
      await withEngine(engine, 'qwen', async (handle, health) => {
        const base = handle.url;
        saveAnswer(FIXTURES, engine, '1-image-and-context', {
          image: handle.detail.image, repoDigests: handle.detail.repoDigests, checks: handle.detail.checks,
          props: await exchange(base, '/props'), models: await exchange(base, '/v1/models'), modelInfo: await exchange(base, '/get_model_info'),
        });
        saveAnswer(FIXTURES, engine, '7-health-during-load', { seen: health });

        const pinnedOk = await exchange(base, '/v1/chat/completions', chat(engine, handle.model, { parallel_tool_calls: false, tools: TOOLS }));
        saveAnswer(FIXTURES, engine, '5-pinned-fields', { response: pinnedOk });
        expect.soft(pinnedOk.status).toBe(200);

        const huge = 'word '.repeat(CONTEXT);
        const overflow = {
          unary: await exchange(base, '/v1/chat/completions', chat(engine, handle.model, { messages: [{ role: 'user', content: huge }] })),
          stream: await exchange(base, '/v1/chat/completions', chat(engine, handle.model, { messages: [{ role: 'user', content: huge }], stream: true })),
          maxTokens: await exchange(base, '/v1/chat/completions', chat(engine, handle.model, { max_tokens: CONTEXT })),
        };
        saveAnswer(FIXTURES, engine, '3-overflow', overflow);
        expect.soft(overflow.unary.status === 400 || String(overflow.stream.body).includes('"error"')).toBe(true);

        const request = chat(engine, handle.model, { tools: TOOLS, messages: [{ role: 'user', content: 'What is the weather in Paris? Use the tool.' }] });
        const answered = await exchange(base, '/v1/chat/completions', request);
        const counters = {
          vllmTokenize: await exchange(base, '/tokenize', { model: handle.model, messages: request.messages, tools: TOOLS, add_generation_prompt: true }),
          applyTemplate: await exchange(base, '/apply-template', request),
          inputTokens: await exchange(base, '/v1/chat/completions/input_tokens', request),
        };
        saveAnswer(FIXTURES, engine, '4-counters', { usage: (answered.body as { usage?: unknown }).usage ?? null, ...counters });

        const alone = await exchange(base, '/v1/chat/completions', request);
        const together = await Promise.all(Array.from({ length: 4 }, () => exchange(base, '/v1/chat/completions', request)));
        const text = (x: typeof alone) => JSON.stringify((x.body as { choices?: unknown[] }).choices ?? x.body);
        const identical = together.every((x) => text(x) === text(alone));
        saveAnswer(FIXTURES, engine, '6-determinism', { identical, alone: text(alone), together: together.map(text) });

        await using proxy = await startProxy({ upstream: { url: base, engine: handle.engineKind }, model: { servedName: handle.model } });
        const viaProxy = await exchange(proxy.url, '/v1/chat/completions', request);
        saveAnswer(FIXTURES, engine, '10-overhead', { overheadMs: viaProxy.headers['x-proxy-overhead-duration-ms'] ?? null, status: viaProxy.status });
        expect.soft(viaProxy.headers['x-proxy-overhead-duration-ms']).toBeDefined();
      });
    }, 60 * 60_000);

    if (engine !== 'geulpu') {
      it(`${engine}: Llama-3.1 histories with two calls in one turn and with non-JSON arguments (question 2); per-slot context (question 1)`, async () => {
        await withEngine(engine, 'llama', async (handle) => {
          const answers = {
            multiCall: await exchange(handle.url, '/v1/chat/completions', chat(engine, handle.model, { tools: TOOLS, messages: multiCallHistory() })),
            badArguments: await exchange(handle.url, '/v1/chat/completions', chat(engine, handle.model, { tools: TOOLS, messages: badArgumentsHistory() })),
          };
          saveAnswer(FIXTURES, engine, '2-histories', answers);
          expect.soft([answers.multiCall.status, answers.badArguments.status].every((s) => s !== null)).toBe(true);
        }, engine === 'llama.cpp' ? 2 : 1);
      }, 60 * 60_000);
    }

    if (engine === 'geulpu') {
      it('GeulPU: endpoints, error and stream-error shapes, X-GeulPU-Tool-Errors syntax (question 9)', async () => {
        await withEngine(engine, 'qwen', async (handle) => {
          const failed = [
            { role: 'user', content: 'Weather in Paris?' },
            { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
            { role: 'tool', tool_call_id: 'c1', content: 'Error: 503 Service Unavailable' },
          ];
          const answers = {
            endpoints: Object.fromEntries(await Promise.all(['/health', '/v1/models', '/tokenize', '/props'].map(async (p) => [p, await exchange(handle.url, p)] as const))),
            badRequest: await exchange(handle.url, '/v1/chat/completions', { model: handle.model, messages: 'not a list' }),
            layer: await exchange(handle.url, '/v1/chat/completions', chat(engine, handle.model, { tools: TOOLS, messages: failed, geulpu_tool_errors: 'c3' })),
            layerStream: await exchange(handle.url, '/v1/chat/completions', chat(engine, handle.model, { tools: TOOLS, messages: failed, geulpu_tool_errors: 'c3', stream: true })),
          };
          saveAnswer(FIXTURES, engine, '9-geulpu', answers);
          expect.soft(answers.layer.headers['x-geulpu-tool-errors']).toBeDefined();
        });
      }, 60 * 60_000);
    }
  }
});
