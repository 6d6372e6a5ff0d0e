import { buildContainerPlan, DockerEngineConfigSchema } from '@recovery-bench/engines';
import { describe, expect, it } from 'vitest';
import { parseRunConfig, presetConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { adapterConfig } from './engine-configs.ts';

/** What a GeulPU start of `model` would run and record: the adapter config's source ref and the container's image. */
function geulpuFor(config: RunConfig, model: string): { sourceRef: unknown; image: string } {
  const input = adapterConfig(config, 'geulpu', model, { cwd: '/srv' });
  const plan = buildContainerPlan(DockerEngineConfigSchema.parse(input), { runId: 'r1', hostPort: 18_000 });
  return { sourceRef: (input as { sourceRef?: string }).sourceRef, image: plan.spec.Image };
}

const ownConfig = (geulpu: Record<string, unknown>) => parseRunConfig({
  version: 1, name: 'own', modelsDir: '/srv/models',
  engines: { geulpu: { kind: 'docker', engine: 'geulpu', pull: 'never', command: ['--port', '{port}'], ...geulpu } },
  models: {
    'qwen3-8b': { weights: { gguf: 'Qwen3-8B-Q8_0.gguf' } },
    'qwen2.5-7b': { weights: { gguf: 'Qwen2.5-7B-Instruct-Q8_0.gguf' } },
  },
  systems: [{ id: 'off', engine: 'geulpu', arm: 'off' }],
  benchmarks: { toolmaze: {} },
}, 'own.yaml');

describe("the study3 preset's GeulPU: built from the paper's commits", () => {
  it("runs the image of 36e3957 for every model but Qwen2.5-7B, whose rows ran 88555c2 (deviation 1)", () => {
    const config = presetConfig('study3');
    expect(geulpuFor(config, 'qwen3-8b')).toEqual({ sourceRef: '36e3957', image: 'geulpu:36e3957' });
    expect(geulpuFor(config, 'llama-3.1-8b')).toEqual({ sourceRef: '36e3957', image: 'geulpu:36e3957' });
    expect(geulpuFor(config, 'qwen2.5-7b')).toEqual({ sourceRef: '88555c2', image: 'geulpu:88555c2' });
  });

  it('keeps 0.15.0 an explicit choice, as an image or a ref, and a model\'s own image over its ref', () => {
    expect(geulpuFor(ownConfig({ image: 'geulpu:0.15.0' }), 'qwen3-8b')).toEqual({ sourceRef: undefined, image: 'geulpu:0.15.0' });
    expect(geulpuFor(ownConfig({ sourceRef: '0.15.0' }), 'qwen2.5-7b')).toEqual({ sourceRef: '0.15.0', image: 'geulpu:0.15.0' });
    const mixed = ownConfig({ image: 'geulpu:0.15.0', perModel: { 'qwen2.5-7b': { sourceRef: '88555c2' } } });
    expect(geulpuFor(mixed, 'qwen3-8b')).toEqual({ sourceRef: undefined, image: 'geulpu:0.15.0' });
    expect(geulpuFor(mixed, 'qwen2.5-7b')).toEqual({ sourceRef: '88555c2', image: 'geulpu:88555c2' });
    const own = ownConfig({ sourceRef: '36e3957', perModel: { 'qwen2.5-7b': { sourceRef: '88555c2', image: 'registry.example/geulpu:fix' } } });
    expect(geulpuFor(own, 'qwen2.5-7b')).toEqual({ sourceRef: '88555c2', image: 'registry.example/geulpu:fix' });
  });

  it('refuses a source ref on another engine', () => {
    expect(() => parseRunConfig({
      version: 1, name: 'bad', engines: { 'llama.cpp': { kind: 'docker', engine: 'llama.cpp', perModel: { m: { sourceRef: '36e3957' } } } },
      models: { m: { weights: { gguf: 'm.gguf' } } }, systems: [{ id: 'L', engine: 'llama.cpp', arm: 'off' }], benchmarks: { toolmaze: {} },
    }, 'bad.yaml')).toThrow(/sourceRef is GeulPU's; give an image\n  → at engines\["llama\.cpp"\]\.perModel\.m\.sourceRef/);
  });
});
