import { existsSync, readFileSync } from 'node:fs';
import { bootstrapMean, evaluateContrasts, type ContrastResult, type ContrastSpec, type Sample } from '@recovery-bench/analysis';
import { readRunLog } from '@recovery-bench/harness';
import { readManifest, runFile, SAMPLE_FORMAT, type RunManifest, type SampleRecord } from '../run/run-dir.ts';

export const SUMMARY_FORMAT = 'recovery-bench/summary@1';

export interface PassRate {
  benchmark: string;
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

export interface ReportContrast extends ContrastResult {
  /** The model the contrast is over, or `all` for the pooled one. */
  model: string;
}

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
  runs: { id: string; dir: string; benchmark: string; status: string; createdAt: string; configHash: string; git: RunManifest['git']; versions: RunManifest['versions']; engines: RunManifest['engines']; seeds: number[]; rules: string[]; samples: number; planned: number }[];
  analysis: { resamples: number; seed: number; level: number };
  passRates: PassRate[];
  contrasts: ReportContrast[];
  failures: { erroredRuns: { system: string; model: string; count: number }[]; calls: CallFailures[] };
  rerun: { compared: number; identical: number; differing: string[] } | null;
}

export interface LoadedRun {
  dir: string;
  manifest: RunManifest;
  samples: SampleRecord[];
}

export function loadRun(dir: string): LoadedRun {
  const manifest = readManifest(dir);
  const { records } = readRunLog<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMAT);
  return { dir, manifest, samples: records };
}

/** A sample's main score as the analysis sees it; a sample without a score is an error (value 0). */
export function toAnalysisSample(record: SampleRecord): Sample {
  const score = Object.values(record.scores)[0];
  const outcome = score?.outcome ?? 'error';
  return { benchmark: record.benchmark, system: record.system, model: record.model, task: record.unit ?? record.task, condition: record.condition, seed: record.seed, value: outcome === 'error' ? 0 : (score?.value ?? 0), outcome };
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
  const samples = analysed.flatMap((r) => r.samples.map(toAnalysisSample));
  const simulated = runs.some((r) => r.manifest.simulated);
  const benchmarks = [...new Set(runs.map((r) => r.manifest.benchmark))];
  return {
    format: SUMMARY_FORMAT,
    title: `${benchmarks.join(' + ')}: ${primary.manifest.config.name}${simulated ? ' (simulated: sim engine, not a model)' : ''}`,
    simulated,
    systems: [...new Set(runs.flatMap((r) => r.manifest.config.systems.map((s) => s.id)))],
    runs: runs.map(describeRun),
    analysis: { resamples, seed, level: 0.95 },
    passRates: passRates(samples, { resamples, seed }),
    contrasts: contrasts(analysed, samples, { resamples, seed }),
    failures: { erroredRuns: erroredRuns(samples), calls: analysed.flatMap(callFailures) },
    rerun,
  };
}

function describeRun(r: LoadedRun): Summary['runs'][number] {
  const m = r.manifest;
  return {
    id: m.id, dir: r.dir, benchmark: m.benchmark, status: m.status, createdAt: m.createdAt, configHash: m.configHash, git: m.git, versions: m.versions, engines: m.engines,
    seeds: m.config.seeds, rules: [...new Set(m.config.systems.map((s) => s.rules))], samples: r.samples.length, planned: m.plan.samples,
  };
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

function passRates(samples: readonly Sample[], opts: { resamples: number; seed: number }): PassRate[] {
  const groups = groupBy(samples, (s) => JSON.stringify([s.benchmark, s.system, s.model, s.condition]));
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const byTask = new Map<string, number[]>();
    for (const s of group) byTask.set(s.task, [...(byTask.get(s.task) ?? []), s.value]);
    const values = new Map([...byTask].map(([task, v]) => [task, v.reduce((a, b) => a + b, 0) / v.length]));
    const ci = bootstrapMean(values, { resamples: opts.resamples, seed: opts.seed });
    return {
      benchmark: first.benchmark, system: first.system, model: first.model, condition: first.condition, tasks: values.size,
      passed: group.filter((s) => s.outcome === 'pass').length, errors: group.filter((s) => s.outcome === 'error').length,
      rate: ci.estimate, lower: ci.lower, upper: ci.upper,
    };
  }).sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.model.localeCompare(b.model) || a.condition.localeCompare(b.condition) || a.system.localeCompare(b.system));
}

