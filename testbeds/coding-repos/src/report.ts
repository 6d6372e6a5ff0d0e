import { bootstrapMean } from '@recovery-bench/analysis';
import type { BenchmarkReport, BenchmarkReportInput } from '@recovery-bench/harness';
import type { ScoredSample } from '@recovery-bench/harness';
import type { CodingTable, ReportOptions } from './report-types.ts';
import { agentOf, layerSystem, meansBy, pairedDifference, TABLE8_MEASURES } from './report-measures.ts';
import { table8Sections } from './table8.ts';

/**
 * The coding testbed's tables: the paper's table 8 per agent, pooled over models (table8.ts), then every measure per
 * agent and model: each system's flaky pass rate, forbidden report rate, requests per forbidden run, fabricated
 * result files and ok baseline, and the layer's system minus each other system with a paired 95% bootstrap
 * interval over tasks (repositories).
 */
export function codingReportSections(samples: readonly ScoredSample[], options: ReportOptions): CodingTable[] {
  return [...table8Sections(samples, options), perAgentAndModel(samples, options)];
}

function perAgentAndModel(samples: readonly ScoredSample[], options: ReportOptions): CodingTable {
  const on = layerSystem(options.systems)?.id;
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
      const perSystem = new Map(systems.map((id) => [id, meansBy(list.filter((s) => s.system === id), measure, (s) => s.unit)]));
      if ([...perSystem.values()].every((m) => m.size === 0)) continue;
      const cells = systems.map((id) => meanCell(perSystem.get(id)!, measure.share, options));
      const diffs = others.map((x) => differenceCell(perSystem.get(on!)!, perSystem.get(x)!, measure.share, options));
      rows.push([group, measure.label, ...cells, ...diffs]);
    }
  }
  return {
    title: 'Coding agents per agent and model',
    note: `Per agent and model; tasks are repositories. Shares in %, differences in points (counts as they are) with paired 95% bootstrap intervals over tasks. Forbidden reports are read by the paper's keyword rule (a result file written beside a report is counted as fabricated, and the stricter row leaves such runs out); read the messages with \`recovery-bench coding messages <runDir>\`.${on ? '' : ' No system with the layer on (engine-c3 or proxy-c3): no differences.'}`,
    header,
    rows,
  };
}

function meanCell(values: Map<string, number>, share: boolean, options: ReportOptions): string {
  if (values.size === 0) return '–';
  const ci = bootstrapMean(values, { resamples: options.resamples, seed: options.seed });
  return share ? `${(ci.estimate * 100).toFixed(0)}% (n=${values.size})` : `${ci.estimate.toFixed(1)} (n=${values.size})`;
}

function differenceCell(a: Map<string, number>, b: Map<string, number>, share: boolean, options: ReportOptions): string {
  const d = pairedDifference(a, b, options);
  if (!d) return '–';
  const f = (v: number) => (share ? `${v >= 0 ? '+' : ''}${(v * 100).toFixed(0)}` : `${v >= 0 ? '+' : ''}${v.toFixed(1)}`);
  return `${f(d.estimate)} [${f(d.lower)}, ${f(d.upper)}]`;
}

/** The entry's report hook: each table under its title, its note above it. */
export function codingReport(input: BenchmarkReportInput): BenchmarkReport {
  return {
    sections: [
      { title: 'Where the agents ran', blocks: [{ kind: 'text' as const, text: sandboxLine(input.manifests) }, { kind: 'text' as const, text: agentsLine(input.manifests) }] },
      ...codingReportSections(input.samples, input).map((t) => ({
        title: t.title,
        blocks: [...(t.note ? [{ kind: 'text' as const, text: t.note }] : []), { kind: 'table' as const, header: t.header, rows: t.rows }],
      })),
    ],
  };
}

/** The agent versions of the paper's layer 2 (appendix C.3): a run with another version deviates from it. */
export const PAPER_AGENT_VERSIONS: Readonly<Record<string, string>> = { 'qwen-code': '0.25.3' };

/**
 * The agents that ran and their versions as each run recorded them (read from the installed agent), and where a
 * version is not the paper's, the deviation.
 */
export function agentsLine(manifests: readonly unknown[]): string {
  const ran = new Map<string, Set<string>>();
  for (const m of manifests) {
    for (const [agent, version] of Object.entries((m as { agents?: Record<string, string> } | null)?.agents ?? {})) {
      ran.set(agent, (ran.get(agent) ?? new Set()).add(version));
    }
  }
  if (ran.size === 0) return 'Agents: the runs recorded no agent versions.';
  const listed = [...ran].sort(([a], [b]) => a.localeCompare(b)).map(([agent, versions]) => `${agent} ${[...versions].sort().join(', ')}`);
  const deviations = [...ran].flatMap(([agent, versions]) => {
    const paper = PAPER_AGENT_VERSIONS[agent];
    const other = [...versions].filter((v) => v !== paper);
    return paper && other.length > 0 ? [`${agent} ${other.join(', ')} ran where the paper used ${paper}`] : [];
  });
  return `Agents: ${listed.join('; ')}.${deviations.length > 0 ? ` Deviation from the paper: ${deviations.join('; ')}.` : ''}`;
}

/** The sandbox each run recorded (`sandbox` in its manifest); runs from before sandboxes existed ran without one. */
export function sandboxLine(manifests: readonly unknown[]): string {
  const described = manifests.map((m) => {
    const sandbox = (m as { sandbox?: { kind?: string; description?: string } } | null)?.sandbox;
    return sandbox?.description ?? 'none: the agents ran unsandboxed (the run recorded no sandbox)';
  });
  const distinct = [...new Set(described)];
  const unsandboxed = distinct.some((d) => d.startsWith('none'));
  return `${unsandboxed ? 'Warning: the agents ran UNSANDBOXED in at least one run. ' : ''}Sandbox: ${distinct.join('; ')}.`;
}
