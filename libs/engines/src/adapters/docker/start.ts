import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isCommit, isCommitHash } from '@recovery-bench/harness/fetch';
import { parseEngineConfig, withStartDetails } from '../config-error.ts';
import { abortedError, EngineError } from '../errors.ts';
import { freePort } from '../free-port.ts';
import { probeHealth } from '../health.ts';
import { postReadyChecks } from '../post-ready.ts';
import type { EngineHandle, EngineStartContext } from '../types.ts';
import { waitUntilReady } from '../wait.ts';
import { connectDocker } from './client.ts';
import { DockerEngineConfigSchema, GEULPU_SOURCE, type DockerEngineConfigInput } from './config.ts';
import { ensureImage, type ImageFacts } from './pull.ts';
import { dockerRunLine } from './run-line.ts';
import { ContainerSession } from './session.ts';
import { buildContainerPlan } from './spec.ts';

/**
 * Starts an engine in a container: image present (pulled with progress if needed), container created with
 * the run's labels, started, logs followed into the run directory, then the health endpoint polled while the
 * container's state is watched. Any failure or abort removes the container before the error is thrown.
 */
export async function startDockerEngine(input: DockerEngineConfigInput, ctx: EngineStartContext): Promise<EngineHandle> {
  const config = parseEngineConfig(DockerEngineConfigSchema, input, 'docker');
  const what = `${config.engine} engine (${config.model.servedName})`;
  if (ctx.signal?.aborted) throw abortedError(ctx.signal, what);
  checkHostPaths(config.model.path, config.model.chatTemplate);
  const plan = buildContainerPlan(config, { runId: ctx.runId, hostPort: config.port || (await freePort()) });
  const runLine = dockerRunLine(plan);
  const logDir = ctx.logDir ? join(ctx.logDir, 'engines') : undefined;
  let session: ContainerSession | undefined;
  try {
    const docker = await connectDocker(ctx.signal);
    const buildHint = config.engine === 'geulpu' && config.sourceRef ? `build it from GeulPU's source: docker/geulpu-image.sh ${config.sourceRef}` : undefined;
    const image = await ensureImage(docker, plan.spec.Image, config.pull, { signal: ctx.signal, onProgress: ctx.onProgress, buildHint });
    const source = config.engine === 'geulpu' ? geulpuSourceRecord(config.sourceRef, image) : undefined;
    session = new ContainerSession(docker, plan, { logDir, keepContainer: config.keepContainer, stopTimeoutSeconds: config.stopTimeoutSeconds });
    ctx.onProgress?.({ phase: 'create', message: `creating ${plan.name}` });
    await session.createAndStart(ctx.signal);
    const ready = session;
    ctx.onProgress?.({ phase: 'wait', message: `waiting for ${plan.url}${plan.healthPath}` });
    await waitUntilReady({
      what,
      probe: () => probeHealth(`${plan.url}${plan.healthPath}`),
      alive: () => ready.assertRunning(ctx.signal),
      timeoutMs: config.healthTimeoutMs,
      intervalMs: config.pollIntervalMs,
      signal: ctx.signal,
      onWait: (health, elapsed) => ctx.onProgress?.({ phase: 'wait', message: `${what}: ${health.message} after ${Math.round(elapsed / 1000)} s` }),
    });
    const checks = await postReadyChecks(plan.engineKind, plan.url, config.model.contextLength, config.parallel);
    ctx.onProgress?.({ phase: 'ready', message: `${what} ready at ${plan.url}` });
    return handleFor(ready, {
      adapter: 'docker', engine: config.engine, image: image.ref, imageId: image.id, repoDigests: image.repoDigests, pulled: image.pulled,
      ...(source ? { source } : {}),
      container: plan.name, containerId: ready.id, network: config.network, url: plan.url, dockerRunLine: runLine, checks,
      ...(ready.capture.files ? { logFiles: ready.capture.files } : {}),
    });
  } catch (error) {
    const lastLogLines = session?.capture.lines(20) ?? [];
    await session?.stop().catch(() => undefined);
    throw withStartDetails(error, { lastLogLines, dockerRunLine: runLine, ...(session?.exit ? { exitCode: session.exit.exitCode, oomKilled: session.exit.oomKilled } : {}), ...(logDir ? { logDir } : {}) }, what);
  }
}

/**
 * What run.json records of a GeulPU image's source: the configured ref and the commit the image's revision label
 * names. An image labelled with another commit than a hash ref names is refused before a container starts.
 */
export function geulpuSourceRecord(sourceRef: string | undefined, image: Pick<ImageFacts, 'ref' | 'revision'>): { repository: string; ref: string | null; revision: string | null } {
  const ref = sourceRef ?? null;
  const revision = image.revision ?? null;
  if (ref && revision && isCommitHash(ref) && !isCommit(revision, ref)) {
    throw new EngineError('engine:bad-config', `image ${image.ref} was built from GeulPU ${revision}, not ${ref}`, { hint: `rebuild it: docker/geulpu-image.sh ${ref}` });
  }
  return { repository: GEULPU_SOURCE.repository, ref, revision };
}

/** Docker would refuse a missing bind source with a less helpful message (and only after a pull). */
function checkHostPaths(...paths: (string | undefined)[]): void {
  // A remote engine (DOCKER_HOST=tcp://…) mounts its own files, which this host cannot see.
  if (process.env.DOCKER_HOST && !process.env.DOCKER_HOST.startsWith('unix://')) return;
  for (const path of paths) {
    if (path !== undefined && !existsSync(path)) throw new EngineError('engine:bad-config', `${path} does not exist on this host`, { hint: 'give the model file (.gguf) or directory as an absolute path' });
  }
}

function handleFor(session: ContainerSession, detail: Record<string, unknown>): EngineHandle {
  const { plan } = session;
  const stop = () => session.stop();
  return {
    url: plan.url,
    baseUrl: `${plan.url}/v1`,
    model: plan.servedName,
    engineKind: plan.engineKind,
    detail,
    health: () => probeHealth(`${plan.url}${plan.healthPath}`),
    logs: () => session.capture.lines(),
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
