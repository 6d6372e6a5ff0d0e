import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { auditRecords, LayerInputError, parseAuditRecord, RULE_SETS, type AuditRecord, type AuditRow } from '@recovery-bench/toolerror-core';
import { parseCommandArgs, UsageError, withCliErrors } from './args.ts';

const AUDIT_HELP = `usage: recovery-bench layer audit <records.jsonl…> [--json]

Each line: {"source"?, "message"? | "content"?, "is_error"?, "userAgent"?, "expected"?}, where "expected" is the
true kind (transient|fixable|unrecoverable|ambiguous) or "none" for a result that is not a failure. Prints, for
each rule set and source: records, detected, guidance given, and against "expected": right, wrong, missed, silent.`;

export async function runAuditCommand(args: string[]): Promise<number> {
  return withCliErrors('recovery-bench layer audit', async () => {
    const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, true);
    if (values.help) {
      process.stdout.write(`${AUDIT_HELP}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError('name at least one JSONL file of recorded tool results');
    const records: AuditRecord[] = [];
    for (const file of positionals) records.push(...(await readRecords(file)));
    const rows = auditRecords(records, RULE_SETS);
    process.stdout.write(values.json ? `${JSON.stringify({ rows }, null, 2)}\n` : formatAuditTable(rows));
    return 0;
  }, (e) => e instanceof LayerInputError || (e as NodeJS.ErrnoException).code === 'ENOENT');
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

export function formatAuditTable(rows: readonly AuditRow[]): string {
  const header = ['rules', 'source', 'records', 'detected', 'transient', 'fixable', 'unrecov.', 'right', 'wrong', 'missed', 'silent'];
  const body = rows.map((r) => {
    const actionable = r.right + r.wrong + r.missed;
    return [
      r.rules, r.source, String(r.records), String(r.detected), String(r.guidance.transient), String(r.guidance.fixable),
      String(r.guidance.unrecoverable),
      r.labelled ? `${r.right} (${pct(r.right, actionable)})` : '-',
      r.labelled ? `${r.wrong} (${pct(r.wrong, r.labelled)})` : '-',
      r.labelled ? String(r.missed) : '-',
      r.labelled ? String(r.silent) : '-',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')}\n`;
}
