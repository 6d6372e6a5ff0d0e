// The engine config schemas and their checks without the adapters: what a run config's parser needs (`validate`,
// `run`'s config step), importable without the Docker client, the proxy server or the sim engine.
export { TOOL_FORMATS, type ModelSpecInput } from './adapters/model-spec.ts';
export { KNOWN_SERVERS, SERVER_PORTS } from './adapters/server-flags.ts';
export { DockerEngineOptionsSchema, checkDockerOptions, checkServedName, DOCKER_ENGINE_IDS, GEULPU_SOURCE, SourceRefSchema } from './adapters/docker/config.ts';
export { ProcessEngineOptionsSchema, checkProcessOptions } from './adapters/process/config.ts';
