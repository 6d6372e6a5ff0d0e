export { startProxy, type ProxyHandle } from './server.ts';
export {
  ProxyOptionsSchema, UpstreamConfigSchema, ModelConfigSchema, LayerConfigSchema, ClampConfigSchema, LimitsConfigSchema,
  RecordsConfigSchema, ListenConfigSchema, parseProxyOptions, ENGINE_KIND_IDS, CLAMP_MODES,
  type ProxyOptions, type ProxyConfig, type UpstreamConfig, type ModelConfig, type LayerConfig, type ClampConfig,
  type LimitsConfig, type RecordsConfig, type ListenConfig, type EngineKindId, type ClampMode,
} from './config.ts';
export { ProxyError, ProxyConfigError, PROXY_ERRORS, type ProxyErrorCode, type ErrorEnvelope } from './errors.ts';
export { FAILURE_CODES, type FailureCode } from './classify.ts';
export { type ProxyCounters, type CodeCounts } from './counters.ts';
export { CALLS_FORMAT, CallRecordSchema, ClampRecordSchema, parseCallRecords, type CallRecord, type ClampRecord } from './record-format.ts';
export { ENGINE_KINDS, type EngineKind } from './engine-kinds.ts';
export { parseOverflow, type Overflow } from './overflow.ts';
export { SseTap } from './sse-tap.ts';
export { SURFACE_IDS, type SurfaceId } from './surfaces/table.ts';
export { AGENT_SHAPE_FORMAT, AGENT_SHAPES_DIR, AgentShapeSchema, agentShapeFile, loadAgentShapes, shapeOfSession, shapePaths, type AgentShape } from './shapes/agent-shapes.ts';
export { KNOWN_FIELDS, handlingOf, unknownPaths, type FieldHandling, type KnownField } from './shapes/known-fields.ts';
export { elide, requestPaths } from './shapes/request-shape.ts';
export { cellHolds, fidelityMatrix, matrixTable, type MatrixCell } from './shapes/matrix.ts';
