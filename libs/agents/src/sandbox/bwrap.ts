import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { supervise, type Sandbox, type SandboxPolicy, type SandboxResult, type SandboxRunOptions } from '@recovery-bench/harness';
import { FORWARDER, openHostBridge } from './bridge.ts';
import { createCgroup } from './cgroup.ts';

const exec = promisify(execFile);

/** The system's folders a program needs to run, read-only (where /bin and /lib are links into /usr, the links). */
const SYSTEM_DIRS = ['/usr', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt'];

/**
 * Bubblewrap: a mount namespace holding only the system folders (read-only), the policy's folders and a fresh /tmp;
 * new PID, network, IPC and UTS namespaces with no capabilities; a cgroup for the process and memory limits. The
 * PID namespace ends with the program, so nothing it started outlives it; the cgroup, where there is one, is checked
 * to be empty before `run` returns.
 */
export async function bwrapSandbox(): Promise<Sandbox> {
  const version = (await exec('bwrap', ['--version'])).stdout.trim();
  const trial = createCgroup(`probe-${process.pid}`, { processes: 1, memoryBytes: 1 << 20 });
  const limits = 'unavailable' in trial ? `no process or memory limits: ${trial.unavailable}` : 'process and memory limits (cgroup)';
  if (!('unavailable' in trial)) await trial.teardown();
  const sandbox: Sandbox = {
    kind: 'bwrap',
    version,
    description: `${version}: the workspace writable, system folders read-only, nothing else of the host; own PID and network namespaces (only the allowed ports of 127.0.0.1); ${limits}`,
    run: (command, args, options) => runInBwrap(command, args, options),
  };
  // A run of `true` in the same namespaces: a kernel or container that forbids them fails here, not in a task.
  const probe = await sandbox.run('true', [], { cwd: tmpdir(), env: { PATH: '/usr/bin:/bin' }, timeoutMs: 20_000, policy: { workspace: tmpdir(), writable: [], readOnly: [], allowPorts: [], limits: { processes: 64, memoryBytes: 256 * 1024 * 1024 } } });
  if (probe.exitCode !== 0) throw new Error(`bwrap cannot start a sandbox here: ${(probe.stderr.trim() || `exit code ${probe.exitCode}`).split('\n').at(-1)}`);
  return sandbox;
}

async function runInBwrap(command: string, args: readonly string[], options: SandboxRunOptions): Promise<SandboxResult> {
  const { policy } = options;
  const own = mkdtempSync(join(tmpdir(), 'rb-sandbox-'));
  const bridgeDir = join(own, 'bridge');
  const statusDir = join(own, 'status');
  const census = join(statusDir, 'census');
  const cgroup = createCgroup(own.split('/').at(-1)!, policy.limits);
  let tornDown = 'unavailable' in cgroup;
  try {
    for (const dir of [bridgeDir, statusDir]) mkdirSync(dir, { mode: 0o700 });
    const bridge = await openHostBridge(bridgeDir, policy.allowPorts);
    try {
      const inner = [process.execPath, '--input-type=module', '-e', FORWARDER, bridgeDir, policy.allowPorts.join(','), census, command, ...args];
      const shims = writeCommandShims(own, policy.commands ?? {});
      const bwrap = ['bwrap', ...bwrapArgs(policy, options.cwd, [bridgeDir], [statusDir]), ...shims, '--', ...inner];
      // The wrapper joins the cgroup before bwrap starts, so that no process of the sandbox is ever outside it.
      const launch = 'unavailable' in cgroup
        ? bwrap
        : ['sh', '-c', `${cgroup.procsFiles.map((f) => `echo $$ > '${f}'`).join(' && ')} && exec "$@"`, 'sh', ...bwrap];
      const result = await supervise(launch[0]!, launch.slice(1), options);
      const leftovers = existsSync(census) ? Number(readFileSync(census, 'utf8')) || 0 : 0;
      // Checked, not assumed: a process that survived the PID namespace's end fails the run here.
      if (!('unavailable' in cgroup)) await cgroup.teardown();
      tornDown = true;
      return { ...result, leftovers };
    } finally {
      await bridge.close();
    }
  } finally {
    // After a failure on the way (a bridge that did not open, a program that did not start), the group still goes.
    if (!tornDown && !('unavailable' in cgroup)) await cgroup.teardown().catch(() => undefined);
    rmSync(own, { recursive: true, force: true });
  }
}

/**
 * A script per command that runs its command line, bound over the system's own where there is one (`/usr/bin` and
 * `/usr/local/bin`; on a system whose /bin is a folder of its own, not a link to /usr/bin, a copy there stays): the
 * command then means that program whatever PATH a shell sets.
 */
function writeCommandShims(own: string, commands: Readonly<Record<string, readonly string[]>>): string[] {
  const args: string[] = [];
  for (const [name, line] of Object.entries(commands)) {
    const shim = join(own, `shim-${name}`);
    writeFileSync(shim, `#!/bin/sh\nexec ${line.map(shellQuote).join(' ')} "$@"\n`, { mode: 0o755 });
    for (const dir of ['/usr/bin', '/usr/local/bin']) {
      if (existsSync(join(dir, name))) args.push('--ro-bind', shim, join(dir, name));
    }
  }
  return args;
}

const shellQuote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/** Bubblewrap's arguments for a policy: what is mounted where, the namespaces, and the working folder. */
function bwrapArgs(policy: SandboxPolicy, cwd: string, readOnlyExtra: readonly string[] = [], writableExtra: readonly string[] = []): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp', '--tmpfs', '/run');
  const node = dirname(dirname(process.execPath));
  const readOnly = [...(SYSTEM_DIRS.some((d) => node === d || node.startsWith(`${d}/`)) ? [] : [node]), ...policy.readOnly, ...readOnlyExtra];
  for (const dir of readOnly) args.push('--ro-bind', dir, dir);
  for (const dir of [policy.workspace, ...policy.writable, ...writableExtra]) args.push('--bind', dir, dir);
  // Binding a low port (the forwarder of an allowed port below 1024) touches only the sandbox's own network.
  args.push('--unshare-all', '--cap-add', 'CAP_NET_BIND_SERVICE', '--die-with-parent', '--new-session', '--hostname', 'sandbox', '--chdir', cwd);
  return args;
}
