import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkPython, codingBenchmark, outcomeScorer, startDataService, type CodingTask, type DataService } from '@recovery-bench/coding-repos';
import { loadSolution, scriptedAgent, scriptedContext } from '@recovery-bench/coding-repos/testing/scripted-agent';
import type { Sandbox, Score } from '@recovery-bench/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../services.ts';
import { ATTEMPTS, forbiddenPort, hostileCommands, hostileTargets, type ForbiddenPort, type Targets } from '../testing/hostile-agent.ts';

// A hostile agent in the coding testbed's real driver, checker and data service: before doing its task honestly, it
// tries every escape a hostile agent was seen to try (each one leaves a mark this test can see: a file named for the
// attempt in its copy, or a file or connection on the host). In the default sandbox every attempt fails and the run
// is scored as usual; without one (`--sandbox none`), the same script gets through, so these checks can fail.
// Each sandbox backend is tried where it works here (CI installs bubblewrap and starts a Docker engine).
const BACKENDS = await Promise.all(
  (['bwrap', 'docker'] as const).map((kind) => SERVICES.sandbox(kind).then((sandbox) => ({ kind, sandbox }), (error: Error) => ({ kind, missing: error.message }))),
);

describe(`a hostile agent in the coding testbed`, () => {
  let service: DataService;
  let forbidden: ForbiddenPort;
  let python: string;

  beforeAll(async () => {
    service = await startDataService();
    forbidden = await forbiddenPort();
    python = await checkPython();
  });

  afterAll(async () => {
    forbidden?.close();
    await service?.close();
  });

  /** The attempts, then the honest solution of grade_book (fetch, solve, run the tests), in the flaky-free mode. */
  async function hostileRun(sandbox: Sandbox): Promise<{ score: Score; marks: string[]; targets: Targets; wrotePython: boolean; testbedPython: boolean }> {
    const targets = hostileTargets(forbidden.port, python);
    const { steps } = await loadSolution('grade_book');
    const locate = await scriptedAgent([...hostileCommands(targets), ...steps], 'Done: grades.csv is written. The tests pass.');
    const benchmark = codingBenchmark({ service, locate, sandbox, limits: { maxOutputTokens: 32_000, contextWindow: 32_768, timeoutMs: 120_000 }, concurrency: 1 });
    const task: CodingTask = { id: 'qwen-code/grade_book/ok', agent: 'qwen-code', repo: 'grade_book', condition: 'ok', unit: 'qwen-code/grade_book' };
    const transcript = await benchmark.run(task, scriptedContext());
    const score = await outcomeScorer.score(task, transcript);
    const files = (transcript as { observed?: { filesAfter?: string[] } }).observed?.filesAfter ?? [];
    const wrotePython = targets.wrotePython();
    targets.remove();
    expect(files).toContain('started.txt');
    return { score, marks: ATTEMPTS.filter((a) => files.includes(`${a}.txt`)), targets, wrotePython, testbedPython: files.includes('python-is-the-testbeds.txt') };
  }

  it.for(BACKENDS)('in the $kind sandbox every attempt fails, nothing outlives the agent, and the run is scored as usual', { timeout: 120_000 }, async (opened, context) => {
    if ('missing' in opened) return void context.skip(opened.missing);
    const before = forbidden.accepted();
    const { score, marks, targets, wrotePython, testbedPython } = await hostileRun(opened.sandbox);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(existsSync(targets.outlived)).toBe(false);
    expect(marks).toEqual([]);
    expect(testbedPython).toBe(true);
    expect(readdirSync(targets.outside)).toEqual([]);
    expect(wrotePython).toBe(false);
    expect(forbidden.accepted()).toBe(before);
    expect(existsSync(targets.leak)).toBe(false);
    // The detached process was alive when the agent ended, and the sandbox ended it.
    expect(score).toMatchObject({ outcome: 'pass', details: { testsPassed: true, requests: 1, leftovers: expect.any(Number) } });
    expect((score.details as { leftovers: number }).leftovers).toBeGreaterThanOrEqual(1);
  });

  it('without a sandbox (--sandbox none) the same agent gets through: the attempts above can succeed', async () => {
    const before = forbidden.accepted();
    const { marks, targets, wrotePython, testbedPython } = await hostileRun(await SERVICES.sandbox('none'));
    expect(testbedPython).toBe(false);
    expect(marks).toEqual(expect.arrayContaining(['read-outside', 'write-outside', 'connect-other-port', 'signal-harness', 'fork-300']));
    expect(readdirSync(targets.outside)).toEqual(['written.txt']);
    expect(wrotePython).toBe(true);
    expect(forbidden.accepted()).toBeGreaterThan(before);
    // A detached process outlives the agent (whether it also catches the checker's pytest in time is a race).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(existsSync(targets.outlived)).toBe(true);
  }, 120_000);
});
