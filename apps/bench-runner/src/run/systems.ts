import { isEngineError, OpenAIClient, startEngine as startAdapterEngine, type EngineHandle, type EngineProgress } from '@recovery-bench/engines';
import { startProxy, type EngineKindId, type ProxyHandle, type ProxyOptions } from '@recovery-bench/proxy';
import { BenchError, CLIENT_PLUGINS, type ClientPlugin, type ModelClient, type ModelEndpoint } from '@recovery-bench/harness';
import type { Form } from '@recovery-bench/toolerror-core';
import type { Arm, EngineConfig, RunConfig, SystemConfig } from '../config/schema.ts';
import { adapterConfig } from './engine-configs.ts';

/** A started engine for one model; every system on that engine and model shares it. */
export interface EngineInstance {
  name: string;
  kind: EngineConfig['kind'];
  model: string;
  baseUrl: string;
  servedName: string;
  /** The engine family the proxy pins and parses failures for. */
  engineKind: EngineKindId;
  detail: Record<string, unknown>;
  handle: EngineHandle;
  close(): Promise<void>;
}

export interface EngineStartOptions {
  simScriptsDir?: string;
  /** Names the run's containers and labels them, so leftovers can be pruned. */
  runId: string;
  /** The run directory: engine logs go to `<logDir>/engines/`. */
  logDir?: string;
  signal?: AbortSignal;
  onProgress?: (event: EngineProgress) => void;
}

/** What a sample needs to talk to a system: a client (through the system's proxy) and plug-ins. */
export interface SystemRuntime {
  system: SystemConfig;
  model: string;
  client: ModelClient;
  /** The same route as `client`'s, for benchmarks that start an agent with its own HTTP client. */
  endpoint: ModelEndpoint;
  plugins: ClientPlugin[];
  proxy: ProxyHandle;
  engine: EngineInstance;
}

export const armForm = (arm: Arm): Form => (arm.startsWith('proxy-') ? (arm.slice('proxy-'.length) as Form) : 'off');

/**
 * Where a system's layer runs: ours in the proxy (proxy-cN), or the engine's own (engine-c3: the proxy passes
 * `geulpu_tool_errors` on and rewrites nothing). The sim engine has no layer of its own, so on it (a preset run with
 * `--engine-override sim`) an engine-c3 system gets form c3 from the proxy instead; calls.jsonl's `layer.mode` says
 * which one ran.
 */
export function systemLayer(arm: Arm, engineKind: EngineConfig['kind']): { form: Form; engineLayer: boolean } {
  if (arm !== 'engine-c3') return { form: armForm(arm), engineLayer: false };
  return engineKind === 'sim' ? { form: 'c3', engineLayer: false } : { form: 'off', engineLayer: true };
}
export const armPlugins = (arm: Arm): ClientPlugin[] => (arm === 'e1' || arm === 'e2' ? [CLIENT_PLUGINS[arm]] : []);

/** Starts one engine of the config for one model through its adapter (sim, external, docker, process). */
export async function startEngine(config: RunConfig, name: string, model: string, opts: EngineStartOptions): Promise<EngineInstance> {
  const engine = config.engines[name]!;
  let handle: EngineHandle;
  try {
    handle = await startAdapterEngine(adapterConfig(config, name, model, { simScriptsDir: opts.simScriptsDir }), {
      runId: opts.runId, signal: opts.signal, logDir: opts.logDir, onProgress: opts.onProgress,
    });
  } catch (error) {
    if (!isEngineError(error)) throw error;
    const code = error.code === 'engine:aborted' ? 'run:aborted' : error.code === 'engine:bad-config' ? 'config:invalid' : 'engine:start-failed';
    throw new BenchError(code, `engine "${name}" for model ${model} did not start: ${error.report()}`, { hint: error.hint, cause: error });
  }
  return { name, kind: engine.kind, model, baseUrl: handle.url, servedName: handle.model, engineKind: handle.engineKind, detail: recordedDetail(engine, handle), handle, close: () => handle.stop() };
}

/** What run.json keeps of an engine; sim and external keep the fields they had before adapters. */
function recordedDetail(engine: EngineConfig, handle: EngineHandle): Record<string, unknown> {
  // A sim standing in for an engine: which, and what of that engine's data file it carries (quirks with their sources).
  if (engine.kind === 'sim') {
    const { profile, dialect, quirks } = handle.detail;
    return { profile, seed: engine.seed, ...(engine.imitates ? { imitates: engine.imitates, dialect, ...(quirks ? { quirks } : {}) } : {}) };
  }
  // The URL this model was served from (an engine's one url, or the model's entry in its urls).
  if (engine.kind === 'external') return { url: handle.detail.url, engine: engine.engine };
  // A setting the paper did not use, recorded where it was on: vLLM's and SGLang's determinism (VLLM_BATCH_INVARIANT=1, --enable-deterministic-inference).
  const determinism = engine.deterministic && (engine.engine === 'vllm' || engine.engine === 'sglang');
  return { ...handle.detail, ...(determinism ? { deterministic: true } : {}) };
}

export async function startSystem(config: RunConfig, system: SystemConfig, engine: EngineInstance, callsPath: string): Promise<SystemRuntime> {
  const engineConfig = config.engines[system.engine]!;
  const entry = config.models[engine.model]!;
  const layer = systemLayer(system.arm, engine.kind);
  const options: ProxyOptions = {
    upstream: {
      url: engine.baseUrl,
      engine: engine.engineKind,
      apiKey: engineConfig.kind === 'external' && engineConfig.apiKeyEnv ? process.env[engineConfig.apiKeyEnv] : undefined,
    },
    model: {
      servedName: engine.servedName,
      chatTemplateKwargs: entry.chatTemplateKwargs ?? {},
      parallelToolCalls: entry.parallelToolCalls,
      contextLength: entry.contextLength,
      // The engine's own layer is asked for on every request; the proxy passes the field through untouched.
      extraPins: layer.engineLayer ? { geulpu_tool_errors: 'c3' } : {},
    },
    layer: { ...layer, rules: system.rules },
    clamp: { ...(system.clamp ? { mode: system.clamp } : {}), ...(system.maxTokensCap === undefined ? {} : { maxTokensCap: system.maxTokensCap }) },
    records: { path: callsPath, bodies: config.records.bodies, rendered: config.records.rendered },
  };
  let proxy: ProxyHandle;
  try {
    proxy = await startProxy(options);
  } catch (error) {
    throw new BenchError('config:invalid', `cannot start the proxy for system ${system.id}: ${(error as Error).message}`, { cause: error });
  }
  const rootUrl = `${proxy.url}/runs/${encodeURIComponent(system.id)}`;
  const client = new OpenAIClient({ baseUrl: `${rootUrl}/v1`, model: engine.servedName, timeoutMs: config.limits.requestTimeoutMs });
  return {
    system,
    model: engine.model,
    client,
    endpoint: { baseUrl: `${rootUrl}/v1`, rootUrl, model: engine.servedName },
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
