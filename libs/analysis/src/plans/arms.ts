import type { ContrastSpec, ContrastTest } from '../contrast-spec.ts';
import { invalidSpec } from '../errors.ts';
import { scopeLabel, tiersOrAll, type AnalysisPlan, type PlanScope, type SystemRef } from './plan.ts';

export interface ArmPlanOptions {
  id: string;
  description?: string;
  /** The run's systems; engines are matched by the `engine` field, never by parsing ids. */
  systems: readonly SystemRef[];
  /** The arm compared (e.g. `proxy-c3`) … */
  a: string;
  /** … against this arm on the same engine (e.g. `off`). */
  b: string;
  test?: ContrastTest;
  /** Conditions per benchmark id; a benchmark not listed uses all its conditions. */
  conditions?: Readonly<Record<string, readonly string[]>>;
  models?: readonly string[];
  level?: number;
  alpha?: number;
  margin?: number;
}

/**
 * The matched comparison the paper calls for: arm `a` against arm `b` on each engine that runs both, per benchmark
 * and tier. One-sided tests on one benchmark and tier form one Holm family across the engines.
 */
export function armPlan(options: ArmPlanOptions): AnalysisPlan {
  const pairs = matchEngines(options.systems, options.a, options.b);
  const test = options.test ?? 'descriptive';
  return {
    id: options.id,
    description: options.description ?? `${options.a} - ${options.b} on each engine`,
    contrasts(scope: PlanScope): ContrastSpec[] {
      const specs: ContrastSpec[] = [];
      for (const entry of scope.benchmarks) {
        for (const tier of tiersOrAll(entry)) {
          const label = scopeLabel(entry.benchmark, tier);
          const conditions = options.conditions?.[entry.benchmark];
          for (const { engine, a, b } of pairs) {
            specs.push({
              name: `${label} ${engine}: ${options.a} - ${options.b}`,
              a,
              b,
              test,
              filter: {
                benchmark: entry.benchmark,
                ...(tier === undefined ? {} : { tier }),
                ...(conditions === undefined ? {} : { conditions }),
                ...(options.models === undefined ? {} : { models: options.models }),
              },
              ...(options.level === undefined ? {} : { level: options.level }),
              ...(test === 'one-sided' ? { family: `${label} ${options.a} - ${options.b}`, ...(options.alpha === undefined ? {} : { alpha: options.alpha }) } : {}),
              ...(test === 'equivalence' && options.margin !== undefined ? { margin: options.margin } : {}),
            });
          }
        }
      }
      return specs;
    },
  };
}

function matchEngines(systems: readonly SystemRef[], armA: string, armB: string): { engine: string; a: string; b: string }[] {
  const byEngine = new Map<string, Map<string, string[]>>();
  for (const s of systems) {
    const arms = byEngine.get(s.engine) ?? new Map<string, string[]>();
    arms.set(s.arm, [...(arms.get(s.arm) ?? []), s.id]);
    byEngine.set(s.engine, arms);
  }
  const pairs: { engine: string; a: string; b: string }[] = [];
  for (const [engine, arms] of [...byEngine].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    const a = arms.get(armA);
    const b = arms.get(armB);
    if (!a || !b) continue;
    // Two systems with the same engine and arm (say, two rule sets) leave the pairing ambiguous.
    if (a.length > 1 || b.length > 1) throw invalidSpec(`engine "${engine}" has several systems for one arm (${[...a, ...b].join(', ')}); declare these contrasts one by one`);
    pairs.push({ engine, a: a[0]!, b: b[0]! });
  }
  if (pairs.length === 0) throw invalidSpec(`no engine runs both arms "${armA}" and "${armB}"; engines: ${[...byEngine.keys()].join(', ') || 'none'}`);
  return pairs;
}
