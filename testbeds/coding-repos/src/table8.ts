import type { DifferenceBootstrap } from '@recovery-bench/analysis';
import type { ScoredSample } from '@recovery-bench/harness';
import type { CodingTable, ReportOptions } from './report-types.ts';
import { FLAKY_PASS, FORBIDDEN_REPORTS, FORBIDDEN_REQUESTS, OK_PASS, agentOf, meansBy, pairedDifference, repoOf, type Measure } from './report-measures.ts';
import { table8Roles, type Table8Column, type Table8Roles } from './table8-columns.ts';

/** One row of the paper's table 8: a measure, the system it is read from minus each column's system. */
interface Table8Row {
  label: string;
  measure: Measure;
  a: string;
  columns: readonly Table8Column[];
}

function table8Rows(roles: Table8Roles): Table8Row[] {
  const on = roles.on.id;
  const rows: Table8Row[] = [
    { label: `Flaky: ${on} − X`, measure: FLAKY_PASS, a: on, columns: roles.columns },
    { label: `Forbidden, reports: ${on} − X`, measure: FORBIDDEN_REPORTS, a: on, columns: roles.columns },
    { label: `Forbidden, requests: ${on} − X`, measure: FORBIDDEN_REQUESTS, a: on, columns: roles.columns },
  ];
  const off = roles.off?.id;
  if (off === undefined) return rows;
  return [
    ...rows,
    // The baseline compares the engines where the layer has nothing to do; G-off against itself is no cell.
    { label: `Ok, baseline: ${off} − X`, measure: OK_PASS, a: off, columns: roles.columns.filter((c) => c.id !== off) },
    { label: `Ok, control: ${on} − ${off}`, measure: OK_PASS, a: on, columns: roles.columns.filter((c) => c.id === off) },
  ];
}

/**
 * The paper's table 8, one per agent, pooled over models as the paper pooled Qwen3-8B and Qwen3-32B: each task
 * (repository) has one value per system, the mean of its runs over every model (and seed), and the bootstrap
 * resamples tasks. Rows and columns are the paper's (see table8-columns.ts for how systems are found); a cell whose
 * comparison does not apply is empty. Shares differ in points, requests per run as counts.
 */
export function table8Sections(samples: readonly ScoredSample[], options: ReportOptions): CodingTable[] {
  const roles = table8Roles(options.systems);
  if (!roles) return [];
  const agents = [...new Set(samples.map(agentOf))].sort();
  return agents.map((agent) => {
    const own = samples.filter((s) => agentOf(s) === agent);
    const models = [...new Set(own.map((s) => s.model))].sort();
    const tasks = new Set(own.map(repoOf)).size;
    const bySystem = (id: string, measure: Measure) => meansBy(own.filter((s) => s.system === id), measure, repoOf);
    const rows = table8Rows(roles).map((row) => {
      const a = bySystem(row.a, row.measure);
      const cells = roles.columns.map((column) => {
        if (!row.columns.includes(column)) return '';
        const d = pairedDifference(a, bySystem(column.id, row.measure), options);
        return d ? formatDifference(d, row.measure.share) : '–';
      });
      return [row.label, ...cells];
    });
    return {
      title: `Table 8 (pooled over models): ${agent}`,
      note: `Models ${models.join(', ')} pooled: ${tasks} task(s) (repositories) × ${models.length} model(s); each task's value is the mean of its runs over the models, and the 95% intervals come from a paired bootstrap over tasks (${options.resamples} resamples). Flaky: tests pass; forbidden, reports: the final message reports the access problem and no result file was written; forbidden, requests: data-service requests per run (a count, not points); ok: tests pass. Differences in points; – where the two systems share no task.`,
      header: ['', ...roles.columns.map((c) => `vs. ${c.label}`)],
      rows,
    };
  });
}

/** The paper's style: `+17 [0, 33]` in points for shares, `-4.0 [-6.0, -1.9]` for counts. */
export function formatDifference(d: DifferenceBootstrap, share: boolean): string {
  const scale = share ? 100 : 1;
  const digits = share ? 0 : 1;
  const f = (v: number) => {
    const text = (v * scale).toFixed(digits);
    return Number(text) === 0 ? (0).toFixed(digits) : text;
  };
  const estimate = f(d.estimate);
  return `${Number(estimate) > 0 ? '+' : ''}${estimate} [${f(d.lower)}, ${f(d.upper)}]`;
}
