import { AGENTS, type AgentSpec } from './catalog.ts';
import { agentDir, defaultCacheDir } from './cache.ts';
import { locateAgent, readInstallMarker } from './locate.ts';

export interface AgentStatus {
  name: string;
  title: string;
  package: string;
  version: string;
  kind: AgentSpec['kind'];
  installed: boolean;
  dir: string;
  installedAt?: string;
  /**
   * What runs when it is installed: the native executable (Claude Code, OpenCode: the npm launcher would need its
   * install script), or Node and the JavaScript entry.
   */
  command?: string[];
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
    if (marker !== undefined) {
      status.installedAt = marker.installedAt;
      try {
        status.command = locateAgent(spec.name, { cacheDir, ...(options.catalog ? { catalog: options.catalog } : {}) }).command;
      } catch {
        // Installed, but its runtime (Node 22) is not: `locateAgent` names the install command when it is run.
      }
    }
    return status;
  });
}
