import { isAbsolute, normalize, relative } from 'node:path';
import { buildContainerPlan, DockerEngineConfigSchema, type ContainerPlan } from '@recovery-bench/engines';
import { BenchError } from '@recovery-bench/harness';
import { weightFormat } from '../config/engines.ts';
import { servesModel, type RunConfig } from '../config/schema.ts';
import { adapterConfig } from '../run/engine-configs.ts';
import type { Container, EnvVar, Volume, VolumeMount } from './k8s-types.ts';

/**
 * The first sidecar's port on the pod's network; the others follow one by one. Below Linux's ephemeral range
 * (32768–60999), where the runner's own proxies take their ports, so the two never meet.
 */
export const FIRST_SIDECAR_PORT = 18_000;
/** The volume of the models claim, mounted read-only into each sidecar where its plan expects the weights. */
export const MODELS_VOLUME = 'models';
const PROBE_PERIOD_SECONDS = 10;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

/** One engine × model of the config as a container beside the runner. */
export interface Sidecar {
  engine: string;
  model: string;
  port: number;
  /** What the runner's config names instead of the container: the server's base URL on the pod's localhost. */
  url: string;
  /** The engine family the proxy pins for (kept, so the proxy behaves as with a container it started). */
  family: ContainerPlan['engineKind'];
  container: Container;
  /** Volumes only this container uses (its /dev/shm). */
  volumes: Volume[];
  /** GPUs it asks for (0 for `gpus: none`). */
  gpus: number;
}

export interface SidecarOptions {
  /** The extended resource that counts GPUs on the cluster's nodes (`nvidia.com/gpu`). */
  gpuResource: string;
}

/** The engines the config's systems use: only these are ever started by a run. */
export function usedEngines(config: RunConfig): string[] {
  const used = new Set(config.systems.map((s) => s.engine));
  return Object.keys(config.engines).filter((name) => used.has(name));
}

/**
 * A sidecar for every Docker engine × model the config's systems use, built from the same container plan the
 * runner's Docker adapter would start (image, entrypoint, flags, environment, model mount, GPU request), on the
 * pod's shared network. `sim` engines run inside the runner; `external` ones are reached where they are; a `process`
 * engine needs a binary on the host and is refused.
 */
export function engineSidecars(config: RunConfig, opts: SidecarOptions): Sidecar[] {
  const sidecars: Sidecar[] = [];
  for (const name of usedEngines(config)) {
    const engine = config.engines[name]!;
    if (engine.kind === 'process') {
      throw new BenchError('config:invalid', `engine "${name}" is a process engine (a binary on this host), which a pod cannot run; serve it as a docker or external engine`);
    }
    if (engine.kind !== 'docker') continue;
    if (engine.mounts.length > 0) throw new BenchError('config:invalid', `engine "${name}" has mounts (paths on a Docker host), which a pod does not have; remove them to deploy it`);
    for (const [model, entry] of Object.entries(config.models)) {
      if (!servesModel(entry, name)) continue;
      sidecars.push(sidecar(config, name, model, FIRST_SIDECAR_PORT + sidecars.length, opts));
    }
  }
  return sidecars;
}

function sidecar(config: RunConfig, engine: string, model: string, port: number, opts: SidecarOptions): Sidecar {
  const entry = config.models[model]!;
  if (entry.chatTemplate !== undefined) throw new BenchError('config:invalid', `model "${model}" has a chatTemplate (a file on this host), which the engine sidecars cannot read; leave it out to deploy`);
  const dockerConfig = DockerEngineConfigSchema.parse({ ...adapterConfig(config, engine, model, { cwd: '/' }), network: 'host', port });
  const plan = buildContainerPlan(dockerConfig, { runId: 'k8s', hostPort: port, hostNetworkListen: '0.0.0.0' });
  const index = port - FIRST_SIDECAR_PORT;
  const volumes = sharedMemory(plan, index);
  const gpus = gpuCount(plan);
  const container: Container = {
    name: containerName(index, engine, model),
    image: plan.spec.Image,
    imagePullPolicy: PULL_POLICY[dockerConfig.pull],
    ...(plan.spec.Entrypoint ? { command: [...(plan.spec.Entrypoint as string[])] } : {}),
    args: [...(plan.spec.Cmd as string[])],
    ...(plan.spec.Env && plan.spec.Env.length > 0 ? { env: plan.spec.Env.map(envVar) } : {}),
    ports: [{ containerPort: port }],
    ...(gpus > 0 ? { resources: { limits: { [opts.gpuResource]: String(gpus) } } } : {}),
    volumeMounts: [modelMount(config, engine, model, plan), ...volumes.map((v) => ({ name: v.name, mountPath: '/dev/shm' }))],
    restartPolicy: 'Always',
    // The runner starts once every sidecar has answered its health check, as it starts samples once a container is healthy.
    startupProbe: { httpGet: { path: plan.healthPath, port }, periodSeconds: PROBE_PERIOD_SECONDS, failureThreshold: Math.ceil(dockerConfig.healthTimeoutMs / (PROBE_PERIOD_SECONDS * 1000)) },
  };
  return { engine, model, port, url: `http://127.0.0.1:${port}/v1`, family: plan.engineKind, container, volumes, gpus };
}

