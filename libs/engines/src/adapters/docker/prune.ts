import type Docker from 'dockerode';
import { connectDocker, describeDockerError, dockerStatusCode } from './client.ts';
import { LABELS } from './config.ts';

export interface PruneOptions {
  /** Only this run's containers. */
  runId?: string;
  /** Leave running containers alone (they may belong to a live run); remove only stopped ones. */
  stoppedOnly?: boolean;
  /** Also remove the images the removed containers used (when no other container uses them). */
  images?: boolean;
  docker?: Docker;
}

export interface PruneResult {
  removed: { name: string; id: string; run: string; engine: string; state: string }[];
  images: string[];
  failed: { name: string; error: string }[];
}

/** Removes containers this library started, found by their labels (not by name, which a user may reuse). */
export async function pruneEngines(opts: PruneOptions = {}): Promise<PruneResult> {
  const docker = opts.docker ?? (await connectDocker());
  const label = [`${LABELS.managed}=true`, ...(opts.runId ? [`${LABELS.run}=${opts.runId}`] : [])];
  const containers = await docker.listContainers({ all: true, filters: { label } });
  const result: PruneResult = { removed: [], images: [], failed: [] };
  const imageIds = new Set<string>();
  for (const c of containers) {
    if (opts.stoppedOnly && c.State === 'running') continue;
    const name = (c.Names[0] ?? c.Id).replace(/^\//, '');
    try {
      await docker.getContainer(c.Id).remove({ force: true, v: true });
      result.removed.push({ name, id: c.Id, run: c.Labels[LABELS.run] ?? '', engine: c.Labels[LABELS.engine] ?? '', state: c.State });
      imageIds.add(c.ImageID);
    } catch (error) {
      if (dockerStatusCode(error) !== 404) result.failed.push({ name, error: describeDockerError(error) });
    }
  }
  if (opts.images) {
    for (const id of imageIds) {
      try {
        await docker.getImage(id).remove();
        result.images.push(id);
      } catch (error) {
        // 409: another container still uses it, which is the point of keeping it.
        if (![404, 409].includes(dockerStatusCode(error) ?? 0)) result.failed.push({ name: id, error: describeDockerError(error) });
      }
    }
  }
  return result;
}
