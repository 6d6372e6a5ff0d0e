import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STUDY3_SYSTEMS } from '@recovery-bench/analysis';
import { describe, expect, it } from 'vitest';
import { adapterConfig } from '../run/engine-configs.ts';
import { runCommand } from '../testing/run-command.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { renderMarkdown } from '../report/render.ts';
import { syntheticRun } from '../testing/synthetic-run.ts';
import { overrideEngines, parseRunConfig, presetConfig } from './load.ts';
import { seedsOf } from './schema.ts';

const RUN_MODULE = fileURLToPath(new URL('../cli/run.ts', import.meta.url));

describe('the study3 preset', () => {
  const config = presetConfig('study3');

  it('has the paper\'s systems on their engines and both tiers, and asks for the analysis plan, not contrasts of its own', () => {
    expect(config.systems.map((s) => [s.id, s.engine, s.arm])).toEqual([
      ['G-off', 'geulpu', 'off'], ['G-on', 'geulpu', 'engine-c3'], ['L', 'llama.cpp', 'off'], ['V', 'vllm', 'off'], ['S', 'sglang', 'off'], ['E1', 'geulpu', 'e1'], ['E2', 'geulpu', 'e2'],
    ]);
    expect(Object.values(config.engines).map((e) => e.kind)).toEqual(['docker', 'docker', 'docker', 'docker']);
    expect(Object.entries(config.models).map(([id, m]) => [id, m.tier, m.simProfile])).toEqual([
      ['qwen3-8b', 'small', 'paper/qwen3-8b'], ['qwen2.5-7b', 'small', 'paper/qwen2.5-7b'], ['llama-3.1-8b', 'small', 'paper/llama-3.1-8b'],
      ['qwen3-32b', 'large', 'paper/qwen3-32b'], ['llama-3.3-70b', 'large', 'paper/llama-3.3-70b'],
    ]);
    expect(config.contrasts).toEqual([]);
    expect(config.analysis.plans).toEqual(['study3']);
    expect(config.systems.map((s) => s.id)).toEqual(expect.arrayContaining([STUDY3_SYSTEMS.off, STUDY3_SYSTEMS.on, ...STUDY3_SYSTEMS.engines]));
  });

  it('reports H3.1 with Holm over L, V and S, and the H3.2 baseline checks, as the paper\'s table 7', () => {
    // G-on passes explicit faults on units 0–17 of 30; L, V and S on fewer, and pass some units G-on fails (3, 10,
    // 17, … off its range): three gains of different sizes and p-values. V's baseline sits lower on P0 (units 0–9
    // against 0–19), so its H3.2 check fails and its H3.1 gain is flagged.
    const pass = (system: string, _model: string, unit: number, condition: string) => {
      if (condition === 'P0') return system === 'V' ? unit < 10 : unit < 20;
      const upTo: Record<string, number> = { 'G-on': 18, L: 12, V: 14, S: 16, 'G-off': 12, E1: 20, E2: 12 };
      return unit < (upTo[system] ?? 0) || (unit % 7 === 3 && system !== 'G-on');
    };
    const dir = syntheticRun(pass, { units: 30, config: overrideEngines(config, 'sim') });
    const summary = summarize([loadRun(dir)], { resamples: 4000, seed: 3 });
    const h31 = ['L', 'V', 'S'].map((x) => summary.contrasts.find((c) => c.id === `toolmaze/small:h3.1:${x}`)!);
    expect(h31.map((c) => [c.source, c.model, c.family])).toEqual(Array(3).fill(['study3', 'all', 'toolmaze/small H3.1']));
    // Holm by hand: the smallest p times 3, the next times 2 (never below the one before), the largest times 1.
    const raw = h31.map((c) => c.p!);
    expect(new Set(raw).size).toBe(3);
    expect(raw.every((p) => p > 0 && p < 1)).toBe(true);
    const order = [0, 1, 2].sort((i, j) => raw[i]! - raw[j]!);
    const byHand: number[] = [];
    let floor = 0;
    order.forEach((i, rank) => {
      floor = Math.max(floor, Math.min(1, raw[i]! * (3 - rank)));
      byHand[i] = floor;
    });
    expect(h31.map((c) => c.adjustedP)).toEqual(byHand);
    expect(h31.map((c) => c.adjustedP! > c.p!)).toContain(true);
    const h32v = summary.contrasts.find((c) => c.id === 'toolmaze/small:h3.2:V')!;
    expect(h32v).toMatchObject({ test: 'equivalence', level: 0.9, equal: false });
    expect(h31[1]).toMatchObject({ mixed: true });
    expect(summary.contrasts.find((c) => c.id === 'toolmaze/small:h3.3:e2')).toMatchObject({ valid: false });
    const md = renderMarkdown(summary);
    expect(md).toContain('## Analysis plan study3');
    expect(md).toMatch(/\| toolmaze\/small H3\.1: G-on - V, explicit errors \| `toolmaze\/small:h3\.1:V` \| all \| .* \| (not )?supported, mixed with engine differences \|/);
  });

  it('takes Loud/Quiet\'s control over clean and silent corruption, the paper\'s conditions where the layer must not act', () => {
    // G-on and G-off agree everywhere but on silent corruption, where G-on loses units 0–9 of 20.
    const conditions = ['clean', 'timeout', 'silent_corruption', 'schema_drift', 'missing_tool'];
    const pass = (system: string, _model: string, unit: number, condition: string) => !(system === 'G-on' && condition === 'silent_corruption' && unit < 10);
    const dir = syntheticRun(pass, { benchmark: 'loudquiet', conditions, config: overrideEngines(config, 'sim') });
    const summary = summarize([loadRun(dir)], { resamples: 2000, seed: 5 });
    const control = summary.contrasts.find((c) => c.id === 'loudquiet/small:control')!;
    // Pooled over both control conditions: −50 points on one of two, so −25.
    expect(control.estimate).toBeCloseTo(-0.25, 10);
    expect(summary.contrasts.find((c) => c.id === 'loudquiet/small:layer-effect')!.estimate).toBe(0);
  });

  it('starts each engine on its own weights: GGUF for GeulPU and llama.cpp, the model directory for vLLM and SGLang', () => {
    const geulpu = adapterConfig(config, 'geulpu', 'qwen3-8b', { cwd: '/lab' });
    expect(geulpu).toMatchObject({ kind: 'docker', engine: 'geulpu', sourceRef: '36e3957', model: { path: '/lab/models/Qwen3-8B-Q8_0.gguf', servedName: 'qwen3-8b', contextLength: 32_768, toolFormat: 'qwen' } });
    expect(adapterConfig(config, 'llama.cpp', 'llama-3.1-8b', { cwd: '/lab' })).toMatchObject({ engine: 'llama.cpp', parallel: 4, model: { path: '/lab/models/Llama-3.1-8B-Instruct-Q8_0.gguf', toolFormat: 'llama3' } });
    expect(adapterConfig(config, 'vllm', 'qwen2.5-7b', { cwd: '/lab' })).toMatchObject({ engine: 'vllm', model: { path: '/lab/models/Qwen2.5-7B-Instruct' } });
    expect(adapterConfig(config, 'sglang', 'qwen3-8b', { cwd: '/lab' })).toMatchObject({ engine: 'sglang', model: { path: '/lab/models/Qwen3-8B' } });
  });

  it('stops without the real tasks: one line naming --allow-fixtures and the fetch commands, before any run directory', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-study3-'));
    const saved = process.env.TOOLMAZE_ROOT;
    delete process.env.TOOLMAZE_ROOT;
    try {
      const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', ['toolmaze', '--preset', 'study3', '--engine-override', 'sim', '--out', out]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^recovery-bench run: study3 runs the paper's tasks, but toolmaze has only its fixture suite here: get its real tasks with `recovery-bench fetch toolmaze --dest ToolMaze && export TOOLMAZE_ROOT=\$PWD\/ToolMaze`, or run the fixture tasks anyway with --allow-fixtures$/);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      if (saved !== undefined) process.env.TOOLMAZE_ROOT = saved;
    }
  }, 120_000);

  it('runs here on the fixture tasks when asked: run toolmaze --preset study3 --engine-override sim --allow-fixtures --tasks FX_001', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-study3-'));
    const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', ['toolmaze', '--preset', 'study3', '--engine-override', 'sim', '--allow-fixtures', '--tasks', 'FX_001', '--out', out]);
    expect(code, stderr).toBe(0);
    const dir = stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string; simulated: boolean; plan: { samples: number }; taskSource: { kind: string; units: number; tasks: number } };
    expect(manifest).toMatchObject({ status: 'complete', simulated: true, taskSource: { kind: 'fixture', units: 1, tasks: 3 } });
    // FX_001's P0, P1 and P2 (the paper's modes) × (4 models × 7 systems + Llama-3.3-70B × its 5 systems on G and L).
    expect(manifest.plan.samples).toBe(99);
    expect(readFileSync(join(dir, 'samples.jsonl'), 'utf8').trim().split('\n')).toHaveLength(99);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report.split('\n')[0]).toBe("# toolmaze (1 fixture task): study3 (fixture tasks, not the paper's; simulated: sim engine, not a model)");
    expect(report).toMatch(/^- toolmaze: 1 fixture task \(3 per system, model and seed\) from ToolMaze fixture suite/m);
    expect(report).toMatch(/toolmaze\/small H3\.1: G-on - V, explicit errors \| `toolmaze\/small:h3\.1:V`/);
    expect(report).toMatch(/toolmaze\/small H3\.2: G-off - L, all conditions/);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { title: string; runs: { taskSource: { kind: string; label: string } }[] };
    expect(json.title).toContain("fixture tasks, not the paper's");
    expect(json.runs[0]!.taskSource).toMatchObject({ kind: 'fixture', label: expect.stringContaining('ToolMaze fixture suite') });
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('fixture tasks, not the paper&#39;s');
  }, 120_000);

  it('runs Loud/Quiet at seeds 0 and 1 and ToolMaze at seed 0', () => {
    expect(seedsOf(config, 'loudquiet')).toEqual([0, 1]);
    expect(seedsOf(config, 'toolmaze')).toEqual([0]);
    expect(Object.keys(config.benchmarks)).toEqual(['toolmaze', 'loudquiet']);
  });
});

