import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noneSandbox, type PreparedBenchmark, type RunContext } from '@recovery-bench/harness';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentId, AgentLocator } from './agents/types.ts';
import { ModelSlots } from './driver.ts';
import { CodingConfigSchema } from './entry.ts';
import { prepareCoding } from './prepare.ts';
import type { CodingObservation } from './scorer.ts';
import { loadSolution } from './solutions.ts';
import { codingTaskId, type CodingTask } from './task.ts';
import { scriptedAgent, scriptedContext } from './testing/scripted-agent.ts';

const opened: PreparedBenchmark<CodingTask>[] = [];
afterAll(async () => {
  for (const prepared of opened) await prepared.close?.();
});

/** prepareCoding as the runner calls it, with a stand-in agent and no sandbox. */
async function prepare(section: Record<string, unknown>, locate: AgentLocator): Promise<PreparedBenchmark<CodingTask>> {
  const prepared = await prepareCoding(CodingConfigSchema.parse({ repos: ['grade_book'], sandbox: 'none', ...section }), locate, async () => noneSandbox);
  opened.push(prepared);
  return prepared;
}

const task = (agent: AgentId, mode: CodingTask['condition'] = 'ok'): CodingTask => ({ id: codingTaskId(agent, 'grade_book', mode), agent, repo: 'grade_book', condition: mode, unit: `${agent}/grade_book` });

/** The context of a run of `model` as the runner gives it: the config's model id, and a served name of the sim's. */
const contextOf = (model: string): RunContext => {
  const ctx = scriptedContext();
  return { ...ctx, modelId: model, endpoint: { ...ctx.endpoint!, model: `sim-paper-${model}` } };
};

/** Waits until nothing has changed for a while: the runs that can start have started. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Waits until `ready` holds (a run's first steps, Python's probes, take a moment), then settles. */
async function until(ready: () => boolean): Promise<void> {
  for (const t0 = Date.now(); !ready() && Date.now() - t0 < 20_000;) await new Promise((resolve) => setTimeout(resolve, 20));
  await settle();
}

describe('agent runs at once, per model', () => {
  it('keeps at most one run of model a and two of model b in flight, and b never waits on a', async () => {
    const slots = new ModelSlots({ a: 1, b: 2 });
    const inFlight = { a: 0, b: 0, c: 0 };
    const most = { a: 0, b: 0, c: 0 };
    const releases: (() => void)[] = [];
    const run = (model: keyof typeof inFlight) => slots.use(model, async () => {
      most[model] = Math.max(most[model], ++inFlight[model]);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight[model] -= 1;
    });
    const runs = [...['a', 'a', 'a', 'b', 'b', 'b', 'b'], ...Array.from({ length: 6 }, () => 'c')].map((model) => run(model as keyof typeof inFlight));
    await settle();
    // One a and two b hold their slots while other a and b runs wait; c, not named, gets the default (4).
    expect(inFlight).toEqual({ a: 1, b: 2, c: 4 });
    while (releases.length > 0) {
      releases.splice(0).forEach((release) => release());
      await settle();
    }
    await Promise.all(runs);
    expect(most).toEqual({ a: 1, b: 2, c: 4 });
    expect(inFlight).toEqual({ a: 0, b: 0, c: 0 });
  });

  it('holds the driver\'s runs to the slots of their model (the config\'s id in the run context, whatever the engine serves)', async () => {
    // The locator sees only the agent, so here each model's runs use an agent of their own: qwen-code for a, opencode for b.
    const inFlight: Partial<Record<AgentId, number>> = {};
    const most: Partial<Record<AgentId, number>> = {};
    let holding = false;
    const waiting: (() => void)[] = [];
    const locate: AgentLocator = async (agent) => {
      if (!holding) return { command: '/bin/true', args: [], version: 'stand-in', paths: [] };
      inFlight[agent] = (inFlight[agent] ?? 0) + 1;
      most[agent] = Math.max(most[agent] ?? 0, inFlight[agent]!);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight[agent] -= 1;
      throw new Error('stand-in agent: not started');
    };
    const prepared = await prepare({ agents: ['qwen-code', 'opencode'], concurrency: { a: 1, b: 2 } }, locate);
    holding = true;
    const runs = [...Array.from({ length: 3 }, () => prepared.benchmark.run(task('qwen-code'), contextOf('a'))), ...Array.from({ length: 3 }, () => prepared.benchmark.run(task('opencode'), contextOf('b')))];
    const outcomes = Promise.allSettled(runs);
    await until(() => waiting.length >= 3);
    expect(inFlight).toEqual({ 'qwen-code': 1, opencode: 2 });
    for (let released = 0; released < runs.length;) {
      const now = waiting.splice(0);
      now.forEach((release) => release());
      released += now.length;
      await until(() => released === runs.length || waiting.length > 0);
    }
    expect((await outcomes).map((o) => o.status)).toEqual(Array.from({ length: 6 }, () => 'rejected'));
    expect(most).toEqual({ 'qwen-code': 1, opencode: 2 });
  }, 30_000);

  it('records what the setting comes to in the manifest (run.json\'s benchmarkSource)', async () => {
    const locate = await scriptedAgent([], 'done');
    const perModel = await prepare({ concurrency: { 'qwen3-8b': 4, 'qwen3-32b': 1 } }, locate);
    expect(perModel.manifest).toMatchObject({ concurrency: { perModel: { 'qwen3-8b': 4, 'qwen3-32b': 1 }, default: 4 } });
    const withDefault = await prepare({ concurrency: { 'qwen3-32b': 1, default: 2 } }, locate);
    expect(withDefault.manifest).toMatchObject({ concurrency: { perModel: { 'qwen3-32b': 1 }, default: 2 } });
    const one = await prepare({ concurrency: 6 }, locate);
    expect(one.manifest).toMatchObject({ concurrency: { perModel: {}, default: 6 } });
  });
});

