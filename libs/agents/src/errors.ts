import { RecoveryBenchError } from '@recovery-bench/errors';

/** The command that installs an agent, as every "missing" message names it. */
export function installCommand(names: readonly string[]): string {
  return `recovery-bench agents install ${names.join(' ')}`;
}

/** An agent (or the Node 22 runtime it needs) is not in the cache folder. */
export class AgentMissingError extends RecoveryBenchError {
  readonly agent: string;
  constructor(agent: string, version: string, cacheDir: string) {
    super('agents:missing', `agent "${agent}" ${version} is not installed in ${cacheDir}; run \`${installCommand([agent])}\``, {
      userError: true,
      hint: `${installCommand([agent])} (the cache folder is $RECOVERY_BENCH_CACHE or ~/.cache/recovery-bench)`,
      details: { agent, version, cacheDir },
    });
    this.name = 'AgentMissingError';
    this.agent = agent;
  }
}

/** A name that is not in the catalog. */
export class AgentUnknownError extends RecoveryBenchError {
  constructor(name: string, known: readonly string[]) {
    super('agents:unknown', `unknown agent "${name}"; known: ${known.join(', ')}`, { userError: true, details: { name } });
    this.name = 'AgentUnknownError';
  }
}

/** npm failed, or the installed agent does not run (`--version` failed). Nothing half-installed is left behind. */
export class AgentInstallError extends RecoveryBenchError {
  constructor(agent: string, message: string, details: Record<string, unknown> = {}) {
    super('agents:install-failed', `installing "${agent}" failed: ${message}`, { userError: true, details: { agent, ...details } });
    this.name = 'AgentInstallError';
  }
}
