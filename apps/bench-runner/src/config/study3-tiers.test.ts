import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildContainerPlan, DockerEngineConfigSchema } from '@recovery-bench/engines';
import type { TaskRef } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { adapterConfig } from '../run/engine-configs.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { checkTable7 } from '../report/table7-check.ts';
import { buildPlan } from '../run/plan.ts';
import { runCommand } from '../testing/run-command.ts';
import { overrideEngines, parseRunConfig, presetConfig, selectTier } from './load.ts';

const RUN_MODULE = fileURLToPath(new URL('../cli/run.ts', import.meta.url));

/** A benchmark's tasks listed mode by mode (a unit's conditions are not adjacent), as `units` base tasks × `modes`. */
function tasks(units: number, modes: readonly string[]): TaskRef[] {
  return modes.flatMap((mode) => Array.from({ length: units }, (_, i) => ({ id: `T${String(i + 1).padStart(3, '0')}_${mode}`, condition: mode, unit: `T${String(i + 1).padStart(3, '0')}` })));
}

/** Per model: the systems it runs on and how many samples. */
function perModel(plan: ReturnType<typeof buildPlan>): Record<string, { systems: string[]; samples: number; units: number }> {
  const out: Record<string, { systems: string[]; samples: number; units: number }> = {};
  for (const model of new Set(plan.map((p) => p.model))) {
    const own = plan.filter((p) => p.model === model);
    out[model] = { systems: [...new Set(own.map((p) => p.system))], samples: own.length, units: new Set(own.map((p) => p.taskRef.unit)).size };
  }
  return out;
}

const ALL = ['G-off', 'G-on', 'L', 'V', 'S', 'E1', 'E2'];
const G_AND_L = ['G-off', 'G-on', 'L', 'E1', 'E2'];

