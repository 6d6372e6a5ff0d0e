import type { ClampMode, EngineKindId } from './config.ts';

/** How the proxy finds the prompt length P (and maybe C) before forwarding, in clamp mode `count`. */
export type TokenCounter = 'vllm-tokenize' | 'llama-tokenize' | 'none';

export interface EngineKind {
  /** Sampling fields written over the client's, beyond the ones every engine gets. */
  pins: Readonly<Record<string, unknown>>;
  /** Added when the run is deterministic (bit-exact output). */
  deterministicPins: Readonly<Record<string, unknown>>;
  /** Whether `chat_template_kwargs` is a field this engine reads (an OpenAI-style API may reject it). */
  templateKwargs: boolean;
  clamp: ClampMode;
  counter: TokenCounter;
  peekFirstEvent: boolean;
}

/**
 * Neutral values of the sampling knobs each engine reads. Why pin: vLLM and SGLang apply the model's
 * generation_config.json (e.g. repetition_penalty) by default, llama.cpp samples with temp 0.8, top_k 40,
 * top_p 0.95, min_p 0.05 unless told otherwise; top_k "disabled" is 0 for llama.cpp and -1 for vLLM/SGLang.
 */
export const ENGINE_KINDS: Readonly<Record<EngineKindId, EngineKind>> = {
  'llama.cpp': {
    pins: { min_p: 0, top_k: 0, repeat_penalty: 1, dry_multiplier: 0, xtc_probability: 0, typical_p: 1, mirostat: 0 },
    deterministicPins: { cache_prompt: false },
    templateKwargs: true,
    clamp: 'off',
    counter: 'llama-tokenize',
    peekFirstEvent: false,
  },
  vllm: {
    pins: { min_p: 0, top_k: -1, repetition_penalty: 1 },
    deterministicPins: {},
    templateKwargs: true,
    clamp: 'count',
    counter: 'vllm-tokenize',
    peekFirstEvent: false,
  },
  sglang: {
    pins: { min_p: 0, top_k: -1, repetition_penalty: 1 },
    deterministicPins: {},
    templateKwargs: true,
    clamp: 'on-error',
    counter: 'vllm-tokenize',
    peekFirstEvent: true,
  },
  // GeulPU's sampling fields beyond the OpenAI set are not documented; further pins go in model.extraPins.
  geulpu: {
    pins: { min_p: 0 },
    deterministicPins: {},
    templateKwargs: true,
    clamp: 'off',
    counter: 'none',
    peekFirstEvent: false,
  },
  // Any OpenAI-compatible server: only fields of the OpenAI API itself, which rejects unknown ones.
  generic: {
    pins: {},
    deterministicPins: {},
    templateKwargs: false,
    clamp: 'off',
    counter: 'vllm-tokenize',
    peekFirstEvent: false,
  },
};

/** Pinned on every engine; `seed` is the run's. */
export const COMMON_PINS: Readonly<Record<string, unknown>> = {
  temperature: 0,
  top_p: 1,
  presence_penalty: 0,
  frequency_penalty: 0,
};

/**
 * Every field name some engine kind pins. A client's value for one of them is never forwarded, even to an
 * engine that does not read it, and is kept in the record's `originals`.
 */
export const PINNED_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'seed',
  'chat_template_kwargs',
  'parallel_tool_calls',
  ...Object.keys(COMMON_PINS),
  ...Object.values(ENGINE_KINDS).flatMap((kind) => [...Object.keys(kind.pins), ...Object.keys(kind.deterministicPins)]),
]);
