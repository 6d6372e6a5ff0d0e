import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configJsonSchema, loadRunConfig, overrideEngines, parseRunConfig, presetConfig } from './load.ts';

const write = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'rb-config-')), 'lab.yaml');
  writeFileSync(path, text);
  return path;
};

const VALID = `version: 1
name: lab
engines:
  vllm: { kind: external, url: "http://127.0.0.1:8001/v1", engine: vllm }
models:
  qwen3-8b: { servedName: qwen3-8b, chatTemplateKwargs: { enable_thinking: false } }
systems:
  - { id: off, engine: vllm, arm: off }
  - { id: c3, engine: vllm, arm: proxy-c3 }
benchmarks:
  toolmaze: { conditions: [P0, P1, P2] }
contrasts:
  - { name: gain, a: c3, b: off, conditions: [P1, P2] }
`;

describe('run config', () => {
  it('reads a YAML config and fills defaults', () => {
    const config = loadRunConfig(write(VALID));
    expect(config.seeds).toEqual([0]);
    expect(config.concurrency.perEngine).toBe(4);
    expect(config.limits).toEqual({ maxRounds: 25, requestTimeoutMs: 45_000 });
    expect(config.systems[1]).toEqual({ id: 'c3', engine: 'vllm', arm: 'proxy-c3', rules: 'paper' });
    expect(config.benchmarks.toolmaze).toMatchObject({ source: 'fixture', conditions: ['P0', 'P1', 'P2'], promptVariant: 'by-mode' });
  });

  it('names the file and every bad field', () => {
    const path = write(VALID.replace('arm: proxy-c3', 'arm: proxy-c9').replace('name: lab', 'name: lab\ncolour: blue'));
    let message = '';
    try {
      loadRunConfig(path);
    } catch (error) {
      message = (error as Error).message;
      expect(error).toMatchObject({ code: 'config:invalid' });
    }
    expect(message).toContain(`${path} is not a valid recovery-bench config`);
    expect(message).toMatch(/colour/);
    expect(message).toMatch(/systems\[1\]\.arm|systems\.1\.arm/);
    // Cross references are checked once every field is well formed.
    expect(() => loadRunConfig(write(VALID.replace('engine: vllm, arm: off', 'engine: nope, arm: off')))).toThrow(/systems\.0\.engine[\s\S]*unknown engine "nope"; engines: vllm|unknown engine "nope"; engines: vllm/);
  });

  it('reports YAML syntax errors with their position, and a missing file', () => {
    expect(() => loadRunConfig(write('version: 1\nname: [unclosed\n'))).toThrow(/lab\.yaml:\d+:\d+: not valid YAML/);
    expect(() => loadRunConfig('/nonexistent/lab.yaml')).toThrow(/cannot read config \/nonexistent\/lab\.yaml: ENOENT/);
  });

  it('checks cross references: contrasts name systems, the sim engine needs profiles', () => {
    const base = loadRunConfig(write(VALID));
    expect(() => parseRunConfig({ ...base, contrasts: [{ name: 'x', a: 'c3', b: 'ghost' }] }, 'test')).toThrow(/unknown system "ghost"/);
    expect(() => parseRunConfig({ ...base, engines: { vllm: { kind: 'sim' } } }, 'test')).toThrow(/model "qwen3-8b" needs a simProfile/);
    expect(() => parseRunConfig({ ...base, systems: [...base.systems, base.systems[0]] }, 'test')).toThrow(/duplicate system id "off"/);
    // Analysis plans by their name, and by the earlier one (`presets`), which configs of earlier versions use.
    expect(parseRunConfig({ ...base, analysis: { plans: ['layer'] } }, 'test').analysis).toEqual({ plans: ['layer'] });
    expect(parseRunConfig({ ...base, analysis: { presets: ['study3'] } }, 'test').analysis).toEqual({ plans: [], presets: ['study3'] });
    expect(() => parseRunConfig({ ...base, analysis: { plans: ['study4'] } }, 'test')).toThrow(/Invalid option: expected one of "study3"\|"layer"[\s\S]*analysis\.plans\[0\]|analysis\.plans/);
  });

  it("an external engine serves every model at its url, or each model at its own in urls (as deploy k8s's sidecars)", () => {
    const perModel = VALID.replace('url: "http://127.0.0.1:8001/v1"', 'urls: { qwen3-8b: "http://127.0.0.1:18000/v1" }');
    expect(loadRunConfig(write(perModel)).engines.vllm).toEqual({ kind: 'external', engine: 'vllm', urls: { 'qwen3-8b': 'http://127.0.0.1:18000/v1' } });
    const both = VALID.replace('url: "http://127.0.0.1:8001/v1"', 'url: "http://127.0.0.1:8001/v1", urls: { qwen3-8b: "http://127.0.0.1:18000/v1" }');
    expect(() => loadRunConfig(write(both))).toThrow(/an external engine takes exactly one of url .* and urls .*\n\s*→ at engines\.vllm\.urls/);
    const missing = perModel.replace('qwen3-8b: { servedName', 'llama-3.1-8b: {}\n  qwen3-8b: { servedName');
    expect(() => loadRunConfig(write(missing))).toThrow(/engine "vllm" has no URL for model "llama-3\.1-8b"; urls: qwen3-8b/);
    const stray = VALID.replace('url: "http://127.0.0.1:8001/v1"', 'urls: { qwen3-8b: "http://127.0.0.1:18000/v1", qwen3-32b: "http://127.0.0.1:18001/v1" }');
    expect(() => loadRunConfig(write(stray))).toThrow(/unknown model "qwen3-32b"; models: qwen3-8b/);
  });

  it('ships a default preset that runs on the sim engine, and swaps any engine for the sim', () => {
    const preset = presetConfig('default');
    expect(Object.values(preset.engines).every((e) => e.kind === 'sim')).toBe(true);
    expect(preset.systems.map((s) => s.arm)).toEqual(['off', 'proxy-c3', 'e1', 'e2']);
    const lab = parseRunConfig({ ...loadRunConfig(write(VALID)), models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } } }, 'lab');
    const swapped = overrideEngines(lab, 'sim');
    // The sim stands in for the engine it replaces: vLLM's context check and engine kind.
    expect(swapped.engines).toEqual({ vllm: { kind: 'sim', seed: 0, imitates: 'vllm' } });
    expect(swapped.systems).toEqual(lab.systems);
    expect(() => presetConfig('defualt')).toThrow(/unknown preset "defualt" \(did you mean "default"\?\); presets: default, study3, /);
  });

  it('exports a JSON Schema for editors', () => {
    const schema = configJsonSchema() as { type: string; properties: Record<string, unknown>; additionalProperties: boolean };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['version', 'engines', 'models', 'systems', 'benchmarks', 'seeds']));
    expect(schema.additionalProperties).toBe(false);
  });
});
