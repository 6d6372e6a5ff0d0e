import type { EngineAdapter } from '../types.ts';
import { ProcessEngineConfigSchema } from './config.ts';
import { startProcessEngine } from './start.ts';

export const processAdapter: EngineAdapter<typeof ProcessEngineConfigSchema> = {
  id: 'process',
  configSchema: ProcessEngineConfigSchema,
  start: startProcessEngine,
};
