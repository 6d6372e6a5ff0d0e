import { evaluateContrasts, type ContrastEvaluation, type EvaluateOptions } from '../contrasts.ts';
import type { ContrastSpec } from '../contrast-spec.ts';
import { countFailures, type FailureCount } from '../failures.ts';
import { indexSamples, type Sample } from '../samples.ts';

/** What a plan expands over: the benchmarks present in the samples, each with the tiers it was run in. */
export interface PlanScope {
  benchmarks: readonly BenchmarkScope[];
  /** The run's systems with their engines and arms, for plans that find systems by arm (none when not given). */
  systems: readonly SystemRef[];
}

/** A system as the run config declares it: an id, the engine it runs on and its arm. */
export interface SystemRef {
  id: string;
  engine: string;
  arm: string;
}

export interface BenchmarkScope {
  benchmark: string;
  /** Empty when its samples name no tier; the contrasts then pool all of them. */
  tiers: readonly string[];
  /** What its conditions mean to a study, as the benchmark declares it; plans skip a benchmark without. */
  roles?: ConditionRoles;
}

/** A benchmark's conditions by the part they play in a study (the paper's Study 3 reads them). */
export interface ConditionRoles {
  /** Explicit errors: where the layer should act (H3.1, the layer effect). */
  explicit: readonly string[];
  /** Where the layer should not act. */
  control: readonly string[];
  /** Transient faults: where tool-side retries (E2) act. */
  transient: readonly string[];
  /** Where a tool is hidden, for H3.4's stop rates; null where the benchmark hides none. */
  missingTool: readonly string[] | null;
  /** Arms the benchmark cannot measure, with the reason (e.g. E2 where the judge fails a tool-side retry). */
  invalid?: Readonly<Partial<Record<'e1' | 'e2', string>>>;
}

/** A named list of contrasts, expanded per benchmark and tier, since each is analysed separately. */
export interface AnalysisPlan {
  id: string;
  description: string;
  /** Also evaluated for each model alone (beside all models pooled), as a config's own contrasts are. */
  perModel?: boolean;
  contrasts(scope: PlanScope): ContrastSpec[];
}

export interface PlanEvaluation extends ContrastEvaluation {
  plan: string;
  scope: PlanScope;
  failures: FailureCount[];
}

export function scopeOf(samples: readonly Sample[], roles: Readonly<Record<string, ConditionRoles>> = {}, systems: readonly SystemRef[] = []): PlanScope {
  const tiers = new Map<string, Set<string>>();
  for (const s of samples) {
    const set = tiers.get(s.benchmark) ?? new Set<string>();
    if (s.tier !== undefined) set.add(s.tier);
    tiers.set(s.benchmark, set);
  }
  return { benchmarks: [...tiers.keys()].sort().map((benchmark) => ({ benchmark, tiers: [...tiers.get(benchmark)!].sort(), ...(roles[benchmark] ? { roles: roles[benchmark] } : {}) })), systems };
}

export interface PlanOptions extends EvaluateOptions {
  /** Per benchmark id, the roles of its conditions (from its entry). */
  roles?: Readonly<Record<string, ConditionRoles>>;
  /** The run's systems (from its config). */
  systems?: readonly SystemRef[];
}

/** Evaluates a plan over the benchmarks and tiers found in the samples, with the failure counts beside it. */
export function evaluatePlan(samples: readonly Sample[], plan: AnalysisPlan, options: PlanOptions = {}): PlanEvaluation {
  const index = indexSamples(samples);
  const scope = scopeOf(samples, options.roles, options.systems);
  const evaluation = evaluateContrasts(index, plan.contrasts(scope), options);
  return { plan: plan.id, scope, ...evaluation, failures: countFailures(index) };
}

/** `toolmaze/small` or just `toolmaze`: the prefix that keeps contrast names unique per benchmark and tier. */
export function scopeLabel(benchmark: string, tier: string | undefined): string {
  return tier === undefined ? benchmark : `${benchmark}/${tier}`;
}

export function tiersOrAll(scope: BenchmarkScope): (string | undefined)[] {
  return scope.tiers.length > 0 ? [...scope.tiers] : [undefined];
}
