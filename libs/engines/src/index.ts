// The engines library's public API: start an engine through its adapter (docker, process, external, sim), the
// Docker plan and clean-up the command line shows and runs, and the OpenAI client. The adapters' internals
// (pulls, log capture, the reaper, server flags) stay internal; tests import them by path.
export { ENGINE_ADAPTERS, EngineConfigSchema, startEngine, type EngineConfigInput } from './adapters/registry.ts';
export type { EngineAdapter, EngineHandle, EngineHealth, EngineProgress, EngineStartContext } from './adapters/types.ts';
export { EngineError, isEngineError, ENGINE_ERROR_CODES, type EngineErrorCode, type EngineErrorDetails } from './adapters/errors.ts';
export { TOOL_FORMATS, type ModelSpecInput } from './adapters/model-spec.ts';
export { KNOWN_SERVERS, SERVER_PORTS } from './adapters/server-flags.ts';
export {
  DockerEngineConfigSchema, DockerEngineOptionsSchema, checkDockerOptions, checkServedName, DOCKER_ENGINE_IDS, PINNED_IMAGES, GEULPU_SOURCE, geulpuImage,
} from './adapters/docker/config.ts';
export { buildContainerPlan, type ContainerPlan, type ContainerPlanOptions } from './adapters/docker/spec.ts';
export { dockerRunLine } from './adapters/docker/run-line.ts';
export { pruneEngines, type PruneOptions, type PruneResult } from './adapters/docker/prune.ts';
export { connectDocker, dockerStatus } from './adapters/docker/client.ts';
export { ProcessEngineConfigSchema, ProcessEngineOptionsSchema, checkProcessOptions } from './adapters/process/config.ts';
export type { SimEngineConfigInput } from './adapters/sim.ts';
export { OpenAIClient, type OpenAIClientOptions } from './client/openai-client.ts';
