import { z } from 'zod';
import { ENGINE_KIND_IDS } from '@recovery-bench/proxy';
import { ScriptRegistry, SimConfigError, SimDialectSchema, SimQuirksSchema, startSimEngine } from '@recovery-bench/sim-engine';
import { parseEngineConfig } from './config-error.ts';
import { abortedError, EngineError } from './errors.ts';
import { probeHealth } from './health.ts';
import type { EngineAdapter, EngineHandle, EngineStartContext } from './types.ts';

export const SimEngineConfigSchema = z.strictObject({
  kind: z.literal('sim'),
  /** A built-in profile id (`ideal`, `paper/qwen3-8b`, …) or a profile file. */
  profile: z.string().min(1),
  seed: z.number().int().default(0),
  /** The served name; default `sim-<profile>`. */
  model: z.string().min(1).optional(),
  /** A directory of sim scripts (the scripted policy). */
  scriptsDir: z.string().min(1).optional(),
  port: z.number().int().min(0).max(65_535).default(0),
  /** Whose answers bad requests get: `openai`, or `llama.cpp` (the real server's status codes and bodies). */
  dialect: SimDialectSchema.default('openai'),
  /** Engine misbehaviour on demand: a context check with an engine's wording, parse failures (sim-engine quirks). */
  quirks: SimQuirksSchema.optional(),
  /**
   * The engine family the sim reports to the proxy (its pins, clamp and failure parsing), when it stands in for
   * one; default `generic`.
   */
  engineKind: z.enum(ENGINE_KIND_IDS).default('generic'),
});
export type SimEngineConfigInput = z.input<typeof SimEngineConfigSchema>;

async function startSim(input: SimEngineConfigInput, ctx: EngineStartContext): Promise<EngineHandle> {
  const config = parseEngineConfig(SimEngineConfigSchema, input, 'sim');
  if (ctx.signal?.aborted) throw abortedError(ctx.signal, 'sim engine');
  let sim: Awaited<ReturnType<typeof startSimEngine>>;
  try {
    const scripts = config.scriptsDir ? await ScriptRegistry.fromDirectory(config.scriptsDir) : new ScriptRegistry();
    sim = await startSimEngine({ profile: config.profile, seed: config.seed, model: config.model, scripts, port: config.port, dialect: config.dialect, quirks: config.quirks });
  } catch (error) {
    if (error instanceof SimConfigError) throw new EngineError('engine:bad-config', `sim engine: ${error.message}`, { cause: error });
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new EngineError('engine:port-in-use', `sim engine: port ${config.port} is taken`, { cause: error });
    throw error;
  }
  const stop = () => sim.close();
  return {
    url: sim.url,
    baseUrl: sim.baseUrl,
    model: sim.model,
    engineKind: config.engineKind,
    detail: { adapter: 'sim', profile: sim.profile.id, seed: config.seed, dialect: config.dialect, ...(config.quirks ? { quirks: config.quirks } : {}) },
    health: () => probeHealth(`${sim.url}/health`),
    logs: () => [],
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

export const simAdapter: EngineAdapter<typeof SimEngineConfigSchema> = {
  id: 'sim',
  configSchema: SimEngineConfigSchema,
  start: startSim,
};
