import { existsSync, readdirSync } from 'node:fs';
import { AGENT_IDS, agentDriver, checkPython, type AgentId, codingBenchmark, outcomeScorer, startDataService, taskMarker, type CodingTask, type DataService } from '@recovery-bench/coding-repos';
import { OpenAIClient } from '@recovery-bench/engines';
import { startProxy } from '@recovery-bench/proxy';
import { ScriptRegistry, startSimEngine } from '@recovery-bench/sim-engine';
import type { Sandbox } from '@recovery-bench/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../services.ts';
import { ATTEMPTS, forbiddenPort, hostileCommands, hostileTargets, type ForbiddenPort } from '../testing/hostile-agent.ts';
import { AGENTS_ENABLED, AGENTS_SKIP_REASON, missingAgent } from '../testing/user-agents.ts';

// The hostile attempts of testing/hostile-agent.ts made by each real agent through its own shell tool (one call of
// it, scripted on the sim engine), in the coding testbed's default sandbox. Each attempt leaves a mark in the copy
// only if it succeeds; none may, and the run ends and is scored as any other.
// Every agent in each sandbox backend that works here.
const BACKENDS = await Promise.all(
  (['bwrap', 'docker'] as const).map((kind) => SERVICES.sandbox(kind).then((sandbox) => ({ kind, sandbox }), (error: Error) => ({ kind, missing: error.message }))),
);
const CASES = AGENT_IDS.flatMap((agent) => BACKENDS.map((backend) => ({ agent, backend })));

describe.skipIf(!AGENTS_ENABLED)(`hostile attempts through each real agent's shell tool, sandboxed${AGENTS_ENABLED ? '' : ` — skipped: ${AGENTS_SKIP_REASON}`}`, () => {
  let service: DataService;
  let forbidden: ForbiddenPort;
  let python: string;

  beforeAll(async () => {
    python = await checkPython();
    service = await startDataService();
    forbidden = await forbiddenPort();
  });

  afterAll(async () => {
    forbidden?.close();
    await service?.close();
  });

  /** One run of `agent` whose only tool call is the hostile attempts; what it left in its copy and on the host. */
  async function hostileAgentRun(agent: AgentId, sandbox: Sandbox) {
    const targets = hostileTargets(forbidden.port, python);
    const driver = agentDriver(agent);
    const scripts = new ScriptRegistry();
    scripts.add({
      id: `hostile/${agent}`,
      match: { marker: taskMarker(agent, 'grade_book') },
      steps: [{ call: driver.shellCall(`${hostileCommands(targets).join('\n')}\necho attempts done`) }, { answer: 'I could not finish the task.' }],
    });
    await using sim = await startSimEngine({ profile: 'paper/qwen3-8b', scripts });
    const proxy = await startProxy({ upstream: { url: sim.url }, model: { servedName: sim.model } });
    const before = forbidden.accepted();
    try {
      const benchmark = codingBenchmark({
        service, concurrency: 1, limits: { maxOutputTokens: 8192, contextWindow: 32_768, timeoutMs: 180_000 },
        locate: () => SERVICES.locateAgent(agent), sandbox,
      });
      const rootUrl = `${proxy.url}/runs/hostile`;
      const model = new OpenAIClient({ baseUrl: `${rootUrl}/v1`, model: sim.model });
      const task: CodingTask = { id: `${agent}/grade_book/ok`, agent, repo: 'grade_book', condition: 'ok', unit: `${agent}/grade_book` };
      const transcript = await benchmark.run(task, { model, endpoint: { baseUrl: `${rootUrl}/v1`, rootUrl, model: sim.model }, plugins: [], seed: 0 });
      await model.close();
      const files = (transcript as { observed?: { filesAfter?: string[] } }).observed?.filesAfter ?? [];
      // The attempts ran, through the agent's own tool.
      expect(files, JSON.stringify(transcript.observed)).toContain('started.txt');
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      return {
        marks: ATTEMPTS.filter((a) => files.includes(`${a}.txt`)), testbedPython: files.includes('python-is-the-testbeds.txt'),
        wroteOutside: readdirSync(targets.outside).length > 0, wrotePython: targets.wrotePython(), connected: forbidden.accepted() > before, outlived: existsSync(targets.outlived), leaked: existsSync(targets.leak),
        score: await outcomeScorer.score(task, transcript),
      };
    } finally {
      targets.remove();
      await proxy.close();
    }
  }

  it.for(CASES)('$agent in $backend.kind: every attempt fails inside the sandbox and the run is scored', { timeout: 300_000 }, async ({ agent, backend }, context) => {
    const missing = missingAgent(agent) ?? ('missing' in backend ? backend.missing : undefined);
    if (missing || 'missing' in backend) return void context.skip(missing);
    const run = await hostileAgentRun(agent, backend.sandbox);
    expect(run).toMatchObject({ marks: [], testbedPython: true, wroteOutside: false, wrotePython: false, connected: false, outlived: false, leaked: false });
    // No result file: the run fails as any run without one, scored, not an error.
    expect(run.score).toMatchObject({ outcome: 'fail', details: { resultFileWritten: false } });
  });

  it('without a sandbox (--sandbox none) the same attempts through Qwen Code\'s shell tool get through', { timeout: 300_000 }, async (context) => {
    const missing = missingAgent('qwen-code');
    if (missing) return void context.skip(missing);
    const run = await hostileAgentRun('qwen-code', await SERVICES.sandbox('none'));
    expect(run.marks).toEqual(expect.arrayContaining(['read-outside', 'write-outside', 'connect-other-port', 'signal-harness', 'fork-300']));
    expect(run).toMatchObject({ wroteOutside: true, wrotePython: true, connected: true, outlived: true });
  });
});
