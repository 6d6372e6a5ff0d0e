import type { EngineAdapter } from '../types.ts';
import { DockerEngineConfigSchema } from './config.ts';
import { startDockerEngine } from './start.ts';

export const dockerAdapter: EngineAdapter<typeof DockerEngineConfigSchema> = {
  id: 'docker',
  configSchema: DockerEngineConfigSchema,
  start: startDockerEngine,
};
