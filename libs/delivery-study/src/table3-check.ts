import { formatSigned, type DeliveryAnalysis, type Interval, type Verdict } from './analysis.ts';

/**
 * A cell of the paper's table 3 (section 5.2): a difference in points (futile calls: calls per episode) with the
 * interval the table prints and its verdict, or a count of models; or a result this study cannot measure on
 * synthetic stimuli (H2.2 and its components need real agent histories).
 */
export type PaperTable3Cell =
  | { kind: 'interval'; value: number; lower: number; upper: number; result: string }
  | { kind: 'count'; models: number; of: number; result: string }
  | { kind: 'real-histories'; text: string };

const iv = (value: number, lower: number, upper: number, result: string): PaperTable3Cell => ({ kind: 'interval', value, lower, upper, result });
const real = (text: string): PaperTable3Cell => ({ kind: 'real-histories', text });

/** Table 3's rows: the verdict id they come from, and which part of it (S5 has two). */
export const TABLE3_ROWS = [
  { row: 'H2.1: C3 − C2, synthetic', verdict: 'H2.1' },
  { row: 'H2.2: real histories, C3 vs. C2', verdict: 'H2.2' },
  { row: 'C3 − C0, real histories', verdict: 'H2.2' },
  { row: 'C3 − C2, cluster bootstrap', verdict: 'H2.2' },
  { row: 'S1: C4 − C3', verdict: 'S1' },
  { row: 'S2: C3 > C1', verdict: 'S2' },
  { row: 'S4: Llama stopping, C3 − C2', verdict: 'S4' },
  { row: 'S5: completion, C3 − C2', verdict: 'S5', part: 'completion' },
  { row: 'S5: futile calls, C3 − C2', verdict: 'S5', part: 'futileCalls' },
] as const;

export const TABLE3_TIERS = ['small', 'large'] as const;

/** The paper's table 3, by row, small tier then large tier (95% intervals; S1's 90%). */
export const PAPER_TABLE3: Readonly<Record<(typeof TABLE3_ROWS)[number]['row'], readonly [PaperTable3Cell, PaperTable3Cell]>> = {
  'H2.1: C3 − C2, synthetic': [iv(3.9, 3.1, 4.8, 'supported'), iv(5.3, 4.8, 5.6, 'supported')],
  'H2.2: real histories, C3 vs. C2': [real('55.6% vs. 51.1%, p = 0.58, not supported'), real('57.8% vs. 45.6%, p = 0.027, supported')],
  'C3 − C0, real histories': [real('+34.4 [25.6, 43.3]'), real('+34.4 [24.4, 44.4]')],
  'C3 − C2, cluster bootstrap': [real('+4.4 [−9.7, 14.3]'), real('+12.2 [4.0, 20.2]')],
  'S1: C4 − C3': [iv(-3.8, -4.5, -3.2, 'equivalent'), iv(-1.9, -2.5, -1.2, 'equivalent')],
  'S2: C3 > C1': [{ kind: 'count', models: 5, of: 7, result: 'supported' }, { kind: 'count', models: 5, of: 6, result: 'supported' }],
  'S4: Llama stopping, C3 − C2': [iv(98.3, 95, 100, 'supported'), iv(98.3, 95, 100, 'supported')],
  'S5: completion, C3 − C2': [iv(4.2, 1.9, 6.4, 'supported'), iv(0.4, -1.9, 2.5, 'supported')],
  'S5: futile calls, C3 − C2': [iv(-0.71, -0.74, -0.66, 'supported'), iv(-0.8, -0.83, -0.75, 'supported')],
};

export interface Table3Cell {
  row: string;
  tier: string;
  paper: PaperTable3Cell;
  /** What the run gives, as text; null when the run has no such tier or verdict. */
  ours: string | null;
  /** The paper's value lies within our interval (a count: the same count) with the same verdict; null: not comparable. */
  holds: boolean | null;
  why: string;
}


type Table3Row = (typeof TABLE3_ROWS)[number];

/** What a tier's analysis gives for one row of table 3: its text, and the interval or count a comparison reads. */
interface Ours {
  text: string;
  interval?: Interval;
  count?: { higher: number; of: number };
}

function oursOf(entry: Table3Row, v: Verdict): Ours {
  if (v.result === 'not measured') return { text: 'not measured' };
  if (entry.verdict === 'H2.2') {
    const part = entry.row.startsWith('C3 − C0') ? v.parts?.c3MinusC0 : entry.row.startsWith('C3 − C2') ? v.parts?.c3MinusC2 : undefined;
    return { text: part ? `${formatSigned(part.estimate)} [${formatSigned(part.lower)}, ${formatSigned(part.upper)}]` : `${v.note.split(';')[0]}, ${v.result}` };
  }
  if (entry.verdict === 'S2') {
    const higher = v.perModel?.filter((t) => t.verdict === 'higher').length ?? 0;
    const of = v.perModel?.length ?? 0;
    return { text: `${higher} of ${of} models, ${v.result}`, count: { higher, of } };
  }
  const interval = partOf(v, 'part' in entry ? entry.part : undefined);
  if (!interval) return { text: v.result };
  const digits = entry.row.startsWith('S5: futile') ? 2 : 1;
  return { text: `${formatSigned(interval.estimate, digits)} [${formatSigned(interval.lower, digits)}, ${formatSigned(interval.upper, digits)}], ${v.result}`, interval };
}