describe('the study3 preset\'s large tier', () => {
  const config = presetConfig('study3');

  it('runs Qwen3-32B on every engine (Q8_0 GGUF; FP8 on vLLM and SGLang) and Llama-3.3-70B (Q4_K_M) on GeulPU and llama.cpp only', () => {
    expect(config.models['qwen3-32b']).toMatchObject({ tier: 'large', simProfile: 'paper/qwen3-32b', toolFormat: 'qwen', weights: { gguf: 'Qwen3-32B-Q8_0.gguf', hf: 'Qwen3-32B-FP8' } });
    expect(config.models['qwen3-32b']!.engines).toBeUndefined();
    expect(config.models['llama-3.3-70b']).toMatchObject({ tier: 'large', simProfile: 'paper/llama-3.3-70b', toolFormat: 'llama3', engines: ['geulpu', 'llama.cpp'], weights: { gguf: 'Llama-3.3-70B-Instruct-Q4_K_M.gguf' } });
    expect(adapterConfig(config, 'geulpu', 'qwen3-32b', { cwd: '/lab' })).toMatchObject({ model: { path: '/lab/models/Qwen3-32B-Q8_0.gguf' } });
    expect(adapterConfig(config, 'vllm', 'qwen3-32b', { cwd: '/lab' })).toMatchObject({ engine: 'vllm', model: { path: '/lab/models/Qwen3-32B-FP8' } });
    expect(adapterConfig(config, 'sglang', 'qwen3-32b', { cwd: '/lab' })).toMatchObject({ engine: 'sglang', model: { path: '/lab/models/Qwen3-32B-FP8' } });
    expect(adapterConfig(config, 'llama.cpp', 'llama-3.3-70b', { cwd: '/lab' })).toMatchObject({ engine: 'llama.cpp', model: { path: '/lab/models/Llama-3.3-70B-Instruct-Q4_K_M.gguf', toolFormat: 'llama3' } });
    // Loud/Quiet: all 24 tasks for every model; V and S never plan Llama-3.3-70B.
    const plan = perModel(buildPlan(config, 'loudquiet', tasks(24, ['clean', 'timeout'])));
    expect(plan).toEqual({
      'qwen3-8b': { systems: ALL, samples: 7 * 48 * 2, units: 24 }, 'qwen2.5-7b': { systems: ALL, samples: 7 * 48 * 2, units: 24 }, 'llama-3.1-8b': { systems: ALL, samples: 7 * 48 * 2, units: 24 },
      'qwen3-32b': { systems: ALL, samples: 7 * 48 * 2, units: 24 }, 'llama-3.3-70b': { systems: G_AND_L, samples: 5 * 48 * 2, units: 24 },
    });
  });

  it('runs ToolMaze\'s first 50 tasks per mode in the large tier and all 100 in the small one, counted before --tasks', () => {
    const all = tasks(100, ['P0', 'P1', 'P2']);
    const plan = perModel(buildPlan(config, 'toolmaze', all));
    expect(plan['qwen3-8b']).toEqual({ systems: ALL, samples: 7 * 300, units: 100 });
    expect(plan['qwen3-32b']).toEqual({ systems: ALL, samples: 7 * 150, units: 50 });
    expect(plan['llama-3.3-70b']).toEqual({ systems: G_AND_L, samples: 5 * 150, units: 50 });
    const large = buildPlan(config, 'toolmaze', all).filter((p) => p.model === 'qwen3-32b');
    expect(new Set(large.map((p) => p.taskRef.unit))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `T${String(i + 1).padStart(3, '0')}`)));
    // --tasks picks T050 and T051: the large tier runs T050 (one of its first 50) but not T051.
    const picked = all.filter((t) => t.unit === 'T050' || t.unit === 'T051');
    const some = perModel(buildPlan(config, 'toolmaze', picked, undefined, all));
    expect(some['qwen3-32b']).toMatchObject({ units: 1, samples: 7 * 3 });
    expect(some['qwen2.5-7b']).toMatchObject({ units: 2, samples: 7 * 6 });
  });

  it('sets nothing the paper did not: no parallel_tool_calls pin, no vLLM or SGLang determinism flags (unless asked)', () => {
    expect(Object.values(config.models).map((m) => m.parallelToolCalls)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const container = (engine: string, deterministic?: boolean) => {
      const input = adapterConfig(config, engine, 'qwen3-32b', { cwd: '/lab' }) as Record<string, unknown>;
      const parsed = DockerEngineConfigSchema.parse(deterministic === undefined ? input : { ...input, deterministic });
      const { spec } = buildContainerPlan(parsed, { runId: 'r', hostPort: 18_000 });
      return [...(spec.Cmd ?? []), ...(spec.Env ?? [])];
    };
    expect(container('vllm')).not.toContain('VLLM_BATCH_INVARIANT=1');
    expect(container('sglang')).not.toContain('--enable-deterministic-inference');
    // Asked for, they are there (and run.json's config and engine record say so).
    expect(container('vllm', true)).toContain('VLLM_BATCH_INVARIANT=1');
    expect(container('sglang', true)).toContain('--enable-deterministic-inference');
  });

  it('--tier keeps one tier\'s models, with a clear error for an unknown tier or a config without tiers', () => {
    expect(Object.keys(selectTier(config, 'large').models)).toEqual(['qwen3-32b', 'llama-3.3-70b']);
    expect(Object.keys(selectTier(config, 'small').models)).toEqual(['qwen3-8b', 'qwen2.5-7b', 'llama-3.1-8b']);
    expect(() => selectTier(config, 'medium')).toThrow(/^unknown tier "medium"; tiers of config study3: small, large$/);
    expect(() => selectTier(presetConfig('default'), 'large')).toThrow(/--tier large: config default gives its models no tier/);
    // On the sim too: every engine keeps its name, so Llama-3.3-70B still runs on G and L only.
    const sim = selectTier(overrideEngines(config, 'sim'), 'large');
    expect(perModel(buildPlan(sim, 'toolmaze', tasks(2, ['P0'])))['llama-3.3-70b']!.systems).toEqual(G_AND_L);
  });
});

