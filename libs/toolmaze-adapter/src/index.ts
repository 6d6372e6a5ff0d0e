export { TOOLMAZE_IDENTITY, ADAPTER_VERSION } from './identity.ts';
export { UnsupportedComplexityError } from './errors.ts';
export { PyFloat, parsePyJson, pythonJsonDumps, pythonFloatRepr, isJsonObject, clonePyJson, pyJsonEqual, PyJsonParseError } from './python-json.ts';
export { isErrorResult } from './error-rule.ts';
export {
  MODES, COMPLEXITIES, SUITE_SCHEMA_VERSION,
  SuiteSchema, ToolSpecSchema, TaskSchema, StepSchema, FaultSchema, ResponderSchema, PromptsSchema, ModeSchema, ComplexitySchema,
  type Suite, type SuiteInput, type SuiteSource, type ToolSpec, type Task, type TaskInput, type Step, type Fault, type Responder, type Prompts, type Mode, type Complexity,
} from './schema.ts';
export { FAULT_SHAPE, LOAD_WARNING_CODES, deriveFault, perturbationMap, type LoadWarning, type LoadWarningCode } from './task-rules.ts';
export { normaliseRawTask, RawTaskSchema, TASK_FILE_NAME, type RawTask } from './raw-task.ts';
export { parseToolDefinitions } from './tool-yaml.ts';
export { loadCheckout, computeDataHash, gitHead, type CheckoutLoadOptions, type LoadedSuite } from './checkout.ts';
export { loadSuiteFile, checkSuite, FIXTURE_SUITE_PATH, FIXTURE_SIM_SCRIPTS_DIR } from './suite-file.ts';
export { coerceArguments, validateArguments } from './executor/arguments.ts';
export { runFixtureCall, respond, matchesWhen } from './executor/responders.ts';
export { FaultInjector, FAULT_KIND, type Injection } from './executor/injection.ts';
export { FixtureToolExecutor } from './executor/fixture-executor.ts';
export { CheckoutToolExecutor } from './executor/checkout-executor.ts';
export { CALL_META_KEY, type ToolmazeCallRecord, type PerturbationStatus } from './executor/outcome.ts';
export { BridgeClient, BRIDGE_SCRIPT, BridgeOptionsSchema, type BridgeOptions, type BridgeHello } from './bridge/bridge-client.ts';
export { BridgePool, sharedBridgePool } from './bridge/bridge-pool.ts';
export { toToolMazeTrace, writeToolMazeTrace, traceTaskId, ToolMazeTraceSchema, type ToolMazeTrace, type TraceMessage } from './trace.ts';
export { judgeC1, hasAbortSignal, ABORT_PHRASES, JUDGE_REASON_CODES, type Judgement, type C1Verdict, type TraceCheck, type JudgeReasonCode } from './judge.ts';
export { runMetrics, summariseMetrics, type RunMetrics, type MetricsReport, type MetricsInput, type MetricsOptions } from './metrics.ts';
export { choosePrompt, PromptVariantSchema, PromptSourceSchema, type PromptVariant, type PromptSource, type PromptKind } from './prompts.ts';
export { buildManifest, type ToolmazeManifest } from './manifest.ts';
export { toolmazeBenchmark, prepareToolmaze, modelToolSpec, ToolmazeOptionsSchema, type ToolmazeOptions, type ToolmazeOptionsInput, type ToolmazeSample, type PreparedToolmaze } from './benchmark.ts';
export { c1JudgeScorer } from './scorer.ts';
