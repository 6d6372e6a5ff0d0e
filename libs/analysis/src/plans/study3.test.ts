import { describe, expect, it } from 'vitest';
import type { ContrastResult } from '../contrasts.ts';
import type { Sample } from '../samples.ts';
import { evaluatePlan, scopeOf } from './plan.ts';
import { getAnalysisPlan } from './registry.ts';
import type { ConditionRoles } from './plan.ts';
import { study3 } from './study3.ts';

const EXPLICIT: Record<string, string[]> = { toolmaze: ['P1', 'P2'], loudquiet: ['timeout', 'schema_drift', 'missing_tool'] };
/** The roles the two benchmarks' entries declare (the analysis library holds no benchmark's conditions). */
const ROLES: Record<string, ConditionRoles> = {
  toolmaze: { explicit: EXPLICIT['toolmaze']!, control: ['P0'], transient: ['P1'], missingTool: null, invalid: { e2: 'E2 on ToolMaze (its judge fails a retry inside the tool layer)' } },
  loudquiet: { explicit: EXPLICIT['loudquiet']!, control: ['clean', 'silent_corruption'], transient: ['timeout'], missingTool: ['missing_tool'] },
};
const ALL: Record<string, string[]> = { toolmaze: ['P0', 'P1', 'P2'], loudquiet: ['clean', 'timeout', 'schema_drift', 'missing_tool', 'silent_corruption'] };

/**
 * A small Study 3 run with known effects. Per task a difficulty shared by all systems; on explicit errors G-on adds
 * 0.15 and E1 0.25, E2 adds 0.05 on transient errors. L matches G-off's baseline; V sits 0.10 lower everywhere
 * (baselines not equal); S matches G-on on explicit errors (no gain to find). L errors once on ToolMaze.
 */
function study3Samples(): Sample[] {
  const samples: Sample[] = [];
  for (const [benchmark, tasks] of [['toolmaze', 30], ['loudquiet', 24]] as const) {
    for (let t = 0; t < tasks; t++) {
      const base = 0.1 + (t % 5) / 8;
      for (const condition of ALL[benchmark]!) {
        const explicit = EXPLICIT[benchmark]!.includes(condition);
        const transient = condition === 'P1' || condition === 'timeout';
        const values: Record<string, number> = {
          'G-off': base,
          'G-on': base + (explicit ? 0.15 : 0),
          L: base,
          V: base - 0.1,
          S: base + (explicit ? 0.15 : 0),
          E1: base + (explicit ? 0.25 : 0),
          E2: base + (transient ? 0.05 : 0),
        };
        for (const [system, value] of Object.entries(values)) {
          const stopped = condition === 'missing_tool' && (system === 'G-on' || system === 'L') ? { stopped: system === 'G-on' || t % 2 === 0 } : {};
          const errored = benchmark === 'toolmaze' && system === 'L' && t === 0 && condition === 'P1';
          samples.push({ benchmark, tier: 'small', system, model: 'qwen3-8b', task: `${benchmark}-${t}`, condition, value: errored ? 0.9 : value, outcome: errored ? 'error' : value >= 0.5 ? 'pass' : 'fail', ...stopped });
        }
      }
    }
  }
  return samples;
}

