import type Docker from 'dockerode';
import { abortedError, EngineError } from '../errors.ts';
import type { EngineProgress } from '../types.ts';
import { describeDockerError, dockerStatusCode } from './client.ts';

export interface ImageFacts {
  ref: string;
  id: string;
  /** `RepoDigests`: what a run record keeps to say exactly which image ran. */
  repoDigests: string[];
  pulled: boolean;
  /** The image's `org.opencontainers.image.revision` label (the source commit it was built from), when it has one. */
  revision?: string;
}

/** The OCI label `docker/geulpu-image.sh` sets to the commit it built from. */
export const REVISION_LABEL = 'org.opencontainers.image.revision';

type ImageInspect = { Id: string; RepoDigests?: string[]; Config?: { Labels?: Record<string, string> | null } };

function factsOf(ref: string, image: ImageInspect, pulled: boolean): ImageFacts {
  const revision = image.Config?.Labels?.[REVISION_LABEL];
  return { ref, id: image.Id, repoDigests: image.RepoDigests ?? [], pulled, ...(revision ? { revision } : {}) };
}

/** One event of Docker's pull stream (`{status, id, progress, progressDetail}`, or `{error, errorDetail}`). */
export interface PullEvent {
  status?: string;
  id?: string;
  progress?: string;
  progressDetail?: { current?: number; total?: number };
  error?: string;
  errorDetail?: { message?: string };
}

type FollowProgress = (stream: NodeJS.ReadableStream, onFinished: (error: Error | null, output: unknown[]) => void, onProgress?: (event: unknown) => void) => void;

/** `name` → `name:latest`, as Docker pulls it; a tag or a digest is kept. */
export function withTag(ref: string): string {
  const lastSegment = ref.slice(ref.lastIndexOf('/') + 1);
  return ref.includes('@') || lastSegment.includes(':') ? ref : `${ref}:latest`;
}

/**
 * Reads a pull stream to its end. docker-modem 5.x hands `{"error", "errorDetail"}` events to `onProgress` and
 * still calls `onFinished(null)`, so a failed pull would look like a success: every event is checked here.
 */
export function followPull(followProgress: FollowProgress, stream: NodeJS.ReadableStream, ref: string, onProgress?: (event: EngineProgress) => void): Promise<void> {
  const layers = new Map<string, { current: number; total: number }>();
  let failure: string | undefined;
  let lastReport = 0;
  return new Promise((resolve, reject) => {
    followProgress(stream, (error) => {
      if (error) reject(new EngineError('engine:image-pull-failed', `pulling ${ref} failed: ${error.message}`, { cause: error }));
      else if (failure !== undefined) reject(new EngineError('engine:image-pull-failed', `pulling ${ref} failed: ${failure}`));
      else resolve();
    }, (raw) => {
      const event = raw as PullEvent;
      if (event.error !== undefined || event.errorDetail !== undefined) {
        failure ??= event.errorDetail?.message ?? event.error ?? 'unknown error';
        return;
      }
      const detail = event.progressDetail;
      if (event.id && detail?.total) layers.set(event.id, { current: detail.current ?? 0, total: detail.total });
      const now = Date.now();
      if (onProgress && now - lastReport >= 500) {
        lastReport = now;
        const sum = [...layers.values()].reduce((acc, l) => ({ current: acc.current + l.current, total: acc.total + l.total }), { current: 0, total: 0 });
        onProgress({ phase: 'pull', message: `${ref}: ${event.status ?? ''}${event.id ? ` ${event.id}` : ''}`.trim(), ...(sum.total > 0 ? sum : {}) });
      }
    });
  });
}

async function inspectImage(docker: Docker, ref: string, signal?: AbortSignal): Promise<ImageInspect | undefined> {
  try {
    return await docker.getImage(ref).inspect({ abortSignal: signal } as object) as ImageInspect;
  } catch (error) {
    if (dockerStatusCode(error) === 404) return undefined;
    if (signal?.aborted) throw abortedError(signal, `image ${ref}`);
    throw new EngineError('engine:docker-error', `inspecting image ${ref}: ${describeDockerError(error)}`, { cause: error });
  }
}

/** Makes the image present per the pull policy and returns its id and digests. */
export async function ensureImage(docker: Docker, ref: string, policy: 'missing' | 'always' | 'never', opts: { signal?: AbortSignal; onProgress?: (event: EngineProgress) => void; buildHint?: string } = {}): Promise<ImageFacts> {
  const present = await inspectImage(docker, ref, opts.signal);
  if (present && policy !== 'always') return factsOf(ref, present, false);
  if (!present && policy === 'never') {
    throw new EngineError('engine:image-missing', `image ${ref} is not present and the pull policy is "never"`, { hint: opts.buildHint ?? `build or load it (docker load / docker tag), or set pull: missing` });
  }
  const tagged = withTag(ref);
  opts.onProgress?.({ phase: 'pull', message: `pulling ${tagged}` });
  let stream: NodeJS.ReadableStream;
  try {
    stream = await docker.pull(tagged, { abortSignal: opts.signal } as object);
  } catch (error) {
    if (opts.signal?.aborted) throw abortedError(opts.signal, `pulling ${tagged}`);
    throw new EngineError('engine:image-pull-failed', `pulling ${tagged} failed: ${describeDockerError(error)}`, { hint: 'check the image name and the network, or load the image by hand (docker load)', cause: error });
  }
  await followPull(docker.modem.followProgress.bind(docker.modem), stream, tagged, opts.onProgress);
  const after = await inspectImage(docker, ref, opts.signal);
  if (!after) throw new EngineError('engine:image-pull-failed', `pulling ${tagged} reported success but the image is not present`);
  return factsOf(ref, after, true);
}
