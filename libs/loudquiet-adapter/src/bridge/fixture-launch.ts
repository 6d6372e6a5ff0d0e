import { FIXTURE_CLASS_MAP, FIXTURE_DIR, FIXTURE_SUITE } from './paths.ts';
import type { BridgeLaunch } from './protocol.ts';

/** The bridge over the self-authored fixture environment and suite (no BFCL code or data). */
export function fixtureLaunch(overrides: Partial<BridgeLaunch> = {}): BridgeLaunch {
  return { suitePath: FIXTURE_SUITE, classes: { kind: 'map', file: FIXTURE_CLASS_MAP, modulePath: FIXTURE_DIR }, ...overrides };
}
