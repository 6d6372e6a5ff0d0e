import { FIXTURE_CLASS_MAP, FIXTURE_DIR, FIXTURE_REFERENCE, FIXTURE_SUITE } from '../bridge/paths.ts';
import type { BridgeLaunch } from '../bridge/protocol.ts';
import { LOUDQUIET_ENV, resolveSuiteSource, type SuiteSource, type SuiteSourceInput } from '../suite/source.ts';

/** The data a run reads: the built-in fixture suite over the fixture classes, or the real files over a gorilla checkout. */
export type RunSource = { kind: 'fixture'; files: SuiteSource } | { kind: 'real'; files: SuiteSource; gorilla: string };

/** How a user gets Loud/Quiet's own tasks: the fetch, then the settings `source: auto` reads. */
export const GET_REAL_DATA = 'recovery-bench fetch loudquiet --dest loudquiet && export LOUDQUIET_GORILLA_DIR=$PWD/loudquiet/gorilla LOUDQUIET_BRITTLE_DIR=$PWD/loudquiet/brittle-agents';

export function fixtureSource(): RunSource {
  return { kind: 'fixture', files: { suitePath: FIXTURE_SUITE, referencePath: FIXTURE_REFERENCE } };
}

/**
 * The real data when it is configured: a gorilla checkout (given, or LOUDQUIET_GORILLA_DIR) and the two data files
 * (given, or from the environment as the suite loader resolves them). Undefined when either is missing.
 */
export function realSource(input: SuiteSourceInput & { gorilla?: string } = {}, env: NodeJS.ProcessEnv = process.env): RunSource | undefined {
  const gorilla = input.gorilla ?? env[LOUDQUIET_ENV.gorillaDir];
  if (!gorilla) return undefined;
  const files = resolveSuiteSource(input, env);
  return files ? { kind: 'real', files, gorilla } : undefined;
}

/** What `realSource` lacked in the environment, in words (for `auto`'s warning). */
export function missingRealSource(env: NodeJS.ProcessEnv = process.env): string {
  const missing = [
    env[LOUDQUIET_ENV.gorillaDir] ? undefined : `${LOUDQUIET_ENV.gorillaDir} (a gorilla checkout)`,
    resolveSuiteSource({}, env) ? undefined : `${LOUDQUIET_ENV.dataDir} or ${LOUDQUIET_ENV.brittleDir} (the data)`,
  ].filter((m): m is string => m !== undefined);
  return `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set`;
}

export function launchOf(source: RunSource, python: string, tz: string): BridgeLaunch {
  const classes: BridgeLaunch['classes'] = source.kind === 'fixture' ? { kind: 'map', file: FIXTURE_CLASS_MAP, modulePath: FIXTURE_DIR } : { kind: 'gorilla', dir: source.gorilla };
  return { suitePath: source.files.suitePath, classes, python, tz };
}