/** The config's contrasts, per model and pooled over models. */
function contrasts(runs: readonly LoadedRun[], samples: readonly Sample[], opts: { resamples: number; seed: number }): ReportContrast[] {
  const out: ReportContrast[] = [];
  for (const run of runs) {
    const declared = run.manifest.config.contrasts;
    if (declared.length === 0) continue;
    const models = Object.keys(run.manifest.config.models);
    const scopes = models.length > 1 ? [...models, 'all'] : models;
    for (const model of scopes) {
      const specs: ContrastSpec[] = declared.map((c) => ({
        name: `${c.name} [${model}]`, a: c.a, b: c.b, test: c.test, ...(c.test === 'equivalence' ? { margin: c.margin / 100 } : {}),
        filter: { benchmark: run.manifest.benchmark, ...(c.conditions ? { conditions: c.conditions } : {}), ...(model === 'all' ? {} : { models: [model] }) },
      }));
      const evaluated = evaluateContrasts(samples, specs, opts);
      evaluated.contrasts.forEach((c, i) => out.push({ ...c, name: declared[i]!.name, model }));
    }
  }
  return out;
}

function erroredRuns(samples: readonly Sample[]): Summary['failures']['erroredRuns'] {
  const groups = groupBy(samples.filter((s) => s.outcome === 'error'), (s) => `${s.system}\u0000${s.model}`);
  return [...groups.values()].map((g) => ({ system: g[0]!.system, model: g[0]!.model, count: g.length }));
}

/** Failure codes of the proxied calls, per system (the proxy records the run id, which is the system id). */
function callFailures(run: LoadedRun): CallFailures[] {
  const path = runFile(run.dir, 'calls.jsonl');
  if (!existsSync(path)) return [];
  const bySystem = new Map<string, Record<string, number>>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let record: { runId?: unknown; code?: unknown };
    try {
      record = JSON.parse(line);
    } catch {
      continue; // a half-written last line of a killed run
    }
    const system = typeof record.runId === 'string' ? record.runId : 'unrouted';
    const code = typeof record.code === 'string' ? record.code : 'unknown';
    const codes = bySystem.get(system) ?? {};
    codes[code] = (codes[code] ?? 0) + 1;
    bySystem.set(system, codes);
  }
  return [...bySystem].map(([system, codes]) => ({ system, codes }));
}

/** The exact-rerun check: of the samples both runs hold, how many made exactly the same model turns. */
function rerunCheck(a: LoadedRun, b: LoadedRun): NonNullable<Summary['rerun']> {
  const key = (s: SampleRecord) => `${s.system}\u0000${s.model}\u0000${s.task}\u0000${s.seed}`;
  const other = new Map(b.samples.map((s) => [key(s), s]));
  let compared = 0;
  let identical = 0;
  const differing: string[] = [];
  for (const s of a.samples) {
    const t = other.get(key(s));
    if (!t) continue;
    compared++;
    if (JSON.stringify(modelTurns(s)) === JSON.stringify(modelTurns(t))) identical++;
    else differing.push(`${s.system}/${s.model}/${s.task}/${s.seed}`);
  }
  return { compared, identical, differing: differing.slice(0, 50) };
}

function modelTurns(s: SampleRecord): unknown[] {
  return (s.transcript?.events ?? []).filter((e) => e.type === 'model').map((e) => (e.type === 'model' ? [e.content, e.toolCalls.map((c) => [c.function.name, c.function.arguments])] : null));
}
