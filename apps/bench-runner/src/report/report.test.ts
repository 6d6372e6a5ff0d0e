import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticRun } from '../testing/synthetic-run.ts';
import { checkGates, GateFileSchema } from './gate.ts';
import { renderHtml, renderMarkdown } from './render.ts';
import { loadRun, summarize } from './summarize.ts';
import { runCli } from '../testing/run-cli.ts';
import { parseRunConfig, presetConfig } from '../config/load.ts';

/** proxy-c3 passes P1 on units 0–13 and off on units 0–3 (out of 20): a 50-point gain on P1, none elsewhere. */
const gain = (system: string, _model: string, unit: number, condition: string) => {
  if (condition === 'P1') return system === 'proxy-c3' ? unit < 14 : unit < 4;
  if (condition === 'P2' && system === 'e2' && unit === 0) return 'error' as const;
  return unit % 2 === 0;
};

/** The demo's config with contrasts of a user's own beside the layer preset the demo asks for. */
const config = parseRunConfig({
  ...presetConfig('default'),
  contrasts: [
    { id: 'layer-effect', name: 'layer effect (proxy-c3 − off), explicit faults', a: 'proxy-c3', b: 'off', conditions: ['P1', 'P2'] },
    { id: 'control', name: 'control (proxy-c3 − off), no fault', a: 'proxy-c3', b: 'off', conditions: ['P0'], test: 'equivalence', margin: 5 },
    { id: 'c3-vs-e2', name: 'proxy-c3 − e2 (tool-side retries), transient faults', a: 'proxy-c3', b: 'e2', conditions: ['P1'] },
  ],
}, 'report-test');

