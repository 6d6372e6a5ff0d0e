import { builtInBenchmarks } from '../benchmarks.ts';
import type { RunConfigInput } from './schema.ts';
import { STUDY3 } from './study3.ts';
import { DELIVERY, DELIVERY_LLAMACPP, DELIVERY_VLLM } from './delivery.ts';
import { CODING, CODING_CI, CODING_STUDY3 } from './coding.ts';

/**
 * The built-in demo: every benchmark's self-authored tasks (its defaults) on the sim engine with two paper
 * profiles, arms off, proxy-c3, e1 and e2. Every number it produces is simulated, and the report says so.
 */
const DEFAULT: RunConfigInput = {
  version: 1,
  name: 'default',
  description: 'Built-in demo: the benchmarks\' built-in tasks on the sim engine (simulated numbers)',
  engines: { sim: { kind: 'sim' } },
  models: {
    'qwen3-8b': { simProfile: 'paper/qwen3-8b' },
    'llama-3.1-8b': { simProfile: 'paper/llama-3.1-8b' },
  },
  systems: [
    { id: 'off', engine: 'sim', arm: 'off' },
    { id: 'proxy-c3', engine: 'sim', arm: 'proxy-c3' },
    { id: 'e1', engine: 'sim', arm: 'e1' },
    { id: 'e2', engine: 'sim', arm: 'e2' },
  ],
  benchmarks: builtInBenchmarks(),
  seeds: [0],
  concurrency: { perEngine: 8 },
  contrasts: [
    { id: 'layer-effect', name: 'layer effect (proxy-c3 − off), explicit faults', a: 'proxy-c3', b: 'off', conditions: ['P1', 'P2'] },
    { id: 'control', name: 'control (proxy-c3 − off), no fault', a: 'proxy-c3', b: 'off', conditions: ['P0'], test: 'equivalence', margin: 5 },
    { id: 'c3-vs-e1', name: 'proxy-c3 − e1 (oracle guidance), explicit faults', a: 'proxy-c3', b: 'e1', conditions: ['P1', 'P2'] },
    { id: 'c3-vs-e2', name: 'proxy-c3 − e2 (tool-side retries), transient faults', a: 'proxy-c3', b: 'e2', conditions: ['P1'] },
    // Loud/Quiet's conditions; a run reports only the contrasts whose conditions it has.
    { id: 'loudquiet:layer-effect', name: 'Loud/Quiet layer effect (proxy-c3 − off), explicit faults', a: 'proxy-c3', b: 'off', conditions: ['timeout', 'schema_drift', 'missing_tool'], test: 'descriptive' },
    { id: 'loudquiet:control', name: 'Loud/Quiet control (proxy-c3 − off), clean and silent corruption', a: 'proxy-c3', b: 'off', conditions: ['clean', 'silent_corruption'], test: 'equivalence', margin: 5 },
    { id: 'loudquiet:c3-vs-e1', name: 'Loud/Quiet proxy-c3 − e1 (oracle guidance), explicit faults', a: 'proxy-c3', b: 'e1', conditions: ['timeout', 'schema_drift', 'missing_tool'], test: 'descriptive' },
    { id: 'loudquiet:c3-vs-e2', name: 'Loud/Quiet proxy-c3 − e2 (tool-side retries), timeout', a: 'proxy-c3', b: 'e2', conditions: ['timeout'], test: 'descriptive' },
  ],
};

export const PRESETS = { default: DEFAULT, study3: STUDY3, delivery: DELIVERY, 'delivery-llama.cpp': DELIVERY_LLAMACPP, 'delivery-vllm': DELIVERY_VLLM, coding: CODING, 'coding-ci': CODING_CI, 'coding-study3': CODING_STUDY3 } as const satisfies Record<string, RunConfigInput>;
export type PresetId = keyof typeof PRESETS;
