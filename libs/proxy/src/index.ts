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
export { SURFACE_IDS, type SurfaceId } from './surfaces/index.ts';
