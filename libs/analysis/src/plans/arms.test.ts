import { describe, expect, it } from 'vitest';
import { evaluateContrasts } from '../contrasts.ts';
import { AnalysisError } from '../errors.ts';
import type { Sample } from '../samples.ts';
import { armPlan } from './arms.ts';
import type { SystemRef } from './plan.ts';
import { scopeOf } from './plan.ts';

const SYSTEMS: SystemRef[] = [
  { id: 'llama-off', engine: 'llama.cpp', arm: 'off' },
  { id: 'llama-c3', engine: 'llama.cpp', arm: 'proxy-c3' },
  { id: 'vllm-off', engine: 'vllm', arm: 'off' },
  { id: 'vllm-c3', engine: 'vllm', arm: 'proxy-c3' },
  { id: 'sglang-off', engine: 'sglang', arm: 'off' },
];

describe('armPlan', () => {
  it('pairs the two arms on every engine that runs both', () => {
    const plan = armPlan({ id: 'matched', systems: SYSTEMS, a: 'proxy-c3', b: 'off', test: 'one-sided', conditions: { toolmaze: ['P1', 'P2'] } });
    const specs = plan.contrasts({ benchmarks: [{ benchmark: 'toolmaze', tiers: [] }, { benchmark: 'loudquiet', tiers: ['small', 'large'] }], systems: [] });
    expect(specs.map((s) => s.name)).toEqual([
      'toolmaze llama.cpp: proxy-c3 - off',
      'toolmaze vllm: proxy-c3 - off',
      'loudquiet/small llama.cpp: proxy-c3 - off',
      'loudquiet/small vllm: proxy-c3 - off',
      'loudquiet/large llama.cpp: proxy-c3 - off',
      'loudquiet/large vllm: proxy-c3 - off',
    ]);
    expect(specs[0]).toEqual({ name: 'toolmaze llama.cpp: proxy-c3 - off', a: 'llama-c3', b: 'llama-off', test: 'one-sided', filter: { benchmark: 'toolmaze', conditions: ['P1', 'P2'] }, family: 'toolmaze proxy-c3 - off' });
    expect(specs[2]!.filter).toEqual({ benchmark: 'loudquiet', tier: 'small' });
  });

  it('evaluates on samples like any other contrasts', () => {
    const samples: Sample[] = [];
    for (let t = 0; t < 10; t++) {
      for (const s of SYSTEMS) samples.push({ benchmark: 'toolmaze', system: s.id, model: 'm', task: `t${t}`, condition: 'P1', value: s.arm === 'proxy-c3' && t < 5 ? 1 : 0, outcome: 'pass' });
    }
    const plan = armPlan({ id: 'matched', systems: SYSTEMS, a: 'proxy-c3', b: 'off' });
    const [llama, vllm] = evaluateContrasts(samples, plan.contrasts(scopeOf(samples)), { resamples: 200 }).contrasts;
    expect(llama!.estimate).toBeCloseTo(0.5, 12);
    expect(vllm!.nTasks).toBe(10);
  });

  it('refuses ambiguous or empty pairings', () => {
    expect(() => armPlan({ id: 'x', systems: [...SYSTEMS, { id: 'llama-c3-ext', engine: 'llama.cpp', arm: 'proxy-c3' }], a: 'proxy-c3', b: 'off' })).toThrow(/several systems/);
    expect(() => armPlan({ id: 'x', systems: SYSTEMS, a: 'e1', b: 'off' })).toThrow(AnalysisError);
  });
});
