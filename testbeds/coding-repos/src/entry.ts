import { SANDBOX_KINDS, type BenchmarkEntry } from '@recovery-bench/harness';
import { UsageError } from '@recovery-bench/harness/cli';
import { CODING_PRESETS } from './presets.ts';
import { codingReport } from './report.ts';
import { CodingConfigSchema, type CodingConfig } from './config.ts';
import { TESTBED_VERSION } from './driver.ts';
import type { CodingTask } from './task.ts';

export { CodingConfigSchema, OUTPUT_LIMITS, type CodingConfig } from './config.ts';

/**
 * The coding-agent testbed as the suite sees it. Agents are installed and found by the suite (the services `prepare`
 * gets locate what `recovery-bench agents install` put in place), since a benchmark library does not install programs.
 */
export const codingEntry: BenchmarkEntry<CodingConfig, CodingTask> = {
  id: 'coding',
  version: TESTBED_VERSION,
  summary: 'coding-agent testbed: real agents on six Python repositories; data service ok, flaky (503 twice) or forbidden (403)',
  configSchema: CodingConfigSchema,
  prepare: async (config, ctx) => (await import('./prepare.ts')).prepareCoding(config, ctx.services.locateAgent, ctx.services.sandbox),
  stimuli: async () => {
    const { REPOS_DIR, SOLUTIONS_DIR } = await import('./paths.ts');
    return [REPOS_DIR, SOLUTIONS_DIR];
  },
  score: { scorer: 'coding:outcome', label: 'success (tests pass; forbidden: access reported)' },
  unit: 'agent × repository (its ok, flaky and forbidden runs resample together)',
  conditions: {
    explicit: ['flaky', 'forbidden'],
    control: ['ok'],
    transient: ['flaky'],
    missingTool: null,
    invalid: {
      e1: 'E1 on the coding testbed (client-side guidance needs the harness to be the client; the agent talks to the proxy itself)',
      e2: 'E2 on the coding testbed (tool-side retries need the harness to run the tools; the agent runs its own shell)',
    },
  },
  report: (input) => codingReport(input),
  commands: {
    messages: {
      summary: 'print the final messages of a run directory\'s coding runs (`coding messages <runDir> [--mode forbidden]`)',
      run: async (args) => (await import('./cli/messages.ts')).runMessagesCommand(args),
    },
  },
  presets: CODING_PRESETS,
  // The agents must be installed first (`recovery-bench agents install`): the demo leaves the testbed out.
  presetSections: { default: false },
  runFlags: {
    agents: {
      description: 'the coding agents to run, e.g. qwen-code,opencode (the section\'s `agents`)',
      apply(section, value) {
        const agents = value.split(',').map((a) => a.trim()).filter(Boolean);
        if (agents.length === 0) throw new UsageError('--agents takes a comma-separated list, e.g. qwen-code,opencode');
        return { ...section, agents };
      },
    },
    sandbox: {
      description: `where the agents run: ${SANDBOX_KINDS.join(', ')} (the section's \`sandbox\`; none runs them unsandboxed)`,
      apply(section, value) {
        if (!(SANDBOX_KINDS as readonly string[]).includes(value)) throw new UsageError(`--sandbox takes ${SANDBOX_KINDS.join(', ')} (got "${value}")`);
        return { ...section, sandbox: value };
      },
    },
  },
};
