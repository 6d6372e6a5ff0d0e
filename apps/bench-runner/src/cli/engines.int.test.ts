import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDocker, dockerStatus } from '@recovery-bench/engines';
import { containersOfRun, ensureTestImage, fakeEngineConfig, uniqueRunId } from '@recovery-bench/engines/testing/docker';
import { spawn, type ChildProcess } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';

const docker = await dockerStatus();

function configFile(env: Record<string, string> = {}): string {
  const path = join(mkdtempSync(join(tmpdir(), 'rb-engines-int-')), 'engine.yaml');
  writeFileSync(path, JSON.stringify(fakeEngineConfig(env)));
  return path;
}

interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when some output matches. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string>;
  exit: Promise<number | null>;
}

function cli(args: string[]): Cli {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT });
  const text = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (text.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (text.stderr += d));
  const exit = once(child, 'close').then(([code]) => code as number | null);
  const waitFor = async (stream: 'stdout' | 'stderr', pattern: RegExp) => {
    while (!pattern.test(text[stream])) await Promise.race([once(child[stream], 'data'), exit]).then(() => undefined);
    return text[stream];
  };
  return { child, stdout: () => text.stdout, stderr: () => text.stderr, waitFor, exit };
}

describe.skipIf(!docker.ok)(`recovery-bench engines against a real Docker engine${docker.ok ? '' : ` — skipped: ${docker.reason}`}`, () => {
  beforeAll(ensureTestImage, 120_000);

  it('engines start prints the proxy URL, serves through it, and Ctrl-C removes the container', async () => {
    const runId = uniqueRunId('cli');
    const run = cli(['engines', 'start', '--config', configFile(), '--proxy-port', '0', '--run-id', runId, '--records', join(tmpdir(), `${runId}.jsonl`)]);
    const out = await run.waitFor('stdout', /^proxy: (http:\S+)$/m);
    const proxyUrl = /^proxy: (http:\S+)$/m.exec(out)![1]!;
    expect(out).toMatch(/^engine: geulpu serving "fake-model" at http:\/\/127\.0\.0\.1:\d+ \(container eng-cli-/m);
    const reply = await fetch(`${proxyUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(reply.status).toBe(200);
    expect(await containersOfRun(runId)).toHaveLength(1);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toMatch(/engine stopped\n$/);
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('Ctrl-C during the start aborts it: exit 130, no container left', async () => {
    const runId = uniqueRunId('cli-abort');
    const run = cli(['engines', 'start', '--config', configFile({ FAKE_READY_AFTER_MS: '600000' }), '--run-id', runId]);
    await run.waitFor('stderr', /^wait: /m);
    expect(await containersOfRun(runId)).toHaveLength(1);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(130);
    expect(run.stderr()).toMatch(/start aborted \(SIGINT\)/);
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('engines prune --run removes one run\'s leftovers by label', async () => {
    const runId = uniqueRunId('cli-prune');
    const client = await connectDocker();
    const leftover = await client.createContainer({ name: `eng-${runId}-x`, Image: 'recovery-bench/test-rootfs:1', Cmd: ['true'], Labels: { 'engines.managed': 'true', 'engines.run': runId } });
    expect(leftover.id).toBeTruthy();
    const run = cli(['engines', 'prune', '--run', runId]);
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toBe(`removed eng-${runId}-x (run ${runId}, was created)\n1 container(s) removed\n`);
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);
});
