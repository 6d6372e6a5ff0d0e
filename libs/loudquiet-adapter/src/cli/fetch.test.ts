import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from '@recovery-bench/harness';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_REFERENCE, FIXTURE_SUITE, GORILLA_CLASS_MAP_FILE, GORILLA_CLASSES_DIR } from '../bridge/paths.ts';
import { REFERENCE_IN_CHECKOUT, SUITE_IN_CHECKOUT } from '../suite/source.ts';
import { runFetchCommand } from './fetch.ts';

const work = mkdtempSync(join(tmpdir(), 'loudquiet-fetch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
const gitIn = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();

/** A local repository with the given files in a first commit (returned) and a later commit that changes them. */
function makeRepo(name: string, files: Record<string, string>): { url: string; first: string } {
  const dir = join(work, 'origin', name);
  mkdirSync(dir, { recursive: true });
  gitIn(dir, 'init', '--quiet', '-b', 'main');
  gitIn(dir, 'config', 'uploadpack.allowFilter', 'true');
  gitIn(dir, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '--quiet', '-m', 'first');
  const first = gitIn(dir, 'rev-parse', 'HEAD');
  for (const path of Object.keys(files)) writeFileSync(join(dir, path), 'later\n');
  gitIn(dir, 'commit', '--quiet', '-am', 'later');
  return { url: `file://${dir}`, first };
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  try {
    return { code: await runFetchCommand(args), stdout, stderr: '' };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { code: error.exitCode, stdout, stderr: `recovery-bench ${error.command ?? 'fetch'}: ${error.message}\n` };
  } finally {
    spy.mockRestore();
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('recovery-bench fetch loudquiet', () => {
  const gorilla = makeRepo('gorilla', {
    [GORILLA_CLASS_MAP_FILE]: 'CLASS_FILE_PATH_MAPPING = {}\n',
    [`${GORILLA_CLASSES_DIR}/vehicle_control.py`]: 'class VehicleControlAPI:\n    pass\n',
    'berkeley-function-call-leaderboard/bfcl_eval/data/big.json': '{}\n',
    'openfunctions/README.md': 'not needed\n',
  });
  const brittle = makeRepo('brittle', {
    [SUITE_IN_CHECKOUT]: readFileSync(FIXTURE_SUITE, 'utf8'),
    [REFERENCE_IN_CHECKOUT]: readFileSync(FIXTURE_REFERENCE, 'utf8'),
    '04_paper/paper.tex': 'not needed\n',
  });
  const mirrors = (dest: string) => ['--dest', dest, '--gorilla-url', gorilla.url, '--brittle-url', brittle.url, '--gorilla-ref', gorilla.first, '--brittle-ref', brittle.first];

  it('sparse-clones both repositories at the pinned commits and checks the data files', async () => {
    const dest = join(work, 'a');
    const r = await run(mirrors(dest));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dest, 'gorilla', GORILLA_CLASS_MAP_FILE), 'utf8')).toBe('CLASS_FILE_PATH_MAPPING = {}\n');
    expect(existsSync(join(dest, 'gorilla', GORILLA_CLASSES_DIR, 'vehicle_control.py'))).toBe(true);
    expect(existsSync(join(dest, 'gorilla', 'berkeley-function-call-leaderboard/bfcl_eval/data/big.json'))).toBe(false);
    expect(existsSync(join(dest, 'gorilla', 'openfunctions'))).toBe(false);
    expect(existsSync(join(dest, 'brittle-agents', '04_paper'))).toBe(false);
    expect(gitIn(join(dest, 'brittle-agents'), 'rev-parse', 'HEAD')).toBe(brittle.first);
    expect(readFileSync(join(dest, 'brittle-agents', SUITE_IN_CHECKOUT), 'utf8')).toBe(readFileSync(FIXTURE_SUITE, 'utf8'));
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`cloned ${gorilla.url} at ${gorilla.first} in ${join(dest, 'gorilla')} (sparse: ${GORILLA_CLASSES_DIR}, constants)`);
    expect(lines[1]).toBe(`cloned ${brittle.url} at ${brittle.first} in ${join(dest, 'brittle-agents')}`);
    expect(lines[2]).toMatch(/^warning: .*task_suite\.json: size: \d+ bytes, but the frozen task_suite\.json has 90023 \(a different or converted copy\)$/);
    expect(lines[3]).toMatch(/^warning: .*reference_states\.json: size: /);
    expect(lines[4]).toBe(`next: export LOUDQUIET_GORILLA_DIR=${join(dest, 'gorilla')} LOUDQUIET_BRITTLE_DIR=${join(dest, 'brittle-agents')}`);
    const again = await run(mirrors(dest));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^reused /);
  });

  it('says in one line, exit 1, when the network cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/gorilla.git`;
    const r = await run(['--dest', join(work, 'b'), '--gorilla-url', url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(/^recovery-bench fetch loudquiet: offline: cannot reach 127\.0\.0\.1:\d+ \(.*(Failed to connect|Couldn't connect).*\)\n$/);
  });

  it('fails in one line on an unknown commit, a non-empty destination and extra words', async () => {
    const r = await run([...mirrors(join(work, 'c')).slice(0, 6), '--gorilla-ref', '0123456789012345678901234567890123456789']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^recovery-bench fetch loudquiet: git (fetch|checkout) failed: .+\n$/);
    const full = join(work, 'full');
    mkdirSync(join(full, 'gorilla'), { recursive: true });
    writeFileSync(join(full, 'gorilla', 'x'), '');
    expect(await run(mirrors(full))).toMatchObject({ code: 2, stderr: `recovery-bench fetch: ${join(full, 'gorilla')} exists and is not empty; choose another --dest\n` });
    expect(await run(['bfcl'])).toMatchObject({ code: 2, stderr: 'recovery-bench fetch: fetch loudquiet takes no other words; got "bfcl"\n' });
  });

  it('prints its help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: recovery-bench fetch loudquiet');
    expect(r.stdout).toContain('6ea57973c7a6');
  });
});