describe('the data of a study run', () => {
  it('shows every system of one run the same data, another run other data, where the first run\'s result fails', async () => {
    const out = await mkdtemp(join(tmpdir(), 'coding-prepare-test-'));
    try {
      const solution = await loadSolution('grade_book');
      const [fetch, writeSolver, runSolver] = solution.steps as [string, string, string];
      // Each run keeps what it fetched and wrote, under a name of its own (the copy's folder is removed afterwards).
      const keep = (name: string) => `cp data.json "${out}/${name}.json"; cp grades.csv "${out}/${name}.csv"`;
      let agent: AgentLocator = await scriptedAgent([], 'done');
      const locate: AgentLocator = (id) => agent(id);
      const runAs = async (prepared: PreparedBenchmark<CodingTask>, name: string, commands: readonly string[]) => {
        agent = await scriptedAgent(commands, 'Done: grades.csv is written.');
        const transcript = await prepared.benchmark.run(task('qwen-code'), contextOf(name));
        return transcript.observed as CodingObservation;
      };
      const first = await prepare({}, locate);
      const off = await runAs(first, 'off', [fetch, writeSolver, runSolver, keep('off')]);
      const on = await runAs(first, 'on', [fetch, writeSolver, runSolver, keep('on')]);
      expect(await readFile(join(out, 'on.json'), 'utf8')).toBe(await readFile(join(out, 'off.json'), 'utf8'));
      expect(on.datasetSeed).toBe(off.datasetSeed);
      expect([off.testsPassed, on.testsPassed]).toEqual([true, true]);

      // Another study run, same repository and seed: new data, so the first run's result file, carried over, fails.
      const second = await prepare({}, locate);
      const carried = await runAs(second, 'later', [fetch, `cp "${out}/off.csv" grades.csv`, keep('later')]);
      expect(await readFile(join(out, 'later.json'), 'utf8')).not.toBe(await readFile(join(out, 'off.json'), 'utf8'));
      expect(carried.datasetSeed).not.toBe(off.datasetSeed);
      expect(carried.testsPassed).toBe(false);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
