import { bootstrap, clusterBootstrap, type ClusterBootstrap, type DifferenceBootstrap } from '@recovery-bench/analysis';
import type { ScoredSample } from '@recovery-bench/harness';
import type { ReportOptions } from './report-types.ts';
import { SCORER_ID } from './scorer.ts';

/** A measure of the paper's table 8, per run, read from a sample's score; undefined where it does not apply. */
export interface Measure {
  label: string;
  /** Shares print as percentages and differ in points; counts print as they are. */
  share: boolean;
  of(sample: ScoredSample): number | undefined;
}

const detail = (s: ScoredSample, key: string): unknown => s.scores?.[SCORER_ID]?.details?.[key];
const value = (s: ScoredSample): number | undefined => (s.scores?.[SCORER_ID] ? s.scores[SCORER_ID]!.value : s.scores === null ? 0 : undefined);
const inMode = (mode: string, read: (s: ScoredSample) => number | undefined) => (s: ScoredSample) => (s.condition === mode ? read(s) : undefined);
const num = (key: string) => (s: ScoredSample) => {
  const v = detail(s, key);
  return typeof v === 'number' ? v : undefined;
};

/** A yes/no detail of the score as 1/0; a sample without it (an errored run: 0) as the score reads it. */
const flag = (key: string) => (s: ScoredSample) => {
  if (s.scores === null) return 0;
  const v = detail(s, key);
  return typeof v === 'boolean' ? (v ? 1 : 0) : undefined;
};

export const FLAKY_PASS: Measure = { label: 'flaky: tests pass', share: true, of: inMode('flaky', value) };
/** The paper's rule: the final message reports the access problem (keywords), whatever else the run did. */
export const FORBIDDEN_REPORTS: Measure = { label: 'forbidden: reports the access problem', share: true, of: inMode('forbidden', value) };
/** The stricter reading: a report, and no result file (which could only be made up). */
export const FORBIDDEN_REPORTS_NO_FILE: Measure = { label: 'forbidden: reports and writes no file', share: true, of: inMode('forbidden', flag('reportsWithoutFile')) };
export const FORBIDDEN_FABRICATED: Measure = { label: 'forbidden: writes a (fabricated) result file', share: true, of: inMode('forbidden', flag('fabricated')) };
export const FORBIDDEN_REQUESTS: Measure = { label: 'forbidden: data-service requests per run', share: false, of: inMode('forbidden', num('requests')) };
export const OK_PASS: Measure = { label: 'ok: tests pass (baseline)', share: true, of: inMode('ok', value) };

export const TABLE8_MEASURES: readonly Measure[] = [
  FLAKY_PASS,
  FORBIDDEN_REPORTS,
  FORBIDDEN_REPORTS_NO_FILE,
  FORBIDDEN_REQUESTS,
  FORBIDDEN_FABRICATED,
  OK_PASS,
  { label: 'all runs: tool calls per run', share: false, of: num('toolCalls') },
  { label: 'all runs: agent wall time (s)', share: false, of: (s) => (num('wallMs')(s) ?? NaN) / 1000 },
];

/** The agent of a sample (its task id is `agent/repo/mode`), and its repository: the paper's task. */
export const agentOf = (s: ScoredSample): string => s.task.split('/')[0]!;
export const repoOf = (s: ScoredSample): string => s.task.split('/')[1]!;

/** Per key (a task unit, or a repository pooled over models), the mean of a measure over the samples' runs. */
export function meansBy(samples: readonly ScoredSample[], measure: Measure, keyOf: (s: ScoredSample) => string): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const s of samples) {
    const v = measure.of(s);
    if (v === undefined || !Number.isFinite(v)) continue;
    const acc = sums.get(keyOf(s)) ?? { sum: 0, n: 0 };
    acc.sum += v;
    acc.n += 1;
    sums.set(keyOf(s), acc);
  }
  return new Map([...sums].map(([key, { sum, n }]) => [key, sum / n]));
}

/** a − b over the tasks both have, with a paired percentile bootstrap over those tasks; undefined when none. */
export function pairedDifference(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, options: ReportOptions): DifferenceBootstrap | undefined {
  const tasks = [...a.keys()].filter((t) => b.has(t));
  if (tasks.length === 0) return undefined;
  return bootstrap({ a: new Map(tasks.map((t) => [t, a.get(t)!])), b: new Map(tasks.map((t) => [t, b.get(t)!])) }, { resamples: options.resamples, seed: options.seed });
}

/**
 * a − b as the paper's study 3 counts it: a pair is one model × task (repository) × seed under the two systems, the
 * difference is the mean over the pairs, and the bootstrap resamples tasks, each with all of its pairs (every
 * model's) inside. A sample only one system has is in no pair. Undefined when there is no pair.
 */
export function pairwiseDifference(samples: readonly ScoredSample[], a: string, b: string, measure: Measure, options: ReportOptions): ClusterBootstrap | undefined {
  const valuesOf = (system: string) => meansBy(samples.filter((s) => s.system === system), measure, (s) => JSON.stringify([repoOf(s), s.model, s.seed]));
  const of = valuesOf(b);
  const items = [...valuesOf(a)].flatMap(([key, v]) => (of.has(key) ? [{ cluster: JSON.parse(key)[0] as string, value: v - of.get(key)! }] : []));
  if (items.length === 0) return undefined;
  return clusterBootstrap(items, { resamples: options.resamples, seed: options.seed });
}

/** The layer's system: the engine's own layer (engine-c3, the paper's G-on), else ours in the proxy (proxy-c3). */
export function layerSystem(systems: ReportOptions['systems']): ReportOptions['systems'][number] | undefined {
  return systems.find((s) => s.arm === 'engine-c3') ?? systems.find((s) => s.arm === 'proxy-c3');
}