describe('report', () => {
  const dir = syntheticRun(gain, { config });
  const summary = summarize([loadRun(dir)], { resamples: 2000, seed: 7 });

  it('computes pass rates per system, model and condition with intervals', () => {
    const r = summary.passRates.find((p) => p.system === 'proxy-c3' && p.model === 'qwen3-8b' && p.condition === 'P1')!;
    expect(r).toMatchObject({ tasks: 20, passed: 14, errors: 0, rate: 0.7 });
    expect(r.lower).toBeLessThan(0.7);
    expect(r.upper).toBeGreaterThan(0.7);
    expect(summary.passRates.find((p) => p.system === 'e2' && p.condition === 'P2' && p.model === 'qwen3-8b')).toMatchObject({ errors: 1 });
  });

  it('evaluates the declared contrasts per model and pooled', () => {
    const layer = summary.contrasts.filter((c) => c.name.startsWith('layer effect'));
    expect(layer.map((c) => c.model)).toEqual(['qwen3-8b', 'llama-3.1-8b', 'all']);
    // P1 and P2 averaged per task: +50 points on P1, 0 on P2.
    for (const c of layer) expect(c.estimate).toBeCloseTo(0.25, 10);
    expect(layer[2]!.supported).toBe(true);
    const control = summary.contrasts.find((c) => c.name.startsWith('control') && c.model === 'all')!;
    expect(control.estimate).toBe(0);
    expect(summary.failures.erroredRuns).toEqual([
      { system: 'e2', model: 'llama-3.1-8b', count: 1 },
      { system: 'e2', model: 'qwen3-8b', count: 1 },
    ]);
    expect(layer.map((c) => [c.id, c.source])).toEqual([['layer-effect', 'config'], ['layer-effect', 'config'], ['layer-effect', 'config']]);
    // ToolMaze's entry says E2 cannot be measured there; a config contrast against an e2 system says so too.
    const e2 = summary.contrasts.find((c) => c.id === 'c3-vs-e2' && c.model === 'all')!;
    expect(e2.valid).toBe(false);
    expect(e2.notes[0]).toBe('not valid: the judge requires a visible retry');
    expect(renderMarkdown(summary)).toContain('| not valid (the judge requires a visible retry) |');
  });

  it('derives the layer\'s contrasts from the benchmark\'s condition roles (the layer preset), per model and pooled', () => {
    const layer = summary.contrasts.filter((c) => c.id === 'toolmaze:layer-effect');
    expect(layer.map((c) => [c.model, c.source, c.test])).toEqual([['qwen3-8b', 'layer', 'descriptive'], ['llama-3.1-8b', 'layer', 'descriptive'], ['all', 'layer', 'descriptive']]);
    for (const c of layer) expect(c.estimate).toBeCloseTo(0.25, 10);
    expect(layer[2]!.lower).toBeGreaterThan(0);
    expect(summary.contrasts.find((c) => c.id === 'toolmaze:control' && c.model === 'all')).toMatchObject({ estimate: 0, test: 'equivalence', equal: true });
    expect(summary.contrasts.find((c) => c.id === 'toolmaze:vs-e2' && c.model === 'all')).toMatchObject({ valid: false, notes: ['not valid: the judge requires a visible retry'] });
    expect(summary.contrasts.find((c) => c.id === 'toolmaze:vs-e1' && c.model === 'all')).toMatchObject({ valid: true });
    expect(renderMarkdown(summary)).toContain('| toolmaze layer effect (proxy-c3 − off), explicit faults | `toolmaze:layer-effect` | all | +25.0 [');
  });

  it('says "simulated" in the title and renders tables and SVG plots', () => {
    expect(summary.title).toMatch(/simulated/);
    const md = renderMarkdown(summary);
    expect(md.split('\n')[0]).toMatch(/^# toolmaze: default \(simulated/);
    expect(md).toContain('| layer effect (proxy-c3 − off), explicit faults | `layer-effect` | all | +25.0 [');
    expect(md).toContain('## Pass rates');
    const html = renderHtml(summary);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect((html.match(/<svg /g) ?? []).length).toBe(4);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('passes and fails gates on the declared contrasts, named by their ids', () => {
    const gates = (min: number, on: 'estimate' | 'lower' = 'estimate') => GateFileSchema.parse({ gates: [{ contrast: 'layer-effect', min, on }] });
    expect(checkGates(summary, gates(20))[0]).toMatchObject({ passed: true });
    expect(checkGates(summary, gates(30))[0]).toMatchObject({ passed: false, message: expect.stringMatching(/^FAIL: layer-effect \(layer effect .*\) \[all\] estimate \+25\.0 points \(threshold \+30\)/) });
    expect(checkGates(summary, GateFileSchema.parse({ gates: [{ contrast: 'layer-efect', min: 0 }] }))[0]!.message).toMatch(/no such contrast id in the report \(did you mean "layer-effect"\?\)/);
    // A display name is not an id.
    expect(checkGates(summary, GateFileSchema.parse({ gates: [{ contrast: 'layer effect (proxy-c3 − off), explicit faults', min: 0 }] }))[0]).toMatchObject({ passed: false });
  });

  it('checks an exact rerun turn by turn', () => {
    const other = syntheticRun(gain, { config, transcript: (system, unit) => (system === 'off' && unit === 3 ? 'different' : 'done') });
    const twice = summarize([loadRun(dir), loadRun(other)], { resamples: 200 });
    expect(twice.rerun).toMatchObject({ compared: 480, identical: 474 });
  });

  it('`report --gate` exits 1 when the gain is below its threshold, 0 when it is above', async () => {
    const gateFile = (min: number) => {
      const path = join(dir, `gates-${min}.yaml`);
      writeFileSync(path, `gates:\n  - contrast: layer-effect\n    model: all\n    min: ${min}\n`);
      return path;
    };
    const failing = await runCli(['report', dir, '--gate', gateFile(40), '--resamples', '500']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/gates: 1 of 1 failed/);
    const passing = await runCli(['report', dir, '--gate', gateFile(10), '--resamples', '500']);
    expect(passing.code).toBe(0);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<svg');
  });
});
