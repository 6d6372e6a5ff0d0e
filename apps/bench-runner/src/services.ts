import { dirname, join, relative, sep } from 'node:path';
import type { BenchmarkServices } from '@recovery-bench/harness';

/**
 * What the suite lends its benchmarks (`PrepareContext.services`, `CommandContext.services`): the installed
 * agents of `recovery-bench agents install`, and the sim engine's profiles. Each loads its library when first used.
 */
export const SERVICES: BenchmarkServices = {
  async locateAgent(name) {
    const { locateAgent } = await import('@recovery-bench/agents');
    const located = locateAgent(name);
    // The agent's folder, and the folder of a runtime installed beside it (Node 22 for Qwen Code on an older Node).
    const agents = dirname(located.dir);
    const runtime = located.command[0]!.startsWith(`${agents}/`) ? join(agents, relative(agents, located.command[0]!).split(sep)[0]!) : undefined;
    return { command: located.command[0]!, args: located.command.slice(1), version: located.version, paths: [located.dir, ...(runtime && runtime !== located.dir ? [runtime] : [])] };
  },
  async sandbox(kind) {
    const { openSandbox } = await import('@recovery-bench/agents');
    return openSandbox(kind);
  },
  async simProfile(id) {
    const { resolveProfile } = await import('@recovery-bench/sim-engine');
    const profile = await resolveProfile(id);
    return { id: profile.id, rates: profile.rates };
  },
};
