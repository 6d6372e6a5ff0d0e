import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import type { RunConfigInput } from './schema.ts';

/** What a run config of the paper's engines holds besides its name and its benchmarks: a base of presets. */
export type PresetBase = Partial<Omit<RunConfigInput, 'version' | 'name' | 'benchmarks'>>;

const { off, on, engines, oracle, retries } = STUDY3_SYSTEMS;
const [L, V, S] = engines;

/**
 * The paper's Study 3, small tier: GeulPU without (G-off) and with its own layer (G-on), llama.cpp
 * (L), vLLM (V) and SGLang (S) with the layer off, and the client alternatives E1 and E2 on GeulPU. The engines
 * need a GPU, the model files under `modelsDir` and a local GeulPU image (libs/engines/README.md); with
 * `--engine-override sim` the same plan runs on the sim engine's paper profiles. It is the base of the `study3`
 * preset (each benchmark of Study 3 adds its section: presets.ts) and of the benchmarks' own presets of the paper's
 * engines (`base: 'study3'`, e.g. the paper's layer 2).
 */
export const STUDY3_BASE: PresetBase = {
  description: 'Study 3 (small tier): G-off, G-on, L, V, S, E1, E2 on the benchmarks of the paper\'s layer 1, on their own tasks',
  modelsDir: 'models',
  engines: {
    geulpu: {
      kind: 'docker', engine: 'geulpu', image: 'geulpu:0.15.0', pull: 'never', parallel: 4,
      // A template of the expected contract, not GeulPU's documented CLI: replace it with your build's flags (libs/engines/README.md).
      command: ['--model', '{model}', '--served-model-name', '{servedName}', '--host', '{host}', '--port', '{port}', '--ctx-size', '{contextLength}', '--seed', '{seed}'],
    },
    'llama.cpp': { kind: 'docker', engine: 'llama.cpp', parallel: 4 },
    vllm: { kind: 'docker', engine: 'vllm', parallel: 4 },
    sglang: { kind: 'docker', engine: 'sglang', parallel: 4 },
  },
  models: {
    'qwen3-8b': {
      servedName: 'qwen3-8b', simProfile: 'paper/qwen3-8b', tier: 'small', contextLength: 32_768, toolFormat: 'qwen',
      chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-8B-Q8_0.gguf', hf: 'Qwen3-8B' },
    },
    'qwen2.5-7b': {
      servedName: 'qwen2.5-7b', simProfile: 'paper/qwen2.5-7b', tier: 'small', contextLength: 32_768, toolFormat: 'qwen',
      weights: { gguf: 'Qwen2.5-7B-Instruct-Q8_0.gguf', hf: 'Qwen2.5-7B-Instruct' },
    },
    'llama-3.1-8b': {
      servedName: 'llama-3.1-8b', simProfile: 'paper/llama-3.1-8b', tier: 'small', contextLength: 32_768, toolFormat: 'llama3',
      parallelToolCalls: false, weights: { gguf: 'Llama-3.1-8B-Instruct-Q8_0.gguf', hf: 'Llama-3.1-8B-Instruct' },
    },
  },
  systems: [
    { id: off, engine: 'geulpu', arm: 'off' },
    { id: on, engine: 'geulpu', arm: 'engine-c3' },
    { id: L, engine: 'llama.cpp', arm: 'off' },
    { id: V, engine: 'vllm', arm: 'off' },
    { id: S, engine: 'sglang', arm: 'off' },
    { id: oracle, engine: 'geulpu', arm: 'e1' },
    { id: retries, engine: 'geulpu', arm: 'e2' },
  ],
  seeds: [0],
  // Four engines share the GPU in turn: each runs its samples and is stopped before the next one starts.
  concurrency: { perEngine: 4, engines: 'one-at-a-time' },
};
