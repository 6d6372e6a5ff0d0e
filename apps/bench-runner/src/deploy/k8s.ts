import { UsageError } from '@recovery-bench/harness/cli';
import { stringify } from 'yaml';
import type { RunConfig } from '../config/schema.ts';
import type { ConfigMap, Container, Job, Volume, VolumeMount } from './k8s-types.ts';
import { podConfig } from './pod-config.ts';
import { engineSidecars, MODELS_VOLUME, type Sidecar } from './sidecars.ts';
import { shardDirs } from './wait-shards.ts';

/** Paths inside the pods: the ConfigMap's files, the results claim, and the runs on it. */
export const POD_PATHS = {
  config: '/config',
  configFile: '/config/config.yaml',
  gatesFile: '/config/gates.yaml',
  results: '/results',
  shards: '/results/shards',
  merged: '/results/merged',
} as const;

export interface K8sDeployInput {
  /** The config as the user wrote it (its text, kept with its comments) and as the runner's parser reads it. */
  config: { text: string; path: string; config: RunConfig; tier?: string };
  benchmark: string;
  shards: number;
  parallelism: number;
  /** How many times a shard's pod is replaced before its index counts as failed. */
  retries: number;
  image: string;
  resultsClaim: string;
  modelsClaim?: string;
  gpuResource: string;
  gates?: { text: string };
  namespace?: string;
}

export interface K8sDeployment {
  objects: [ConfigMap, Job, Job];
  sidecars: Sidecar[];
  /** The objects as one multi-document YAML file, with a header saying how to apply it. */
  yaml: string;
}

/**
 * The manifests of a sharded run on Kubernetes: a ConfigMap with the runner's config (and the gates), an Indexed
 * Job of `shards` pods, each running its shard with the config's Docker engines as native sidecars, and a Job that
 * waits for every shard to be complete, merges them and writes the report (gated when a gate file is given).
 */
export function k8sManifests(input: K8sDeployInput): K8sDeployment {
  const sidecars = engineSidecars(input.config.config, { gpuResource: input.gpuResource });
  if (sidecars.length > 0 && input.modelsClaim === undefined) {
    throw new UsageError(`engines ${[...new Set(sidecars.map((s) => s.engine))].join(', ')} load model weights: name the claim that holds them with --models-claim`);
  }
  const pod = podConfig(input.config, sidecars);
  // One deploy per tier can live beside another: the tier is part of every object's name.
  const base = objectBase(deploymentName(input.config.config.name, input.config.tier));
  const meta = (suffix: string, component: string) => ({
    name: `${base}-${suffix}`,
    ...(input.namespace ? { namespace: input.namespace } : {}),
    labels: { 'app.kubernetes.io/name': 'recovery-bench', 'app.kubernetes.io/instance': base, 'app.kubernetes.io/component': component },
  });
  const configMap: ConfigMap = {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('config', 'config'),
    data: { 'config.yaml': pod.text, ...(input.gates ? { 'gates.yaml': input.gates.text } : {}) },
  };
  const objects: [ConfigMap, Job, Job] = [configMap, shardJob(input, sidecars, meta('shards', 'shards'), configMap.metadata.name), mergeJob(input, meta('merge', 'merge'), configMap.metadata.name)];
  return { objects, sidecars, yaml: renderManifests(objects, input) };
}

/** The name a deploy's objects and files carry: the config's, with the tier when one was chosen. */
export function deploymentName(configName: string, tier: string | undefined): string {
  return tier === undefined ? configName : `${configName}-${tier}`;
}

/** `recovery-bench-<config name>` as a DNS label, short enough for the Jobs' names and their pods' labels. */
export function objectBase(configName: string): string {
  const slug = configName.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `recovery-bench-${slug}`.slice(0, 48).replace(/-+$/, '');
}

const volumeMount = (name: string, mountPath: string, readOnly = false): VolumeMount => ({ name, mountPath, ...(readOnly ? { readOnly } : {}) });

function sharedVolumes(input: K8sDeployInput, configMapName: string): Volume[] {
  return [
    { name: 'config', configMap: { name: configMapName } },
    { name: 'results', persistentVolumeClaim: { claimName: input.resultsClaim } },
  ];
}

