import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCheckout } from './checkout.ts';
import { TOOLMAZE_IDENTITY } from './identity.ts';
import { buildManifest } from './manifest.ts';
import { tempCheckout, type TempCheckout } from './testing/fake-checkout.ts';

let co: TempCheckout | undefined;
afterEach(() => co?.dispose());

const prompts = { p0: 'p0', faultAware: 'fault-aware' };

/** A checkout whose `.git/HEAD` is a detached commit (a test value, not a real ToolMaze commit). */
function checkoutAt(head: string): TempCheckout {
  co = tempCheckout();
  mkdirSync(join(co.root, '.git'), { recursive: true });
  writeFileSync(join(co.root, '.git', 'HEAD'), `${head}\n`);
  return co;
}

const manifestOf = (root: string) => {
  const { suite, warnings } = loadCheckout(root, { computeDataHash: true });
  return { manifest: buildManifest({ source: suite.source, promptVariant: 'by-mode', prompts, configuration: {} }), warnings };
};

describe("a run's record of which ToolMaze ran", () => {
  it("pins the paper's code commit f8620d8 and data revision 08b0239", () => {
    expect(TOOLMAZE_IDENTITY.codeCommit).toBe('f8620d8');
    expect(TOOLMAZE_IDENTITY.dataRevision.startsWith('08b0239')).toBe(true);
  });

  it("records the checkout's HEAD, the data revision and whether both are the paper's", () => {
    const head = `${TOOLMAZE_IDENTITY.codeCommit}${'0'.repeat(33)}`;
    const { manifest, warnings } = manifestOf(checkoutAt(head).root);
    expect(manifest.checkoutHead).toBe(head);
    // The temporary checkout's few tasks do not hash to the pinned data, so the revision is not claimed.
    expect(manifest.dataRevision).toBeNull();
    expect(manifest.pinned).toEqual({ codeCommit: 'f8620d8', dataRevision: TOOLMAZE_IDENTITY.dataRevision, codeAtPin: true, dataAtPin: false });
    expect(warnings.map((w) => w.code)).not.toContain('code-commit-mismatch');
  });

  it('warns and records codeAtPin false when the checkout is at another commit', () => {
    const { manifest, warnings } = manifestOf(checkoutAt(TOOLMAZE_IDENTITY.thirdPartyCodeCommit).root);
    expect(manifest.checkoutHead).toBe(TOOLMAZE_IDENTITY.thirdPartyCodeCommit);
    expect(manifest.pinned.codeAtPin).toBe(false);
    expect(warnings.find((w) => w.code === 'code-commit-mismatch')?.message).toBe(`HEAD ${TOOLMAZE_IDENTITY.thirdPartyCodeCommit}, not the paper's code commit f8620d8 (recovery-bench fetch toolmaze checks it out)`);
  });

  it('records the data revision when the data hash is the pinned one', () => {
    const source = { kind: 'toolmaze-checkout' as const, root: '/x', codeCommit: 'f8620d8aa', dataRevision: TOOLMAZE_IDENTITY.dataRevision, perturbedTasksSha256: TOOLMAZE_IDENTITY.perturbedTasksSha256 };
    const manifest = buildManifest({ source, promptVariant: 'by-mode', prompts, configuration: {} });
    expect(manifest).toMatchObject({ checkoutHead: 'f8620d8aa', dataRevision: TOOLMAZE_IDENTITY.dataRevision, pinned: { codeAtPin: true, dataAtPin: true } });
  });

  it('claims nothing for the fixture suite', () => {
    const manifest = buildManifest({ source: { kind: 'fixture' }, promptVariant: 'by-mode', prompts, configuration: {} });
    expect(manifest).toMatchObject({ checkoutHead: null, dataRevision: null, pinned: { codeAtPin: null, dataAtPin: null } });
  });
});
