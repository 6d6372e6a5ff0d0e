import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { bootstrapMean, countFailures, evaluateContrasts, evaluatePlan, getAnalysisPlan, type ContrastResult, type ContrastSpec, type Sample } from '@recovery-bench/analysis';
import { BenchError, forEachRecord, iterateLines, type ReportSection, type ReportSystem, type ScoredSample } from '@recovery-bench/harness';
import { benchmarkIds, getBenchmark } from '../benchmarks.ts';
import { readManifest, runFile, SAMPLE_FORMATS, SCORE_FORMATS, type RecordedTaskSource, type RunManifest, type RunScoring, type SampleRecord, type ScoreRecord } from '../run/run-dir.ts';
import { seedsOf } from '../config/schema.ts';
import type { ReportContrast } from './report-contrast.ts';
import { table7Section } from './table7.ts';

export const SUMMARY_FORMAT = 'recovery-bench/summary@2';

export interface PassRate {
  benchmark: string;
  /** What the rate is of: the benchmark's primary score (`pass rate`, `state agreement`). */
  label: string;
  system: string;
  model: string;
  condition: string;
  tasks: number;
  passed: number;
  errors: number;
  rate: number;
  lower: number;
  upper: number;
}

/** H3.4: on a missing tool (where the fault fired), how often a system called the hidden tool again or stopped. */
export interface MissingToolRow {
  benchmark: string;
  system: string;
  model: string;
  trials: number;
  stopped: number;
  calledAgain: number;
}

export type { ReportContrast } from './report-contrast.ts';

export interface CallFailures {
  system: string;
  /** Proxy failure codes of every recorded model call (the taxonomy of the proxy), `ok` included. */
  codes: Record<string, number>;
}

export interface Summary {
  format: typeof SUMMARY_FORMAT;
  title: string;
  simulated: boolean;
  /** System ids in the order the configs declare them. */
  systems: string[];
  runs: { id: string; dir: string; benchmark: string; status: string; createdAt: string; configHash: string; git: RunManifest['git']; versions: RunManifest['versions']; engines: RunManifest['engines']; seeds: number[]; rules: string[]; samples: number; planned: number; excluded: number; taskSource: RecordedTaskSource | null }[];
  analysis: { resamples: number; seed: number; level: number };
  passRates: PassRate[];
  missingTool: MissingToolRow[];
  contrasts: ReportContrast[];
  /** The benchmarks' own parts of the report (the paper's tables 6 and 8, …). */
  sections: ReportSection[];
  /** Data the benchmarks write beside report.json (`<benchmark>-report.json`); not part of report.json itself. */
  files: { name: string; json: unknown }[];
  failures: { erroredRuns: { system: string; model: string; count: number }[]; calls: CallFailures[] };
  rerun: { compared: number; identical: number; differing: string[] } | null;
  /** What the reader must know before reading any number (e.g. that every sample ended the same way). */
  warnings?: string[];
}

/** A run as the report reads it: its manifest and one small record per sample (its primary score), no transcripts. */
export interface LoadedRun {
  dir: string;
  manifest: RunManifest;
  scoring: RunScoring;
  samples: Sample[];
  /** Samples the benchmark left out of its analysis set (not in `samples`). */
  excluded?: number;
}

export function loadRun(dir: string): LoadedRun {
  const manifest = readManifest(dir);
  const path = runFile(dir, 'scores.jsonl');
  if (!manifest.scoring || !existsSync(path)) {
    throw new BenchError('runlog:mismatch', `${dir} has no scores.jsonl${manifest.scoring ? '' : ' (it was run by an older version)'}`, { hint: `score it first: recovery-bench score ${dir}` });
  }
  const scoring = manifest.scoring;
  const samples: Sample[] = [];
  let excluded = 0;
  forEachRecord<ScoreRecord>(path, SCORE_FORMATS, (record) => {
    // A benchmark may keep a sample out of its analysis set (e.g. a fault that never fired).
    if (!record.error && record.scores[scoring.primary.scorer]?.excluded !== undefined) excluded++;
    else samples.push(toAnalysisSample(record, scoring, manifest));
  });
  return { dir, manifest, scoring, samples, excluded };
}

