import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import type { RunPreset } from '@recovery-bench/harness';
import { AGENT_IDS } from './agents/types.ts';

/**
 * The coding-agent testbed on the sim engine: real Qwen Code (or the agents `--agents` names) through the proxy with
 * the layer off and on (c3), six repositories × three data-service modes. The agents are real; the model is the
 * sim's scripted policy, so every number is simulated, and the report says so. Needs `recovery-bench agents install`.
 */
const CODING: RunPreset = {
  description: 'The coding-agent testbed: real coding agents through the proxy on the sim engine (simulated model numbers)',
  base: 'sim',
  config: {
    models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
    systems: [
      { id: 'off', engine: 'sim', arm: 'off' },
      { id: 'proxy-c3', engine: 'sim', arm: 'proxy-c3' },
    ],
    concurrency: { perEngine: 12 },
    analysis: { plans: ['layer'] },
  },
  // Agent runs wait on their own start-up and on Python more than on the CPU: six at once finish the default here
  // in a fraction of the time two take.
  section: { concurrency: 6 },
};

/**
 * CI's selection: every agent on one repository, three modes, both arms, more agent runs at once. The output limit
 * is the named 8,192: OpenCode and Kilo reserve their declared output inside the 32,768-token window, and with the
 * paper's 32,000 they compact after their first step and never finish.
 */
const CODING_CI: RunPreset = {
  ...CODING,
  description: 'The coding-agent testbed, CI selection: every agent on one repository (simulated model numbers)',
  section: { agents: [...AGENT_IDS], repos: ['grade_book'], concurrency: 6, agentLimits: { maxOutputTokens: 'capped-8192' } },
};

const { off, on, engines } = STUDY3_SYSTEMS;
const [L, V, S] = engines;

/**
 * The paper's Study 3, layer 2 (section 4.3, appendix C.3, table 8): Qwen Code on the six repositories in the three
 * modes, with Qwen3-8B and Qwen3-32B at a 32,768-token context, on GeulPU without (G-off) and with its own layer
 * (G-on), llama.cpp (L), vLLM (V) and SGLang (S) with the layer off, and SGLang again with the proxy capping the
 * output at 8,192 tokens (deviation 4). As in the paper, Qwen Code is told no context window, so it asks for its
 * whole 32,000 output tokens; the other engines fit that to the context (llama.cpp itself, vLLM through the
 * proxy's count), while S's proxy passes it on unclamped and SGLang rejects every request (HTTP 400: prompt plus
 * 32,000 over 32,768), so S's main run scores 0; S-8192's proxy lowers it to 8,192 and still leaves prompts over
 * 24,576 tokens to SGLang's rejection. The engines are study3's Docker engines, run one at a time on the GPU; with
 * `--engine-override sim` the same plan runs on the sim engine's paper profiles, each sim checking the context as
 * the engine it replaces (SGLang's rejection included).
 */
const CODING_STUDY3: RunPreset = {
  description: 'Study 3, layer 2: Qwen Code on six repositories; G-off, G-on, L, V, S and S with 8,192 output tokens; Qwen3-8B and Qwen3-32B',
  base: 'study3',
  config: {
    models: {
      'qwen3-8b': {
        servedName: 'qwen3-8b', simProfile: 'paper/qwen3-8b', tier: 'small', contextLength: 32_768, toolFormat: 'qwen',
        chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-8B-Q8_0.gguf', hf: 'Qwen3-8B' },
      },
      'qwen3-32b': {
        servedName: 'qwen3-32b', simProfile: 'paper/qwen3-32b', tier: 'large', contextLength: 32_768, toolFormat: 'qwen',
        chatTemplateKwargs: { enable_thinking: false }, weights: { gguf: 'Qwen3-32B-Q8_0.gguf', hf: 'Qwen3-32B' },
      },
    },
    systems: [
      { id: off, engine: 'geulpu', arm: 'off' },
      { id: on, engine: 'geulpu', arm: 'engine-c3' },
      { id: L, engine: 'llama.cpp', arm: 'off' },
      { id: V, engine: 'vllm', arm: 'off' },
      // The paper's main run: the agent's 32,000 reach SGLang as they are.
      { id: S, engine: 'sglang', arm: 'off', clamp: 'off' },
      // Deviation 4's added run: the proxy lowers the agent's 32,000 to 8,192 and does nothing more.
      { id: `${S}-8192`, engine: 'sglang', arm: 'off', clamp: 'off', maxTokensCap: 8_192 },
    ],
    analysis: { plans: ['layer'] },
  },
  // The paper's concurrency: Qwen3-8B four runs at a time, Qwen3-32B one.
  section: { agents: ['qwen-code'], concurrency: { 'qwen3-8b': 4, 'qwen3-32b': 1 }, agentLimits: { contextWindow: 'agent-default' } },
};

/** The testbed's run presets: `coding` is what `run coding` runs without --config or --preset. */
export const CODING_PRESETS: Readonly<Record<string, RunPreset>> = { coding: CODING, 'coding-ci': CODING_CI, 'coding-study3': CODING_STUDY3 };
