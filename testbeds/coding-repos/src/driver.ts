import { mkdir } from 'node:fs/promises';
import { BenchError, type Benchmark, type RunContext, type Sandbox, type SandboxPolicy, type Transcript } from '@recovery-bench/harness';
import { z } from 'zod';
import { agentDriver } from './agents/registry.ts';
import type { AgentLimits, AgentLocator } from './agents/types.ts';
import type { DataService } from './data-service.ts';
import { RESULT_FILES } from './datasets.ts';
import { changedRepoFiles, checkResult, CHECKER_VERSION } from './checker.ts';
import { checkPython, pathWithPython, pythonInstallation } from './python.ts';
import { outcomeScorer, type CodingObservation } from './scorer.ts';
import { taskMarker } from './sim-scripts.ts';
import type { CodingTask } from './task.ts';
import { createWorkspace } from './workspace.ts';

export const TESTBED_VERSION = '0.1.0';

/** Agent runs of one model at once when the config names no number for it. */
export const DEFAULT_AGENT_RUNS = 4;
const AgentRunsSchema = z.number().min(1).max(16).refine(Number.isInteger, 'expected a whole number of agent runs');

/**
 * How many agent runs are in flight at once, per model: one number for every model, or a number per model, with
 * `default` for the models not named (else DEFAULT_AGENT_RUNS). A model is named by its id in the run config's
 * `models` (the run context's `modelId`); where a runner gives none, by the name its engine serves it under.
 */
export const AgentConcurrencySchema = z.union([
  AgentRunsSchema,
  z.record(z.string().min(1), AgentRunsSchema).refine((perModel) => Object.keys(perModel).length > 0, 'name at least one model, or give one number for every model'),
], { error: 'agent runs at once: a whole number from 1 to 16 for every model, or one per model, e.g. { qwen3-8b: 4, qwen3-32b: 1, default: 2 }' });
export type AgentConcurrency = z.infer<typeof AgentConcurrencySchema>;

/** What a concurrency setting comes to: a number per named model and one for every other model (run.json keeps it). */
export function effectiveConcurrency(concurrency: AgentConcurrency): { perModel: Record<string, number>; default: number } {
  if (typeof concurrency === 'number') return { perModel: {}, default: concurrency };
  const { default: others = DEFAULT_AGENT_RUNS, ...perModel } = concurrency;
  return { perModel, default: others };
}

/** The number of agent runs of `model` at once. */
export function agentRunsFor(concurrency: AgentConcurrency, model: string): number {
  const { perModel, default: others } = effectiveConcurrency(concurrency);
  return Object.hasOwn(perModel, model) ? perModel[model]! : others;
}

export interface DriverOptions {
  service: DataService;
  locate: AgentLocator;
  /** Where every agent runs (`none` only when the user asked for it). */
  sandbox: Sandbox;
  limits: AgentLimits;
  /**
   * Agent runs in flight at once, per model (the config's id, `ctx.modelId`), whatever the runner's own
   * concurrency: each run is a Node process and Python, and a large model's engine may serve only one well.
   */
  concurrency: AgentConcurrency;
}

/** The prompt every agent gets (the folder's name carries the sim's task marker). */
export function taskPrompt(dir: string): string {
  return `You are in the folder ${dir}. Read README.md there and complete the task it describes: fetch the data, write the result file, and check it with the tests.`;
}

/**
 * Runs one task: a fresh copy of the repository, a data-service run in the task's mode, the agent headless through
 * the proxy, then the checker (pytest with the run's check secret, in a folder of its own), the request count and
 * the result-file check.
 */
export function codingBenchmark(options: DriverOptions): Benchmark<CodingTask> {
  const slots = new ModelSlots(options.concurrency);
  return {
    id: 'coding',
    version: TESTBED_VERSION,
    scorers: [outcomeScorer],
    run: (task, ctx) => slots.use(ctx.modelId ?? ctx.endpoint?.model ?? ctx.model.id, () => runTask(task, ctx, options)),
  };
}

/** One semaphore per model, as wide as the concurrency setting says for it; runs of other models never wait on it. */
export class ModelSlots {
  readonly #concurrency: AgentConcurrency;
  readonly #byModel = new Map<string, Semaphore>();

  constructor(concurrency: AgentConcurrency) {
    this.#concurrency = concurrency;
  }

