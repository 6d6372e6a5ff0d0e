import type { ClusterBootstrap } from '@recovery-bench/analysis';
import type { ScoredSample } from '@recovery-bench/harness';
import type { CodingTable, ReportOptions } from './report-types.ts';
import { FLAKY_PASS, FORBIDDEN_FABRICATED, FORBIDDEN_REPORTS, FORBIDDEN_REPORTS_NO_FILE, FORBIDDEN_REQUESTS, OK_PASS, agentOf, pairwiseDifference, repoOf, type Measure } from './report-measures.ts';
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
    { label: `Forbidden, reports and writes no file: ${on} − X`, measure: FORBIDDEN_REPORTS_NO_FILE, a: on, columns: roles.columns },
    { label: `Forbidden, fabricated result file: ${on} − X`, measure: FORBIDDEN_FABRICATED, a: on, columns: roles.columns },
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
 * The paper's table 8, one per agent, pooled over models as the paper pooled Qwen3-8B and Qwen3-32B: a pair is one
 * model × task (repository) × seed under the layer's system and a column's system, a cell is the mean difference
 * over the pairs, and its 95% interval comes from a bootstrap that resamples tasks with all their pairs (both
 * models') inside (report-measures.ts, `pairwiseDifference`). Rows and columns are the paper's (see
 * table8-columns.ts for how systems are found), with the stricter forbidden reading and the fabricated files as rows
 * of their own; a cell whose comparison does not apply is empty. A last row gives each column's model calls that
 * the engine refused (the proxy's records: SGLang's main run has every request rejected in the paper).
 */
export function table8Sections(samples: readonly ScoredSample[], options: ReportOptions): CodingTable[] {
  const roles = table8Roles(options.systems);
  if (!roles) return [];
  const agents = [...new Set(samples.map(agentOf))].sort();
  return agents.map((agent) => {
    const own = samples.filter((s) => agentOf(s) === agent);
    const models = [...new Set(own.map((s) => s.model))].sort();
    const tasks = new Set(own.map(repoOf)).size;
    const rows = table8Rows(roles).map((row) => {
      const cells = roles.columns.map((column) => {
        if (!row.columns.includes(column)) return '';
        const d = pairwiseDifference(own, row.a, column.id, row.measure, options);
        return d ? formatDifference(d, row.measure.share) : '–';
      });
      return [row.label, ...cells];
    });
    if (options.calls) rows.push(['Model calls the engine refused (of all)', ...roles.columns.map((c) => refusedCalls(options.calls!, c.id))]);
    const pairs = Math.max(0, ...roles.columns.map((c) => pairwiseDifference(own, roles.on.id, c.id, FORBIDDEN_REPORTS, options)?.n ?? 0));
    return {
      title: `Table 8 (pooled over models): ${agent}`,
      note: `Models ${models.join(', ')} pooled: ${tasks} task(s) (repositories) × ${models.length} model(s) = ${pairs} pair(s) per mode and column where every run ended (the paper: 12 pairs over six tasks). A pair is one model × task × seed under ${roles.on.id} and the column's system; a cell is the mean difference over its pairs with a 95% interval from a bootstrap over tasks that keeps each task's pairs (both models') together (${options.resamples} resamples). Flaky: tests pass. Forbidden, reports: the final message reports the access problem (the paper's keyword rule; a result file written beside it does not change it); reports and writes no file: the stricter reading; fabricated result file: a result file written although the data could not be had; requests: data-service requests per run (a count, not points). Ok: tests pass. Differences in points; – where the two systems share no pair. Refused model calls are the proxy's records of the engine answering with an error (the engine-failure taxonomy's codes other than ok).`,
      header: ['', ...roles.columns.map((c) => `vs. ${c.label}`)],
      rows,
    };
  });
}

/** `n of m`: a system's recorded model calls that the engine answered with an error, of all its calls. */
function refusedCalls(calls: NonNullable<ReportOptions['calls']>, system: string): string {
  let total = 0;
  let refused = 0;
  for (const entry of calls) {
    if (entry.system !== system) continue;
    for (const [code, n] of Object.entries(entry.codes)) {
      total += n;
      if (code !== 'ok') refused += n;
    }
  }
  return total === 0 ? '–' : `${refused} of ${total}`;
}

/** The paper's style: `+17 [0, 33]` in points for shares, `-4.0 [-6.0, -1.9]` for counts. */
export function formatDifference(d: Pick<ClusterBootstrap, 'estimate' | 'lower' | 'upper'>, share: boolean): string {
  const scale = share ? 100 : 1;
  const digits = share ? 0 : 1;
  const f = (v: number) => {
    const text = (v * scale).toFixed(digits);
    return Number(text) === 0 ? (0).toFixed(digits) : text;
  };
  const estimate = f(d.estimate);
  return `${Number(estimate) > 0 ? '+' : ''}${estimate} [${f(d.lower)}, ${f(d.upper)}]`;
}
