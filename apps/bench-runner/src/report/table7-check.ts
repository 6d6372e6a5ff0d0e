import type { ReportContrast } from './summarize.ts';
import { formatInterval, formatPoints, TABLE7_ROWS, verdictMarks } from './table7.ts';

/** A cell of the paper's table 7 (appendix E): its value in points, and its verdict where the row has one. */
export interface PaperCell {
  value: number | null;
  /** H3.1: supported after Holm (`*`). */
  supported?: boolean;
  /** H3.2: baselines equal within ±5 points at 90% (`=`). */
  equal?: boolean;
  /** The paper prints "(not valid)". */
  notValid?: boolean;
}

/** The columns of the paper's table 7, as the study3 preset's contrast ids name their scope. */
export const PAPER_COLUMNS = ['loudquiet/small', 'toolmaze/small', 'loudquiet/large', 'toolmaze/large'] as const;

const v = (value: number): PaperCell => ({ value });
const star = (value: number, supported: boolean): PaperCell => ({ value, supported });
const eq = (value: number, equal: boolean): PaperCell => ({ value, equal });
const NOT_VALID: PaperCell = { value: null, notValid: true };

/** The paper's table 7 (appendix E), by the rows' contrast ids (table7.ts), in the columns above; differences in points. */
export const PAPER_TABLE7: Readonly<Record<(typeof TABLE7_ROWS)[number][1], readonly PaperCell[]>> = {
  'layer-effect': [v(-1.1), v(14.2), v(0.5), v(10.5)],
  'h3.1:L': [star(15.3, true), star(15.7, true), star(0.7, false), star(30.0, true)],
  'h3.1:V': [star(14.4, true), star(13.9, true), star(1.2, false), star(9.0, false)],
  'h3.1:S': [star(12.8, true), star(14.7, true), star(2.9, true), star(12.0, true)],
  'h3.2:L': [eq(17.0, false), eq(4.2, false), eq(0.9, true), eq(23.3, false)],
  'h3.2:V': [eq(16.0, false), eq(-0.5, true), eq(0.5, true), eq(0.7, false)],
  'h3.2:S': [eq(14.0, false), eq(0.6, true), eq(0.6, true), eq(2.7, false)],
  'h3.3:e1': [v(-1.1), v(-16.8), v(1.4), v(-18.5)],
  'h3.3:e2': [v(-3.5), NOT_VALID, v(-1.0), NOT_VALID],
  control: [v(-0.3), v(-1.0), v(0.0), v(3.0)],
};

export interface CheckedCell {
  row: string;
  column: string;
  paper: PaperCell;
  ours: { value: number | null; lower: number | null; upper: number | null; supported: boolean | null; equal: boolean | null; valid: boolean } | null;
  /** The paper's value lies within our interval (the row's level), and the verdict is the same where there is one. */
  agrees: boolean | null;
  /** H3.1 and H3.2 cells: the verdict (* or not, = or ≠) is the paper's, whatever the value; null for other rows. */
  sameVerdict: boolean | null;
  why: string;
}

/**
 * Compares the study3 preset's pooled contrasts of a run (or several) with the paper's table 7: for each cell, the
 * paper's value and verdict beside ours, and whether the paper's value lies within our interval (sampling error)
 * with the same verdict. Cells the runs do not have are `agrees: null` (not run).
 */
export function checkTable7(contrasts: readonly ReportContrast[]): CheckedCell[] {
  const byId = new Map(contrasts.filter((c) => c.source === 'study3' && c.model === 'all').map((c) => [c.id, c]));
  const out: CheckedCell[] = [];
  for (const [, row] of TABLE7_ROWS) {
    PAPER_COLUMNS.forEach((column, i) => {
      const paper = PAPER_TABLE7[row]![i]!;
      const c = byId.get(`${column}:${row}`);
      if (c === undefined) {
        out.push({ row, column, paper, ours: null, agrees: null, sameVerdict: null, why: 'not in these runs' });
        return;
      }
      const ours = { value: c.estimate, lower: c.lower, upper: c.upper, supported: c.supported, equal: c.equal, valid: c.valid };
      out.push({ row, column, paper, ours, ...judge(paper, c) });
    });
  }
  return out;
}

function judge(paper: PaperCell, c: ReportContrast): { agrees: boolean | null; sameVerdict: boolean | null; why: string } {
  if (paper.notValid) return c.valid ? { agrees: false, sameVerdict: null, why: 'the paper has it not valid' } : { agrees: true, sameVerdict: null, why: 'not valid in both' };
  if (!c.valid) return { agrees: false, sameVerdict: null, why: 'not valid here' };
  if (c.estimate === null || c.lower === null || c.upper === null) return { agrees: null, sameVerdict: null, why: 'no pairs' };
  const inside = paper.value! / 100 >= c.lower - 1e-9 && paper.value! / 100 <= c.upper + 1e-9;
  const reasons: string[] = [inside ? 'the paper\'s value is within our interval' : 'the paper\'s value is outside our interval'];
  let verdict = true;
  if (paper.supported !== undefined) {
    verdict = paper.supported === (c.supported === true);
    reasons.push(verdict ? 'same support' : `support differs (paper ${paper.supported ? '*' : 'not *'})`);
  }
  if (paper.equal !== undefined) {
    verdict = paper.equal === (c.equal === true);
    reasons.push(verdict ? 'same =/≠' : `=/≠ differs (paper ${paper.equal ? '=' : '≠'})`);
  }
  const hasVerdict = paper.supported !== undefined || paper.equal !== undefined;
  return { agrees: inside && verdict, sameVerdict: hasVerdict ? verdict : null, why: reasons.join('; ') };
}

function paperText(p: PaperCell): string {
  if (p.notValid) return '(not valid)';
  return `${formatPoints(p.value! / 100)}${verdictMarks(p.supported, p.equal)}`;
}

function oursText(o: CheckedCell['ours']): string {
  if (o === null) return '–';
  if (!o.valid) return '(not valid)';
  if (o.value === null) return 'no pairs';
  const interval = o.lower === null || o.upper === null ? '' : ` ${formatInterval(o.lower, o.upper)}`;
  return `${formatPoints(o.value)}${verdictMarks(o.supported, o.equal)}${interval}`;
}

/** The check as a Markdown table and a count line. */
export function renderTable7Check(cells: readonly CheckedCell[]): string {
  const lines = ['| row | column | paper | ours [interval] | within sampling error |', '|---|---|---|---|---|'];
  for (const c of cells) lines.push(`| ${c.row} | ${c.column} | ${paperText(c.paper)} | ${oursText(c.ours)} | ${c.agrees === null ? '–' : c.agrees ? 'yes' : 'no'} (${c.why}) |`);
  const run = cells.filter((c) => c.agrees !== null);
  lines.push('', `${run.filter((c) => c.agrees).length} of ${run.length} cells agree with the paper (${cells.length - run.length} not in these runs).`);
  for (const [prefix, what] of [['h3.1:', 'H3.1 support (*)'], ['h3.2:', 'H3.2 baselines (=/≠)']] as const) {
    const judged = cells.filter((c) => c.row.startsWith(prefix) && c.sameVerdict !== null);
    if (judged.length === 0) continue;
    const differ = judged.filter((c) => !c.sameVerdict).map((c) => `${c.row} ${c.column}`);
    lines.push(`Pattern, ${what}: as the paper's in ${judged.length - differ.length} of ${judged.length} cells${differ.length > 0 ? ` (differs: ${differ.join(', ')})` : ''}.`);
  }
  return lines.join('\n');
}
