import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sandbox, SandboxPolicy } from '@recovery-bench/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerSandbox, SANDBOX_LABEL } from './docker.ts';
import { openSandbox } from './open.ts';

// What a program inside each sandbox can and cannot do, tried for real. Each backend is skipped, with the reason,
// where it is missing or cannot start a sandbox (CI installs bubblewrap and starts a Docker engine).
const BACKENDS = await Promise.all(
  (['bwrap', 'docker'] as const).map((kind) => openSandbox(kind).then((sandbox) => ({ kind, sandbox }), (error: Error) => ({ kind, missing: error.message }))),
);

async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.end('answered from the host'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

for (const opened of BACKENDS) describe.skipIf('missing' in opened)(`the ${opened.kind} sandbox${'missing' in opened ? ` — skipped: ${opened.missing}` : ''}`, () => {
  let sandbox: Sandbox;
  let workspace: string;
  let secret: string;
  let allowed: { server: Server; port: number };
  let other: { server: Server; port: number };
  const policy = (): SandboxPolicy => ({ workspace, writable: [], readOnly: [], allowPorts: [allowed.port], limits: { processes: 64, memoryBytes: 512 * 1024 * 1024 } });
  const sh = (script: string, timeoutMs = 20_000) => sandbox.run('sh', ['-c', script], { cwd: workspace, env: { PATH: '/usr/bin:/bin', HOME: workspace }, timeoutMs, policy: policy() });
  const node = (code: string) => sandbox.run(process.execPath, ['--input-type=module', '-e', code], { cwd: workspace, env: { PATH: '/usr/bin:/bin', HOME: workspace }, timeoutMs: 20_000, policy: policy() });

  beforeAll(async () => {
    sandbox = (opened as { sandbox: Sandbox }).sandbox;
    workspace = mkdtempSync(join(tmpdir(), 'rb-sandbox-ws-'));
    const outside = mkdtempSync(join(tmpdir(), 'rb-sandbox-secret-'));
    secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'the check secret\n');
    [allowed, other] = [await listen(), await listen()];
  });

  afterAll(() => {
    allowed?.server.close();
    other?.server.close();
  });

  it('writes in the workspace, and neither reads nor writes anything else of the host', async () => {
    const result = await sh(`echo made > result.txt && cat '${secret}'; echo x > '${secret}'; echo y > /usr/rb-probe; ls /root; touch /tmp/visible && echo tmp-ok`);
    expect(readFileSync(join(workspace, 'result.txt'), 'utf8')).toBe('made\n');
    expect(result.stderr).toMatch(/secret\.txt: No such file or directory/);
    expect(result.stderr).toMatch(/\/usr\/rb-probe: Read-only file system/);
    expect(result.stderr).toMatch(/\/root.*No such file or directory/);
    expect(result.stdout).toContain('tmp-ok');
    expect(readFileSync(secret, 'utf8')).toBe('the check secret\n');
    expect(() => readFileSync('/tmp/visible')).toThrow(/ENOENT/);
  });

  it('reaches the allowed port of 127.0.0.1 and no other; its network has loopback only', async () => {
    const result = await node(`
      import { readFileSync } from 'node:fs';
      const get = (port) => fetch('http://127.0.0.1:' + port).then((r) => r.text(), (e) => 'refused: ' + (e.cause?.code ?? e.message));
      console.log(await get(${allowed.port}));
      console.log(await get(${other.port}));
      console.log(readFileSync('/proc/net/dev', 'utf8').trim().split('\\n').slice(2).map((l) => l.trim().split(':')[0]).join(','));
      console.log(readFileSync('/proc/net/route', 'utf8').trim().split('\\n').length);
    `);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual(['answered from the host', 'refused: ECONNREFUSED', 'lo', '1']);
  });

  it('sees none of the host\'s processes and cannot signal the harness', async () => {
    const result = await sh(`kill -0 ${process.pid} && echo signalled; ls /proc | grep -c '^[0-9]'`);
    expect(result.stdout).not.toContain('signalled');
    expect(Number(result.stdout.trim())).toBeLessThan(10);
  });

  it('ends every process the program started, detached ones too, and counts them', async () => {
    const marker = '987.654';
    const result = await sh(`setsid sleep ${marker} & (sleep ${marker} &) ; echo started`);
    expect(result.stdout).toContain('started');
    expect(result.leftovers).toBeGreaterThanOrEqual(2);
    const alive = execFileSync('ps', ['-eo', 'args']).toString().split('\n').filter((line) => line.includes(`sleep ${marker}`));
    expect(alive).toEqual([]);
  });

  it('bounds the processes a program may start at once', async () => {
    const result = await sh('for i in $(seq 1 200); do sleep 3 & done; echo "all 200 started"', 60_000);
    // The limit (64) stops the shell's forks long before 200; the run ends at once, and what it started goes with it.
    expect(result.stdout).not.toContain('all 200 started');
    expect(result.stderr).toMatch(/Cannot fork|Resource temporarily unavailable/);
    expect(result.timedOut).toBe(false);
    expect(result.leftovers).toBeGreaterThan(0);
    expect(result.leftovers).toBeLessThan(64);
  }, 90_000);
});

describe.skipIf(!BACKENDS.some((b) => b.kind === 'docker' && 'sandbox' in b))('the docker sandbox after its harness was killed', () => {
  it('leaves the run container behind, and the next harness to open the sandbox removes it', async () => {
    const docker = new (await import('dockerode')).default();
    const hold = fileURLToPath(new URL('../testing/hold-sandbox-run.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', hold], { stdio: ['ignore', 'pipe', 'inherit'] });
    const owned = () => docker.listContainers({ all: true, filters: { label: [`${SANDBOX_LABEL}.owner=${child.pid}`] } });
    await once(child.stdout!, 'data');
    const deadline = Date.now() + 20_000;
    while ((await owned()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await owned()).toHaveLength(1);
    await dockerSandbox();
    expect(await owned()).toEqual([]);
  }, 60_000);
});
