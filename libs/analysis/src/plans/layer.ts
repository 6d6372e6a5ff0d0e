import type { ContrastFilter, ContrastSpec } from '../contrast-spec.ts';
import { scopeLabel, tiersOrAll, type ConditionRoles, type AnalysisPlan, type PlanScope, type SystemRef } from './plan.ts';

/** The arms that put the recovery layer on: ours in the proxy (form c3), or an engine's own. */
const LAYER_ARMS = ['proxy-c3', 'engine-c3'] as const;

/** The systems of one engine a layer comparison needs: the layer's, the plain one, and the client alternatives. */
interface EngineSystems {
  engine: string;
  layer: string;
  off: string;
  oracle?: string;
  retries?: string;
}

/**
 * Per engine, the system with the layer on and the one with it off (found by their arms, never by their ids),
 * with the client alternatives (E1, E2) on the same engine when the run has them. An engine with two systems of
 * one arm (say, two rule sets) is left out: which pair is meant is not the plan's to guess.
 */
function enginesWithLayer(systems: readonly SystemRef[]): EngineSystems[] {
  const byEngine = new Map<string, SystemRef[]>();
  for (const s of systems) byEngine.set(s.engine, [...(byEngine.get(s.engine) ?? []), s]);
  const out: EngineSystems[] = [];
  for (const [engine, list] of [...byEngine].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const one = (arms: readonly string[]) => {
      const found = list.filter((s) => arms.includes(s.arm));
      return found.length === 1 ? found[0]!.id : undefined;
    };
    const layer = one(LAYER_ARMS);
    const off = one(['off']);
    if (layer === undefined || off === undefined) continue;
    const oracle = one(['e1']);
    const retries = one(['e2']);
    out.push({ engine, layer, off, ...(oracle ? { oracle } : {}), ...(retries ? { retries } : {}) });
  }
  return out;
}

function forScope(benchmark: string, tier: string | undefined, roles: ConditionRoles, pair: EngineSystems, withEngine: boolean): ContrastSpec[] {
  const label = `${scopeLabel(benchmark, tier)}${withEngine ? `/${pair.engine}` : ''}`;
  const filter = (conditions: readonly string[]): ContrastFilter => ({ benchmark, ...(tier === undefined ? {} : { tier }), conditions });
  const { layer, off, oracle, retries } = pair;
  const specs: ContrastSpec[] = [
    { id: `${label}:layer-effect`, name: `${label} layer effect (${layer} − ${off}), explicit faults`, a: layer, b: off, filter: filter(roles.explicit), test: 'descriptive', level: 0.95 },
  ];
  // A benchmark without a control condition still gets the row, marked not valid: the report says the no-harm check
  // is missing instead of leaving it out without a word.
  specs.push({
    id: `${label}:control`, name: `${label} control (${layer} − ${off}), no fault for the layer`, a: layer, b: off, filter: filter(roles.control), test: 'equivalence', margin: 0.05, level: 0.9,
    ...(roles.control.length > 0 ? {} : { invalidReason: 'the benchmark declares no control condition (its condition roles list none), so the check that the layer does no harm where nothing failed cannot be made' }),
  });
  if (oracle !== undefined) {
    specs.push({
      id: `${label}:vs-e1`, name: `${label} ${layer} − ${oracle} (oracle guidance), explicit faults`, a: layer, b: oracle, filter: filter(roles.explicit), test: 'descriptive', level: 0.95,
      ...(roles.invalid?.e1 === undefined ? {} : { invalidReason: roles.invalid.e1 }),
    });
  }
  if (retries !== undefined && roles.transient.length > 0) {
    specs.push({
      id: `${label}:vs-e2`, name: `${label} ${layer} − ${retries} (tool-side retries), transient faults`, a: layer, b: retries, filter: filter(roles.transient), test: 'descriptive', level: 0.95,
      ...(roles.invalid?.e2 === undefined ? {} : { invalidReason: roles.invalid.e2 }),
    });
  }
  return specs;
}

/**
 * The recovery layer's own comparisons, from each benchmark's condition roles and the run's systems: the layer
 * effect on explicit faults (descriptive, 95%), the control where the layer must not act (equivalence within ±5
 * points, 90%), and the layer against the client alternatives (E1 on explicit faults, E2 on transient ones, with
 * the benchmark's reason where it cannot measure one). A benchmark adds nothing but its roles; the systems are found
 * by arm on each engine that runs the layer and the plain arm.
 */
export const layer: AnalysisPlan = {
  id: 'layer',
  description: 'layer effect, control and the client alternatives, per benchmark, from its condition roles and the systems\' arms',
  perModel: true,
  contrasts(scope: PlanScope): ContrastSpec[] {
    const pairs = enginesWithLayer(scope.systems);
    const specs: ContrastSpec[] = [];
    for (const entry of scope.benchmarks) {
      if (entry.roles === undefined) continue;
      for (const tier of tiersOrAll(entry)) {
        for (const pair of pairs) specs.push(...forScope(entry.benchmark, tier, entry.roles, pair, pairs.length > 1));
      }
    }
    return specs;
  },
};