/** A sample's primary score as the analysis sees it; a sample without it is an error (value 0). */
export function toAnalysisSample(record: ScoreRecord, scoring: RunScoring, manifest: Pick<RunManifest, 'config'>): Sample {
  const score = record.error ? undefined : record.scores[scoring.primary.scorer];
  const outcome = score?.outcome ?? 'error';
  const tier = manifest.config.models[record.model]?.tier;
  return {
    benchmark: record.benchmark, system: record.system, model: record.model, task: record.unit ?? record.task, condition: record.condition, seed: record.seed,
    // A unit holds several tasks: the task itself keeps two systems' runs of one unit from pairing across its tasks.
    ...(record.unit === undefined || record.unit === record.task ? {} : { item: record.task }),
    ...(tier === undefined ? {} : { tier }),
    value: outcome === 'error' ? 0 : (score?.value ?? 0), outcome,
    ...(score?.stopped === undefined ? {} : { stopped: score.stopped }),
  };
}

export interface SummarizeOptions {
  resamples?: number;
  seed?: number;
}

/** Everything the report shows, as numbers: pass rates with intervals, contrasts, failure counts, rerun check. */
export function summarize(runs: readonly LoadedRun[], opts: SummarizeOptions = {}): Summary {
  const resamples = opts.resamples ?? 10_000;
  const seed = opts.seed ?? 20_261_202;
  const primary = runs[0]!;
  const rerun = runs.length === 2 && runs[0]!.manifest.configHash === runs[1]!.manifest.configHash ? rerunCheck(runs[0]!, runs[1]!) : null;
  // A rerun's samples repeat the first run's; only the first is analysed.
  const analysed = rerun ? [primary] : runs;
  const samples = analysed.flatMap((r) => r.samples);
  const simulated = runs.some((r) => r.manifest.simulated);
  const benchmarks = [...new Set(runs.map((r) => r.manifest.benchmark))];
  const contrastList = contrasts(analysed, samples, { resamples, seed });
  const own = benchmarkReports(analysed, simulated, { resamples, seed });
  const table7 = table7Section(contrastList);
  return {
    format: SUMMARY_FORMAT,
    title: reportTitle(runs, benchmarks, simulated),
    simulated,
    systems: [...new Set(runs.flatMap((r) => r.manifest.config.systems.map((s) => s.id)))],
    runs: runs.map(describeRun),
    analysis: { resamples, seed, level: 0.95 },
    passRates: passRates(samples, labels(analysed), { resamples, seed }),
    missingTool: missingToolRows(samples),
    contrasts: contrastList,
    ...own,
    // The paper's table 7 leads the report's own sections when the run asked for the study3 analysis.
    sections: [...(table7 ? [table7] : []), ...own.sections],
    failures: { erroredRuns: erroredRuns(samples), calls: analysed.flatMap(callFailures) },
    rerun,
    ...withWarnings(uniformOutcome(samples, simulated)),
  };
}

const withWarnings = (warnings: string[]) => (warnings.length > 0 ? { warnings } : {});

/**
 * A run whose samples all ended the same way (every system, model and condition; two samples or more) measures
 * nothing: no contrast can differ from zero. Said in the report and on the command line, with what to check; on the
 * sim engine the usual cause is a task the generic policy cannot play.
 */