function shardJob(input: K8sDeployInput, sidecars: readonly Sidecar[], metadata: Job['metadata'], configMapName: string): Job {
  const runner: Container = {
    name: 'runner',
    image: input.image,
    command: ['recovery-bench', 'run', input.benchmark, '--config', POD_PATHS.configFile, '--shard', 'auto', '--shards', String(input.shards), '--out', POD_PATHS.shards],
    volumeMounts: [volumeMount('config', POD_PATHS.config, true), volumeMount('results', POD_PATHS.results)],
  };
  const volumes: Volume[] = [
    ...sharedVolumes(input, configMapName),
    ...(sidecars.length > 0 ? [{ name: MODELS_VOLUME, persistentVolumeClaim: { claimName: input.modelsClaim!, readOnly: true } }] : []),
    ...sidecars.flatMap((s) => s.volumes),
  ];
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata,
    spec: {
      completionMode: 'Indexed',
      completions: input.shards,
      parallelism: input.parallelism,
      // Each index has its own retries: a shard whose pod dies gets a new pod with the same index, which resumes
      // the shard's run from the results claim; other shards go on whatever one of them does.
      backoffLimitPerIndex: input.retries,
      podFailurePolicy: {
        rules: [
          // Exit 2 is a user error (a bad config, a shard folder of another config): another pod would fail the same way.
          { action: 'FailIndex', onExitCodes: { containerName: 'runner', operator: 'In', values: [2] } },
          // A pod evicted or preempted did nothing wrong: its replacement does not use up a retry.
          { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
        ],
      },
      template: {
        metadata: { labels: metadata.labels },
        // Never: a failed pod is replaced (same index) rather than restarted in place, which backoffLimitPerIndex
        // and podFailurePolicy need; the sidecars (restartPolicy Always) end when the runner does.
        spec: { restartPolicy: 'Never', ...(sidecars.length > 0 ? { initContainers: sidecars.map((s) => s.container) } : {}), containers: [runner], volumes },
      },
    },
  };
}

/**
 * The merge script: `merge` prints the new run directory as its last line, which `score` and `report` then read. `set -e`
 * stops at a failed merge (an assignment fails with its command substitution).
 */
export function mergeScript(input: Pick<K8sDeployInput, 'shards' | 'gates'>, paths: { shards: string; merged: string; gatesFile: string } = POD_PATHS): string {
  return [
    'set -eu',
    `out=$(recovery-bench merge ${shardDirs(paths.shards, input.shards).join(' ')} --out ${paths.merged} --no-report)`,
    `printf '%s\\n' "$out"`,
    `dir=$(printf '%s\\n' "$out" | tail -n 1)`,
    // Scored again by this image's scorers, as a single run would be: a shard scored by an older pod cannot differ.
    'recovery-bench score "$dir" --no-report',
    `recovery-bench report "$dir"${input.gates ? ` --gate ${paths.gatesFile}` : ''}`,
  ].join('\n');
}

function mergeJob(input: K8sDeployInput, metadata: Job['metadata'], configMapName: string): Job {
  const results = volumeMount('results', POD_PATHS.results);
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata,
    spec: {
      // A failed gate fails the Job; merging again would only write a second merged run with the same verdict.
      backoffLimit: 0,
      template: {
        metadata: { labels: metadata.labels },
        spec: {
          restartPolicy: 'Never',
          initContainers: [{
            name: 'wait-for-shards', image: input.image,
            command: ['recovery-bench', 'deploy', 'wait-shards', POD_PATHS.shards, '--shards', String(input.shards)],
            volumeMounts: [results],
          }],
          containers: [{ name: 'merge', image: input.image, command: ['sh', '-c', mergeScript(input)], volumeMounts: [volumeMount('config', POD_PATHS.config, true), results] }],
          volumes: sharedVolumes(input, configMapName),
        },
      },
    },
  };
}

function renderManifests(objects: readonly object[], input: K8sDeployInput): string {
  const header = [
    `# recovery-bench on Kubernetes: ${input.benchmark} with ${input.config.path} in ${input.shards} shards.`,
    '# Written by `recovery-bench deploy k8s`; apply with `kubectl apply -f <this file>` (Kubernetes 1.29 or later:',
    '# native sidecars and backoffLimitPerIndex). The merge Job waits for every shard, then merges and reports.',
  ].join('\n');
  return `${header}\n${objects.map((o) => stringify(o, { lineWidth: 0, aliasDuplicateObjects: false })).join('---\n')}`;
}