describe('docker and process engines in a run config', () => {
  const base = {
    version: 1, name: 'lab', benchmarks: { toolmaze: {} },
    systems: [{ id: 'off', engine: 'e', arm: 'off' }],
  };

  it('need each model\'s weights in the engine\'s format, and a SGLang name without a colon', () => {
    const error = (engines: object, models: object) => {
      try {
        parseRunConfig({ ...base, engines, models }, 'lab.yaml');
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(error({ e: { kind: 'docker', engine: 'vllm' } }, { q: { weights: { gguf: 'q.gguf' } } })).toMatch(/engine "e" \(vllm\) loads hf weights: give this model's path[\s\S]*models\.q\.weights\.hf/);
    expect(error({ e: { kind: 'docker', engine: 'vllm', weights: 'gguf' } }, { q: { weights: { gguf: 'q.gguf' } } })).toBe('');
    expect(error({ e: { kind: 'docker', engine: 'sglang' } }, { 'q:8b': { weights: { hf: 'Q' } } })).toMatch(/SGLang reads "q:8b" as model:adapter/);
    expect(error({ e: { kind: 'docker', engine: 'geulpu', image: 'g:1' } }, { q: { weights: { gguf: 'q.gguf' } } })).toMatch(/GeulPU needs its server command/);
    expect(error({ e: { kind: 'process', command: 'my-server', args: ['--port', '{port}'] } }, { q: {} })).toBe('');
    expect(error({ e: { kind: 'docker', engine: 'vllm', gpu: 'all' } }, { q: { weights: { hf: 'Q' } } })).toMatch(/Unrecognized key: "gpu"/);
  });

  it('map to adapter configs: paths under modelsDir, external engines trusted at start as before', () => {
    const config = parseRunConfig({
      ...base, modelsDir: '/srv/models',
      engines: { e: { kind: 'docker', engine: 'llama.cpp', network: 'host' }, p: { kind: 'process', engine: 'llama.cpp' }, x: { kind: 'external', url: 'http://127.0.0.1:8001/v1', engine: 'vllm' } },
      models: { q: { servedName: 'qwen', weights: { gguf: 'sub/q.gguf', hf: '/abs/Q' }, contextLength: 4096, chatTemplate: 't.jinja' } },
    }, 'lab.yaml');
    expect(adapterConfig(config, 'e', 'q', { cwd: '/lab' })).toEqual({
      kind: 'docker', engine: 'llama.cpp', network: 'host', gpus: 'all', port: 0, seed: 0, parallel: 1, deterministic: true, env: {}, extraArgs: [], mounts: [], pull: 'missing',
      healthTimeoutMs: 1_200_000, pollIntervalMs: 1000, stopTimeoutSeconds: 10, keepContainer: false,
      model: { path: '/srv/models/sub/q.gguf', servedName: 'qwen', contextLength: 4096, chatTemplate: '/lab/t.jinja' },
    });
    expect(adapterConfig(config, 'p', 'q', { cwd: '/lab' })).toMatchObject({ kind: 'process', engine: 'llama.cpp', model: { path: '/srv/models/sub/q.gguf' } });
    expect(adapterConfig(config, 'x', 'q')).toEqual({ kind: 'external', url: 'http://127.0.0.1:8001/v1', engine: 'vllm', model: 'qwen', checkOnStart: false });
  });
});
