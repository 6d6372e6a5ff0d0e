import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type Docker from 'dockerode';
import type { Sandbox, SandboxResult, SandboxRunOptions } from '@recovery-bench/harness';
import { layoutOf, probeSandbox, SCRATCH_DIRS, systemLinks, withRunFolder } from './layout.ts';

/** Containers of the sandbox carry this label (`docker ps --filter label=recovery-bench.sandbox`). */
export const SANDBOX_LABEL = 'recovery-bench.sandbox';
/** The pid of the harness that started a run's container. */
const OWNER_LABEL = `${SANDBOX_LABEL}.owner`;

/**
 * Docker, where a daemon on this machine answers: one container per run from a root file system of empty folders
 * (built here with `docker import`, nothing pulled), the host's system folders and the policy's folders mounted at
 * their own paths as in bubblewrap, a read-only root, no network but loopback (`none`), every capability dropped,
 * the harness's own user, and Docker's process and memory limits. The container ends when the program does (its
 * first process is the forwarder, under Docker's init), and is removed and checked gone before `run` returns.
 * The daemon must see this machine's files: a remote DOCKER_HOST cannot mount them.
 */
export async function dockerSandbox(): Promise<Sandbox> {
  const docker = await connect();
  const info = (await docker.version()) as { Version?: string; ApiVersion?: string };
  const version = `Docker ${info.Version ?? '?'} (API ${info.ApiVersion ?? '?'})`;
  const image = await rootImage(docker);
  await removeOrphans(docker);
  return probeSandbox({
    kind: 'docker',
    version,
    description: `${version}: a container per run with the workspace writable, system folders read-only, nothing else of the host; no network but the allowed ports of 127.0.0.1; no capabilities; process and memory limits`,
    run: (command, args, options) => runInDocker(docker, image, command, args, options),
  });
}

async function connect(): Promise<Docker> {
  const { default: DockerClient } = await import('dockerode');
  const docker = new DockerClient();
  try {
    // dockerode passes abortSignal on for every call; its type for ping() just does not declare options.
    await (docker.ping.bind(docker) as unknown as (o: { abortSignal: AbortSignal }) => Promise<unknown>)({ abortSignal: AbortSignal.timeout(5_000) });
  } catch (error) {
    const e = error as { json?: { message?: string }; code?: string; message?: string };
    throw new Error(`no Docker engine answers at ${process.env.DOCKER_HOST ?? '/var/run/docker.sock'} (${e.json?.message ?? e.code ?? e.message})`);
  }
  return docker;
}

/**
 * The image every run starts from: the folders the mounts need and the host's system links (`/bin` → `usr/bin`),
 * nothing else. Its tag names the links, so a host laid out differently gets its own image.
 */
