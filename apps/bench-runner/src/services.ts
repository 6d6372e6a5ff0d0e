import type { BenchmarkServices } from '@recovery-bench/harness';

/**
 * What the suite lends its benchmarks (`PrepareContext.services`, `CommandContext.services`): the installed
 * agents of `recovery-bench agents install`, and the sim engine's profiles. Each loads its library when first used.
 */
export const SERVICES: BenchmarkServices = {
  async locateAgent(name) {
    const { locateAgent } = await import('@recovery-bench/agents');
    const located = locateAgent(name);
    return { command: located.command[0]!, args: located.command.slice(1), version: located.version };
  },
  async simProfile(id) {
    const { resolveProfile } = await import('@recovery-bench/sim-engine');
    const profile = await resolveProfile(id);
    return { id: profile.id, rates: profile.rates };
  },
};
