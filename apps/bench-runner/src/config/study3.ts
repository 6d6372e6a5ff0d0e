import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import type { RunConfigInput } from './schema.ts';

const { off, on, engines, oracle, retries } = STUDY3_SYSTEMS;
const [L, V, S] = engines;

/**
 * The paper's Study 3, small tier: GeulPU without (G-off) and with its own layer (G-on), llama.cpp
 * (L), vLLM (V) and SGLang (S) with the layer off, and the client alternatives E1 and E2 on GeulPU. The engines
 * need a GPU, the model files under `modelsDir` and a local GeulPU image (libs/engines/README.md); with
 * `--engine-override sim` the same plan runs on the sim engine's paper profiles. The contrasts are libs/analysis's
 * `study3` preset (H3.1 with Holm over L, V and S, the H3.2 baseline checks, H3.3, the control), not the config's.
 *
 * The tasks are the paper's layer 1: ToolMaze's C1 tasks in P0, P1 and P2 from the checkout `TOOLMAZE_ROOT` names,
 * and Loud/Quiet's 24 tasks × 5 conditions from its data (LOUDQUIET_GORILLA_DIR and LOUDQUIET_DATA_DIR or
 * LOUDQUIET_BRITTLE_DIR) at seeds 0 and 1. Without them the run stops and says how to fetch them (`--allow-fixtures`
 * runs the fixture suites, and the report's title says so).
 */
export const STUDY3: RunConfigInput = {
  version: 1,
  name: 'study3',
  description: 'Study 3 (small tier): G-off, G-on, L, V, S, E1, E2 on ToolMaze (C1, P0–P2) and Loud/Quiet (24 tasks, seeds 0 and 1)',
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
  benchmarks: {
    toolmaze: { source: 'auto', conditions: ['P0', 'P1', 'P2'] },
    loudquiet: { source: 'auto', seeds: [0, 1] },
  },
  requireRealTasks: true,
  seeds: [0],
  // Four engines share the GPU in turn: each runs its samples and is stopped before the next one starts.
  concurrency: { perEngine: 4, engines: 'one-at-a-time' },
  analysis: { presets: ['study3'] },
};
