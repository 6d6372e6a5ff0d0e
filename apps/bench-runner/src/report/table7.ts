import type { ReportSection } from '@recovery-bench/harness';
import type { ReportContrast } from './report-contrast.ts';

/** What a row of the paper's table 7 shows: an interval, H3.1's support, or H3.2's verdict. */
type CellKind = 'interval' | 'h3.1' | 'h3.2';

/** The rows of table 7 in the paper's order: label, the study3 preset's contrast id (after `<scope>:`), cell kind. */
export const TABLE7_ROWS: readonly (readonly [string, string, CellKind])[] = [
  ['G-on − G-off, explicit errors', 'layer-effect', 'interval'],
  ...(['L', 'V', 'S'] as const).map((x) => [`H3.1: G-on − ${x}`, `h3.1:${x}`, 'h3.1'] as const),
  ...(['L', 'V', 'S'] as const).map((x) => [`H3.2: G-off − ${x}`, `h3.2:${x}`, 'h3.2'] as const),
  ['H3.3: G-on − E1', 'h3.3:e1', 'interval'],
  ['H3.3: G-on − E2 (transient)', 'h3.3:e2', 'interval'],
  ['Control: G-on − G-off', 'control', 'interval'],
];
const ROW_IDS = new Set(TABLE7_ROWS.map(([, id]) => id));
const TIER_ORDER = ['small', 'large'];

/** One column of the grid: a benchmark in a tier (or without one). */
interface Column {
  benchmark: string;
  tier: string | undefined;
  cells: Map<string, ReportContrast>;
}

/** `toolmaze/small:h3.1:L` → scope `toolmaze/small`, row `h3.1:L`; undefined for ids that are not table 7's. */
function splitId(id: string): { benchmark: string; tier: string | undefined; row: string } | undefined {
  const at = id.indexOf(':');
  if (at < 0) return undefined;
  const row = id.slice(at + 1);
  if (!ROW_IDS.has(row)) return undefined;
  const [benchmark, tier] = id.slice(0, at).split('/') as [string, string | undefined];
  return { benchmark, tier, row };
}

/** A difference (a share) in points as the table prints it: +14.2, −1.1, 0.0. */
export const formatPoints = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v * 100).toFixed(1)}`;
const bound = (v: number) => `${v < 0 ? '−' : ''}${Math.abs(v * 100).toFixed(1)}`;
/** An interval in points: [10.0, 18.3]. */
export const formatInterval = (lower: number, upper: number) => `[${bound(lower)}, ${bound(upper)}]`;
/** H3.1's support (`*`) and H3.2's verdict (` =`, ` ≠`), where known. */
export const verdictMarks = (supported: boolean | null | undefined, equal: boolean | null | undefined) => `${supported ? '*' : ''}${equal == null ? '' : equal ? ' =' : ' ≠'}`;

function cell(c: ReportContrast | undefined, kind: CellKind): string {
  if (c === undefined) return '';
  if (!c.valid) return '(not valid)';
  if (c.estimate === null) return '–';
  const value = formatPoints(c.estimate);
  switch (kind) {
    case 'interval':
      return c.lower === null || c.upper === null ? value : `${value} ${formatInterval(c.lower, c.upper)}`;
    case 'h3.1': {
      if (c.supported === true) return `${value}${verdictMarks(true, null)}`;
      // The paper prints p where it is near the threshold without reaching it.
      const p = c.adjustedP;
      return p !== null && p > 0.01 && p < 0.1 ? `${value} (p = ${p.toFixed(3)})` : value;
    }
    case 'h3.2':
      return `${value}${verdictMarks(null, c.equal)}`;
  }
}

function columnsOf(contrasts: readonly ReportContrast[]): Column[] {
  const columns = new Map<string, Column>();
  for (const c of contrasts) {
    if (c.source !== 'study3' || c.model !== 'all') continue;
    const at = splitId(c.id);
    if (at === undefined) continue;
    const key = `${at.benchmark}/${at.tier ?? ''}`;
    const column = columns.get(key) ?? { benchmark: at.benchmark, tier: at.tier, cells: new Map() };
    column.cells.set(at.row, c);
    columns.set(key, column);
  }
  const tierRank = (tier: string | undefined) => (tier === undefined ? TIER_ORDER.length + 1 : TIER_ORDER.includes(tier) ? TIER_ORDER.indexOf(tier) : TIER_ORDER.length);
  return [...columns.values()].sort((a, b) => tierRank(a.tier) - tierRank(b.tier) || (a.tier ?? '').localeCompare(b.tier ?? '') || a.benchmark.localeCompare(b.benchmark));
}

/**
 * The paper's table 7 as one grid, from the `study3` analysis plan's pooled contrasts: a column per tier and
 * benchmark (small tier first, then large; benchmarks in name order), the paper's rows. Undefined when the report
 * has no study3 contrasts. The flat contrast list below it keeps every number with its notes.
 */
export function table7Section(contrasts: readonly ReportContrast[]): ReportSection | undefined {
  const columns = columnsOf(contrasts);
  if (columns.length === 0) return undefined;
  const header = ['', ...columns.map((c) => (c.tier === undefined ? c.benchmark : `${c.tier} tier: ${c.benchmark}`))];
  const rows = TABLE7_ROWS.map(([label, id, kind]) => [label, ...columns.map((column) => cell(column.cells.get(id), kind))]);
  return {
    title: 'Table 7: Study 3, layer 1',
    blocks: [
      {
        kind: 'table',
        caption:
          "Differences in points, pooled over each tier's models: a pair is one model × task × condition × seed under both systems, and a comparison with an engine uses only the models that engine ran; " +
          'intervals resample tasks (all of a task\'s pairs together). The first row is descriptive (95%). H3.1: G-on − X on explicit errors (* supported after Holm over L, V and S; p where 0.01 < p < 0.1). ' +
          'H3.2: G-off − X over all conditions (= within ±5 points at 90%, ≠ not shown equal). H3.3 and the control with 95% intervals; "(not valid)" where the benchmark cannot measure the comparison; empty where the run has no such systems.',
        header,
        rows,
      },
    ],
  };
}
