import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AGENTS, type AgentSpec } from './catalog.ts';
import { agentDir, defaultCacheDir, MARKER_FILE, type InstallMarker } from './cache.ts';
import { AgentMissingError, AgentUnknownError } from './errors.ts';

export interface LocateOptions {
  /** Default: `defaultCacheDir()`. */
  cacheDir?: string;
  /** Default: `AGENTS`. Tests pass their own entries. */
  catalog?: Readonly<Record<string, AgentSpec>>;
  /** The Node major the system runs (default: this process's); below an agent's `minNodeMajor` the `node22` runtime runs it. */
  systemNodeMajor?: number;
}

export interface LocatedAgent {
  name: string;
  /** The version installed, read from the agent's own package.json (the catalog's pin where it has none). */
  version: string;
  /** The install folder (an npm prefix). */
  dir: string;
  /** The file that runs: the native executable, or the JavaScript entry. */
  bin: string;
  /** What to spawn, then the agent's own arguments: `[bin]`, or `[node, bin]` (Node 22 where the agent needs it). */
  command: string[];
}

/** Where `{target}` in a native entry points for this machine, e.g. `linux-x64`. */
export function platformTarget(platform: string = process.platform, arch: string = process.arch): string {
  return `${platform === 'win32' ? 'win32' : platform}-${arch}`;
}

/** The catalog entry of a name, or an `AgentUnknownError` listing the known ones. */
export function agentSpec(name: string, catalog: Readonly<Record<string, AgentSpec>> = AGENTS): AgentSpec {
  const spec = Object.hasOwn(catalog, name) ? catalog[name] : undefined;
  if (spec === undefined) throw new AgentUnknownError(name, Object.keys(catalog));
  return spec;
}

/** The install marker of an agent, or undefined when it is not (completely) installed. */
export function readInstallMarker(spec: AgentSpec, cacheDir: string): InstallMarker | undefined {
  const file = join(agentDir(cacheDir, spec), MARKER_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InstallMarker;
  } catch {
    return undefined;
  }
}

/**
 * Finds an installed agent and the command that runs it. Throws `AgentMissingError` (one line naming
 * `recovery-bench agents install <name>`) when the agent, or the Node 22 runtime it needs, is not installed.
 */
export function locateAgent(name: string, options: LocateOptions = {}): LocatedAgent {
  const catalog = options.catalog ?? AGENTS;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const spec = agentSpec(name, catalog);
  const dir = agentDir(cacheDir, spec);
  if (readInstallMarker(spec, cacheDir) === undefined) throw new AgentMissingError(spec.name, spec.version, cacheDir);
  const bin = resolveEntry(spec, dir);
  if (bin === undefined) throw new AgentMissingError(spec.name, spec.version, cacheDir);
  const version = installedVersion(spec, dir);
  if (spec.runtime === 'native') return { name: spec.name, version, dir, bin, command: [bin] };
  return { name: spec.name, version, dir, bin, command: [nodeFor(spec, { ...options, cacheDir, catalog }), bin] };
}

/** The `version` of the installed package's own package.json: what runs, whatever the catalog pins. */
function installedVersion(spec: AgentSpec, dir: string): string {
  try {
    const version = (JSON.parse(readFileSync(join(dir, 'node_modules', spec.package, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && version !== '' ? version : spec.version;
  } catch {
    return spec.version;
  }
}

function resolveEntry(spec: AgentSpec, dir: string): string | undefined {
  const target = platformTarget();
  return spec.entry.map((entry) => join(dir, 'node_modules', entry.replaceAll('{target}', target))).find((path) => existsSync(path));
}

/** This process's Node, or the `node22` runtime when the agent needs a newer Node than the system has. */
function nodeFor(spec: AgentSpec, options: LocateOptions & { cacheDir: string; catalog: Readonly<Record<string, AgentSpec>> }): string {
  const systemMajor = options.systemNodeMajor ?? Number(process.versions.node.split('.')[0]);
  if (spec.minNodeMajor === undefined || systemMajor >= spec.minNodeMajor) return process.execPath;
  return locateAgent('node22', options).bin;
}

/** The names an agent needs installed besides itself on this machine (the Node 22 runtime, on an older Node). */
export function runtimeNeeds(spec: AgentSpec, systemNodeMajor: number = Number(process.versions.node.split('.')[0])): string[] {
  return spec.runtime === 'node' && spec.minNodeMajor !== undefined && systemNodeMajor < spec.minNodeMajor ? ['node22'] : [];
}
