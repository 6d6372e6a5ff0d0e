import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../cli/run.ts';
import { overrideEngines, presetConfig } from './load.ts';
import { STUDY3_BASE } from './study3.ts';

describe('the coding-study3 preset (the paper\'s layer 2)', () => {
  const config = presetConfig('coding-study3');

  it('has G-off, G-on, L, V, S and S with the proxy capping output at 8,192, on study3\'s Docker engines one at a time', () => {
    expect(config.systems.map((s) => [s.id, s.engine, s.arm, s.maxTokensCap])).toEqual([
      ['G-off', 'geulpu', 'off', undefined], ['G-on', 'geulpu', 'engine-c3', undefined], ['L', 'llama.cpp', 'off', undefined],
      ['V', 'vllm', 'off', undefined], ['S', 'sglang', 'off', undefined], ['S-8192', 'sglang', 'off', 8192],
    ]);
    expect(config.systems.map((s) => s.id).slice(0, 5)).toEqual([STUDY3_SYSTEMS.off, STUDY3_SYSTEMS.on, ...STUDY3_SYSTEMS.engines]);
    expect(config.engines).toEqual(presetConfig('study3').engines);
    expect(Object.keys(config.engines)).toEqual(Object.keys(STUDY3_BASE.engines!));
    expect(config.concurrency).toEqual({ perEngine: 4, engines: 'one-at-a-time' });
  });

  it('runs Qwen Code on six repositories in three modes with Qwen3-8B and Qwen3-32B at a 32,768-token context, asking for 32,000 output tokens', () => {
    expect(Object.entries(config.models).map(([id, m]) => [id, m.tier, m.contextLength, m.simProfile])).toEqual([
      ['qwen3-8b', 'small', 32_768, 'paper/qwen3-8b'], ['qwen3-32b', 'large', 32_768, 'paper/qwen3-32b'],
    ]);
    expect(config.benchmarks.coding).toMatchObject({
      agents: ['qwen-code'], modes: ['ok', 'flaky', 'forbidden'], agentLimits: { maxOutputTokens: 32_000, contextWindow: 32_768 },
      repos: ['sales_by_region', 'sensor_summary', 'word_frequency', 'graph_components', 'grade_book', 'inventory_reorder'],
    });
  });

  it('runs on the sim engine with --engine-override sim, every engine replaced and the systems kept', () => {
    const sim = resolveConfig({ preset: 'coding-study3', 'engine-override': 'sim' }, 'coding');
    expect(Object.values(sim.engines).map((e) => e.kind)).toEqual(['sim', 'sim', 'sim', 'sim']);
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
