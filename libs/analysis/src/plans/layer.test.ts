import { describe, expect, it } from 'vitest';
import type { ConditionRoles, PlanScope } from './plan.ts';
import { layer } from './layer.ts';

const TOOLMAZE: ConditionRoles = { explicit: ['P1', 'P2'], control: ['P0'], transient: ['P1'], missingTool: null, invalid: { e2: 'the judge requires a visible retry' } };
const CODING: ConditionRoles = { explicit: ['flaky', 'forbidden'], control: ['ok'], transient: ['flaky'], missingTool: null };

const scope = (systems: PlanScope['systems'], benchmarks: PlanScope['benchmarks'] = [{ benchmark: 'toolmaze', tiers: [], roles: TOOLMAZE }]): PlanScope => ({ benchmarks, systems });

describe('the layer plan', () => {
  it('derives the layer effect, the control and the client alternatives from the roles, finding systems by arm', () => {
    const specs = layer.contrasts(scope([
      { id: 'plain', engine: 'sim', arm: 'off' }, { id: 'ours', engine: 'sim', arm: 'proxy-c3' }, { id: 'hook', engine: 'sim', arm: 'e1' }, { id: 'retry', engine: 'sim', arm: 'e2' },
    ]));
    expect(specs.map((s) => [s.id, s.a, s.b, s.test, s.filter.conditions, s.invalidReason ?? null])).toEqual([
      ['toolmaze:layer-effect', 'ours', 'plain', 'descriptive', ['P1', 'P2'], null],
      ['toolmaze:control', 'ours', 'plain', 'equivalence', ['P0'], null],
      ['toolmaze:vs-e1', 'ours', 'hook', 'descriptive', ['P1', 'P2'], null],
      ['toolmaze:vs-e2', 'ours', 'retry', 'descriptive', ['P1'], 'the judge requires a visible retry'],
    ]);
    expect(specs[1]).toMatchObject({ margin: 0.05, level: 0.9 });
    expect(layer.perModel).toBe(true);
  });

  it('takes an engine\'s own layer (engine-c3) as the layer, names engines when there are several, and skips a benchmark without roles', () => {
    const specs = layer.contrasts(scope([
      { id: 'G-off', engine: 'geulpu', arm: 'off' }, { id: 'G-on', engine: 'geulpu', arm: 'engine-c3' },
      { id: 'L', engine: 'llama.cpp', arm: 'off' }, { id: 'L-c3', engine: 'llama.cpp', arm: 'proxy-c3' },
      { id: 'V', engine: 'vllm', arm: 'off' },
    ], [{ benchmark: 'coding', tiers: ['small'], roles: CODING }, { benchmark: 'other', tiers: [] }]));
    expect(specs.map((s) => `${s.id} ${s.a}-${s.b}`)).toEqual([
      'coding/small/geulpu:layer-effect G-on-G-off', 'coding/small/geulpu:control G-on-G-off',
      'coding/small/llama.cpp:layer-effect L-c3-L', 'coding/small/llama.cpp:control L-c3-L',
    ]);
  });

  it('keeps the control row of a benchmark without a control condition, marked not valid with the reason', () => {
    const roles: ConditionRoles = { explicit: ['fault'], control: [], transient: [], missingTool: null };
    const specs = layer.contrasts(scope([{ id: 'plain', engine: 'sim', arm: 'off' }, { id: 'ours', engine: 'sim', arm: 'proxy-c3' }], [{ benchmark: 'echo', tiers: [], roles }]));
    expect(specs.map((s) => s.id)).toEqual(['echo:layer-effect', 'echo:control']);
    expect(specs[1]).toMatchObject({ filter: { conditions: [] }, invalidReason: expect.stringMatching(/^the benchmark declares no control condition/) });
  });

  it('leaves out an engine whose layer or plain arm is ambiguous, and asks for nothing without a pair', () => {
    expect(layer.contrasts(scope([{ id: 'a', engine: 'e', arm: 'off' }, { id: 'b', engine: 'e', arm: 'off' }, { id: 'c', engine: 'e', arm: 'proxy-c3' }]))).toEqual([]);
    expect(layer.contrasts(scope([{ id: 'a', engine: 'e', arm: 'off' }]))).toEqual([]);
  });
});
