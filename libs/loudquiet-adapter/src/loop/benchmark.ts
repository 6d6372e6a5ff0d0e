import { readFileSync } from 'node:fs';
import { BenchError, selectTasks, type Benchmark, type PreparedBenchmark, type RunContext, type TaskRef } from '@recovery-bench/harness';
import { z } from 'zod';
import type { Fault, BridgeLaunch } from '../bridge/protocol.ts';
import { dumpsPy, field, isPyDict, parsePyJson } from '../records/pyjson.ts';
import { trajectoryLine, trajectoryRecord } from '../records/trajectory.ts';
import { toTranscript } from '../records/transcript.ts';
import { stateAgreementScorer } from '../score/scorer.ts';
import { runTrial, type TurnMessage } from './agent-loop.ts';
import { sharedBridgePool } from './bridge-pool.ts';
import { writeSimScripts } from './sim-scripts.ts';
import { fileIdentity, launchOf, PINNED, pinWarnings, type ResolvedSource } from './source.ts';
import { SYSTEM_PROMPT_SHA256 } from './system-prompt.ts';

export const LOUDQUIET_VERSION = '0.1.0';

/** The five studied conditions. */
export const CONDITIONS = ['clean', 'timeout', 'silent_corruption', 'schema_drift', 'missing_tool'] as const satisfies readonly Fault[];
export type Condition = (typeof CONDITIONS)[number];

/** One trial to run: a suite task under one condition (its seed is the run's). */
export interface LoudquietTask extends TaskRef {
  condition: Condition;
  /** The suite task: a task's five conditions resample together. */
  unit: string;
  taskId: string;
  domain: string;
  nTurns: number;
  turns: TurnMessage[][];
  /** `json.dumps` of the task's reference state, or null when the reference file lacks the task. */
  referenceStateJson: string | null;
  launch: BridgeLaunch;
  scaffolding: boolean;
}

/** The fields of a suite task the run reads (strings only, so plain JSON is lossless here). */
const SuiteTaskViewSchema = z.object({
  task_id: z.string().min(1),
  domain: z.string(),
  n_turns: z.number().int().nonnegative(),
  turns: z.array(z.array(z.object({ role: z.string(), content: z.string() }))),
  ground_truth: z.array(z.array(z.string())),
});
type SuiteTaskView = z.infer<typeof SuiteTaskViewSchema>;

function readSuiteView(path: string): SuiteTaskView[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BenchError('config:invalid', `${path}: not JSON (${(error as Error).message})`);
  }
  const parsed = z.array(SuiteTaskViewSchema).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BenchError('config:invalid', `${path}: [${issue.path.join('][')}]: ${issue.message}`);
  }
  return parsed.data;
}

export interface PrepareOptions {
  source: ResolvedSource;
  conditions: readonly Condition[];
  ids?: readonly string[];
  limit?: number;
  scaffolding: boolean;
  python: string;
  tz: string;
  /** Refuse a gorilla checkout at another commit (default: warn). */
  requirePinnedGorilla: boolean;
}

export interface LoudquietManifest {
  source: 'fixture' | 'real';
  suite: { path: string; bytes: number; sha256: string };
  reference: { path: string; bytes: number; sha256: string };
  gorilla: { dir: string; commit: string | null } | null;
  python: string;
  tz: string;
  systemPromptSha256: string;
  scaffolding: boolean;
  conditions: readonly Condition[];
}

/** Loads the suite and reference states, starts one bridge to check the environment and derive the sim scripts. */
export async function prepareLoudquiet(o: PrepareOptions): Promise<PreparedBenchmark<LoudquietTask>> {
  const suiteId = fileIdentity(o.source.suite, 'task suite');
  const referenceId = fileIdentity(o.source.reference, 'reference states');
  const warnings = o.source.kind === 'real' ? pinWarnings(suiteId, referenceId) : [];
  const suite = readSuiteView(o.source.suite);
  const references = parsePyJson(readFileSync(o.source.reference, 'utf8'), o.source.reference);
  if (!isPyDict(references)) throw new BenchError('config:invalid', `${o.source.reference}: not a reference-states object ({task_id: {state, …}})`);
  const launch = launchOf(o.source, o.python, o.tz);
  const { hello, simScriptsDir } = await sharedBridgePool.with(launch, async (bridge) => ({ hello: bridge.hello, simScriptsDir: await writeSimScripts(bridge, suite) }));
  if (o.source.kind === 'real') {
    const commit = hello.gorilla_commit;
    if (commit !== null && commit !== PINNED.gorillaCommit) {
      const line = `loudquiet:unpinned-gorilla: ${o.source.gorilla} is at ${commit}, not the pinned ${PINNED.gorillaCommit}`;
      if (o.requirePinnedGorilla) throw new BenchError('config:invalid', line);
      warnings.push(line);
    }
  }
  const all: LoudquietTask[] = suite.flatMap((t) => {
    const ref = field(field(references, t.task_id), 'state');
    if (ref === undefined) warnings.push(`loudquiet:no-reference: ${o.source.reference}: no reference state for ${t.task_id}; its trials score as errors`);
    return o.conditions.map((condition): LoudquietTask => ({
      id: `${t.task_id}:${condition}`, condition, unit: t.task_id, taskId: t.task_id, domain: t.domain, nTurns: t.n_turns, turns: t.turns,
      referenceStateJson: ref === undefined ? null : dumpsPy(ref), launch, scaffolding: o.scaffolding,
    }));
  });
  const manifest: LoudquietManifest = {
    source: o.source.kind, suite: suiteId, reference: referenceId, gorilla: o.source.kind === 'real' ? { dir: o.source.gorilla, commit: hello.gorilla_commit } : null,
    python: hello.python, tz: hello.tz, systemPromptSha256: SYSTEM_PROMPT_SHA256, scaffolding: o.scaffolding, conditions: o.conditions,
  };
  return {
    benchmark: loudquietBenchmark,
    tasks: selectTasks(all, { ids: o.ids, limit: o.limit }),
    manifest,
    warnings,
    simScriptsDir,
    close: () => sharedBridgePool.closeAll(),
  };
}

/** Runs one trial on a pooled bridge process and returns its transcript with the trajectory record. */
async function runLoudquiet(task: LoudquietTask, ctx: RunContext) {
  return sharedBridgePool.with(task.launch, async (bridge) => {
    const env = await bridge.environment(task.taskId, task.condition, ctx.seed);
    try {
      const timestamp = new Date();
      const run = await runTrial({ model: ctx.model, task: { task_id: task.taskId, turns: task.turns }, env, fault: task.condition, plugins: ctx.plugins, settings: { scaffolding: task.scaffolding }, signal: ctx.signal });
      const record = trajectoryRecord({
        identity: { model: ctx.model.id, modelId: ctx.model.id, reasoning: false, pair: null, fault: task.condition, scaffolding: task.scaffolding, taskId: task.taskId, domain: task.domain, nTurns: task.nTurns, seed: ctx.seed },
        run, summaryJson: await env.summaryJson(), stateJson: await env.snapshotJson(), timestamp,
      });
      return toTranscript(run, trajectoryLine(record));
    } finally {
      await env.close().catch(() => undefined);
    }
  });
}

export const loudquietBenchmark: Benchmark<LoudquietTask> = {
  id: 'loudquiet',
  version: LOUDQUIET_VERSION,
  run: runLoudquiet,
  scorers: [stateAgreementScorer],
};