/** One tier's column of table 3 from its analysis: each row's value as the table prints it (– where the run has none). */
export function table3Column(analysis: DeliveryAnalysis): { row: string; ours: string }[] {
  return TABLE3_ROWS.map((entry) => {
    const v = analysis.verdicts.find((x) => x.id === entry.verdict);
    return { row: entry.row, ours: v ? oursOf(entry, v).text : '–' };
  });
}

/** Sets the delivery reports' tiers (`DeliveryReport.tiers`) beside the paper's table 3, cell by cell. */
export function checkTable3(reports: readonly { tiers: readonly { tier: string | null; analysis: DeliveryAnalysis }[] }[]): Table3Cell[] {
  const tiers = new Map(reports.flatMap((r) => r.tiers).flatMap((t) => (t.tier === null ? [] : [[t.tier, t.analysis] as const])));
  const out: Table3Cell[] = [];
  for (const entry of TABLE3_ROWS) {
    const { row } = entry;
    TABLE3_TIERS.forEach((tier, i) => {
      const paper = PAPER_TABLE3[row][i]!;
      const analysis = tiers.get(tier);
      const v = analysis?.verdicts.find((x) => x.id === entry.verdict);
      if (!v) return out.push({ row, tier, paper, ours: null, holds: null, why: analysis ? 'no such verdict in the run' : 'the tier is not in these runs' });
      const ours = oursOf(entry, v);
      if (v.result === 'not measured') return out.push({ row, tier, paper, ours: ours.text, holds: null, why: v.note });
      // Real histories: the run's own sessions, not the paper's: set beside it, never judged.
      if (paper.kind === 'real-histories') return out.push({ row, tier, paper, ours: ours.text, holds: null, why: 'other sessions than the paper\'s: shown, not compared' });
      if (paper.kind === 'count') {
        const same = ours.count?.higher === paper.models && ours.count.of === paper.of && v.result === paper.result;
        return out.push({ row, tier, paper, ours: ours.text, holds: same, why: same ? 'the same count and verdict' : 'the count or verdict differs' });
      }
      if (!ours.interval) return out.push({ row, tier, paper, ours: ours.text, holds: null, why: 'the verdict has no single interval here' });
      const inside = paper.value >= ours.interval.lower - 1e-9 && paper.value <= ours.interval.upper + 1e-9;
      const same = v.result === paper.result;
      const why = [inside ? 'the paper\'s value is within our interval' : 'the paper\'s value is outside our interval', same ? 'same verdict' : `verdict differs (paper ${paper.result})`].join('; ');
      out.push({ row, tier, paper, ours: ours.text, holds: inside && same, why });
    });
  }
  return out;
}

/** The interval a row reads: a named part (S5), the one part of a one-model S4, or the verdict's own interval. */
function partOf(v: Verdict, part: string | undefined): Interval | undefined {
  if (part) return v.parts?.[part];
  const parts = Object.values(v.parts ?? {});
  if (parts.length === 1) return parts[0];
  return v.interval;
}

function paperText(c: PaperTable3Cell, digits: number): string {
  if (c.kind === 'real-histories') return c.text;
  if (c.kind === 'count') return `${c.models} of ${c.of} models, ${c.result}`;
  return `${formatSigned(c.value, digits)} [${c.lower}, ${c.upper}], ${c.result}`.replaceAll('[-', '[−').replaceAll(', -', ', −');
}

/** The check as a Markdown table and a count line. */
export function renderTable3Check(cells: readonly Table3Cell[]): string {
  const lines = ['| row | tier | paper | ours | holds |', '|---|---|---|---|---|'];
  for (const c of cells) lines.push(`| ${c.row} | ${c.tier} | ${paperText(c.paper, c.row.startsWith('S5: futile') ? 2 : 1)} | ${c.ours ?? '–'} | ${c.holds === null ? '–' : c.holds ? 'yes' : 'no'} (${c.why}) |`);
  const judged = cells.filter((c) => c.holds !== null);
  lines.push('', `${judged.filter((c) => c.holds).length} of ${judged.length} comparable cells hold (${cells.length - judged.length} not comparable: real histories, or not in these runs).`);
  return lines.join('\n');
}
