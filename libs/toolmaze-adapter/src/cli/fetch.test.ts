import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '@recovery-bench/harness';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toolmazeEntry } from '../entry.ts';
import { TOOLMAZE_IDENTITY } from '../identity.ts';
import { NO_SERVICES } from '@recovery-bench/harness';

/**
 * `recovery-bench fetch toolmaze …`, in this process with `env` set for the call: the CLI hands the words after the
 * benchmark's id to the entry's fetch, and prints a thrown CliError as `recovery-bench <command>: <message>`.
 */
async function runCli(args: string[], _input: string, opts: { env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const saved = { ...process.env };
  Object.assign(process.env, opts.env);
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  try {
    return { code: await toolmazeEntry.fetch!.run(args.slice(2), { services: NO_SERVICES }), stdout, stderr: '' };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { code: error.exitCode, stdout, stderr: `recovery-bench ${error.command ?? 'fetch'}: ${error.message}\n` };
  } finally {
    spy.mockRestore();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

const work = mkdtempSync(join(tmpdir(), 'toolmaze-fetch-'));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * A `git` on PATH that fails like an offline machine, or "clones" an empty tree and "checks out" REF as a detached
 * HEAD: `$FAKE_GIT_HEAD`, else REF padded with zeros (test values, not ToolMaze's commits). Each call is logged.
 */
function fakeGit(name: string, mode: 'offline' | 'ok'): string {
  const bin = join(work, name);
  mkdirSync(bin, { recursive: true });
  const body = mode === 'offline'
    ? `echo "Cloning into '\${@: -1}'..." >&2\necho "fatal: unable to access '${TOOLMAZE_IDENTITY.codeRepository}/': Could not resolve host: github.com" >&2\nexit 128`
    : [
      `echo "$*" >>"${join(bin, 'calls.log')}"`,
      'if [ "$1" = clone ]; then mkdir -p "${@: -1}"/.git; fi',
      'if [ "$3" = checkout ]; then h="${FAKE_GIT_HEAD:-$5}"; while [ ${#h} -lt 40 ]; do h="${h}0"; done; echo "$h" >"$2/.git/HEAD"; fi',
      'exit 0',
    ].join('\n');
  writeFileSync(join(bin, 'git'), `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return bin;
}

const withPath = (bin: string) => ({ PATH: `${bin}:${process.env.PATH ?? ''}` });

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('recovery-bench fetch toolmaze', () => {
  it('prints one line and exits 1 when git cannot reach the network', async () => {
    const r = await runCli(['fetch', 'toolmaze', '--dest', join(work, 'a')], '', { env: withPath(fakeGit('bin-offline', 'offline')) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('recovery-bench fetch toolmaze: offline: cannot reach github.com (unable to access \'https://github.com/Zhudongsheng75/ToolMaze/\': Could not resolve host: github.com)\n');
  });

  it('prints one line and exits 1 when the data download cannot connect', async () => {
    const closed = await listen(() => undefined);
    servers.pop()!.close();
    const r = await runCli(['fetch', 'toolmaze', '--dest', join(work, 'b')], '', { env: { ...withPath(fakeGit('bin-ok', 'ok')), HF_ENDPOINT: closed } });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^recovery-bench fetch toolmaze: offline: cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\n$/);
  });

  it('downloads the data revision, unzips it into data/, and checks the hash', async () => {
    const src = join(work, 'zip-src', 'perturbed_tasks', 'c1');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'C1_task_001_P0.json'), '{"task_id": "C1_task_001"}\n');
    const zip = join(work, 'data.zip');
    spawnSync('python3', ['-c', 'import shutil,sys; shutil.make_archive(sys.argv[1][:-4], "zip", sys.argv[2])', zip, join(work, 'zip-src')]);
    const { dataRepository: repo, dataRevision: rev } = TOOLMAZE_IDENTITY;
    const seen: string[] = [];
    const endpoint = await listen((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === `/api/datasets/${repo}/revision/${rev}`) return res.end(JSON.stringify({ siblings: [{ rfilename: '.gitattributes' }, { rfilename: 'perturbed_tasks.zip' }, { rfilename: 'README.md' }] }));
      if (req.url === `/datasets/${repo}/resolve/${rev}/perturbed_tasks.zip`) return res.end(readFileSync(zip));
      if (req.url === `/datasets/${repo}/resolve/${rev}/README.md`) return res.end('# readme\n');
      res.statusCode = 404;
      res.end();
    });
    const dest = join(work, 'c');
    const r = await runCli(['fetch', 'toolmaze', '--dest', dest], '', { env: { ...withPath(fakeGit('bin-ok2', 'ok')), HF_ENDPOINT: endpoint } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(existsSync(join(dest, 'data', 'perturbed_tasks', 'c1', 'C1_task_001_P0.json'))).toBe(true);
    expect(existsSync(join(dest, 'data', 'README.md'))).toBe(true);
    expect(r.stdout).toMatch(/cloned https:\/\/github\.com\/Zhudongsheng75\/ToolMaze at f8620d80{33} \(the paper's commit\)/);
    const earlier = join(work, 'earlier-clone');
    mkdirSync(join(earlier, '.git'), { recursive: true });
    writeFileSync(join(earlier, 'README.md'), 'code from an earlier attempt\n');
    const again = await runCli(['fetch', 'toolmaze', '--dest', earlier], '', { env: { ...withPath(fakeGit('bin-ok3', 'ok')), HF_ENDPOINT: endpoint } });
    expect(again.stdout).toMatch(/^reused the clone at f8620d8/);
    expect(again.code).toBe(0);
    expect(r.stdout).toMatch(/warning: data hash [0-9a-f]{64} of 1 task files differs from the pinned 9fcd7d7e/);
    expect(seen).not.toContain(`/datasets/${repo}/resolve/${rev}/.gitattributes`);
  });

  it("checks out the paper's code commit f8620d8 by default and fails when HEAD is another commit", async () => {
    const bin = fakeGit('bin-wrong-head', 'ok');
    const dest = join(work, 'wrong-head');
    const r = await runCli(['fetch', 'toolmaze', '--dest', dest], '', { env: { ...withPath(bin), FAKE_GIT_HEAD: 'ab'.repeat(20) } });
    expect(readFileSync(join(bin, 'calls.log'), 'utf8').split('\n')[1]).toBe(`-C ${dest} checkout --quiet f8620d8`);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`recovery-bench fetch toolmaze: checked out f8620d8 but HEAD is ${'ab'.repeat(20)}\n`);
    const third = await runCli(['fetch', 'toolmaze', '--dest', join(work, 'third'), '--code-ref', TOOLMAZE_IDENTITY.thirdPartyCodeCommit], '', { env: { ...withPath(fakeGit('bin-third', 'ok')), HF_ENDPOINT: 'http://127.0.0.1:1' } });
    expect(third.stdout).toBe(`cloned ${TOOLMAZE_IDENTITY.codeRepository} at ${TOOLMAZE_IDENTITY.thirdPartyCodeCommit} (the commit a third-party run used) in ${join(work, 'third')}\n`);
  });

  it('refuses a non-empty destination and extra words as usage errors', async () => {
    const dest = join(work, 'full');
    mkdirSync(dest, { recursive: true });
    writeFileSync(join(dest, 'x'), '');
    const full = await runCli(['fetch', 'toolmaze', '--dest', dest], '');
    expect(full).toMatchObject({ code: 2, stderr: `recovery-bench fetch: ${dest} exists and is not empty; choose another --dest\n` });
    const other = await runCli(['fetch', 'toolmaze', 'bfcl'], '');
    expect(other).toMatchObject({ code: 2, stderr: 'recovery-bench fetch: fetch toolmaze takes no other words; got "bfcl"\n' });
  });
});