const PULL_POLICY = { missing: 'IfNotPresent', always: 'Always', never: 'Never' } as const;

/** A container name: a DNS label of at most 63 characters, unique by its index. */
function containerName(index: number, engine: string, model: string): string {
  const slug = `eng-${index + 1}-${engine}-${model}`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return slug.slice(0, 63).replace(/-+$/, '');
}

function envVar(entry: string): EnvVar {
  const at = entry.indexOf('=');
  return { name: entry.slice(0, at), value: entry.slice(at + 1) };
}

/** `--gpus all` is one GPU in a pod (a request counts devices); chosen device ids are that many GPUs. */
function gpuCount(plan: ContainerPlan): number {
  const request = plan.spec.HostConfig?.DeviceRequests?.[0];
  if (!request) return 0;
  return request.DeviceIDs && request.DeviceIDs.length > 0 ? request.DeviceIDs.length : 1;
}

/**
 * vLLM and SGLang share tensors through /dev/shm (Docker: IpcMode host, and SGLang's 32 GiB ShmSize); in a pod
 * that is a memory-backed emptyDir, limited to the plan's size where it has one.
 */
function sharedMemory(plan: ContainerPlan, index: number): Volume[] {
  const host = plan.spec.HostConfig;
  if (host?.IpcMode !== 'host' && host?.ShmSize === undefined) return [];
  return [{ name: `shm-${index + 1}`, emptyDir: { medium: 'Memory', ...(host.ShmSize ? { sizeLimit: quantity(host.ShmSize) } : {}) } }];
}

function quantity(bytes: number): string {
  if (bytes % GIB === 0) return `${bytes / GIB}Gi`;
  if (bytes % MIB === 0) return `${bytes / MIB}Mi`;
  return String(bytes);
}

/** The model's weights from the models claim, read-only, at the path the plan's command names. */
function modelMount(config: RunConfig, engine: string, model: string, plan: ContainerPlan): VolumeMount {
  const mounts = plan.spec.HostConfig?.Mounts ?? [];
  if (mounts.length !== 1 || mounts[0]!.Target === undefined) throw new BenchError('internal', `engine "${engine}" for model "${model}": expected the model's mount alone in its container plan`);
  const format = weightFormat(config.engines[engine] as { kind: string; engine?: string });
  const file = format ? config.models[model]!.weights?.[format] : undefined;
  if (file === undefined) throw new BenchError('config:invalid', `model "${model}" has no ${format ?? ''} weights for engine "${engine}"`);
  return { name: MODELS_VOLUME, mountPath: mounts[0]!.Target, subPath: claimPath(config, model, file), readOnly: true };
}

/**
 * Where a model's weights are inside the models claim, whose root stands for the config's `modelsDir`: a relative
 * path as it is; an absolute one relative to an absolute `modelsDir` it lies under.
 */
export function claimPath(config: Pick<RunConfig, 'modelsDir'>, model: string, file: string): string {
  const inside = (path: string) => path !== '' && path !== '.' && !path.startsWith('..') && !isAbsolute(path);
  if (!isAbsolute(file)) {
    const path = normalize(file);
    if (inside(path)) return path;
  } else if (config.modelsDir !== undefined && isAbsolute(config.modelsDir)) {
    const path = relative(config.modelsDir, file);
    if (inside(path)) return path;
  }
  throw new BenchError('config:invalid', `model "${model}": weights "${file}" are not inside modelsDir, which the models claim stands for; give a path relative to modelsDir`);
}