async function rootImage(docker: Docker): Promise<string> {
  const links = systemLinks();
  const tag = `recovery-bench/sandbox-root:${createHash('sha256').update(JSON.stringify({ layout: 2, links })).digest('hex').slice(0, 12)}`;
  try {
    await docker.getImage(tag).inspect();
    return tag;
  } catch {
    // not built yet
  }
  const root = mkdtempSync(join(tmpdir(), 'rb-sandbox-root-'));
  try {
    for (const dir of ['usr', 'etc', 'proc', 'sys', 'dev', ...SCRATCH_DIRS.map((d) => d.slice(1))]) mkdirSync(join(root, dir), { recursive: true });
    // Docker mounts its init at /sbin/docker-init, which needs /sbin a folder of the image's own (the host's
    // /sbin commands stay reachable as /usr/sbin, which PATH names).
    for (const link of links) {
      if (link.path === '/sbin') mkdirSync(join(root, 'sbin'));
      else symlinkSync(link.target, join(root, link.path));
    }
    writeFileSync(join(root, 'etc/passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
    const tar = spawn('tar', ['--numeric-owner', '-C', root, '-cf', '-', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [repo, version] = tag.split(':');
    const progress = await docker.importImage(tar.stdout, { repo, tag: version, changes: [`LABEL ${SANDBOX_LABEL}=root`] } as object);
    await new Promise<void>((resolve, reject) => docker.modem.followProgress(progress, (error) => (error ? reject(error) : resolve())));
    await docker.getImage(tag).inspect();
    return tag;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function runInDocker(docker: Docker, image: string, command: string, args: readonly string[], options: SandboxRunOptions): Promise<SandboxResult> {
  const { policy } = options;
  return withRunFolder(policy, async (run) => {
    const layout = layoutOf(policy, run);
    // The image already holds the host's system links, so only the mounts remain.
    const container = await docker.createContainer({
      Image: image,
      Cmd: run.inner(command, args),
      Env: Object.entries(options.env).flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${value}`])),
      WorkingDir: options.cwd,
      User: `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`,
      Hostname: 'sandbox',
      Labels: { [SANDBOX_LABEL]: 'run', [OWNER_LABEL]: String(process.pid) },
      AttachStdout: true,
      AttachStderr: true,
      HostConfig: {
        Binds: layout.mounts.map((m) => `${m.source}:${m.target}:${m.writable ? 'rw' : 'ro'}`),
        Tmpfs: Object.fromEntries(SCRATCH_DIRS.map((dir) => [dir, 'rw,nosuid,nodev,mode=1777'])),
        ReadonlyRootfs: true,
        NetworkMode: 'none',
        // Any port of the sandbox's own loopback may be bound (the forwarder of an allowed port below 1024).
        Sysctls: { 'net.ipv4.ip_unprivileged_port_start': '0' },
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        Init: true,
        PidsLimit: policy.limits.processes,
        Memory: policy.limits.memoryBytes,
        MemorySwap: policy.limits.memoryBytes,
      },
    });
    const t0 = performance.now();
    try {
      const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
      const out = collector(maxBytes);
      const err = collector(maxBytes);
      const stream = await container.attach({ stream: true, stdout: true, stderr: true });
      const ended = new Promise<void>((resolve) => stream.once('end', resolve).once('close', resolve).once('error', () => resolve()));
      docker.modem.demuxStream(stream, out.sink, err.sink);
      let timedOut = false;
      const kill = () => void container.kill().catch(() => undefined);
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, options.timeoutMs);
      options.signal?.addEventListener('abort', kill, { once: true });
      try {
        await container.start();
        const { StatusCode } = (await container.wait()) as { StatusCode: number };
        await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        return { stdout: out.text(), stderr: err.text(), exitCode: StatusCode, timedOut, wallMs: performance.now() - t0, leftovers: run.leftovers() };
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', kill);
      }
    } finally {
      await removeChecked(container);
    }
  });
}

/**
 * Removes the run containers whose harness no longer lives (killed before it could remove them): Docker, unlike
 * bubblewrap, does not end a container with its parent.
 */
async function removeOrphans(docker: Docker): Promise<void> {
  const containers = await docker.listContainers({ all: true, filters: { label: [`${SANDBOX_LABEL}=run`] } });
  for (const info of containers) {
    const owner = Number(info.Labels[OWNER_LABEL]);
    if (Number.isInteger(owner) && owner > 0 && alive(owner)) continue;
    await removeChecked(docker.getContainer(info.Id)).catch(() => undefined);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the container and its processes, and checks with the daemon that it is gone (a removal already under
 * way, by another harness clearing orphans, is waited for).
 */
async function removeChecked(container: Docker.Container, timeoutMs = 30_000): Promise<void> {
  const code = (error: unknown) => (error as { statusCode?: number }).statusCode;
  await container.remove({ force: true }).catch((error: unknown) => {
    if (code(error) !== 404 && code(error) !== 409) throw error;
  });
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const left = await container.inspect().catch((error: unknown) => (code(error) === 404 ? null : Promise.reject(error)));
    if (!left) return;
    if (Date.now() > deadline) throw new Error(`the sandbox container ${container.id.slice(0, 12)} is still there ${timeoutMs} ms after its removal (${left.State.Status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function collector(maxBytes: number): { sink: Writable; text(): string } {
  let text = '';
  const decoder = new StringDecoder('utf8');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (text.length < maxBytes) text += decoder.write(chunk);
      done();
    },
  });
  return { sink, text: () => text };
}
