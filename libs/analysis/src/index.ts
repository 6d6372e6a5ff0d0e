export { AnalysisError, type AnalysisErrorCode } from './errors.ts';
export { createRng, deriveSeed, DEFAULT_SEED, MAX_SEED, type SeededRng } from './rng.ts';
export {
  bootstrap,
  bootstrapDifferences,
  bootstrapMean,
  DEFAULT_LEVEL,
  DEFAULT_RESAMPLES,
  type BootstrapOptions,
  type DifferenceBootstrap,
  type MeanBootstrap,
  type TaskValues,
} from './bootstrap.ts';
export { clusterBootstrap, type ClusterBootstrap, type ClusteredItem } from './cluster-bootstrap.ts';
export { mcnemarExact, MCNEMAR_MAX_PAIRS, type McNemarResult } from './mcnemar.ts';
export { holm, type HolmResult } from './holm.ts';
export { equivalence, type EquivalenceResult } from './equivalence.ts';
export { indexSamples, type Metric, type Outcome, type Sample, type SampleIndex } from './samples.ts';
export { DEFAULT_ALPHA, DEFAULT_EQUIVALENCE_LEVEL, DEFAULT_MARGIN, type ContrastFilter, type ContrastSpec, type ContrastTest } from './contrast-spec.ts';
export { evaluateContrasts, type ContrastEvaluation, type ContrastResult, type EvaluateOptions } from './contrasts.ts';
export { countFailures, type FailureCount } from './failures.ts';
export { evaluatePlan, scopeOf, type BenchmarkScope, type ConditionRoles, type AnalysisPlan, type PlanEvaluation, type PlanOptions, type PlanScope, type SystemRef } from './plans/plan.ts';
export { layer } from './plans/layer.ts';
export { study3, STUDY3_SYSTEMS } from './plans/study3.ts';
export { armPlan, type ArmPlanOptions } from './plans/arms.ts';
export { getAnalysisPlan, PLANS, type AnalysisPlanId } from './plans/registry.ts';
