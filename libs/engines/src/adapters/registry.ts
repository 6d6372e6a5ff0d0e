import { z } from 'zod';
import { suggestName } from '@recovery-bench/harness';
import { DockerEngineConfigSchema } from './docker/config.ts';
import { EngineError } from './errors.ts';
import { ExternalEngineConfigSchema } from './external.ts';
import { ProcessEngineConfigSchema } from './process/config.ts';
import { SimEngineConfigSchema } from './sim.ts';
import type { EngineAdapter, EngineHandle, EngineStartContext } from './types.ts';

/** Any engine config; `kind` picks the adapter. */
export const EngineConfigSchema = z.discriminatedUnion('kind', [SimEngineConfigSchema, ExternalEngineConfigSchema, ProcessEngineConfigSchema, DockerEngineConfigSchema]);
export type EngineConfigInput = z.input<typeof EngineConfigSchema>;
export type EngineConfig = z.infer<typeof EngineConfigSchema>;

interface AdapterEntry<K extends string, S extends z.ZodType> {
  summary: string;
  configSchema: S;
  /** Loaded on first use: dockerode and execa are not imported by a run that needs neither. */
  load(): Promise<EngineAdapter<S> & { id: K }>;
}

function entry<K extends string, S extends z.ZodType>(id: K, summary: string, configSchema: S, load: () => Promise<EngineAdapter<S>>): AdapterEntry<K, S> {
  return { summary, configSchema, load: async () => ({ ...(await load()), id }) };
}

/** The adapters by id (= the config's `kind`); `recovery-bench list engines` and the docs read this. */
export const ENGINE_ADAPTERS = {
  sim: entry('sim', 'the sim engine in this process: a deterministic simulator of a tool-calling model, not a model', SimEngineConfigSchema, async () => (await import('./sim.ts')).simAdapter),
  external: entry('external', 'any OpenAI-compatible URL, started elsewhere (health check only)', ExternalEngineConfigSchema, async () => (await import('./external.ts')).externalAdapter),
  process: entry('process', 'a local engine binary (e.g. llama-server) through execa, in its own process group', ProcessEngineConfigSchema, async () => (await import('./process/adapter.ts')).processAdapter),
  docker: entry('docker', 'llama.cpp, vLLM, SGLang (pinned images) or GeulPU (image from config) in a container through dockerode', DockerEngineConfigSchema, async () => (await import('./docker/adapter.ts')).dockerAdapter),
} as const;
export type EngineAdapterId = keyof typeof ENGINE_ADAPTERS;
export const ENGINE_ADAPTER_IDS = Object.keys(ENGINE_ADAPTERS) as EngineAdapterId[];

export function getEngineAdapterEntry(id: string): (typeof ENGINE_ADAPTERS)[EngineAdapterId] {
  if (Object.hasOwn(ENGINE_ADAPTERS, id)) return ENGINE_ADAPTERS[id as EngineAdapterId];
  const hint = suggestName(id, ENGINE_ADAPTER_IDS);
  throw new EngineError('engine:bad-config', `unknown engine adapter "${id}"${hint ? ` (did you mean "${hint}"?)` : ''}; adapters: ${ENGINE_ADAPTER_IDS.join(', ')}`);
}

/** Starts any engine from its config: the adapter is chosen by `kind`, and parses the rest strictly. */
export async function startEngine(config: EngineConfigInput, ctx: EngineStartContext): Promise<EngineHandle> {
  const adapter = await getEngineAdapterEntry(config.kind).load();
  return (adapter.start as (c: EngineConfigInput, x: EngineStartContext) => Promise<EngineHandle>)(config, ctx);
}