describe('study3 plan', () => {
  const evaluation = evaluatePlan(study3Samples(), study3, { resamples: 2000, seed: 1, roles: ROLES });
  const get = (name: string): ContrastResult => {
    const found = evaluation.contrasts.find((c) => c.name === name);
    if (!found) throw new Error(`no contrast ${name}; have ${evaluation.contrasts.map((c) => c.name).join(' | ')}`);
    return found;
  };

  it('declares the contrasts of the paper per benchmark and tier', () => {
    expect(evaluation.plan).toBe('study3');
    expect(evaluation.scope).toEqual({ benchmarks: [{ benchmark: 'loudquiet', tiers: ['small'], roles: ROLES['loudquiet'] }, { benchmark: 'toolmaze', tiers: ['small'], roles: ROLES['toolmaze'] }], systems: [] });
    const names = evaluation.contrasts.map((c) => c.name);
    expect(names.filter((n) => n.startsWith('toolmaze/small '))).toHaveLength(10);
    expect(names.filter((n) => n.startsWith('loudquiet/small '))).toHaveLength(13);
    expect(evaluation.contrasts.filter((c) => c.family === 'toolmaze/small H3.1').map((c) => c.id)).toEqual(['toolmaze/small:h3.1:L', 'toolmaze/small:h3.1:V', 'toolmaze/small:h3.1:S']);
    expect(new Set(evaluation.contrasts.map((c) => c.id)).size).toBe(evaluation.contrasts.length);
    expect(getAnalysisPlan('study3')).toBe(study3);
    expect(() => getAnalysisPlan('study4')).toThrow(/analysis plans: study3/);
  });

  it('reports the layer effect and the control descriptively', () => {
    const layer = get('toolmaze/small layer effect: G-on - G-off, explicit errors');
    expect(layer).toMatchObject({ test: 'descriptive', level: 0.95, p: null, supported: null, nTasks: 30 });
    expect(layer.estimate).toBeCloseTo(0.15, 12);
    expect(get('loudquiet/small control: G-on - G-off, no explicit error').estimate).toBeCloseTo(0, 12);
  });

  it('decides H3.1 with Holm over the three engines and flags gains mixed with engine differences', () => {
    const h31 = (x: string) => get(`toolmaze/small H3.1: G-on - ${x}, explicit errors`);
    expect(h31('L')).toMatchObject({ supported: true, mixed: false, family: 'toolmaze/small H3.1', errors: { a: 0, b: 1 } });
    expect(h31('V')).toMatchObject({ supported: true, mixed: true });
    expect(h31('V').notes).toContain('mixed with engine differences: "toolmaze/small H3.2: G-off - V, all conditions" is not within ±5 points at 90%');
    expect(h31('S')).toMatchObject({ supported: false });
    expect(h31('S').estimate).toBeCloseTo(0, 12);
    expect(h31('L').notes.some((n) => n.startsWith('mixed'))).toBe(false);
  });

  it('checks H3.2 baselines on the 90% interval within ±5 points over all conditions', () => {
    const h32 = (x: string) => get(`toolmaze/small H3.2: G-off - ${x}, all conditions`);
    expect(h32('L')).toMatchObject({ test: 'equivalence', level: 0.9, margin: 0.05, equal: true });
    expect(h32('V')).toMatchObject({ equal: false });
    expect(h32('V').estimate).toBeCloseTo(0.1, 12);
    expect(h32('S')).toMatchObject({ equal: false });
    expect(h32('L').samples).toEqual({ a: 90, b: 90 });
  });

  it('compares with E1 and E2, marking E2 on ToolMaze as not valid', () => {
    expect(get('toolmaze/small H3.3: G-on - E1, explicit errors').estimate).toBeCloseTo(-0.1, 12);
    const e2 = get('toolmaze/small H3.3: G-on - E2, transient errors');
    expect(e2.valid).toBe(false);
    expect(e2.notes[0]).toMatch(/^not valid: E2 on ToolMaze/);
    expect(e2.id).toBe('toolmaze/small:h3.3:e2');
    expect(e2.estimate).toBeCloseTo(0.1, 12);
    const lq = get('loudquiet/small H3.3: G-on - E2, transient errors');
    expect(lq.valid).toBe(true);
    expect(lq.samples).toEqual({ a: 24, b: 24 });
  });

  it('compares stop rates on the missing tool where they are recorded', () => {
    expect(get('loudquiet/small H3.4: G-on - L, stops on missing tool').estimate).toBeCloseTo(0.5, 12);
    const v = get('loudquiet/small H3.4: G-on - V, stops on missing tool');
    expect(v.nTasks).toBe(0);
    expect(v.notes).toContain('no task has samples for both systems');
  });

  it('counts failures per benchmark, tier, system and model', () => {
    const l = evaluation.failures.find((f) => f.benchmark === 'toolmaze' && f.system === 'L');
    expect(l).toEqual({ benchmark: 'toolmaze', tier: 'small', system: 'L', model: 'qwen3-8b', samples: 90, errors: 1, errorRate: 1 / 90 });
    expect(evaluation.failures.filter((f) => f.errors > 0)).toHaveLength(1);
    expect(evaluation.failures).toHaveLength(14);
  });

  it('pools all samples when no tier is named, and skips benchmarks that declare no roles', () => {
    const untiered = study3Samples().map(({ tier: _tier, ...rest }) => rest);
    const specs = study3.contrasts(scopeOf([...untiered, { ...untiered[0]!, benchmark: 'testbed' }], ROLES));
    expect(specs).toHaveLength(23);
    expect(specs[0]!.name.startsWith('loudquiet layer effect')).toBe(true);
    expect(specs.every((s) => s.filter.tier === undefined && s.filter.benchmark !== 'testbed')).toBe(true);
  });
});
