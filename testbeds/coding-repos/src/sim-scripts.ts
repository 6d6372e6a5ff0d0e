import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentId } from './agents/types.ts';
import { agentDriver } from './agents/registry.ts';
import type { RepoId } from './datasets.ts';
import { loadSolution } from './solutions.ts';

/**
 * The marker that ties a run to its sim script: one per agent, since each agent names its shell tool. It is part of
 * the name of the run's folder, so it appears wherever an agent states its working folder: in the prompt, and in
 * the environment message some agents (Codex CLI) send before it as their first user message. A model reads only a
 * folder name.
 */
export const taskMarker = (agent: AgentId, repo: RepoId): string => `coding-task-${agent}--${repo}`;

/** The shell steps, with the agent's checkpoint call after the first (the fetch, the step a fault makes repeat). */
function scriptSteps(agent: AgentId, commands: readonly string[], answer: string) {
  const driver = agentDriver(agent);
  const [fetch, ...rest] = commands.map((command) => ({ call: driver.shellCall(command) }));
  return [fetch!, { call: driver.checkpointCall() }, ...rest, { answer }];
}

/**
 * Writes one sim script per (agent, repository) into `dir`: the repository's shell commands as calls of the agent's
 * own shell tool, then its final message. The folder lives outside every copy an agent works in.
 */
export async function writeSimScripts(dir: string, agents: readonly AgentId[], repos: readonly RepoId[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const repo of repos) {
    const solution = await loadSolution(repo);
    for (const agent of agents) {
      const script = {
        id: `coding/${agent}/${repo}`,
        match: { marker: taskMarker(agent, repo) },
        steps: scriptSteps(agent, solution.steps, solution.answer),
      };
      await writeFile(join(dir, `${agent}--${repo}.json`), `${JSON.stringify(script, null, 2)}\n`);
    }
  }
  return dir;
}
