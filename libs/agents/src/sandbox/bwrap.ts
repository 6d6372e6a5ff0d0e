import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { supervise, type Sandbox, type SandboxResult, type SandboxRunOptions } from '@recovery-bench/harness';
import { createCgroup } from './cgroup.ts';
import { layoutOf, probeSandbox, SCRATCH_DIRS, withRunFolder, type Layout } from './layout.ts';

const exec = promisify(execFile);

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
  return probeSandbox({
    kind: 'bwrap',
    version,
    description: `${version}: the workspace writable, system folders read-only, nothing else of the host; own PID and network namespaces (only the allowed ports of 127.0.0.1); ${limits}`,
    run: (command, args, options) => runInBwrap(command, args, options),
  });
}

async function runInBwrap(command: string, args: readonly string[], options: SandboxRunOptions): Promise<SandboxResult> {
  const cgroup = createCgroup(`rb-${process.pid}-${++runs}`, options.policy.limits);
  let tornDown = 'unavailable' in cgroup;
  try {
    return await withRunFolder(options.policy, async (run) => {
      const bwrap = ['bwrap', ...bwrapArgs(layoutOf(options.policy, run), options.cwd), '--', ...run.inner(command, args)];
      // The wrapper joins the cgroup before bwrap starts, so that no process of the sandbox is ever outside it.
      const launch = 'unavailable' in cgroup
        ? bwrap
        : ['sh', '-c', `${cgroup.procsFiles.map((f) => `echo $$ > '${f}'`).join(' && ')} && exec "$@"`, 'sh', ...bwrap];
      const result = await supervise(launch[0]!, launch.slice(1), options);
      // Checked, not assumed: a process that survived the PID namespace's end fails the run here.
      if (!('unavailable' in cgroup)) await cgroup.teardown();
      tornDown = true;
      return { ...result, leftovers: run.leftovers() };
    });
  } finally {
    // After a failure on the way (a bridge that did not open, a program that did not start), the group still goes.
    if (!tornDown && !('unavailable' in cgroup)) await cgroup.teardown().catch(() => undefined);
  }
}
let runs = 0;

/** Bubblewrap's arguments for a layout: what is mounted where, the namespaces, and the working folder. */
function bwrapArgs(layout: Layout, cwd: string): string[] {
  const args: string[] = [];
  for (const link of layout.links) args.push('--symlink', link.target, link.path);
  args.push('--proc', '/proc', '--dev', '/dev');
  for (const dir of SCRATCH_DIRS) args.push('--tmpfs', dir);
  for (const mount of layout.mounts) args.push(mount.writable ? '--bind' : '--ro-bind', mount.source, mount.target);
  // Binding a low port (the forwarder of an allowed port below 1024) touches only the sandbox's own network.
  args.push('--unshare-all', '--cap-add', 'CAP_NET_BIND_SERVICE', '--die-with-parent', '--new-session', '--hostname', 'sandbox', '--chdir', cwd);
  return args;
}
