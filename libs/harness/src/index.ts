export { BenchError, BENCH_ERROR_CODES, isBenchError, asBenchError, type BenchErrorCode } from './errors.ts';
export type { ChatMessage, ToolCall, ToolSpec, GenerateRequest, GenerateResponse, Usage, ModelClient } from './model.ts';
export type { InjectedFault, ParsedToolCall, ToolOutcome, ToolContext, ToolExecutor } from './tools.ts';
export { visibleToolEvents, faultEvents, type Transcript, type TranscriptEvent, type EndReason } from './transcript.ts';
export { e1Plugin, e2Plugin, E2_MAX_RETRIES, CLIENT_PLUGINS, executeWithPlugins, type ClientPlugin, type ClientPluginId } from './plugins.ts';
export {
  runAgentLoop, parseToolCall, transcriptEvent, isRetryableModelError, AgentLoopSettingsSchema, type AgentLoopSettings, type AgentLoopSettingsInput, type AgentLoopInput,
  type AgentLoopHooks, type LoopAction, type LoopCall, type LoopPosition, type LoopStep, type LoopStop, type ModelRetryPolicy, type RoundResult,
} from './agent-loop.ts';
export { runAndScore, scoreTranscript, type Benchmark, type ModelEndpoint, type RunContext, type Scorer, type Score, type ScoreOutcome, type TaskRef } from './benchmark.ts';
export {
  NO_SERVICES, selectTasks, type BenchmarkCommand, type BenchmarkEntry, type BenchmarkServices, type CommandContext, type PreparedBenchmark, type PrepareContext, type PrimaryScore,
  type RunFlag, type RunPreset, type TaskSelection, type TaskSource,
} from './benchmark-entry.ts';
export type { BenchmarkReport, BenchmarkReportInput, ReportBlock, ReportSection, ReportSystem, ScoredSample } from './report-section.ts';
export { ScriptedModel, type ScriptedTurn, type ScriptedPolicy } from './scripted-model.ts';
export { forEachRecord, iterateLines, iterateRecords, RunLogWriter, readRunLog, type FormatSpec, type LogRecord, type ReadLog } from './run-log.ts';
export { suggestName } from './suggest.ts';
export { CliError, parseCommandArgs, UsageError, type CliErrorOptions } from './cli.ts';
export { noneSandbox, SANDBOX_KINDS, supervise, type Sandbox, type SandboxKind, type SandboxPolicy, type SandboxResult, type SandboxRunOptions } from './sandbox.ts';
