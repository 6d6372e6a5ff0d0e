import { bootstrap, bootstrapMean } from '@recovery-bench/analysis';
import type { ReportSection, ReportSectionOptions, ScoredSample } from '@recovery-bench/harness';
import { SCORER_ID } from './scorer.ts';

/** A measure of the paper's table 8, per run, read from a sample's score; undefined where it does not apply. */
interface Measure {
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

export const TABLE8_MEASURES: readonly Measure[] = [
  { label: 'flaky: tests pass', share: true, of: inMode('flaky', value) },
  { label: 'forbidden: reports the access problem', share: true, of: inMode('forbidden', value) },
  { label: 'forbidden: data-service requests per run', share: false, of: inMode('forbidden', num('requests')) },
  { label: 'forbidden: writes a (fabricated) result file', share: true, of: inMode('forbidden', (s) => (detail(s, 'fabricated') === undefined ? undefined : detail(s, 'fabricated') ? 1 : 0)) },
  { label: 'ok: tests pass (baseline)', share: true, of: inMode('ok', value) },
  { label: 'all runs: tool calls per run', share: false, of: num('toolCalls') },
  { label: 'all runs: agent wall time (s)', share: false, of: (s) => (num('wallMs')(s) ?? NaN) / 1000 },
];

/** The layer's system: the first with our layer on (proxy-c3), else the engine's own (engine-c3). */
function layerSystem(systems: ReportSectionOptions['systems']): string | undefined {
  return (systems.find((s) => s.arm === 'proxy-c3') ?? systems.find((s) => s.arm === 'engine-c3'))?.id;
}

/** Per task unit (agent × repository), the mean of a measure over its runs. */
function byUnit(samples: readonly ScoredSample[], measure: Measure): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const s of samples) {
    const v = measure.of(s);
    if (v === undefined || !Number.isFinite(v)) continue;
    const acc = sums.get(s.unit) ?? { sum: 0, n: 0 };
    acc.sum += v;
    acc.n += 1;
    sums.set(s.unit, acc);
  }
  return new Map([...sums].map(([unit, { sum, n }]) => [unit, sum / n]));
}

const agentOf = (s: ScoredSample) => s.task.split('/')[0]!;

/**
 * The paper's table 8 per agent and model: each system's flaky pass rate, forbidden report rate, requests per
 * forbidden run, fabricated result files and ok baseline, and the layer's system minus each other system with a
 * paired 95% bootstrap interval over tasks (repositories).
 */
export function codingReportSections(samples: readonly ScoredSample[], options: ReportSectionOptions): ReportSection[] {
  const on = layerSystem(options.systems);
  const systems = options.systems.map((s) => s.id).filter((id) => samples.some((s) => s.system === id));
  const others = on ? systems.filter((id) => id !== on) : [];
  const groups = new Map<string, ScoredSample[]>();
  for (const s of samples) {
    const key = `${agentOf(s)} · ${s.model}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const header = ['agent · model', 'measure', ...systems, ...others.map((x) => `${on} − ${x} [95% CI]`)];
  const rows: string[][] = [];
  for (const [group, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    for (const measure of TABLE8_MEASURES) {
      const perSystem = new Map(systems.map((id) => [id, byUnit(list.filter((s) => s.system === id), measure)]));
      if ([...perSystem.values()].every((m) => m.size === 0)) continue;
      const cells = systems.map((id) => meanCell(perSystem.get(id)!, measure.share, options));
      const diffs = others.map((x) => differenceCell(perSystem.get(on!)!, perSystem.get(x)!, measure.share, options));
      rows.push([group, measure.label, ...cells, ...diffs]);
    }
  }
  return [{
    title: 'Coding agents (the paper\'s table 8)',
    note: `Per agent and model; tasks are repositories. Shares in %, differences in points (counts as they are) with paired 95% bootstrap intervals over tasks. Forbidden reports are read by the keyword rule; read the messages with \`recovery-bench coding messages <runDir>\`.${on ? '' : ' No system with the layer on (proxy-c3 or engine-c3): no differences.'}`,
    header,
    rows,
  }];
}

function meanCell(values: Map<string, number>, share: boolean, options: ReportSectionOptions): string {
  if (values.size === 0) return '–';
  const ci = bootstrapMean(values, { resamples: options.resamples, seed: options.seed });
  return share ? `${(ci.estimate * 100).toFixed(0)}% (n=${values.size})` : `${ci.estimate.toFixed(1)} (n=${values.size})`;
}

function differenceCell(a: Map<string, number>, b: Map<string, number>, share: boolean, options: ReportSectionOptions): string {
  const tasks = [...a.keys()].filter((t) => b.has(t));
  if (tasks.length === 0) return '–';
  const d = bootstrap({ a: new Map(tasks.map((t) => [t, a.get(t)!])), b: new Map(tasks.map((t) => [t, b.get(t)!])) }, { resamples: options.resamples, seed: options.seed });
  const f = (v: number) => (share ? `${v >= 0 ? '+' : ''}${(v * 100).toFixed(0)}` : `${v >= 0 ? '+' : ''}${v.toFixed(1)}`);
  return `${f(d.estimate)} [${f(d.lower)}, ${f(d.upper)}]`;
}
