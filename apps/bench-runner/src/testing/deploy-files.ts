import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { parseAllDocuments } from 'yaml';

/**
 * Checks a Kubernetes object against the API's own OpenAPI schema (kubernetes-models, generated from it): throws
 * naming the field and rule an object breaks. Only the kinds `deploy k8s` writes are known.
 */
export function validateK8sObject(object: Record<string, unknown>): void {
  switch (object.kind) {
    case 'ConfigMap':
      new ConfigMap(object as ConstructorParameters<typeof ConfigMap>[0]).validate();
      return;
    case 'Job':
      new Job(object as ConstructorParameters<typeof Job>[0]).validate();
      return;
    default:
      throw new Error(`no schema for kind ${String(object.kind)}`);
  }
}

/** The objects of a multi-document YAML file, as kubectl would read them. */
export function readManifests(text: string): Record<string, unknown>[] {
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length > 0) throw doc.errors[0]!;
    return doc.toJS() as Record<string, unknown>;
  });
}

/** A folder with files of the given names and texts (configs, gate files) for a test. */
export function writeFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rb-deploy-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Sim engines only: nothing beside the runner. */
export const SIM_CONFIG = `version: 1
name: sim-lab
engines:
  sim: { kind: sim, imitates: vllm }   # in the runner's process
models:
  qwen3-8b: { simProfile: paper/qwen3-8b }
  llama-3.1-8b: { simProfile: paper/llama-3.1-8b }
systems:
  - { id: off, engine: sim, arm: off }
  - { id: c3, engine: sim, arm: proxy-c3 }
benchmarks:
  toolmaze: { conditions: [P0, P1] }
contrasts:
  - { id: gain, name: layer gain, a: c3, b: off, conditions: [P1] }
`;

/** Two Docker engines (one without a GPU) × two models, and a sim engine the runner keeps. */
export const DOCKER_CONFIG = `version: 1
name: gpu-lab
modelsDir: /srv/models
engines:
  vllm: { kind: docker, engine: vllm, parallel: 4 }
  llama.cpp: { kind: docker, engine: llama.cpp, gpus: none, pull: never }
  sim: { kind: sim }
models:
  qwen3-8b: { servedName: qwen3-8b, simProfile: paper/qwen3-8b, weights: { gguf: Qwen3-8B-Q8_0.gguf, hf: Qwen3-8B } }
  llama-3.1-8b: { simProfile: paper/llama-3.1-8b, toolFormat: llama3, weights: { gguf: /srv/models/gguf/Llama-3.1-8B-Instruct-Q8_0.gguf, hf: Llama-3.1-8B-Instruct } }
systems:
  - { id: V, engine: vllm, arm: off }
  - { id: V-c3, engine: vllm, arm: proxy-c3 }
  - { id: L, engine: llama.cpp, arm: off }
  - { id: sim-off, engine: sim, arm: off }
benchmarks:
  toolmaze: { conditions: [P0, P1] }
`;

export const GATES = `gates:
  - { contrast: gain, model: all, min: 5 }
`;
