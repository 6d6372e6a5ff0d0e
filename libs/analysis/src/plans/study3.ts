import type { ContrastFilter, ContrastSpec } from '../contrast-spec.ts';
import { scopeLabel, tiersOrAll, type ConditionRoles, type AnalysisPlan, type PlanScope } from './plan.ts';

/** The paper's Study 3 systems (G-off, G-on: the deterministic engine without and with the layer). */
export const STUDY3_SYSTEMS = {
  off: 'G-off',
  on: 'G-on',
  /** llama.cpp, vLLM, SGLang. */
  engines: ['L', 'V', 'S'],
  /** Oracle client guidance with the injected fault's exact kind. */
  oracle: 'E1',
  /** Tool-side retries of transient faults. */
  retries: 'E2',
} as const;

const { off, on, engines, oracle, retries } = STUDY3_SYSTEMS;

function forScope(benchmark: string, tier: string | undefined, conditions: ConditionRoles): ContrastSpec[] {
  const label = scopeLabel(benchmark, tier);
  const id = (rest: string) => `${label}:${rest}`;
  const filter = (list?: readonly string[]): ContrastFilter => ({ benchmark, ...(tier === undefined ? {} : { tier }), ...(list === undefined ? {} : { conditions: list }) });
  const explicit = filter(conditions.explicit);
  const specs: ContrastSpec[] = [{ id: id('layer-effect'), name: `${label} layer effect: ${on} - ${off}, explicit errors`, a: on, b: off, filter: explicit, test: 'descriptive', level: 0.95 }];
  for (const x of engines) {
    specs.push({
      id: id(`h3.1:${x}`),
      name: `${label} H3.1: ${on} - ${x}, explicit errors`,
      a: on,
      b: x,
      filter: explicit,
      test: 'one-sided',
      alpha: 0.05,
      family: `${label} H3.1`,
      baselineCheck: `${label} H3.2: ${off} - ${x}, all conditions`,
    });
  }
  for (const x of engines) {
    specs.push({ id: id(`h3.2:${x}`), name: `${label} H3.2: ${off} - ${x}, all conditions`, a: off, b: x, filter: filter(), test: 'equivalence', margin: 0.05, level: 0.9 });
  }
  specs.push({ id: id('h3.3:e1'), name: `${label} H3.3: ${on} - ${oracle}, explicit errors`, a: on, b: oracle, filter: explicit, test: 'descriptive', level: 0.95 });
  specs.push({
    id: id('h3.3:e2'),
    name: `${label} H3.3: ${on} - ${retries}, transient errors`,
    a: on,
    b: retries,
    filter: filter(conditions.transient),
    test: 'descriptive',
    level: 0.95,
    ...(conditions.invalid?.e2 === undefined ? {} : { invalidReason: conditions.invalid.e2 }),
  });
  if (conditions.missingTool !== null) {
    for (const x of engines) {
      specs.push({ id: id(`h3.4:${x}`), name: `${label} H3.4: ${on} - ${x}, stops on missing tool`, a: on, b: x, filter: filter(conditions.missingTool), test: 'descriptive', level: 0.95, metric: 'stopped' });
    }
  }
  specs.push({ id: id('control'), name: `${label} control: ${on} - ${off}, no explicit error`, a: on, b: off, filter: filter(conditions.control), test: 'descriptive', level: 0.95 });
  return specs;
}

/**
 * The paper's Study 3 analysis (section 4.3, appendices C.3 and E): per benchmark and tier, the layer effect, H3.1
 * against each engine with Holm over the three, the H3.2 baseline checks that H3.1 gains are read against, H3.3
 * against the client alternatives, H3.4's stop rates and the control. Benchmarks without Study 3 conditions are
 * skipped (a benchmark declares its conditions' roles in its entry); failure counts come with every plan evaluation.
 */
export const study3: AnalysisPlan = {
  id: 'study3',
  description: 'Study 3: layer effect, H3.1–H3.4 and control, per benchmark and tier',
  contrasts(scope: PlanScope): ContrastSpec[] {
    const specs: ContrastSpec[] = [];
    for (const entry of scope.benchmarks) {
      const conditions = entry.roles;
      if (conditions === undefined) continue;
      for (const tier of tiersOrAll(entry)) specs.push(...forScope(entry.benchmark, tier, conditions));
    }
    return specs;
  },
};
