import { AGENTS, readInstallMarker } from '@recovery-bench/agents';

/** Whether the tests that run real coding agents were asked for. */
export const AGENTS_ENABLED = process.env.BENCH_AGENTS === '1';
export const AGENTS_SKIP_REASON = 'set BENCH_AGENTS=1 (after `recovery-bench agents install`) to run real agents';

/**
 * The user's own agent cache, where `recovery-bench agents install` put the agents. The shared test setup points
 * RECOVERY_BENCH_CACHE at an empty folder so that no test sees what this machine has installed; the tests that run
 * real agents ask for the user's cache here, and everything they start (the CLI, the runner) then finds it.
 */
export function useUserAgentCache(): string {
  const cache = process.env.RECOVERY_BENCH_USER_CACHE;
  if (!cache) throw new Error('RECOVERY_BENCH_USER_CACHE is not set: run the tests through vitest with the workspace\'s shared config');
  process.env.RECOVERY_BENCH_CACHE = cache;
  return cache;
}

/** Why an agent's test cannot run here, or undefined when the agent is installed in the user's cache. */
export function missingAgent(name: keyof typeof AGENTS): string | undefined {
  const cache = useUserAgentCache();
  const spec = AGENTS[name];
  return readInstallMarker(spec, cache) === undefined ? `${spec.name} ${spec.version} is not installed in ${cache} (recovery-bench agents install ${spec.name})` : undefined;
}
