import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Sandbox, SandboxPolicy } from '@recovery-bench/harness';
import { FORWARDER, openHostBridge } from './bridge.ts';

/** The system's folders a program needs to run, read-only (where /bin and /lib are links into /usr, the links). */
const SYSTEM_DIRS = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt'];

/** Folders every sandbox has empty and of its own. */
export const SCRATCH_DIRS = ['/tmp', '/var/tmp', '/run'];

export interface Mount {
  source: string;
  target: string;
  writable: boolean;
}

/** What a sandbox's file system holds, whatever mechanism builds it: both backends read the same plan. */
export interface Layout {
  /** The host's system folders that are links (`/bin` → `usr/bin`), made the same links inside. */
  links: { path: string; target: string }[];
  /** Host folders and files seen inside at the same path; everything not named here is absent. */
  mounts: Mount[];
}

/** The host's system folders as the sandbox shows them: links where the host has links, the rest read-only. */
export function systemLinks(): Layout['links'] {
  return SYSTEM_DIRS.filter((dir) => existsSync(dir) && lstatSync(dir).isSymbolicLink()).map((path) => ({ path, target: readlinkSync(path) }));
}

export function layoutOf(policy: SandboxPolicy, run: RunFolder): Layout {
  const links = systemLinks();
  const system = SYSTEM_DIRS.filter((dir) => existsSync(dir) && !links.some((link) => link.path === dir));
  const node = dirname(dirname(process.execPath));
  const readOnly = [...system, ...(SYSTEM_DIRS.some((d) => node === d || node.startsWith(`${d}/`)) ? [] : [node]), ...policy.readOnly, run.bridgeDir];
  const writable = [policy.workspace, ...policy.writable, run.statusDir];
  return {
    links,
    mounts: [
      ...readOnly.map((dir) => ({ source: dir, target: dir, writable: false })),
      ...writable.map((dir) => ({ source: dir, target: dir, writable: true })),
      ...commandShims(run.own, policy.commands ?? {}),
    ],
  };
}

/**
 * A script per command that runs its command line, put over the system's own where there is one (`/usr/bin` and
 * `/usr/local/bin`; on a system whose /bin is a folder of its own, not a link to /usr/bin, a copy there stays): the
 * command then means that program whatever PATH a shell sets.
 */
function commandShims(own: string, commands: Readonly<Record<string, readonly string[]>>): Mount[] {
  const mounts: Mount[] = [];
  for (const [name, line] of Object.entries(commands)) {
    const shim = join(own, `shim-${name}`);
    writeFileSync(shim, `#!/bin/sh\nexec ${line.map(shellQuote).join(' ')} "$@"\n`, { mode: 0o755 });
    for (const dir of ['/usr/bin', '/usr/local/bin']) {
      if (existsSync(join(dir, name))) mounts.push({ source: shim, target: join(dir, name), writable: false });
    }
  }
  return mounts;
}

export const shellQuote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/** The host-side folder of one sandboxed run: the bridge's sockets, the census file, the command shims. */
export interface RunFolder {
  own: string;
  bridgeDir: string;
  statusDir: string;
  /** The first program inside: the forwarders, then the command; it writes the census when the command ends. */
  inner(command: string, args: readonly string[]): string[];
  /** How many processes of the program were still alive when it ended (read after the sandbox ended). */
  leftovers(): number;
}

/**
 * Makes a run's folder and opens the bridge to the allowed ports for `body`, then closes the bridge and removes the
 * folder whatever happens.
 */
export async function withRunFolder<T>(policy: SandboxPolicy, body: (run: RunFolder) => Promise<T>): Promise<T> {
  const own = mkdtempSync(join(tmpdir(), 'rb-sandbox-'));
  try {
    const bridgeDir = join(own, 'bridge');
    const statusDir = join(own, 'status');
    const census = join(statusDir, 'census');
    for (const dir of [bridgeDir, statusDir]) mkdirSync(dir, { mode: 0o700 });
    const bridge = await openHostBridge(bridgeDir, policy.allowPorts);
    try {
      return await body({
        own,
        bridgeDir,
        statusDir,
        inner: (command, args) => [process.execPath, '--input-type=module', '-e', FORWARDER, bridgeDir, policy.allowPorts.join(','), census, command, ...args],
        leftovers: () => (existsSync(census) ? Number(readFileSync(census, 'utf8')) || 0 : 0),
      });
    } finally {
      await bridge.close();
    }
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
}

/**
 * Returns the sandbox once a run of `true` in it succeeded: a kernel, container or daemon that forbids what it
 * needs fails here, not in a task.
 */
export async function probeSandbox(sandbox: Sandbox): Promise<Sandbox> {
  const workspace = mkdtempSync(join(tmpdir(), 'rb-sandbox-probe-'));
  const policy: SandboxPolicy = { workspace, writable: [], readOnly: [], allowPorts: [], limits: { processes: 64, memoryBytes: 256 * 1024 * 1024 } };
  const probe = await sandbox.run('true', [], { cwd: workspace, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 30_000, policy }).finally(() => rmSync(workspace, { recursive: true, force: true }));
  if (probe.exitCode !== 0) {
    throw new Error(`${sandbox.kind} cannot start a sandbox here: ${(probe.stderr.trim() || `exit code ${probe.exitCode}`).split('\n').at(-1)}`);
  }
  return sandbox;
}
