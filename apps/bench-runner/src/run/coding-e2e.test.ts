import { describe, expect, it } from 'vitest';
import { codingConfig, outDir, quiet } from '../testing/coding-runs.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';

// The coding testbed with real agents runs in coding-e2e.agents.test.ts (BENCH_AGENTS=1).
describe('coding testbed: what it needs', () => {
  it('stops before the first run with one line naming the install command when the agent is missing', async () => {
    // The shared test setup gives every run an empty agent cache.
    const run = executeRun({ benchmark: 'coding', config: codingConfig('missing-agent', { repos: ['grade_book'] }), outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    await expect(run).rejects.toMatchObject({ code: 'agents:missing', message: expect.stringContaining('recovery-bench agents install qwen-code') });
  });

  it('rejects an agent it does not know in the config', () => {
    expect(() => codingConfig('bad-agent', { agents: ['aider'] })).toThrow(/benchmarks\.coding\.agents/);
  });
});
