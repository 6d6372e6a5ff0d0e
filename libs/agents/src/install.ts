import { spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { AGENTS, type AgentSpec } from './catalog.ts';
import { agentDir, defaultCacheDir, MARKER_FILE, type InstallMarker } from './cache.ts';
import { AgentInstallError } from './errors.ts';
import { agentSpec, locateAgent, readInstallMarker, runtimeNeeds } from './locate.ts';

export interface InstallProgress {
  agent: string;
  phase: 'skip' | 'install' | 'verify' | 'done';
  message: string;
}

export interface InstallOptions {
  /** Default: `defaultCacheDir()`. */
  cacheDir?: string;
  /** Called for each step, e.g. to print `installing codex 0.169.0 …`. */
  onProgress?: (event: InstallProgress) => void;
  /** Install again even when the marker says the agent is installed. */
  force?: boolean;
  /** Default: `AGENTS`. */
  catalog?: Readonly<Record<string, AgentSpec>>;
  /** The npm executable (default `npm` on PATH). */
  npm?: string;
  /** What npm installs for an agent (default `<package>@<version>`); tests point it at a local tarball. */
  npmSpec?: (spec: AgentSpec) => string;
  /** Milliseconds for one npm install (default 15 minutes). */
  timeoutMs?: number;
}

export interface InstalledAgent {
  name: string;
  version: string;
  dir: string;
  /** false when it was already installed. */
  installed: boolean;
  versionOutput: string;
}

/**
 * Installs pinned agents into `<cache>/agents/<name>@<version>` with `npm install --prefix`, like `playwright
 * install` does for browsers. With no names, every catalog entry. An agent that needs Node 22 on an older Node
 * brings the `node22` runtime along. Each install lands in a scratch folder first and is moved into place only
 * after its command ran `--version`, so a failed install leaves nothing that looks installed.
 */
export async function installAgents(names: readonly string[] = [], options: InstallOptions = {}): Promise<InstalledAgent[]> {
  const catalog = options.catalog ?? AGENTS;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const wanted = names.length === 0 ? Object.keys(catalog) : [...names];
  const specs = wanted.map((name) => agentSpec(name, catalog));
  const runtimes = specs.flatMap((spec) => runtimeNeeds(spec)).filter((name) => Object.hasOwn(catalog, name));
  const order = [...new Set([...runtimes, ...specs.map((spec) => spec.name)])];
  const results: InstalledAgent[] = [];
  for (const name of order) results.push(await installOne(agentSpec(name, catalog), { ...options, cacheDir, catalog }));
  return results;
}

type ResolvedOptions = InstallOptions & { cacheDir: string; catalog: Readonly<Record<string, AgentSpec>> };

async function installOne(spec: AgentSpec, options: ResolvedOptions): Promise<InstalledAgent> {
  const report = (phase: InstallProgress['phase'], message: string) => options.onProgress?.({ agent: spec.name, phase, message });
  const dir = agentDir(options.cacheDir, spec);
  const existing = readInstallMarker(spec, options.cacheDir);
  if (existing !== undefined && options.force !== true) {
    report('skip', `${spec.name} ${spec.version} is already installed in ${dir}`);
    return { name: spec.name, version: spec.version, dir, installed: false, versionOutput: existing.versionOutput };
  }
  const scratch = `${dir}.partial-${process.pid}`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  try {
    await writeFile(`${scratch}/package.json`, `${JSON.stringify({ name: `agent-${spec.name}`, private: true }, null, 2)}\n`);
    const npmSpec = options.npmSpec?.(spec) ?? `${spec.package}@${spec.version}`;
    report('install', `installing ${spec.name} ${spec.version} (${npmSpec}) into ${dir}`);
    // Install scripts are not run: each entry is resolved from files the packages ship (see AgentSpec.runtime).
    const npm = await run(options.npm ?? 'npm', ['install', '--prefix', scratch, '--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev', npmSpec], options.timeoutMs ?? 15 * 60_000);
    if (npm.code !== 0) throw new AgentInstallError(spec.name, `npm exited with ${npm.code}: ${lastLine(npm.output)}`, { npmSpec });
    await rm(dir, { recursive: true, force: true });
    await rename(scratch, dir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  report('verify', `checking that ${spec.name} runs: ${spec.binName} ${spec.versionArgs.join(' ')}`);
  const versionOutput = await verify(spec, dir, options);
  const marker: InstallMarker = { name: spec.name, package: spec.package, version: spec.version, installedAt: new Date().toISOString(), versionOutput };
  await writeFile(`${dir}/${MARKER_FILE}`, `${JSON.stringify(marker, null, 2)}\n`);
  report('done', `${spec.name} ${spec.version} installed (${versionOutput})`);
  return { name: spec.name, version: spec.version, dir, installed: true, versionOutput };
}

/** Runs the agent's version command; an agent that does not run is removed again. */
async function verify(spec: AgentSpec, dir: string, options: ResolvedOptions): Promise<string> {
  // locateAgent needs the marker; a provisional one is written and replaced (or removed with the folder).
  const provisional: InstallMarker = { name: spec.name, package: spec.package, version: spec.version, installedAt: new Date().toISOString(), versionOutput: '' };
  await writeFile(`${dir}/${MARKER_FILE}`, JSON.stringify(provisional));
  try {
    const located = locateAgent(spec.name, { cacheDir: options.cacheDir, catalog: options.catalog });
    const [command, ...prefix] = located.command;
    const result = await run(command!, [...prefix, ...spec.versionArgs], 120_000, { HOME: dir });
    if (result.code !== 0) throw new AgentInstallError(spec.name, `\`${spec.binName} ${spec.versionArgs.join(' ')}\` exited with ${result.code}: ${lastLine(result.output)}`);
    return lastLine(result.output);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof AgentInstallError) throw error;
    throw new AgentInstallError(spec.name, error instanceof Error ? error.message : String(error));
  }
}

interface RunResult {
  code: number;
  output: string;
}

function run(command: string, args: readonly string[], timeoutMs: number, env: Record<string, string> = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, timeout: timeoutMs });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-16_384);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === null ? 1 : 128), output }));
  });
}

function lastLine(output: string): string {
  const lines = output.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('npm warn'));
  return lines.at(-1) ?? '(no output)';
}
