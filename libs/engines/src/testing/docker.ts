import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Docker from 'dockerode';
import { execa } from 'execa';
import { connectDocker } from '../adapters/docker/client.ts';
import { LABELS, type DockerEngineConfigInput } from '../adapters/docker/config.ts';

/** Built by docker/test-image.sh (which `.ci/start-docker` runs): empty directories, no registry needed. */
export const TEST_IMAGE = 'recovery-bench/test-rootfs:1';
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const FAKE_ENGINE = fileURLToPath(new URL('./fake-container-engine.mjs', import.meta.url));

export async function ensureTestImage(): Promise<void> {
  await execa(join(REPO_ROOT, 'docker/test-image.sh'), [TEST_IMAGE]);
}

/** A model file to mount (the fake engine only checks that it cannot write to it). */
export function fakeModelFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'rb-model-')), 'fake-Q8_0.gguf');
  writeFileSync(path, 'GGUF (not really)\n');
  return path;
}

/**
 * The fake engine as a "GeulPU" container: the test image with the host's /usr mounted read-only (for node and
 * sh), host networking (CI's dockerd runs without a bridge), no GPU request, never pulled.
 */
export function fakeEngineConfig(env: Record<string, string> = {}, overrides: Partial<DockerEngineConfigInput> = {}): DockerEngineConfigInput {
  return {
    kind: 'docker',
    engine: 'geulpu',
    image: TEST_IMAGE,
    pull: 'never',
    network: 'host',
    gpus: 'none',
    command: ['sh', '-c', `PORT={port} FAKE_MODEL={servedName} exec node ${FAKE_ENGINE} {model}`],
    mounts: [{ source: '/usr', target: '/usr' }, { source: FAKE_ENGINE, target: FAKE_ENGINE }],
    model: { path: fakeModelFile(), servedName: 'fake-model' },
    env,
    pollIntervalMs: 200,
    healthTimeoutMs: 30_000,
    stopTimeoutSeconds: 5,
    ...overrides,
  };
}

/** Containers of one run, found as `engines prune` finds them: by label. */
export async function containersOfRun(runId: string, docker?: Docker): Promise<Docker.ContainerInfo[]> {
  const client = docker ?? (await connectDocker());
  return client.listContainers({ all: true, filters: { label: [`${LABELS.managed}=true`, `${LABELS.run}=${runId}`] } });
}

let counter = 0;
/** A run id no other test (or earlier test run) uses. */
export function uniqueRunId(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
}
