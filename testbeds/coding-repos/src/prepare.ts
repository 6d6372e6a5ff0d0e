import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectTasks, type PreparedBenchmark } from '@recovery-bench/harness';
import type { Sandbox } from '@recovery-bench/harness';
import type { AgentLocator } from './agents/types.ts';
import { agentDriver } from './agents/registry.ts';
import { startDataService } from './data-service.ts';
import { codingBenchmark, effectiveConcurrency } from './driver.ts';
import type { CodingConfig } from './config.ts';
import { checkPython } from './python.ts';
import { writeSimScripts } from './sim-scripts.ts';
import { codingTaskId, type CodingTask } from './task.ts';

/**
 * Checks what every run needs before the first one (Python with pytest, a driver and an installed build of each
 * agent, the sandbox the agents run in: a missing one is one clear line, not eighteen failed samples), starts the
 * data service and writes the sim's scripts for the selected agents.
 */
export async function prepareCoding(config: CodingConfig, locate: AgentLocator, openSandbox: (kind: CodingConfig['sandbox']) => Promise<Sandbox>): Promise<PreparedBenchmark<CodingTask>> {
  await checkPython();
  const versions: Record<string, string> = {};
  for (const agent of config.agents) {
    agentDriver(agent);
    versions[agent] = (await locate(agent)).version;
  }
  const sandbox = await openSandbox(config.sandbox);
  const all: CodingTask[] = config.agents.flatMap((agent) => config.repos.flatMap((repo) => config.modes.map((mode) => ({ id: codingTaskId(agent, repo, mode), agent, repo, condition: mode, unit: `${agent}/${repo}` }))));
  const tasks = selectTasks(all, { ids: config.tasks, limit: config.limit });
  const scriptsDir = await mkdtemp(join(tmpdir(), 'coding-sim-scripts-'));
  await writeSimScripts(scriptsDir, config.agents, config.repos);
  // One key per run: every system, engine and model of the run is shown the same data for a repository and seed, and
  // no other run can be. The run's id would survive a --resume, but prepare runs before the runner makes it and its
  // context does not carry it; a resumed run gets a new key, so its new samples get new data (each records its own).
  const service = await startDataService({ runKey: randomBytes(16).toString('hex') });
  return {
    benchmark: codingBenchmark({ service, locate, sandbox, limits: config.agentLimits, concurrency: config.concurrency }),
    tasks,
    source: { kind: 'built-in', label: `the testbed's six self-authored repositories (${config.repos.join(', ')}) and its data service (the paper's repositories are not published)` },
    manifest: { agents: versions, repos: config.repos, modes: config.modes, agentLimits: config.agentLimits, concurrency: effectiveConcurrency(config.concurrency), sandbox: { kind: sandbox.kind, version: sandbox.version, description: sandbox.description } },
    warnings: [],
    simScriptsDir: scriptsDir,
    close: async () => {
      await service.close();
      await rm(scriptsDir, { recursive: true, force: true });
    },
  };
}