describe('a model\'s engines in a run config', () => {
  const base = {
    version: 1, name: 'lab', benchmarks: { toolmaze: {} },
    engines: { g: { kind: 'docker', engine: 'llama.cpp' }, v: { kind: 'docker', engine: 'vllm' } },
    systems: [{ id: 'G', engine: 'g', arm: 'off' }, { id: 'V', engine: 'v', arm: 'off' }],
  };
  const error = (models: object, more: object = {}) => {
    try {
      parseRunConfig({ ...base, models, ...more }, 'lab.yaml');
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('need no weights for engines that do not serve them, name known engines, and leave no system without a model', () => {
    expect(error({ q: { weights: { gguf: 'q.gguf', hf: 'Q' } }, big: { engines: ['g'], weights: { gguf: 'big.gguf' } } })).toBe('');
    expect(error({ big: { weights: { gguf: 'big.gguf' } } })).toMatch(/engine "v" \(vllm\) loads hf weights: give this model's path/);
    expect(error({ big: { engines: ['g', 'w'], weights: { gguf: 'big.gguf' } } })).toMatch(/model "big" names unknown engine "w"; engines: g, v\n {2}→ at models\.big\.engines\[1\]/);
    expect(error({ big: { engines: ['g'], weights: { gguf: 'big.gguf' } } })).toMatch(/system "V" runs on engine "v", which serves none of the models \(big: g\)/);
    expect(error({ big: { engines: [] } })).toMatch(/models\.big\.engines/);
  });

  it('an external engine with a URL per model needs URLs only for the models it serves', () => {
    const engines = { g: { kind: 'external', url: 'http://127.0.0.1:1/v1' }, v: { kind: 'external', urls: { q: 'http://127.0.0.1:2/v1' } } };
    expect(error({ q: {}, big: { engines: ['g'] } }, { engines })).toBe('');
    expect(error({ q: {}, big: {} }, { engines })).toMatch(/engine "v" has no URL for model "big"/);
  });
});

describe('the study3 engines on the sim', () => {
  const sim = overrideEngines(presetConfig('study3'), 'sim');

  it('carry what the paper reports each engine did with each model, from the engines\' data files', () => {
    const quirks = (engine: string, model: string) => (adapterConfig(sim, engine, model) as { quirks?: Record<string, any> }).quirks ?? {};
    expect(quirks('llama.cpp', 'llama-3.1-8b').llamaParse500).toMatchObject({ trigger: { parallelCalls: true } });
    expect(quirks('vllm', 'llama-3.1-8b').singleCallHistory).toBeDefined();
    expect(quirks('sglang', 'llama-3.1-8b')).toMatchObject({ singleCallHistory: {}, contextLimit: { style: 'sglang', extraPromptTokens: 364 } });
    expect(quirks('sglang', 'qwen3-32b').contextLimit).toMatchObject({ extraPromptTokens: 280 });
    expect(quirks('vllm', 'qwen3-8b').weightsDiffer).toBeDefined();
    expect(quirks('llama.cpp', 'qwen3-8b')).toEqual({ contextLimit: { contextTokens: 32_768, style: 'llamacpp' } });
    // GeulPU: Qwen2.5-7B's rows ran the parser fix; the build before it loses every call in doubled braces.
    expect(quirks('geulpu', 'qwen2.5-7b')).toEqual({});
    const oldBuild = overrideEngines({ ...presetConfig('study3'), engines: { ...presetConfig('study3').engines, geulpu: { ...presetConfig('study3').engines.geulpu!, perModel: {} } } } as never, 'sim');
    expect((adapterConfig(oldBuild, 'geulpu', 'qwen2.5-7b') as { quirks?: Record<string, any> }).quirks?.rawToolMarkup).toMatchObject({ markup: 'hermes-doubled' });
  });
});

describe('study3 on the sim engines', () => {
  it('reproduces table 7\'s ToolMaze baseline checks: only llama.cpp ≠ in the small tier; llama.cpp and SGLang ≠ in the large', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-study3-sim-'));
    const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', ['toolmaze', '--preset', 'study3', '--engine-override', 'sim', '--allow-fixtures', '--out', out]);
    expect(code, stderr).toBe(0);
    const cells = checkTable7(summarize([loadRun(stdout.trim().split('\n').at(-1)!)]).contrasts);
    const at = (row: string, column: string) => cells.find((c) => c.row === row && c.column === column)!;
    for (const engine of ['L', 'S']) for (const tier of ['small', 'large']) expect(at(`h3.2:${engine}`, `toolmaze/${tier}`).sameVerdict, `${engine} ${tier}`).toBe(true);
    expect(at('h3.2:V', 'toolmaze/small').sameVerdict).toBe(true);
    // The gaps behind the ≠ cells are the paper's within our intervals (+4.2 small, +23.3 large against llama.cpp).
    expect(at('h3.2:L', 'toolmaze/small').agrees).toBe(true);
    expect(at('h3.2:L', 'toolmaze/large').agrees).toBe(true);
    for (const engine of ['L', 'V', 'S']) expect(at(`h3.1:${engine}`, 'toolmaze/small').sameVerdict).toBe(true);
  }, 300_000);
});

describe('run --tier large on the sim', () => {
  it('runs only the large tier\'s models, Llama-3.3-70B on G and L alone, and reports the large tier', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-study3-large-'));
    const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', ['toolmaze', '--preset', 'study3', '--tier', 'large', '--engine-override', 'sim', '--allow-fixtures', '--tasks', 'FX_001', '--out', out]);
    expect(code, stderr).toBe(0);
    const dir = stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string; plan: { samples: number }; config: { models: Record<string, { tier: string }> } };
    expect(manifest.status).toBe('complete');
    expect(Object.keys(manifest.config.models)).toEqual(['qwen3-32b', 'llama-3.3-70b']);
    // FX_001's P0, P1 and P2 × (Qwen3-32B on 7 systems + Llama-3.3-70B on 5).
    expect(manifest.plan.samples).toBe(36);
    const samples = readFileSync(join(dir, 'samples.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { model: string; system: string });
    expect(samples).toHaveLength(36);
    expect([...new Set(samples.filter((s) => s.model === 'llama-3.3-70b').map((s) => s.system))].sort()).toEqual([...G_AND_L].sort());
    // Each sim records the engine it imitates and what of that engine's data file it carried, with the sources.
    const engines = (JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { engines: { name: string; model: string; detail: Record<string, any> }[] }).engines;
    const l70 = engines.find((e) => e.name === 'llama.cpp' && e.model === 'llama-3.3-70b')!.detail;
    expect(l70).toMatchObject({ profile: 'paper/llama-3.3-70b', imitates: 'llama.cpp', dialect: 'llama.cpp', quirks: { rawToolMarkup: { markup: 'llama3' } } });
    expect(l70.quirks.rawToolMarkup.source).toMatch(/24% of fault-free ToolMaze runs/);
    expect(engines.find((e) => e.name === 'geulpu' && e.model === 'qwen3-32b')!.detail).toEqual({ profile: 'paper/qwen3-32b', seed: 0, imitates: 'geulpu', dialect: 'openai' });
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toMatch(/toolmaze\/large H3\.1: G-on - V/);
    expect(report).not.toMatch(/toolmaze\/small/);
  }, 120_000);

  it('--tier with a config whose models have no tier stops with one line', async () => {
    const { code, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', ['toolmaze', '--tier', 'large', '--tasks', 'FX_001', '--out', mkdtempSync(join(tmpdir(), 'rb-tier-'))]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')[0]).toMatch(/--tier large: config (default|toolmaze) gives its models no tier/);
  }, 120_000);
});
