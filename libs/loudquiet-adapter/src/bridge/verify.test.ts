import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceStates } from '../suite/loader.ts';
import { BridgeClient } from './client.ts';
import { fixtureLaunch } from './fixture-launch.ts';
import { FIXTURE_DIR, FIXTURE_REFERENCE } from './paths.ts';
import { checkGorillaCommit, firstDifference, verifyReferenceRebuild } from './verify.ts';

let bridge: BridgeClient;
beforeAll(async () => {
  bridge = await BridgeClient.start(fixtureLaunch());
});
afterAll(async () => {
  await bridge?.close();
});

describe('verifyReferenceRebuild', () => {
  it('accepts reference states the bridge rebuilds byte for byte', async () => {
    await expect(verifyReferenceRebuild(bridge, loadReferenceStates(FIXTURE_REFERENCE))).resolves.toBeUndefined();
  });

  it('names the first differing line, in one line (50.0 written as 50 is a difference)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'lq-verify-')), 'reference_states.json');
    const text = readFileSync(FIXTURE_REFERENCE, 'utf8');
    writeFileSync(path, text.replace('"water_level": 50.0', '"water_level": 50'));
    const line = text.split('\n').findIndex((l) => l.includes('"water_level": 50.0')) + 1;
    await expect(verifyReferenceRebuild(bridge, loadReferenceStates(path))).rejects.toThrow(
      `${path}: the bridge's rebuild of the reference states differs (line ${line}: expected "        \\"water_level\\": 50,", got "        \\"water_level\\": 50.0,")`,
    );
  });

  it('firstDifference reports a missing tail', () => {
    expect(firstDifference('a\nb', 'a\nb')).toBeUndefined();
    expect(firstDifference('a\nb', 'a')).toBe('line 2: expected "b", got "(end of file)"');
  });
});

describe('checkGorillaCommit', () => {
  it('passes the pin, warns on an unknown commit, refuses another unless allowed', () => {
    expect(checkGorillaCommit('6ea57973c7a6097fd7c5915698c54c17c5b1b6c8', '/g', false)).toBeUndefined();
    expect(checkGorillaCommit(null, '/g', false)).toBe('warning: /g is not a git checkout; its commit cannot be checked against 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8');
    expect(() => checkGorillaCommit('abc', '/g', false)).toThrow('/g is at abc, not the pinned 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8');
    expect(checkGorillaCommit('abc', '/g', true)).toBe('warning: /g is at abc, not the pinned 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 (--allow-unpinned)');
  });
});

describe('hello: the gorilla commit of a git checkout', () => {
  it('reads HEAD, detached or through a branch ref', async () => {
    const { execFileSync } = await import('node:child_process');
    const { cpSync, mkdirSync } = await import('node:fs');
    const dir = mkdtempSync(join(tmpdir(), 'lq-gorilla-'));
    const constants = join(dir, 'berkeley-function-call-leaderboard', 'bfcl_eval', 'constants');
    mkdirSync(constants, { recursive: true });
    writeFileSync(join(constants, 'executable_backend_config.py'), 'CLASS_FILE_PATH_MAPPING = {"GardenAPI": "fixture_envs"}\n');
    writeFileSync(join(constants, '__init__.py'), '');
    writeFileSync(join(dir, 'berkeley-function-call-leaderboard', 'bfcl_eval', '__init__.py'), '');
    // A gorilla-shaped checkout whose class map points at the fixture module.
    cpSync(join(FIXTURE_DIR, 'fixture_envs.py'), join(dir, 'berkeley-function-call-leaderboard', 'fixture_envs.py'));
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' };
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8' }).trim();
    git('init', '--quiet', '-b', 'main');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'x');
    const head = git('rev-parse', 'HEAD');
    git('pack-refs', '--all');
    const launch = { ...fixtureLaunch(), classes: { kind: 'gorilla' as const, dir } };
    const packed = await BridgeClient.start(launch);
    expect(packed.hello.gorilla_commit).toBe(head);
    expect(checkGorillaCommit(packed.hello.gorilla_commit, dir, true)).toBe(`warning: ${dir} is at ${head}, not the pinned 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 (--allow-unpinned)`);
    const garden = await packed.environment('F001', 'clean', 0);
    expect(garden.tools).toContain('plant');
    await packed.close();
    git('checkout', '--quiet', '--detach');
    const detached = await BridgeClient.start(launch);
    expect(detached.hello.gorilla_commit).toBe(head);
    await detached.close();
  });
});
