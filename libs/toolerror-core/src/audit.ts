import { detectToolResult } from './detect.ts';
import { isPlainObject, LayerInputError } from './errors.ts';
import { agentOf } from './rules/paper-rules.ts';
import { KINDS, type Kind, type Message, type RuleSetName } from './types.ts';

/** What a recorded tool result truly is: a kind, or `none` for a result that is not a failure. */
export type Truth = Kind | 'none';

/** One recorded tool result: a tool message (or its text), the client's User-Agent and, optionally, its true kind. */
export interface AuditRecord {
  source: string;
  message: Message;
  userAgent?: string;
  expected?: Truth;
}

export interface AuditCounts {
  records: number;
  /** Results some rule marked as failed. */
  detected: number;
  /** Guidance given, by kind. */
  guidance: Record<'transient' | 'fixable' | 'unrecoverable', number>;
  /** Only over records with an expected truth. */
  labelled: number;
  /** Actionable truth and the same guidance. */
  right: number;
  /** Guidance of another kind than the truth, or guidance where the truth has none. */
  wrong: number;
  /** Actionable truth and no guidance. */
  missed: number;
  /** No actionable truth and no guidance. */
  silent: number;
}

export interface AuditRow extends AuditCounts {
  rules: RuleSetName;
  source: string;
}

const TRUTHS = new Set<string>([...KINDS, 'none']);

/** Reads one JSONL record: `{source?, message? | content?, is_error?, userAgent?, expected?}`. */
export function parseAuditRecord(value: unknown, where: string): AuditRecord {
  if (!isPlainObject(value)) throw new LayerInputError('layer:not-a-request', `${where}: a record must be a JSON object`);
  const message = isPlainObject(value.message) ? (value.message as Message) : { role: 'tool' as const, content: value.content as Message['content'] };
  if (message.content === undefined && !isPlainObject(value.message)) {
    throw new LayerInputError('layer:not-a-request', `${where}: a record needs "message" or "content"`);
  }
  if (value.is_error === true) message.is_error = true;
  const record: AuditRecord = { source: typeof value.source === 'string' ? value.source : 'unknown', message };
  if (typeof value.userAgent === 'string') record.userAgent = value.userAgent;
  if (value.expected !== undefined) {
    if (typeof value.expected !== 'string' || !TRUTHS.has(value.expected)) {
      throw new LayerInputError('layer:not-a-request', `${where}: "expected" must be one of ${[...TRUTHS].join(', ')}`);
    }
    record.expected = value.expected as Truth;
  }
  return record;
}

function emptyCounts(): AuditCounts {
  return { records: 0, detected: 0, guidance: { transient: 0, fixable: 0, unrecoverable: 0 }, labelled: 0, right: 0, wrong: 0, missed: 0, silent: 0 };
}

const isActionable = (k: Truth | undefined): k is 'transient' | 'fixable' | 'unrecoverable' =>
  k === 'transient' || k === 'fixable' || k === 'unrecoverable';

/** Coverage per rule set and source (plus an `all` row per rule set), like the paper's correct/wrong/none. */
export function auditRecords(records: readonly AuditRecord[], ruleSets: readonly RuleSetName[]): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const rules of ruleSets) {
    const bySource = new Map<string, AuditCounts>([['all', emptyCounts()]]);
    for (const record of records) {
      const match = detectToolResult(record.message, agentOf(record.userAgent), rules);
      const given = match && isActionable(match.kind) ? match.kind : undefined;
      if (!bySource.has(record.source)) bySource.set(record.source, emptyCounts());
      for (const counts of [bySource.get('all')!, bySource.get(record.source)!]) count(counts, match !== undefined, given, record.expected);
    }
    for (const [source, counts] of bySource) rows.push({ rules, source, ...counts });
  }
  return rows;
}

function count(c: AuditCounts, detected: boolean, given: 'transient' | 'fixable' | 'unrecoverable' | undefined, expected: Truth | undefined): void {
  c.records++;
  if (detected) c.detected++;
  if (given) c.guidance[given]++;
  if (expected === undefined) return;
  c.labelled++;
  if (isActionable(expected)) {
    if (given === expected) c.right++;
    else if (given) c.wrong++;
    else c.missed++;
  } else if (given) c.wrong++;
  else c.silent++;
}