export function uniformOutcome(samples: readonly Sample[], simulated: boolean): string[] {
  if (samples.length < 2) return [];
  const first = samples[0]!;
  if (!samples.every((x) => x.value === first.value && x.outcome === first.outcome)) return [];
  const what = first.outcome === 'error' ? 'ended in an error' : `scored ${first.value}`;
  const systems = new Set(samples.map((x) => x.system)).size;
  const conditions = new Set(samples.map((x) => x.condition)).size;
  const base = `Every one of the ${samples.length} samples ${what} (${systems} system${systems === 1 ? '' : 's'}, ${conditions} condition${conditions === 1 ? '' : 's'}): the run cannot tell the systems apart.`;
  if (!simulated) return [`${base} Check the tasks' tools and scorer on one sample (\`recovery-bench show <run> <sample>\`).`];
  return [`${base} On the sim engine a task is played by its benchmark's sim script or, without one, by the generic policy, which fills a tool's arguments only from \`key=value\` pairs in the user's messages (libs/sim-engine/README.md, "The generic policy"): write the tasks' arguments as \`key=value\` in their prompts, or ship sim scripts with the benchmark.`];
}

/**
 * `<a> (24 fixture tasks) + <b> (24 real tasks): study3 (simulated: sim engine, not a model)`: each
 * benchmark with its task source and count, the config, and what its numbers are not.
 */
