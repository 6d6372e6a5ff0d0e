import type { RunPreset } from '@recovery-bench/harness';

/** The eight models of the paper's Table 6 with their sim profiles, weights and chat settings. */
const PAPER_MODELS = {
  'qwen2.5-7b': { servedName: 'qwen2.5-7b', simProfile: 'paper/qwen2.5-7b', tier: 'small', contextLength: 4096, toolFormat: 'qwen', weights: { gguf: 'Qwen2.5-7B-Instruct-Q8_0.gguf', hf: 'Qwen2.5-7B-Instruct' } },
  'qwen3-8b': { servedName: 'qwen3-8b', simProfile: 'paper/qwen3-8b', tier: 'small', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-8B-Q8_0.gguf', hf: 'Qwen3-8B' } },
  'llama-3.1-8b': { servedName: 'llama-3.1-8b', simProfile: 'paper/llama-3.1-8b', tier: 'small', contextLength: 4096, toolFormat: 'llama3', parallelToolCalls: false, weights: { gguf: 'Llama-3.1-8B-Instruct-Q4_K_M.gguf', hf: 'Llama-3.1-8B-Instruct' } },
  'gemma-4-12b': { servedName: 'gemma-4-12b', simProfile: 'paper/gemma-4-12b', tier: 'small', contextLength: 4096, weights: { gguf: 'gemma-4-12b-it-Q4_K_M.gguf', hf: 'gemma-4-12b-it' } },
  'qwen3.5-9b': { servedName: 'qwen3.5-9b', simProfile: 'paper/qwen3.5-9b', tier: 'small', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3.5-9B-Q4_K_M.gguf', hf: 'Qwen3.5-9B' } },
  'qwen3.6-35b-a3b': { servedName: 'qwen3.6-35b-a3b', simProfile: 'paper/qwen3.6-35b-a3b', tier: 'small', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3.6-35B-A3B-Q4_K_M.gguf', hf: 'Qwen3.6-35B-A3B' } },
  'qwen2.5-32b': { servedName: 'qwen2.5-32b', simProfile: 'paper/qwen2.5-32b', tier: 'large', contextLength: 4096, toolFormat: 'qwen', weights: { gguf: 'Qwen2.5-32B-Instruct-Q8_0.gguf', hf: 'Qwen2.5-32B-Instruct' } },
  'qwen3-32b': { servedName: 'qwen3-32b', simProfile: 'paper/qwen3-32b', tier: 'large', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-32B-Q8_0.gguf', hf: 'Qwen3-32B' } },
} as const;

/**
 * Study 2's thirteen models (appendix C.2): the small tier's seven (Table 6's six and Llama-3.2-3B) and the large
 * tier's six (Qwen2.5-32B and Qwen3-32B in Q8_0; Llama-3.3-70B, Gemma 4 31B, Qwen3.5-27B and Qwen3.6-27B in Q4_K_M).
 */
const STUDY2_MODELS = {
  ...Object.fromEntries(Object.entries(PAPER_MODELS).filter(([, m]) => m.tier === 'small')),
  'llama-3.2-3b': { servedName: 'llama-3.2-3b', simProfile: 'paper/llama-3.2-3b', tier: 'small', contextLength: 4096, toolFormat: 'llama3', parallelToolCalls: false, weights: { gguf: 'Llama-3.2-3B-Instruct-Q8_0.gguf', hf: 'Llama-3.2-3B-Instruct' } },
  'qwen2.5-32b': PAPER_MODELS['qwen2.5-32b'],
  'qwen3-32b': PAPER_MODELS['qwen3-32b'],
  'llama-3.3-70b': { servedName: 'llama-3.3-70b', simProfile: 'paper/llama-3.3-70b', tier: 'large', contextLength: 4096, toolFormat: 'llama3', parallelToolCalls: false, weights: { gguf: 'Llama-3.3-70B-Instruct-Q4_K_M.gguf' } },
  'gemma-4-31b': { servedName: 'gemma-4-31b', simProfile: 'paper/gemma-4-31b', tier: 'large', contextLength: 4096, weights: { gguf: 'gemma-4-31b-it-Q4_K_M.gguf' } },
  'qwen3.5-27b': { servedName: 'qwen3.5-27b', simProfile: 'paper/qwen3.5-27b', tier: 'large', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3.5-27B-Q4_K_M.gguf' } },
  'qwen3.6-27b': { servedName: 'qwen3.6-27b', simProfile: 'paper/qwen3.6-27b', tier: 'large', contextLength: 4096, toolFormat: 'qwen', chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3.6-27B-Q4_K_M.gguf' } },
};

/**
 * The delivery study's built-in default: every `paper/<model>` profile on the sim engine, one system with the layer
 * off (the study delivers each form itself), the decision step. Every number it gives is simulated.
 */
const DELIVERY: RunPreset = {
  description: 'Delivery study (Studies 1 and 2, decision step) on the sim engine with every paper/<model> profile (simulated numbers)',
  base: 'sim',
  config: { models: PAPER_MODELS, systems: [{ id: 'off', engine: 'sim', arm: 'off' }], concurrency: { perEngine: 16 } },
  section: {},
};

/**
 * The same study on real engines: llama.cpp in Docker, greedy, a 4,096-token context as in the paper, one model
 * after another on one GPU; episodes as well as the decision step. Models' files lie under `modelsDir`.
 */
const DELIVERY_LLAMACPP: RunPreset = {
  description: 'Delivery study (Studies 1 and 2) on llama.cpp in Docker with the paper\'s eight models, episodes included',
  base: 'sim',
  config: {
    modelsDir: 'models',
    engines: { 'llama.cpp': { kind: 'docker', engine: 'llama.cpp', parallel: 4 } },
    models: PAPER_MODELS,
    systems: [{ id: 'off', engine: 'llama.cpp', arm: 'off' }],
    concurrency: { perEngine: 4, engines: 'one-at-a-time' },
  },
  section: { mode: 'episode' },
};

/** The same on vLLM (BF16 weights from the Hugging Face folders under `modelsDir`). */
const DELIVERY_VLLM: RunPreset = {
  ...DELIVERY_LLAMACPP,
  description: 'Delivery study (Studies 1 and 2) on vLLM in Docker with the paper\'s eight models, episodes included',
  config: { ...DELIVERY_LLAMACPP.config, engines: { vllm: { kind: 'docker', engine: 'vllm', parallel: 4 } }, systems: [{ id: 'off', engine: 'vllm', arm: 'off' }] },
};

/**
 * Study 1 as published (appendix C.1): Table 6's six models (tier `small`) and the registered two-model extension
 * (tier `large`), the four cells A1B1, A1B2, A2B1 and A2B2, whole episodes (H1.5) as well as the decision step, on the
 * sim; each tier is analysed alone.
 */
const STUDY1: RunPreset = {
  description: 'Study 1 (Table 6) on the sim engine: six models and the two-model extension (--tier small|large), forms A1B1, A1B2, A2B1, A2B2, episodes (simulated numbers)',
  base: 'sim',
  config: { models: PAPER_MODELS, systems: [{ id: 'off', engine: 'sim', arm: 'off' }], concurrency: { perEngine: 16 } },
  section: { forms: ['C0', 'C1', 'A2B1', 'C2'], mode: 'episode' },
};

/**
 * Study 2 as published (appendix C.2): its own stimuli (60 fresh scenarios on six other tools: 900 conversations per
 * model), its thirteen models in two tiers (`--tier small` seven, `--tier large` six),
 * the forms C0 to C4, whole episodes (S5) as well as the decision step, on the sim; each tier is analysed alone (Table 3's
 * two columns).
 */
const STUDY2: RunPreset = {
  description: 'Study 2 (Table 3) on the sim engine: small tier (7 models) and large tier (6 models), forms C0 to C4 (simulated numbers)',
  base: 'sim',
  config: { models: STUDY2_MODELS, systems: [{ id: 'off', engine: 'sim', arm: 'off' }], concurrency: { perEngine: 16 } },
  section: { stimuli: 'study2', forms: ['C0', 'C1', 'C2', 'C3', 'C4'], mode: 'episode' },
};

/** The delivery study's run presets: `delivery` is what `run delivery` runs without --config or --preset. */
export const DELIVERY_PRESETS: Readonly<Record<string, RunPreset>> = { delivery: DELIVERY, study1: STUDY1, study2: STUDY2, 'delivery-llama.cpp': DELIVERY_LLAMACPP, 'delivery-vllm': DELIVERY_VLLM };
