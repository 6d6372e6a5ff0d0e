import type { TaskRef } from '@recovery-bench/harness';
import type { AgentId } from './agents/types.ts';
import type { ServiceMode } from './data-service.ts';
import type { RepoId } from './datasets.ts';

/** One run: an agent on a repository with the data service in one mode. Its unit is the agent × repository. */
export interface CodingTask extends TaskRef {
  agent: AgentId;
  repo: RepoId;
  condition: ServiceMode;
  unit: string;
}

export const codingTaskId = (agent: AgentId, repo: RepoId, mode: ServiceMode): string => `${agent}/${repo}/${mode}`;
