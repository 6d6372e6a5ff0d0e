import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../cli/run.ts';
import { adapterConfig } from '../run/engine-configs.ts';
import { overrideEngines, presetConfig } from './load.ts';
import { GEULPU_SOURCE } from '@recovery-bench/engines/config';
import { STUDY3_BASE } from './study3.ts';

describe('the coding-study3 preset (the paper\'s layer 2)', () => {
  const config = presetConfig('coding-study3');

  it('has G-off, G-on, L, V, S with the proxy\'s clamp off (the paper\'s main run) and S capped at 8,192, on study3\'s Docker engines one at a time', () => {
    expect(config.systems.map((s) => [s.id, s.engine, s.arm, s.maxTokensCap, s.clamp])).toEqual([
      ['G-off', 'geulpu', 'off', undefined, undefined], ['G-on', 'geulpu', 'engine-c3', undefined, undefined], ['L', 'llama.cpp', 'off', undefined, undefined],
      ['V', 'vllm', 'off', undefined, undefined], ['S', 'sglang', 'off', undefined, 'off'], ['S-8192', 'sglang', 'off', 8192, 'off'],
    ]);
    expect(config.systems.map((s) => s.id).slice(0, 5)).toEqual([STUDY3_SYSTEMS.off, STUDY3_SYSTEMS.on, ...STUDY3_SYSTEMS.engines]);
    expect(config.engines).toEqual(presetConfig('study3').engines);
    expect(Object.keys(config.engines)).toEqual(Object.keys(STUDY3_BASE.engines!));
    expect(config.concurrency).toEqual({ perEngine: 4, engines: 'one-at-a-time' });
  });

  it('runs Qwen Code on six repositories in three modes with Qwen3-8B and Qwen3-32B at a 32,768-token context, told no window so that it asks for 32,000 output tokens', () => {
    expect(Object.entries(config.models).map(([id, m]) => [id, m.tier, m.contextLength, m.simProfile])).toEqual([
      ['qwen3-8b', 'small', 32_768, 'paper/qwen3-8b'], ['qwen3-32b', 'large', 32_768, 'paper/qwen3-32b'],
    ]);
    expect(config.benchmarks.coding).toMatchObject({
      agents: ['qwen-code'], modes: ['ok', 'flaky', 'forbidden'], agentLimits: { maxOutputTokens: 32_000, contextWindow: 'agent-default' },
      repos: ['sales_by_region', 'sensor_summary', 'word_frequency', 'graph_components', 'grade_book', 'inventory_reorder'],
    });
  });

  it('runs on the sim engine with --engine-override sim, every engine replaced by a sim imitating it and the systems kept', () => {
    const sim = resolveConfig({ preset: 'coding-study3', 'engine-override': 'sim' }, 'coding');
    expect(Object.values(sim.engines)).toEqual([
      { kind: 'sim', seed: 0, imitates: 'geulpu', sourceRef: GEULPU_SOURCE.paperCommit, perModel: { 'qwen2.5-7b': { sourceRef: GEULPU_SOURCE.paperCommitQwen25 } } },
      { kind: 'sim', seed: 0, imitates: 'llama.cpp' },
      { kind: 'sim', seed: 0, imitates: 'vllm' }, { kind: 'sim', seed: 0, imitates: 'sglang' },
    ]);
    // The sim standing in for SGLang checks the model's context as SGLang does, and the proxy sees an SGLang engine.
    expect(adapterConfig(sim, 'sglang', 'qwen3-32b')).toMatchObject({ kind: 'sim', engineKind: 'sglang', quirks: { contextLimit: { contextTokens: 32_768, style: 'sglang' } } });
    expect(adapterConfig(sim, 'llama.cpp', 'qwen3-8b')).toMatchObject({ engineKind: 'llama.cpp', dialect: 'llama.cpp', quirks: { contextLimit: { style: 'llamacpp' } } });
    expect(adapterConfig(sim, 'geulpu', 'qwen3-8b')).not.toHaveProperty('quirks');
    expect(sim.systems).toEqual(overrideEngines(config, 'sim').systems);
    expect(sim.systems.find((s) => s.id === 'S-8192')?.maxTokensCap).toBe(8192);
  });
});

describe('the coding and coding-ci presets', () => {
  it('give Qwen Code the paper\'s output limit, and CI\'s selection of every agent the named 8,192', () => {
    expect(presetConfig('coding').benchmarks.coding).toMatchObject({ agents: ['qwen-code'], agentLimits: { maxOutputTokens: 32_000 } });
    expect(presetConfig('coding-ci').benchmarks.coding).toMatchObject({ agents: ['qwen-code', 'opencode', 'kilo', 'claude-code', 'codex'], agentLimits: { maxOutputTokens: 8192 } });
  });
});
