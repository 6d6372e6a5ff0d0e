import type Docker from 'dockerode';
import { abortedError, EngineError } from '../errors.ts';

const PING_TIMEOUT_MS = 5_000;

export const DOCKER_HINT = 'start one (as root: `dockerd --storage-driver vfs --iptables=false --bridge=none &`, or `.ci/start-docker`) or set DOCKER_HOST';

/** A client for the engine at DOCKER_HOST (default /var/run/docker.sock), once it answers a ping. dockerode loads on first use. */
export async function connectDocker(signal?: AbortSignal): Promise<Docker> {
  const { default: DockerClient } = await import('dockerode');
  const docker = new DockerClient();
  const timeout = AbortSignal.timeout(PING_TIMEOUT_MS);
  try {
    // dockerode passes abortSignal on for every call; its type for ping() just does not declare options.
    const ping = docker.ping.bind(docker) as unknown as (opts: { abortSignal: AbortSignal }) => Promise<unknown>;
    await ping({ abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw abortedError(signal, 'docker');
    const where = process.env.DOCKER_HOST ?? '/var/run/docker.sock';
    throw new EngineError('engine:docker-unavailable', `no Docker engine answers at ${where} (${describeDockerError(error)})`, { hint: DOCKER_HINT, cause: error });
  }
  return docker;
}

/** Whether a Docker engine answers, and why not, for tests that need one (`describe.skipIf`). */
export async function dockerStatus(): Promise<{ ok: true; version: string } | { ok: false; reason: string }> {
  try {
    const docker = await connectDocker();
    const version = (await docker.version()) as { Version?: string; ApiVersion?: string };
    return { ok: true, version: `${version.Version ?? '?'} (API ${version.ApiVersion ?? '?'})` };
  } catch (error) {
    return { ok: false, reason: error instanceof EngineError ? error.message : String(error) };
  }
}

/** dockerode errors carry the daemon's message in `json.message`; socket errors only a code. */
export function describeDockerError(error: unknown): string {
  const e = error as { json?: { message?: unknown }; reason?: unknown; code?: unknown; message?: unknown; statusCode?: unknown };
  const message = typeof e.json?.message === 'string' ? e.json.message : typeof e.message === 'string' ? e.message : String(error);
  return typeof e.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

export function dockerStatusCode(error: unknown): number | undefined {
  const code = (error as { statusCode?: unknown }).statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** The daemon's refusals a user can act on, with stable codes (spec section 3). */
export function classifyStartError(error: unknown, what: string): EngineError {
  const message = describeDockerError(error);
  if (/could not select device driver .* with capabilities: \[\[gpu\]\]/.test(message)) {
    return new EngineError('engine:gpu-unavailable', `${what}: Docker cannot give the container a GPU (${message})`, {
      hint: 'install nvidia-container-toolkit and restart dockerd, or set gpus: none for a CPU build',
      cause: error,
    });
  }
  if (/port is already allocated|address already in use/i.test(message)) {
    return new EngineError('engine:port-in-use', `${what}: the port is taken (${message})`, { hint: 'choose another port, or 0 for a free one', cause: error });
  }
  if (dockerStatusCode(error) === 409) {
    return new EngineError('engine:create-failed', `${what}: ${message}`, { hint: 'a container of that name is left over: `recovery-bench engines prune`', cause: error });
  }
  if (dockerStatusCode(error) === 404 && /image/i.test(message)) return new EngineError('engine:image-missing', `${what}: ${message}`, { cause: error });
  return new EngineError('engine:docker-error', `${what}: ${message}`, { cause: error });
}