function reportTitle(runs: readonly LoadedRun[], benchmarks: readonly string[], simulated: boolean): string {
  const named = benchmarks.map((b) => {
    const source = runs.find((r) => r.manifest.benchmark === b)?.manifest.taskSource;
    return source ? `${b} (${source.units} ${source.kind === 'built-in' ? '' : `${source.kind} `}task${source.units === 1 ? '' : 's'})` : b;
  });
  const config = runs[0]!.manifest.config;
  const fixtures = runs.some((r) => r.manifest.taskSource?.kind === 'fixture');
  const notes = [
    ...(fixtures && config.requireRealTasks ? ["fixture tasks, not the paper's"] : []),
    ...(simulated ? ['simulated: sim engine, not a model'] : []),
  ];
  return `${named.join(' + ')}: ${config.name}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

function describeRun(r: LoadedRun): Summary['runs'][number] {
  const m = r.manifest;
  return {
    id: m.id, dir: r.dir, benchmark: m.benchmark, status: m.status, createdAt: m.createdAt, configHash: m.configHash, git: m.git, versions: m.versions, engines: m.engines,
    seeds: seedsOf(m.config, m.benchmark), rules: [...new Set(m.config.systems.map((s) => s.rules))], samples: r.samples.length + (r.excluded ?? 0), planned: m.plan.samples, excluded: r.excluded ?? 0,
    taskSource: m.taskSource ?? null,
  };
}

function labels(runs: readonly LoadedRun[]): Map<string, string> {
  return new Map(runs.map((r) => [r.manifest.benchmark, r.scoring.primary.label]));
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function passRates(samples: readonly Sample[], labelOf: ReadonlyMap<string, string>, opts: { resamples: number; seed: number }): PassRate[] {
  const groups = groupBy(samples, (s) => JSON.stringify([s.benchmark, s.system, s.model, s.condition]));
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const byTask = new Map<string, number[]>();
    for (const s of group) byTask.set(s.task, [...(byTask.get(s.task) ?? []), s.value]);
    const values = new Map([...byTask].map(([task, v]) => [task, v.reduce((a, b) => a + b, 0) / v.length]));
    const ci = bootstrapMean(values, { resamples: opts.resamples, seed: opts.seed });
    return {
      benchmark: first.benchmark, label: labelOf.get(first.benchmark) ?? 'score', system: first.system, model: first.model, condition: first.condition, tasks: values.size,
      passed: group.filter((s) => s.outcome === 'pass').length, errors: group.filter((s) => s.outcome === 'error').length,
      rate: ci.estimate, lower: ci.lower, upper: ci.upper,
    };
  }).sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.model.localeCompare(b.model) || a.condition.localeCompare(b.condition) || a.system.localeCompare(b.system));
}

function missingToolRows(samples: readonly Sample[]): MissingToolRow[] {
  const groups = groupBy(samples.filter((s) => s.stopped !== undefined), (s) => JSON.stringify([s.benchmark, s.model, s.system]));
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const stopped = group.filter((s) => s.stopped === true).length;
    return { benchmark: first.benchmark, system: first.system, model: first.model, trials: group.length, stopped, calledAgain: group.length - stopped };
  }).sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.model.localeCompare(b.model) || a.system.localeCompare(b.system));
}

/** The config's contrasts (per model and pooled over models), then the analysis plans it asks for. */
function contrasts(runs: readonly LoadedRun[], samples: readonly Sample[], opts: { resamples: number; seed: number }): ReportContrast[] {
  const out: ReportContrast[] = [];
  for (const run of runs) {
    out.push(...configContrasts(run, samples, opts));
    const roles = { [run.manifest.benchmark]: run.scoring.roles };
    const systems = run.manifest.config.systems.map((s) => ({ id: s.id, engine: s.engine, arm: s.arm }));
    const own = samples.filter((s) => s.benchmark === run.manifest.benchmark);
    for (const id of analysisPlans(run.manifest.config)) {
      const preset = getAnalysisPlan(id);
      // A preset that asks for it is read for each model alone too, as a config's own contrasts are.
      const models = Object.keys(run.manifest.config.models);
      for (const model of preset.perModel && models.length > 1 ? [...models, 'all'] : ['all']) {
        const evaluated = evaluatePlan(model === 'all' ? own : own.filter((s) => s.model === model), preset, { ...opts, roles, systems });
        out.push(...evaluated.contrasts.map((c) => ({ ...c, model, source: id })));
      }
    }
  }
  return out;
}

function configContrasts(run: LoadedRun, samples: readonly Sample[], opts: { resamples: number; seed: number }): ReportContrast[] {
  const { config, benchmark } = run.manifest;
  if (config.contrasts.length === 0) return [];
  const armOf = new Map(config.systems.map((s) => [s.id, s.arm]));
  const invalid = run.scoring.roles.invalid ?? {};
  // A contrast naming conditions of another benchmark (the default preset covers several) is not this run's.
  const present = new Set(samples.filter((s) => s.benchmark === benchmark).map((s) => s.condition));
  const declared = config.contrasts.filter((c) => !c.conditions || c.conditions.some((k) => present.has(k)));
  if (declared.length === 0) return [];
  const models = Object.keys(config.models);
  const out: ReportContrast[] = [];
  for (const model of models.length > 1 ? [...models, 'all'] : models) {
    // The name (with its model) seeds each contrast's resamples, so a contrast's numbers do not depend on its id.
    const specs: ContrastSpec[] = declared.map((c) => {
      const invalidReason = [c.a, c.b].map((s) => invalid[armOf.get(s) as 'e1' | 'e2']).find((r) => r !== undefined);
      return {
        id: c.id, name: `${c.name} [${model}]`, a: c.a, b: c.b, test: c.test,
        ...(c.test === 'equivalence' ? { margin: c.margin / 100 } : {}),
        ...(c.test === 'one-sided' && c.family ? { family: c.family } : {}),
        ...(invalidReason ? { invalidReason } : {}),
        filter: { benchmark, ...(c.conditions ? { conditions: c.conditions } : {}), ...(model === 'all' ? {} : { models: [model] }) },
      };
    });
    const evaluated = evaluateContrasts(samples, specs, opts);
    evaluated.contrasts.forEach((c, i) => out.push({ ...c, name: declared[i]!.name, model, source: 'config' }));
  }
  return out;
}

/**
 * Each benchmark's own part of the report, from its entry's report hook: its scored samples over every analysed run
 * of it (read again from scores.jsonl, with their details), the runs' systems and manifests.
 */
function benchmarkReports(runs: readonly LoadedRun[], simulated: boolean, opts: { resamples: number; seed: number }): Pick<Summary, 'sections' | 'files'> {
  const out: Pick<Summary, 'sections' | 'files'> = { sections: [], files: [] };
  for (const benchmark of [...new Set(runs.map((r) => r.manifest.benchmark))]) {
    if (!benchmarkIds().includes(benchmark)) continue;
    const entry = getBenchmark(benchmark);
    if (!entry.report) continue;
    const own = runs.filter((r) => r.manifest.benchmark === benchmark);
    const samples: ScoredSample[] = [];
    for (const run of own) {
      forEachRecord<ScoreRecord>(runFile(run.dir, 'scores.jsonl'), SCORE_FORMATS, (r) => samples.push({
        system: r.system, model: r.model, task: r.task, unit: r.unit, condition: r.condition, seed: r.seed, scores: r.error ? null : r.scores,
      }));
    }
    const systems = new Map<string, ReportSystem>();
    for (const run of own) {
      for (const s of run.manifest.config.systems) if (!systems.has(s.id)) systems.set(s.id, { id: s.id, arm: s.arm, engine: s.engine, ...(s.maxTokensCap === undefined ? {} : { maxTokensCap: s.maxTokensCap }) });
    }
    const modelTiers = Object.fromEntries(own.flatMap((r) => Object.entries(r.manifest.config.models).flatMap(([id, m]) => (m.tier === undefined ? [] : [[id, m.tier] as const]))));
    const report = entry.report({ samples, systems: [...systems.values()], simulated, manifests: own.map((r) => r.manifest.benchmarkSource), calls: own.flatMap(callFailures), modelTiers, ...opts });
    if (!report) continue;
    out.sections.push(...report.sections);
    out.files.push(...(report.files ?? []));
  }
  return out;
}

/** Runs that an engine or the harness ended with an error, per system and model (they score 0). */
function erroredRuns(samples: readonly Sample[]): Summary['failures']['erroredRuns'] {
  return countFailures(samples).filter((f) => f.errors > 0).map((f) => ({ system: f.system, model: f.model, count: f.errors }));
}

/** Failure codes of the proxied calls, per system (the proxy records the run id, which is the system id). */
function callFailures(run: LoadedRun): CallFailures[] {
  const path = runFile(run.dir, 'calls.jsonl');
  if (!existsSync(path)) return [];
  const bySystem = new Map<string, Record<string, number>>();
  for (const line of iterateLines(path)) {
    if (line.trim() === '') continue;
    let record: { runId?: unknown; code?: unknown };
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const system = typeof record.runId === 'string' ? record.runId : 'unrouted';
    const code = typeof record.code === 'string' ? record.code : 'unknown';
    const codes = bySystem.get(system) ?? {};
    codes[code] = (codes[code] ?? 0) + 1;
    bySystem.set(system, codes);
  }
  return [...bySystem].map(([system, codes]) => ({ system, codes }));
}

/**
 * The exact-rerun check: of the samples both runs hold, how many made exactly the same model turns. Each run's
 * transcripts are read one at a time and kept only as a fingerprint of their model turns.
 */
function rerunCheck(a: LoadedRun, b: LoadedRun): NonNullable<Summary['rerun']> {
  const other = turnFingerprints(b.dir);
  let compared = 0;
  let identical = 0;
  const differing: string[] = [];
  for (const [key, print] of turnFingerprints(a.dir)) {
    const theirs = other.get(key);
    if (theirs === undefined) continue;
    compared++;
    if (print === theirs) identical++;
    else differing.push(key.replaceAll('\u0000', '/'));
  }
  return { compared, identical, differing: differing.slice(0, 50) };
}

function turnFingerprints(dir: string): Map<string, string> {
  const prints = new Map<string, string>();
  forEachRecord<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMATS, (s) => {
    const turns = (s.transcript?.events ?? []).filter((e) => e.type === 'model').map((e) => (e.type === 'model' ? [e.content, e.toolCalls.map((c) => [c.function.name, c.function.arguments])] : null));
    prints.set(`${s.system}\u0000${s.model}\u0000${s.task}\u0000${s.seed}`, createHash('sha256').update(JSON.stringify(turns)).digest('base64'));
  });
  return prints;
}

/** The analysis plans a run's config asks for: `analysis.plans`, and `analysis.presets` as runs of earlier versions name them. */
function analysisPlans(config: { analysis?: { plans?: readonly string[]; presets?: readonly string[] } }): string[] {
  return [...new Set([...(config.analysis?.plans ?? []), ...(config.analysis?.presets ?? [])])];
}
