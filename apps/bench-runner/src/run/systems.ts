import { OpenAIClient, ScriptRegistry, startProxy, startSimEngine, type ProxyHandle, type ProxyOptions } from '@recovery-bench/engines';
import { BenchError, CLIENT_PLUGINS, type ClientPlugin, type ModelClient } from '@recovery-bench/harness';
import type { Form } from '@recovery-bench/toolerror-core';
import type { Arm, EngineConfig, RunConfig, SystemConfig } from '../config/schema.ts';

/** A started engine for one model; every system on that engine and model shares it. */
export interface EngineInstance {
  name: string;
  kind: EngineConfig['kind'];
  model: string;
  baseUrl: string;
  servedName: string;
  detail: Record<string, unknown>;
  close(): Promise<void>;
}

/** What a sample needs to talk to a system: a client (through the system's proxy) and plug-ins. */
export interface SystemRuntime {
  system: SystemConfig;
  model: string;
  client: ModelClient;
  plugins: ClientPlugin[];
  proxy: ProxyHandle;
  engine: EngineInstance;
}

export const armForm = (arm: Arm): Form => (arm.startsWith('proxy-') ? (arm.slice('proxy-'.length) as Form) : 'off');
export const armPlugins = (arm: Arm): ClientPlugin[] => (arm === 'e1' || arm === 'e2' ? [CLIENT_PLUGINS[arm]] : []);

export async function startEngine(config: RunConfig, name: string, model: string, simScriptsDir: string | undefined): Promise<EngineInstance> {
  const engine = config.engines[name]!;
  const entry = config.models[model]!;
  if (engine.kind === 'sim') {
    const scripts = simScriptsDir ? await ScriptRegistry.fromDirectory(simScriptsDir) : new ScriptRegistry();
    const sim = await startSimEngine({ profile: entry.simProfile!, seed: engine.seed, scripts });
    return { name, kind: 'sim', model, baseUrl: sim.url, servedName: sim.model, detail: { profile: sim.profile.id, seed: engine.seed }, close: () => sim.close() };
  }
  const servedName = entry.servedName ?? model;
  return { name, kind: 'external', model, baseUrl: engine.url.replace(/\/v1\/?$/, ''), servedName, detail: { url: engine.url, engine: engine.engine }, close: async () => {} };
}

export async function startSystem(config: RunConfig, system: SystemConfig, engine: EngineInstance, callsPath: string): Promise<SystemRuntime> {
  const engineConfig = config.engines[system.engine]!;
  const entry = config.models[engine.model]!;
  const options: ProxyOptions = {
    upstream: {
      url: engine.baseUrl,
      engine: engineConfig.kind === 'external' ? engineConfig.engine : 'generic',
      apiKey: engineConfig.kind === 'external' && engineConfig.apiKeyEnv ? process.env[engineConfig.apiKeyEnv] : undefined,
    },
    model: {
      servedName: engine.servedName,
      chatTemplateKwargs: entry.chatTemplateKwargs ?? {},
      parallelToolCalls: entry.parallelToolCalls,
      contextLength: entry.contextLength,
      // The engine's own layer is asked for on every request; the proxy passes the field through untouched.
      extraPins: system.arm === 'engine-c3' ? { geulpu_tool_errors: 'c3' } : {},
    },
    layer: { form: armForm(system.arm), rules: system.rules, engineLayer: system.arm === 'engine-c3' },
    records: { path: callsPath },
  };
  let proxy: ProxyHandle;
  try {
    proxy = await startProxy(options);
  } catch (error) {
    throw new BenchError('config:invalid', `cannot start the proxy for system ${system.id}: ${(error as Error).message}`, { cause: error });
  }
  const client = new OpenAIClient({ baseUrl: `${proxy.url}/runs/${encodeURIComponent(system.id)}/v1`, model: engine.servedName, timeoutMs: config.limits.requestTimeoutMs });
  return {
    system,
    model: engine.model,
    client,
    plugins: armPlugins(system.arm),
    proxy,
    engine,
    // client and proxy close with the system
  } satisfies SystemRuntime;
}

export async function stopSystem(runtime: SystemRuntime): Promise<void> {
  await (runtime.client as OpenAIClient).close();
  await runtime.proxy.close();
}
