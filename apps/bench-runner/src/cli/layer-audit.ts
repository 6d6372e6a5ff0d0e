import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  auditReport, LayerInputError, OUTCOMES, parseAuditRecord, RULE_SETS, TRUTHS,
  type AuditCase, type AuditRecord, type AuditReport, type AuditRow,
} from '@recovery-bench/toolerror-core';
import { oneOfOption, parseCommandArgs, UsageError } from './args.ts';

const AUDIT_HELP = `usage: recovery-bench layer audit --labels <records.jsonl|dir>… [--split dev|test|all] [--rules paper|extended]
                                   [--worst N] [--json]

Runs every rule set over recorded tool results and compares what each does with the true kind.
Each line: {"id"?, "source"?, "message"? | "content"?, "is_error"?, "userAgent"?, "truth"? | "expected"?, "reason"?,
"split"?}, where the truth is transient|fixable|unrecoverable|ambiguous, or "none" for a result that is not a
failure. A directory stands for the .jsonl files in it. --split keeps the records of that part (default all).

Per rule set and source: right = actionable failures (transient, fixable, unrecoverable) given the right
guidance; wrong = failures given guidance of another kind (any guidance on an ambiguous one), over all failures;
missed = actionable failures given none; silent = ambiguous failures given none; false+ = successes given
guidance. Then the confusion table (truth × what the layer did) and the worst cases: wrong guidance first,
then guidance on successes, then misses.`;

const SPLIT_CHOICES = ['dev', 'test', 'all'] as const;

export async function runAuditCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    labels: { type: 'string', multiple: true },
    split: { type: 'string' },
    rules: { type: 'string' },
    worst: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  }, true);
  if (values.help) {
    process.stdout.write(`${AUDIT_HELP}\n`);
    return 0;
  }
  const split = oneOfOption(values.split, SPLIT_CHOICES, '--split') ?? 'all';
  const rules = values.rules === undefined ? RULE_SETS : [oneOfOption(values.rules, RULE_SETS, '--rules')!];
  const worst = values.worst === undefined ? 10 : Number(values.worst);
  if (!Number.isInteger(worst) || worst < 0) throw new UsageError(`--worst must be a whole number; got "${values.worst}"`);
  const inputs = [...(values.labels ?? []), ...positionals];
  if (inputs.length === 0) throw new UsageError('name at least one JSONL file of recorded tool results (--labels FILE|DIR)');
  const records = await readInputs(inputs);
  const kept = split === 'all' ? records : records.filter((r) => r.split === split);
  if (kept.length === 0) throw new UsageError(`no records${split === 'all' ? '' : ` in split "${split}"`}`);
  const report = auditReport(kept, rules);
  process.stdout.write(values.json ? `${JSON.stringify({ split, records: kept.length, ...report }, null, 2)}\n` : formatAuditReport(report, worst));
  return 0;
}

/** A file or directory named on the command line that is not there is the user's mistake, told in Node's words. */
async function readInputs(inputs: string[]): Promise<AuditRecord[]> {
  try {
    const records: AuditRecord[] = [];
    for (const file of inputs.flatMap(expandInput)) records.push(...(await readRecords(file)));
    return records;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError((error as Error).message, { cause: error });
    throw error;
  }
}

/** A directory stands for its .jsonl files, in name order. */
function expandInput(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).filter((f) => f.endsWith('.jsonl')).sort().map((f) => join(path, f));
}

async function readRecords(file: string): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new LayerInputError('layer:not-json', `${file}:${n}: not JSON: ${(error as Error).message}`);
    }
    records.push(parseAuditRecord(value, `${file}:${n}`));
  }
  return records;
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const share = (n: number, d: number) => `${n}/${d} (${pct(n, d)})`;

/** Text columns (the first `left`) align left, numbers right. */
function table(header: string[], body: string[][], left = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n`;
}

/** Coverage per rule set and source; unlabelled records show only what was detected. */
export function formatAuditTable(rows: readonly AuditRow[]): string {
  const header = ['rules', 'source', 'records', 'detected', 'right', 'wrong', 'missed', 'silent', 'false+'];
  const body = rows.map((r) => [
    r.rules, r.source, String(r.records), String(r.detected),
    r.actionable ? share(r.right, r.actionable) : '-',
    r.failures ? share(r.wrong, r.failures) : '-',
    r.actionable ? String(r.missed) : '-',
    r.ambiguous ? `${r.silentOnAmbiguous}/${r.ambiguous}` : '-',
    r.successes ? `${r.falsePositive}/${r.successes}` : '-',
  ]);
  return table(header, body, 2);
}

function formatConfusion(row: AuditRow): string {
  const body = TRUTHS.map((truth) => [truth, ...OUTCOMES.map((o) => String(row.confusion[truth][o]))]);
  return table(['truth \\ layer', ...OUTCOMES], body);
}

function formatCase(c: AuditCase): string {
  const did = c.outcome === 'undetected' ? 'not detected' : `${c.outcome} (${c.rule})`;
  return `  ${c.problem.padEnd(14)} ${c.id}  truth ${c.truth}, layer ${did}\n      ${JSON.stringify(c.excerpt)}`;
}

export function formatAuditReport(report: AuditReport, worst = 10): string {
  const parts = [formatAuditTable(report.rows)];
  for (const rules of new Set(report.rows.map((r) => r.rules))) {
    const all = report.rows.find((r) => r.rules === rules && r.source === 'all')!;
    parts.push(`\n${rules}: truth × what the layer did (all sources)\n${formatConfusion(all)}`);
    const cases = report.worst.filter((c) => c.rules === rules).slice(0, worst);
    if (cases.length > 0) parts.push(`\n${rules}: worst cases (${cases.length} of ${report.worst.filter((c) => c.rules === rules).length})\n${cases.map(formatCase).join('\n')}\n`);
  }
  return parts.join('');
}
