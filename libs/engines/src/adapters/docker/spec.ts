import { basename } from 'node:path';
import type { ContainerCreateOptions } from 'dockerode';
import type { EngineKindId } from '@recovery-bench/proxy';
import { expandPlaceholders, SERVER_LAUNCH, SERVER_PORTS, serverEnv, serverFlags, type KnownServer } from '../server-flags.ts';
import { geulpuImage, LABELS, PINNED_IMAGES, SGLANG_SHM_BYTES, VLLM_LLAMA3_TEMPLATE, type DockerEngineConfig } from './config.ts';

/** Everything a start needs, decided before Docker is asked anything: pure data, checked by unit tests. */
export interface ContainerPlan {
  name: string;
  spec: ContainerCreateOptions & { name: string; Image: string };
  /** Where the server answers on this host. */
  url: string;
  healthPath: string;
  engineKind: EngineKindId;
  servedName: string;
}

const MODELS_DIR = '/models';
const TEMPLATES_DIR = '/templates';
const DEFAULT_GEULPU_PORT = 8080;

/** Docker's name rule is `[a-zA-Z0-9][a-zA-Z0-9_.-]+`. */
export function containerName(runId: string, engine: string, servedName: string): string {
  const raw = `eng-${runId}-${engine}-${servedName}`.replace(/[^A-Za-z0-9_.-]+/g, '-');
  return raw.slice(0, 120);
}

export interface ContainerPlanOptions {
  runId: string;
  hostPort: number;
  /**
   * On the host network, the address the server binds (default 127.0.0.1). A Kubernetes pod is one network shared
   * by its containers, where the server binds 0.0.0.0 so that the kubelet's probes reach it on the pod's address.
   */
  hostNetworkListen?: string;
}

export function buildContainerPlan(config: DockerEngineConfig, opts: ContainerPlanOptions): ContainerPlan {
  const { model } = config;
  const hostNetwork = config.network === 'host';
  const containerPort = hostNetwork ? opts.hostPort : config.engine === 'geulpu' ? config.containerPort ?? DEFAULT_GEULPU_PORT : SERVER_PORTS[config.engine];
  // Inside a bridge network the server must listen on all of the container's interfaces; the publication on
  // the host is what stays on 127.0.0.1. On the host network it binds 127.0.0.1 itself.
  const listenHost = hostNetwork ? opts.hostNetworkListen ?? '127.0.0.1' : '0.0.0.0';
  const modelPath = `${MODELS_DIR}/${basename(model.path)}`;
  const chatTemplate = model.chatTemplate ? `${TEMPLATES_DIR}/${basename(model.chatTemplate)}` : config.engine === 'vllm' && model.toolFormat === 'llama3' ? VLLM_LLAMA3_TEMPLATE : undefined;
  const name = containerName(opts.runId, config.engine, model.servedName);
  const command = config.engine === 'geulpu'
    ? expandPlaceholders(config.command ?? [], { model: modelPath, servedName: model.servedName, host: listenHost, port: containerPort, contextLength: model.contextLength, seed: config.seed, chatTemplate })
    : knownServerCmd(config.engine, { modelPath, chatTemplate, servedName: model.servedName, contextLength: model.contextLength, toolFormat: model.toolFormat, host: listenHost, port: containerPort, seed: config.seed, parallel: config.parallel, deterministic: config.deterministic });
  const env = { ...(config.engine === 'geulpu' ? {} : serverEnv(config.engine, config.deterministic)), ...config.env };
  const portKey = `${containerPort}/tcp`;
  const shm = config.shmSizeBytes ?? (config.engine === 'sglang' ? SGLANG_SHM_BYTES : undefined);
  const spec: ContainerPlan['spec'] = {
    name,
    Image: imageOf(config),
    ...(config.entrypoint ? { Entrypoint: config.entrypoint } : {}),
    Cmd: [...command, ...config.extraArgs],
    Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
    Labels: { [LABELS.managed]: 'true', [LABELS.run]: opts.runId, [LABELS.engine]: config.engine, [LABELS.model]: model.servedName },
    ...(hostNetwork ? {} : { ExposedPorts: { [portKey]: {} } }),
    HostConfig: {
      ...(hostNetwork ? { NetworkMode: 'host' } : { PortBindings: { [portKey]: [{ HostIp: '127.0.0.1', HostPort: String(opts.hostPort) }] } }),
      Mounts: [
        { Type: 'bind', Source: model.path, Target: modelPath, ReadOnly: true },
        ...(model.chatTemplate && chatTemplate ? [{ Type: 'bind' as const, Source: model.chatTemplate, Target: chatTemplate, ReadOnly: true }] : []),
        ...config.mounts.map((m) => ({ Type: 'bind' as const, Source: m.source, Target: m.target, ReadOnly: m.readOnly })),
      ],
      ...(config.gpus === 'none' ? {} : { DeviceRequests: [deviceRequest(config.gpus)] }),
      // vLLM and SGLang share tensors between processes through /dev/shm.
      ...(config.engine === 'vllm' || config.engine === 'sglang' ? { IpcMode: 'host' } : {}),
      ...(shm === undefined ? {} : { ShmSize: shm }),
      // Removal is ours, after the last logs and the exit state are read.
      AutoRemove: false,
    },
  };
  return {
    name,
    spec,
    url: `http://127.0.0.1:${opts.hostPort}`,
    healthPath: config.engine === 'geulpu' ? config.healthPath ?? '/health' : '/health',
    engineKind: config.engine,
    servedName: model.servedName,
  };
}

/** The configured image, else GeulPU's from its source ref, else the pinned one. */
export function imageOf(config: Pick<DockerEngineConfig, 'engine' | 'image' | 'sourceRef'>): string {
  if (config.image) return config.image;
  if (config.engine === 'geulpu') return geulpuImage(config.sourceRef!);
  return PINNED_IMAGES[config.engine];
}

function knownServerCmd(server: KnownServer, flags: Parameters<typeof serverFlags>[1]): string[] {
  return [...SERVER_LAUNCH[server].dockerCmdPrefix, ...serverFlags(server, flags)];
}

function deviceRequest(gpus: 'all' | string[]): { Driver: string; Count: number; DeviceIDs?: string[]; Capabilities: string[][] } {
  // Count -1 is `--gpus all`; with DeviceIDs Docker wants Count 0.
  return gpus === 'all' ? { Driver: '', Count: -1, Capabilities: [['gpu']] } : { Driver: '', Count: 0, DeviceIDs: gpus, Capabilities: [['gpu']] };
}
