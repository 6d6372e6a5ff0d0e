// The benchmark as the suite registers it (also `@recovery-bench/toolmaze-adapter/entry`, which loads nothing else).
export { toolmazeEntry, ToolmazeConfigSchema, type ToolmazeConfig } from './entry.ts';
// The library: load tasks, run them with any ModelClient, judge and score them, write ToolMaze traces.
export { TOOLMAZE_IDENTITY, ADAPTER_VERSION } from './identity.ts';
export { toolmazeBenchmark, prepareToolmaze, ToolmazeOptionsSchema, type ToolmazeOptions, type ToolmazeOptionsInput, type ToolmazeSample, type PreparedToolmaze } from './benchmark.ts';
export { c1JudgeScorer } from './scorer.ts';
export { judgeC1, type C1Verdict, type Judgement, type TraceCheck } from './judge.ts';
export { runMetrics, summariseMetrics, type RunMetrics, type MetricsReport } from './metrics.ts';
export { toToolMazeTrace, writeToolMazeTrace, ToolMazeTraceSchema, type ToolMazeTrace } from './trace.ts';
export { loadCheckout, computeDataHash, type LoadedSuite } from './checkout.ts';
export { loadSuiteFile, FIXTURE_SUITE_PATH, FIXTURE_SIM_SCRIPTS_DIR } from './suite-file.ts';
export { TaskSchema, SuiteSchema, type Task, type Suite, type Mode } from './schema.ts';