  use<T>(model: string, work: () => Promise<T>): Promise<T> {
    let slots = this.#byModel.get(model);
    if (!slots) {
      slots = new Semaphore(agentRunsFor(this.#concurrency, model));
      this.#byModel.set(model, slots);
    }
    return slots.use(work);
  }
}

/** Agent runs at once share the machine: each may use this many processes (threads count) and this much memory. */
const AGENT_LIMITS = { processes: 256, memoryBytes: 6 * 1024 ** 3 };

/**
 * What an agent may touch: its copy of the repository and its own scratch (home, settings) writable; its
 * installation and the testbed's Python read-only; on the network, the proxy and the data service only. Not the
 * pristine repositories, the run directory, the check secret or any other run's copy.
 */
export function agentPolicy(ws: { dir: string; scratch: string }, agentPaths: readonly string[], pythonPrefixes: readonly string[], urls: readonly string[], python?: string): SandboxPolicy {
  const ports = urls.map((url) => {
    const { port, protocol } = new URL(url);
    return Number(port || (protocol === 'https:' ? 443 : 80));
  });
  return { workspace: ws.dir, writable: [ws.scratch], readOnly: [...agentPaths, ...pythonPrefixes], allowPorts: [...new Set(ports)], limits: AGENT_LIMITS, commands: python ? pythonCommands(python) : {} };
}

/** `python3`, `python` and `pytest` mean the testbed's interpreter for every agent (Codex's login shell resets PATH). */
const pythonCommands = (python: string) => ({ python3: [python], python: [python], pytest: [python, '-m', 'pytest'] });

async function runTask(task: CodingTask, ctx: RunContext, options: DriverOptions): Promise<Transcript> {
  if (!ctx.endpoint) throw new BenchError('task:unsupported', 'the coding testbed starts an agent with its own HTTP client, so it needs the endpoint of the system (run it through recovery-bench run)');
  const python = await checkPython();
  const installation = await pythonInstallation(python);
  const driver = agentDriver(task.agent);
  const agent = await options.locate(task.agent);
  const dataRun = options.service.openRun({ repo: task.repo, seed: String(ctx.seed), mode: task.condition });
  const ws = await createWorkspace(task.repo, dataRun.dataUrl, taskMarker(task.agent, task.repo));
  try {
    await mkdir(ws.scratch, { recursive: true });
    const prompt = taskPrompt(ws.dir);
    ctx.log?.(`${task.id}: ${driver.id} in ${ws.dir}`);
    const result = await driver.run({
      agent, prompt, cwd: ws.dir, scratch: ws.scratch, limits: options.limits, path: pathWithPython(installation.executable), signal: ctx.signal,
      endpoint: { openaiBaseUrl: ctx.endpoint.baseUrl, rootUrl: ctx.endpoint.rootUrl, model: ctx.endpoint.model },
      sandbox: options.sandbox,
      policy: agentPolicy(ws, agent.paths, installation.prefixes, [ctx.endpoint.rootUrl, dataRun.dataUrl], installation.executable),
    });
    if (ctx.signal?.aborted) throw new BenchError('run:aborted', 'the run was stopped');
    const requests = dataRun.requests;
    const check = await checkResult({ repo: task.repo, copyDir: ws.dir, dataUrl: dataRun.dataUrl, checkSecret: dataRun.checkSecret, python });
    const observed: CodingObservation = {
      agent: driver.id, agentVersion: agent.version, repo: task.repo, mode: task.condition, datasetSeed: dataRun.datasetSeed,
      checker: CHECKER_VERSION, testsPassed: check.passed, pytestTail: check.tail, requests, resultFile: RESULT_FILES[task.repo],
      resultFileWritten: check.resultFileWritten, repoFilesChanged: await changedRepoFiles(task.repo, ws.dir, dataRun.dataUrl), filesAfter: await ws.files(),
      finalMessage: result.finalMessage, turns: result.turns, toolCalls: result.toolCalls, apiErrors: result.apiErrors,
      exitCode: result.exitCode, timedOut: result.timedOut, wallMs: result.wallMs, outputTail: result.outputTail, leftovers: result.leftovers,
    };
    return {
      messages: [{ role: 'user', content: prompt }, { role: 'assistant', content: result.finalMessage }],
      events: result.timedOut ? [{ type: 'limit', t: result.wallMs, limit: 'time', value: options.limits.timeoutMs }] : [],
      finalAnswer: result.finalMessage || null,
      end: result.timedOut ? 'limit' : 'answer',
      usage: { promptTokens: 0, completionTokens: 0 },
      observed,
    };
  } finally {
    dataRun.close();
    await ws.remove();
  }
}

/** At most `size` callers inside `use` at once; the rest wait in order. */
class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
