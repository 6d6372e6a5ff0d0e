import { selectTasks, type Benchmark, type PreparedBenchmark, type RunContext, type TaskRef, type TaskSource } from '@recovery-bench/harness';
import type { Fault, BridgeLaunch } from '../bridge/protocol.ts';
import { checkGorillaCommit, verifyReferenceRebuild } from '../bridge/verify.ts';
import { dumpsPy } from '../records/pyjson.ts';
import { trajectoryLine, trajectoryRecord } from '../records/trajectory.ts';
import { toTranscript } from '../records/transcript.ts';
import { stateAgreementScorer } from '../score/scorer.ts';
import { runTrial, type TurnMessage } from './agent-loop.ts';
import { sharedBridgePool } from '../bridge/client.ts';
import { writeSimScripts } from './sim-scripts.ts';
import { loadLoudQuietData } from '../suite/loader.ts';
import { GET_REAL_DATA, launchOf, type RunSource } from './source.ts';
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

export interface PrepareOptions {
  source: RunSource;
  conditions: readonly Condition[];
  ids?: readonly string[];
  limit?: number;
  scaffolding: boolean;
  python: string;
  tz: string;
  /** Run on a gorilla checkout at another commit than the pinned one (with a warning). */
  allowUnpinned: boolean;
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

/**
 * Loads the suite and reference states (the real files checked against their pins), starts one bridge to check the
 * environment (the gorilla commit; a rebuild of every reference state, byte for byte) and derives the sim scripts.
 */
export async function prepareLoudquiet(o: PrepareOptions): Promise<PreparedBenchmark<LoudquietTask>> {
  const real = o.source.kind === 'real';
  const data = loadLoudQuietData(o.source.files, { pinned: real });
  const warnings: string[] = [];
  const launch = launchOf(o.source, o.python, o.tz);
  const { hello, simScriptsDir } = await sharedBridgePool.with(launch, async (bridge) => {
    if (o.source.kind === 'real') {
      const note = checkGorillaCommit(bridge.hello.gorilla_commit, o.source.gorilla, o.allowUnpinned);
      if (note) warnings.push(note.replace(/^warning: /, ''));
      await verifyReferenceRebuild(bridge, data.reference);
    }
    return { hello: bridge.hello, simScriptsDir: await writeSimScripts(bridge, data.suite.tasks) };
  });
  const all: LoudquietTask[] = data.suite.tasks.flatMap((t) => {
    const ref = data.reference.byId.get(t.task_id)?.state;
    if (ref === undefined) warnings.push(`loudquiet:no-reference: ${data.reference.file.path}: no reference state for ${t.task_id}; its trials score as errors`);
    return o.conditions.map((condition): LoudquietTask => ({
      id: `${t.task_id}:${condition}`, condition, unit: t.task_id, taskId: t.task_id, domain: t.domain, nTurns: t.n_turns, turns: t.turns,
      referenceStateJson: ref === undefined ? null : dumpsPy(ref), launch, scaffolding: o.scaffolding,
    }));
  });
  const manifest: LoudquietManifest = {
    source: o.source.kind, suite: data.suite.file, reference: data.reference.file,
    gorilla: o.source.kind === 'real' ? { dir: o.source.gorilla, commit: hello.gorilla_commit } : null,
    python: hello.python, tz: hello.tz, systemPromptSha256: SYSTEM_PROMPT_SHA256, scaffolding: o.scaffolding, conditions: o.conditions,
  };
  return {
    benchmark: loudquietBenchmark,
    tasks: selectTasks(all, { ids: o.ids, limit: o.limit }),
    source: taskSource(manifest),
    manifest,
    warnings,
    simScriptsDir,
    close: () => sharedBridgePool.closeAll(),
  };
}

function taskSource(m: LoudquietManifest): TaskSource {
  const files = `${m.suite.path} (SHA-256 ${m.suite.sha256.slice(0, 12)}), ${m.reference.path} (SHA-256 ${m.reference.sha256.slice(0, 12)})`;
  if (m.source === 'fixture') return { kind: 'fixture', label: `Loud/Quiet fixture suite over the fixture environment (self-authored stand-ins, not Loud/Quiet's tasks): ${files}`, getReal: GET_REAL_DATA };
  const gorilla = m.gorilla ? `${m.gorilla.dir} at ${m.gorilla.commit ? m.gorilla.commit.slice(0, 7) : 'an unknown commit (no .git)'}` : 'no gorilla checkout';
  return { kind: 'real', label: `Loud/Quiet frozen suite ${files}; BFCL classes from ${gorilla}` };
}

/** Runs one trial on a pooled bridge process and returns its transcript with the trajectory record. */
async function runLoudquiet(task: LoudquietTask, ctx: RunContext) {
  return sharedBridgePool.with(task.launch, async (bridge) => {
    const env = await bridge.environment(task.taskId, task.condition, ctx.seed);
    try {
      const timestamp = new Date();
      const run = await runTrial({ model: ctx.model, task: { task_id: task.taskId, turns: task.turns }, env, fault: task.condition, plugins: ctx.plugins, settings: { scaffolding: task.scaffolding }, signal: ctx.signal, sleep: ctx.sleep });
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
