import { createRng, type SeededRng } from '../rng.ts';
import type { Sample } from '../samples.ts';
import type { ConditionRoles } from '../plans/plan.ts';

/** The conditions' roles of the synthetic benchmarks, as their entries would declare them. */
export const SYNTHETIC_ROLES: Readonly<Record<string, ConditionRoles>> = {
  toolmaze: { explicit: ['P1', 'P2'], control: ['P0'], transient: ['P1'], missingTool: null, invalid: { e2: 'its judge fails a retry inside the tool layer' } },
  loudquiet: { explicit: ['timeout', 'schema_drift', 'missing_tool'], control: ['clean', 'silent_corruption'], transient: ['timeout'], missingTool: ['missing_tool'] },
};

/** Gains over G-off in the synthetic Study 3 data, on the 0–1 scale, by system. */
export interface SyntheticEffects {
  /** Added on explicit-error conditions only. */
  explicit: Readonly<Record<string, number>>;
  /** Added everywhere (an engine's own baseline shift). */
  baseline: Readonly<Record<string, number>>;
  /** Probability that a run ends in an engine error. */
  errorRate: Readonly<Record<string, number>>;
}

export const DEFAULT_EFFECTS: SyntheticEffects = {
  explicit: { 'G-on': 0.15, E1: 0.25, E2: 0.05 },
  baseline: { L: -0.03, V: 0.08, S: 0 },
  errorRate: { L: 0.02 },
};

const SYSTEMS = ['G-off', 'G-on', 'L', 'V', 'S', 'E1', 'E2'];
const BENCHMARKS = [
  { benchmark: 'toolmaze', tasks: 100, conditions: ['P0', 'P1', 'P2'], explicit: ['P1', 'P2'], seeds: [0], binary: true },
  { benchmark: 'loudquiet', tasks: 24, conditions: ['clean', 'timeout', 'schema_drift', 'missing_tool', 'silent_corruption'], explicit: ['timeout', 'schema_drift', 'missing_tool'], seeds: [0, 1], binary: false },
];

/**
 * Study 3-shaped samples (7 systems × 3 models; ToolMaze 100 tasks × 3 modes, Loud/Quiet 24 tasks × 5 conditions ×
 * 2 seeds: 11,340 samples) with per-task difficulty shared by all systems, for the performance benchmark and tests.
 */
export function syntheticStudy3(options: { seed?: number; effects?: SyntheticEffects; models?: readonly string[] } = {}): Sample[] {
  const rng = createRng(options.seed ?? 7);
  const effects = options.effects ?? DEFAULT_EFFECTS;
  const models = options.models ?? ['llama-3.1-8b', 'qwen3-8b', 'qwen2.5-7b'];
  const samples: Sample[] = [];
  for (const b of BENCHMARKS) {
    for (let t = 0; t < b.tasks; t++) {
      const difficulty = 0.2 + 0.6 * rng.float();
      for (const model of models) {
        for (const condition of b.conditions) {
          for (const seed of b.seeds) {
            for (const system of SYSTEMS) {
              const explicit = b.explicit.includes(condition);
              const p = clamp(difficulty + (effects.baseline[system] ?? 0) + (explicit ? (effects.explicit[system] ?? 0) : 0));
              samples.push(draw(rng, { benchmark: b.benchmark, system, model, task: `t${t}`, condition, seed }, p, b.binary, effects.errorRate[system] ?? 0));
            }
          }
        }
      }
    }
  }
  return samples;
}

function draw(rng: SeededRng, base: Omit<Sample, 'value' | 'outcome'>, p: number, binary: boolean, errorRate: number): Sample {
  const stopped = base.condition === 'missing_tool' ? { stopped: rng.float() < p } : {};
  if (rng.float() < errorRate) return { ...base, value: 0, outcome: 'error', ...stopped };
  const value = binary ? (rng.float() < p ? 1 : 0) : clamp(p + (rng.float() - 0.5) * 0.2);
  return { ...base, value, outcome: value >= 0.5 ? 'pass' : 'fail', ...stopped };
}

function clamp(x: number): number {
  return Math.min(1, Math.max(0, x));
}
