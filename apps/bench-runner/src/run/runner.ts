import { setMaxListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { asBenchError, BenchError, iterateRecords, selectTasks, type BenchmarkEntry, type PreparedBenchmark, type TaskRef, type TaskSource } from '@recovery-bench/harness';
import { benchmarkModuleOf, getBenchmark } from '../benchmarks.ts';
import type { RunConfig } from '../config/schema.ts';
import { buildPlan, type PlannedSample, type Shard } from './plan.ts';
import { prepareBenchmark, runScoring } from './prepare.ts';
import { Progress } from './progress.ts';
import {
  configHash, createRunDir, gitIdentity, keyString, readManifest, runFile, SAMPLE_FORMAT, SAMPLE_FORMATS, writeManifest,
  type RunManifest, type SampleRecord,
} from './run-dir.ts';
import { SampleSink } from './sample-sink.ts';
import { runPool } from './pool.ts';
import { startEngine, startSystem, stopSystem, type EngineInstance, type EngineStartOptions, type SystemRuntime } from './systems.ts';

export interface RunOptions {
  /** A registered benchmark's id. */
  benchmark: string;
  config: RunConfig;
  outDir: string;
  /** Continue a killed run in its own directory: samples already recorded are not run again. */
  resumeDir?: string;
  /** A new run's directory, fixed (a shard of `--shard auto`); default a new folder under `outDir`. */
  runDir?: string;
  shard?: Shard;
  /** Only these system ids / task or unit ids. */
  systems?: string[];
  tasks?: string[];
  /** Run a benchmark's fixture tasks under a config that requires real ones (the report's title then says so). */
  allowFixtures?: boolean;
  signal?: AbortSignal;
  progressOut?: NodeJS.WriteStream;
  /** Where `git rev-parse` reads the code version. */
  repoRoot: string;
  log?: (line: string) => void;
}

export interface RunResult {
  dir: string;
  manifest: RunManifest;
  planned: number;
  ran: number;
  skipped: number;
}

const VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs a benchmark's plan into a run directory (new, or resumed), flushing each sample and its score as it finishes. */
export async function executeRun(input: RunOptions): Promise<RunResult> {
  const opts = input.resumeDir ? resumedOptions(input) : input;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const config = selectSystems(opts.config, opts.systems);
  const entry = getBenchmark(opts.benchmark);
  const prepared = await prepareBenchmark(entry, config);
  try {
    refuseFixtures(config, entry.id, prepared.source, opts.allowFixtures === true);
    for (const w of prepared.warnings) log(`warning: ${w}`);
    return await runPrepared(opts, config, entry, prepared, log);
  } finally {
    await prepared.close?.();
  }
}

async function runPrepared(opts: RunOptions, config: RunConfig, entry: BenchmarkEntry, prepared: PreparedBenchmark<TaskRef>, log: (line: string) => void): Promise<RunResult> {
  const tasks = opts.tasks ? selectTasks(prepared.tasks, { ids: opts.tasks }) : prepared.tasks;
  if (opts.tasks && tasks.length === 0) throw new BenchError('config:invalid', `no task matches --tasks ${opts.tasks.join(',')}`);
  const plan = buildPlan(config, entry.id, tasks, opts.shard, prepared.tasks);
  if (plan.length === 0 && (!opts.shard || tasks.length === 0)) throw new BenchError('config:invalid', 'the plan is empty: no task matches the selection');
  // A shard can own no task (tasks hash to shards): its run is complete with no sample, so that a merge of every
  // shard, or a Job waiting for each of its indexes, goes on.
  if (plan.length === 0) log(`shard ${opts.shard!.index} of ${opts.shard!.count}: none of the ${tasks.length} tasks falls to this shard; its run has no samples`);
  const { dir, manifest } = openRunDir(opts, config, entry, prepared, tasks, plan.length);
  const samplesPath = runFile(dir, 'samples.jsonl');
  const done = recordedKeys(samplesPath);
  const todo = plan.filter((s) => !done.has(keyString(s)));
  if (opts.resumeDir) log(`resuming ${dir}: ${done.size} samples recorded, ${todo.length} to run`);
  const progress = new Progress(plan.length, plan.length - todo.length, { out: opts.progressOut });
  const sink = new SampleSink(dir, prepared, entry, progress);
  const abort = new AbortController();
  // Every sample in flight listens on this one signal.
  setMaxListeners(0, abort.signal);
  const onAbort = () => abort.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const engineOptions: EngineStartOptions = { simScriptsDir: prepared.simScriptsDir, runId: manifest.id, logDir: dir, signal: opts.signal, onProgress: engineProgressLog(log) };
  const callsPath = runFile(dir, 'calls.jsonl');
  let started: Started | undefined;
  try {
    writeManifest(dir, manifest);
    const added = opts.resumeDir ? await sink.scoreMissing() : 0;
    if (added > 0) log(`scored ${added} recorded sample(s) that had no score yet`);
    for (const part of engineParts(config, todo)) {
      if (abort.signal.aborted) break;
      started = await startAll(config, part, callsPath, manifest, engineOptions);
      writeManifest(dir, manifest);
      await runPart(part, started, config.concurrency.perEngine, async (sample, runtime) => {
        if (abort.signal.aborted) return;
        const record = await runSample(prepared, entry.id, sample, runtime, abort.signal);
        if (record) await sink.add(record);
      });
      await stopAll(started);
      started = undefined;
    }
    manifest.status = abort.signal.aborted ? 'interrupted' : 'complete';
  } catch (error) {
    manifest.status = 'failed';
    throw error;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    progress.finish();
    sink.close();
    if (started) await stopAll(started);
    manifest.updatedAt = new Date().toISOString();
    writeManifest(dir, manifest);
  }
  return { dir, manifest, planned: plan.length, ran: sink.recorded, skipped: plan.length - todo.length };
}

/**
 * A config that requires real tasks (the `study3` preset: numbers meant to be the paper's) stops before anything
 * starts when a benchmark has only its fixture suite, saying how to get the real one; `--allow-fixtures` runs it
 * anyway, and the report's title then says "fixture tasks, not the paper's".
 */
function refuseFixtures(config: RunConfig, benchmark: string, source: TaskSource, allowed: boolean): void {
  if (!config.requireRealTasks || source.kind !== 'fixture' || allowed) return;
  const getReal = source.getReal ? `get its real tasks with \`${source.getReal}\`` : 'point its section at its real tasks';
  throw new BenchError('config:invalid', `${config.name} runs the paper's tasks, but ${benchmark} has only its fixture suite here: ${getReal}, or run the fixture tasks anyway with --allow-fixtures`);
}

/** The keys of the samples a run directory holds, read one record at a time. */
function recordedKeys(samplesPath: string): Set<string> {
  const keys = new Set<string>();
  for (const record of iterateRecords<SampleRecord>(samplesPath, SAMPLE_FORMATS)) keys.add(keyString(record));
  return keys;
}


/** A resumed run takes its config, selection and shard from its own manifest, so the two halves match. */
function resumedOptions(opts: RunOptions): RunOptions {
  const manifest = readManifest(opts.resumeDir!);
  return {
    ...opts,
    config: manifest.config,
    shard: manifest.shard ?? undefined,
    systems: manifest.selection?.systems ?? undefined,
    tasks: manifest.selection?.tasks ?? undefined,
    allowFixtures: manifest.selection?.allowFixtures === true,
  };
}

/** The config with only the systems `ids` names (all without). */
export function selectSystems(config: RunConfig, ids: string[] | undefined): RunConfig {
  if (!ids) return config;
  const unknown = ids.filter((id) => !config.systems.some((s) => s.id === id));
  if (unknown.length > 0) throw new BenchError('config:invalid', `unknown system(s) ${unknown.join(', ')}; the config has ${config.systems.map((s) => s.id).join(', ')}`);
  return { ...config, systems: config.systems.filter((s) => ids.includes(s.id)) };
}

function openRunDir(opts: RunOptions, config: RunConfig, entry: BenchmarkEntry, prepared: PreparedBenchmark<TaskRef>, tasks: readonly TaskRef[], planned: number): { dir: string; manifest: RunManifest } {
  const hash = configHash(config);
  if (opts.resumeDir) {
    const manifest = readManifest(opts.resumeDir);
    if (manifest.configHash !== hash) {
      throw new BenchError('runlog:mismatch', `${opts.resumeDir} was run with another config (hash ${manifest.configHash.slice(0, 12)}, now ${hash.slice(0, 12)})`, { hint: 'resume with the same config, presets and flags' });
    }
    if (manifest.benchmark !== entry.id) throw new BenchError('runlog:mismatch', `${opts.resumeDir} is a ${manifest.benchmark} run, not ${entry.id}`);
    manifest.status = 'running';
    return { dir: opts.resumeDir, manifest };
  }
  const { dir, id } = createRunDir(opts.outDir, entry.id, new Date(), opts.runDir);
  const now = new Date().toISOString();
  const simulated = Object.values(config.engines).some((e) => e.kind === 'sim');
  const manifest: RunManifest = {
    format: 'recovery-bench/run@1',
    id,
    benchmark: entry.id,
    createdAt: now,
    updatedAt: now,
    status: 'running',
    simulated,
    config,
    configHash: hash,
    versions: { recoveryBench: VERSION, node: process.version, benchmark: entry.version },
    git: gitIdentity(opts.repoRoot),
    shard: opts.shard ?? null,
    selection: { systems: opts.systems ?? null, tasks: opts.tasks ?? null, ...(opts.allowFixtures ? { allowFixtures: true } : {}) },
    plan: { samples: planned },
    engines: [],
    benchmarkSource: prepared.manifest,
    ...(benchmarkModuleOf(entry.id) ? { benchmarkModule: benchmarkModuleOf(entry.id) } : {}),
    taskSource: { ...prepared.source, tasks: tasks.length, units: new Set(tasks.map((t) => t.unit ?? t.id)).size },
    scoring: runScoring(entry),
  };
  return { dir, manifest };
}

interface Started {
  engines: EngineInstance[];
  systems: Map<string, SystemRuntime>;
}

/** Each engine × model runs its samples with at most `perEngine` in flight; engines run side by side. */
async function runPart(part: readonly PlannedSample[], started: Started, perEngine: number, work: (sample: PlannedSample, runtime: SystemRuntime) => Promise<void>): Promise<void> {
  await Promise.all(byEngine(part).map((samples) => runPool(samples, perEngine, (sample) => work(sample, started.systems.get(`${sample.system}\u0000${sample.model}`)!))));
}

/** The samples of each engine × model, in plan order. */
function byEngine(samples: readonly PlannedSample[]): PlannedSample[][] {
  const groups = new Map<string, PlannedSample[]>();
  for (const sample of samples) {
    const key = `${sample.engine}\u0000${sample.model}`;
    const group = groups.get(key);
    if (group) group.push(sample);
    else groups.set(key, [sample]);
  }
  return [...groups.values()];
}

/** The samples in the order their engines run: all at once, or one engine × model after another. */
function engineParts(config: RunConfig, todo: PlannedSample[]): PlannedSample[][] {
  if (config.concurrency.engines === 'together') return todo.length > 0 ? [todo] : [];
  return byEngine(todo);
}

/** Each engine once per model, then one proxy per system and model, all before the part's first sample. */
async function startAll(config: RunConfig, todo: PlannedSample[], callsPath: string, manifest: RunManifest, engineOptions: EngineStartOptions): Promise<Started> {
  const started: Started = { engines: [], systems: new Map() };
  try {
    for (const sample of todo) {
      if (!started.engines.some((e) => e.name === sample.engine && e.model === sample.model)) {
        const engine = await startEngine(config, sample.engine, sample.model, engineOptions);
        started.engines.push(engine);
        manifest.engines.push({ name: engine.name, kind: engine.kind, model: engine.model, detail: engine.detail });
      }
      const systemKey = `${sample.system}\u0000${sample.model}`;
      if (!started.systems.has(systemKey)) {
        const engine = started.engines.find((e) => e.name === sample.engine && e.model === sample.model)!;
        const system = config.systems.find((s) => s.id === sample.system)!;
        started.systems.set(systemKey, await startSystem(config, system, engine, callsPath));
      }
    }
  } catch (error) {
    await stopAll(started);
    throw error;
  }
  return started;
}

/** Engine starts report pulls and waits; a line every few seconds is enough to show a start is alive. */
function engineProgressLog(log: (line: string) => void): EngineStartOptions['onProgress'] {
  let last = 0;
  return (event) => {
    const now = Date.now();
    if (event.phase !== 'ready' && event.phase !== 'create' && now - last < 5_000) return;
    last = now;
    const bytes = event.total ? ` (${Math.round((100 * (event.current ?? 0)) / event.total)}% of ${(event.total / 1e9).toFixed(1)} GB)` : '';
    log(`engine: ${event.message}${bytes}`);
  };
}

async function stopAll(started: Started): Promise<void> {
  await Promise.allSettled([...started.systems.values()].map(stopSystem));
  await Promise.allSettled(started.engines.map((e) => e.close()));
}

const noWait = async (_ms: number): Promise<void> => {};

/** One sample; an error inside it is recorded in it. An abort records nothing, so a resumed run repeats it. */
async function runSample(prepared: PreparedBenchmark<TaskRef>, benchmark: string, sample: PlannedSample, runtime: SystemRuntime, signal: AbortSignal): Promise<SampleRecord | undefined> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const base = { format: SAMPLE_FORMAT, benchmark, system: sample.system, model: sample.model, task: sample.task, condition: sample.condition, seed: sample.seed, unit: sample.taskRef.unit ?? sample.task, startedAt } as const;
  try {
    // The sim answers a repeated request at once and the same way: a retry's wait changes nothing but the wall time.
    const sleep = runtime.engine.kind === 'sim' ? noWait : undefined;
    const transcript = await prepared.benchmark.run(sample.taskRef, { model: runtime.client, modelId: sample.model, endpoint: runtime.endpoint, plugins: runtime.plugins, seed: sample.seed, signal, ...(sleep ? { sleep } : {}) });
    return { ...base, durationMs: performance.now() - t0, transcript };
  } catch (error) {
    const e = asBenchError(error);
    if (signal.aborted || e.code === 'run:aborted') return undefined;
    return { ...base, durationMs: performance.now() - t0, transcript: null, error: { code: e.code, message: e.message } };
  }
}

