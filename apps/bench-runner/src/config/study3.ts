import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import { GEULPU_SOURCE } from '@recovery-bench/engines/config';
import type { RunConfigInput } from './schema.ts';

/** What a run config of the paper's engines holds besides its name and its benchmarks: a base of presets. */
export type PresetBase = Partial<Omit<RunConfigInput, 'version' | 'name' | 'benchmarks'>>;

const { off, on, engines, oracle, retries } = STUDY3_SYSTEMS;
const [L, V, S] = engines;

/**
 * The paper's Study 3, layer 1 (section 4.3, appendix C.3): GeulPU without (G-off) and with its own layer (G-on),
 * llama.cpp (L), vLLM (V) and SGLang (S) with the layer off, and the client alternatives E1 and E2 on GeulPU, over
 * both tiers. Small tier: Llama-3.1-8B, Qwen3-8B and Qwen2.5-7B (Q8_0 GGUF on GeulPU and llama.cpp, the BF16
 * weights on vLLM and SGLang). Large tier: Qwen3-32B (Q8_0; FP8 on vLLM and SGLang) and Llama-3.3-70B (Q4_K_M, on
 * GeulPU and llama.cpp only: its `engines`, so V and S run Qwen3-32B alone there); each benchmark's section says
 * which of its tasks the large tier runs (ToolMaze: the first 50 per mode). `run --tier small|large` runs one tier.
 * Only the paper's settings: no `parallelToolCalls` pin and no vLLM/SGLang determinism flags (`deterministic:
 * false`); either is a model or engine option to set by hand. The engines need a GPU, the model files under
 * `modelsDir` and a local GeulPU image (libs/engines/README.md); with `--engine-override sim` the same plan runs on
 * the sim engine's paper profiles. It is the base of the `study3` preset (each benchmark of Study 3 adds its
 * section: presets.ts) and of the benchmarks' own presets of the paper's engines (`base: 'study3'`, e.g. the
 * paper's layer 2).
 */
export const STUDY3_BASE: PresetBase = {
  description: 'Study 3, layer 1: G-off, G-on, L, V, S, E1, E2 on the paper\'s benchmarks and tasks, small tier (Llama-3.1-8B, Qwen3-8B, Qwen2.5-7B) and large tier (Qwen3-32B; Llama-3.3-70B on G and L only)',
  modelsDir: 'models',
  engines: {
    geulpu: {
      // The paper's GeulPU commits, images built by docker/geulpu-image.sh; Qwen2.5-7B's rows ran the parser fix of deviation 1.
      kind: 'docker', engine: 'geulpu', sourceRef: GEULPU_SOURCE.paperCommit, pull: 'never', parallel: 4,
      perModel: { 'qwen2.5-7b': { sourceRef: GEULPU_SOURCE.paperCommitQwen25 } },
      // A template of the expected contract, not GeulPU's documented CLI: replace it with your build's flags (libs/engines/README.md).
      command: ['--model', '{model}', '--served-model-name', '{servedName}', '--host', '{host}', '--port', '{port}', '--ctx-size', '{contextLength}', '--seed', '{seed}'],
    },
    'llama.cpp': { kind: 'docker', engine: 'llama.cpp', parallel: 4 },
    // The paper ran vLLM and SGLang without their determinism settings (VLLM_BATCH_INVARIANT, --enable-deterministic-inference).
    vllm: { kind: 'docker', engine: 'vllm', parallel: 4, deterministic: false },
    sglang: { kind: 'docker', engine: 'sglang', parallel: 4, deterministic: false },
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
      weights: { gguf: 'Llama-3.1-8B-Instruct-Q8_0.gguf', hf: 'Llama-3.1-8B-Instruct' },
    },
    'qwen3-32b': {
      servedName: 'qwen3-32b', simProfile: 'paper/qwen3-32b', tier: 'large', contextLength: 32_768, toolFormat: 'qwen',
      chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-32B-Q8_0.gguf', hf: 'Qwen3-32B-FP8' },
    },
    'llama-3.3-70b': {
      servedName: 'llama-3.3-70b', simProfile: 'paper/llama-3.3-70b', tier: 'large', contextLength: 32_768, toolFormat: 'llama3',
      engines: ['geulpu', 'llama.cpp'], weights: { gguf: 'Llama-3.3-70B-Instruct-Q4_K_M.gguf' },
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
  // Four engines share the GPU in turn: each engine × model runs its samples and is stopped before the next one starts.
  concurrency: { perEngine: 4, engines: 'one-at-a-time' },
};
