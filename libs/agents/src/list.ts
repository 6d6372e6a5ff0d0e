import { AGENTS, type AgentSpec } from './catalog.ts';
import { agentDir, defaultCacheDir } from './cache.ts';
import { readInstallMarker } from './locate.ts';

export interface AgentStatus {
  name: string;
  title: string;
  package: string;
  version: string;
  kind: AgentSpec['kind'];
  installed: boolean;
  dir: string;
  installedAt?: string;
}

/** Every catalog entry and whether it is installed in the cache folder. */
export function listAgents(options: { cacheDir?: string; catalog?: Readonly<Record<string, AgentSpec>> } = {}): AgentStatus[] {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  return Object.values(options.catalog ?? AGENTS).map((spec) => {
    const marker = readInstallMarker(spec, cacheDir);
    const status: AgentStatus = {
      name: spec.name, title: spec.title, package: spec.package, version: spec.version, kind: spec.kind,
      installed: marker !== undefined, dir: agentDir(cacheDir, spec),
    };
    if (marker !== undefined) status.installedAt = marker.installedAt;
    return status;
  });
}
