import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceStates } from '../suite/loader.ts';
import { BridgeClient } from './client.ts';
import { fixtureLaunch } from './fixture-launch.ts';
import { FIXTURE_REFERENCE } from './paths.ts';
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
