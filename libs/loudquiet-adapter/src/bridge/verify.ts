import { BenchError } from '@recovery-bench/harness';
import type { ReferenceStates } from '../suite/loader.ts';
import { LOUDQUIET_PINS } from '../suite/source.ts';
import type { BridgeClient } from './client.ts';

/** Where two texts first differ, as `line N: expected … got …` (one line). */
export function firstDifference(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: expected ${JSON.stringify(a[i] ?? '(end of file)')}, got ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return 'the texts differ';
}

/**
 * Spec §11's last check before a run: the bridge rebuilds every task's reference state from its ground truth and
 * the result equals `reference_states.json` byte for byte. Throws one line naming the first difference.
 */
export async function verifyReferenceRebuild(client: BridgeClient, reference: ReferenceStates): Promise<void> {
  const difference = firstDifference(reference.text, await client.referencesText());
  if (difference !== undefined) {
    throw new BenchError('config:invalid', `${reference.file.path}: the bridge's rebuild of the reference states differs (${difference})`, {
      hint: 'check the gorilla checkout commit, the Python version (3.11 made the data) and TZ',
    });
  }
}

/**
 * The gorilla checkout's commit against the pin: a different commit is refused unless `allowUnpinned` (then a
 * warning); an unknown commit (not a git checkout) is a warning. Returns the warning line, if any.
 */
export function checkGorillaCommit(commit: string | null, dir: string, allowUnpinned: boolean): string | undefined {
  if (commit === LOUDQUIET_PINS.gorillaCommit) return undefined;
  if (commit === null) return `warning: ${dir} is not a git checkout; its commit cannot be checked against ${LOUDQUIET_PINS.gorillaCommit}`;
  const message = `${dir} is at ${commit}, not the pinned ${LOUDQUIET_PINS.gorillaCommit}`;
  if (!allowUnpinned) throw new BenchError('config:invalid', message, { hint: 'check out the pinned commit, or pass --allow-unpinned' });
  return `warning: ${message} (--allow-unpinned)`;
}
