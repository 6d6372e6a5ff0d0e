import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel, type RunContext } from '@recovery-bench/harness';
import type { AgentLocator } from '../agents/types.ts';

export { loadSolution } from '../solutions.ts';
export { REPOS_DIR } from '../paths.ts';

/**
 * A stand-in for an installed agent: a bash script that runs fixed shell commands in the run's copy and prints
 * Qwen Code's JSON result with the given final message. Located in place of Qwen Code, it drives the testbed's real
 * driver, data service and checker without a model, so a test can act out what an agent might do to its copy.
 */
export async function scriptedAgent(commands: readonly string[], finalMessage: string): Promise<AgentLocator> {
  const dir = await mkdtemp(join(tmpdir(), 'coding-scripted-agent-'));
  const script = join(dir, 'agent.sh');
  const result = JSON.stringify([{ type: 'result', result: finalMessage, num_turns: commands.length + 1 }]);
  // The commands' own output goes nowhere: stdout is the agent's JSON, as the driver reads it.
  const body = ['#!/bin/bash', 'exec 3>&1 1>/dev/null 2>&1', ...commands, `cat >&3 <<'RESULT_EOF'`, result, 'RESULT_EOF', ''].join('\n');
  await writeFile(script, body);
  await chmod(script, 0o755);
  return async () => ({ command: '/bin/bash', args: [script], version: 'scripted', paths: [dir] });
}

/** A run context for the driver: the endpoint is never called (the scripted agent has no model). */
export const scriptedContext = (seed = 0): RunContext => ({
  model: new ScriptedModel([]),
  endpoint: { baseUrl: 'http://127.0.0.1:9/v1', rootUrl: 'http://127.0.0.1:9', model: 'none' },
  plugins: [],
  seed,
});
