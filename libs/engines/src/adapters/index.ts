export { ENGINE_ADAPTERS, ENGINE_ADAPTER_IDS, EngineConfigSchema, getEngineAdapterEntry, startEngine, type EngineAdapterId, type EngineConfig, type EngineConfigInput } from './registry.ts';
export type { EngineAdapter, EngineHandle, EngineHealth, EngineProgress, EngineStartContext } from './types.ts';
export { EngineError, isEngineError, ENGINE_ERROR_CODES, type EngineErrorCode, type EngineErrorDetails } from './errors.ts';
export { ModelSpecSchema, TOOL_FORMATS, type ModelSpec, type ModelSpecInput, type ToolFormat } from './model-spec.ts';
export { KNOWN_SERVERS, SERVER_PORTS, serverFlags, type KnownServer } from './server-flags.ts';
export {
  DockerEngineConfigSchema, DockerEngineOptionsSchema, checkDockerOptions, checkServedName, DOCKER_ENGINE_IDS, PINNED_IMAGES, LABELS as ENGINE_LABELS, GpusSchema, MountSchema,
  type DockerEngineConfig, type DockerEngineConfigInput, type DockerEngineOptions, type DockerEngineId, type Gpus,
} from './docker/config.ts';
export { buildContainerPlan, containerName, type ContainerPlan } from './docker/spec.ts';
export { dockerRunLine, shellQuote } from './docker/run-line.ts';
export { pruneEngines, type PruneOptions, type PruneResult } from './docker/prune.ts';
export { connectDocker, dockerStatus } from './docker/client.ts';
export { followPull, withTag, type PullEvent, type ImageFacts } from './docker/pull.ts';
export { ProcessEngineConfigSchema, ProcessEngineOptionsSchema, checkProcessOptions, type ProcessEngineConfig, type ProcessEngineConfigInput, type ProcessEngineOptions } from './process/config.ts';
export { buildProcessCommand, type ProcessCommand } from './process/command.ts';
export { ExternalEngineConfigSchema, type ExternalEngineConfigInput } from './external.ts';
export { SimEngineConfigSchema, type SimEngineConfigInput } from './sim.ts';
export { liveEngineCount } from './reaper.ts';
