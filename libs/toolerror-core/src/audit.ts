import { detectToolResult, type FailureMatch } from './detect.ts';
import { isPlainObject, LayerInputError } from './errors.ts';
import { agentOf } from './rules/paper-rules.ts';
import { messageText } from './text.ts';
import { KINDS, type ActionableKind, type Kind, type Message, type RuleSetName } from './types.ts';

/** What a recorded tool result truly is: a kind, or `none` for a result that is not a failure. */
export type Truth = Kind | 'none';
export const TRUTHS = [...KINDS, 'none'] as const;

export const SPLITS = ['dev', 'test'] as const;
export type Split = (typeof SPLITS)[number];

/** One recorded tool result: a tool message (or its text), the client's User-Agent and, optionally, its true kind. */
export interface AuditRecord {
  id?: string;
  source: string;
  message: Message;
  userAgent?: string;
  /** The true kind; read from `truth`, or from the older field name `expected`. */
  truth?: Truth;
  reason?: string;
  split?: Split;
}

/** What the layer did with a result: guidance of a kind, detected but silent (`ambiguous`), or not detected. */
export type Outcome = ActionableKind | 'ambiguous' | 'undetected';
export const OUTCOMES = ['transient', 'fixable', 'unrecoverable', 'ambiguous', 'undetected'] as const satisfies readonly Outcome[];

export type Confusion = Record<Truth, Record<Outcome, number>>;

export interface AuditCounts {
  records: number;
  /** Results some rule marked as failed. */
  detected: number;
  /** Guidance given, by kind. */
  guidance: Record<ActionableKind, number>;
  /** Records with a truth. */
  labelled: number;
  /** Labelled records whose truth is a kind (a real failure). */
  failures: number;
  /** Failures whose truth is transient, fixable or unrecoverable. */
  actionable: number;
  /** Actionable truth and the same guidance. */
  right: number;
  /** A real failure given guidance of another kind than its truth (an ambiguous one given any guidance). */
  wrong: number;
  /** Actionable truth and no guidance. */
  missed: number;
  /** Labelled records that are not actionable and got no guidance (ambiguous failures and successes). */
  silent: number;
  /** Ambiguous failures, and those of them that got no guidance. */
  ambiguous: number;
  silentOnAmbiguous: number;
  /** Successes (truth `none`), and those of them given guidance. */
  successes: number;
  falsePositive: number;
  confusion: Confusion;
}

export interface AuditRow extends AuditCounts {
  rules: RuleSetName;
  source: string;
}

/** One labelled record the rules got wrong or missed, for the worst-cases list. */
export interface AuditCase {
  rules: RuleSetName;
  /** `wrong` (guidance of the wrong kind on a failure), `false-positive` (guidance on a success) or `missed`. */
  problem: 'wrong' | 'false-positive' | 'missed';
  id: string;
  source: string;
  truth: Truth;
  outcome: Outcome;
  rule?: string;
  reason?: string;
  /** The first 200 characters of the text. */
  excerpt: string;
}

export interface AuditReport {
  rows: AuditRow[];
  worst: AuditCase[];
}

/** Reads one JSONL record: `{id?, source?, message? | content?, is_error?, userAgent?, truth? | expected?, reason?, split?}`. */
export function parseAuditRecord(value: unknown, where: string): AuditRecord {
  if (!isPlainObject(value)) throw new LayerInputError('layer:not-a-request', `${where}: a record must be a JSON object`);
  const message = isPlainObject(value.message) ? ({ ...value.message } as Message) : { role: 'tool' as const, content: value.content as Message['content'] };
  if (message.content === undefined && !isPlainObject(value.message)) {
    throw new LayerInputError('layer:not-a-request', `${where}: a record needs "message" or "content"`);
  }
  if (value.is_error === true) message.is_error = true;
  const record: AuditRecord = { source: typeof value.source === 'string' ? value.source : 'unknown', message };
  if (typeof value.id === 'string') record.id = value.id;
  if (typeof value.userAgent === 'string') record.userAgent = value.userAgent;
  if (typeof value.reason === 'string') record.reason = value.reason;
  const truth = readTruth(value, where);
  if (truth !== undefined) record.truth = truth;
  if (value.split !== undefined) {
    if (typeof value.split !== 'string' || !(SPLITS as readonly string[]).includes(value.split)) {
      throw new LayerInputError('layer:not-a-request', `${where}: "split" must be one of ${SPLITS.join(', ')}`);
    }
    record.split = value.split as Split;
  }
  return record;
}

function readTruth(value: Record<string, unknown>, where: string): Truth | undefined {
  for (const field of ['truth', 'expected'] as const) {
    const v = value[field];
    if (v !== undefined && (typeof v !== 'string' || !(TRUTHS as readonly string[]).includes(v))) {
      throw new LayerInputError('layer:not-a-request', `${where}: "${field}" must be one of ${TRUTHS.join(', ')}`);
    }
  }
  if (value.truth !== undefined && value.expected !== undefined && value.truth !== value.expected) {
    throw new LayerInputError('layer:not-a-request', `${where}: "truth" and "expected" disagree`);
  }
  return (value.truth ?? value.expected) as Truth | undefined;
}

function emptyConfusion(): Confusion {
  const row = (): Record<Outcome, number> => ({ transient: 0, fixable: 0, unrecoverable: 0, ambiguous: 0, undetected: 0 });
  return { transient: row(), fixable: row(), unrecoverable: row(), ambiguous: row(), none: row() };
}

function emptyCounts(): AuditCounts {
  return {
    records: 0, detected: 0, guidance: { transient: 0, fixable: 0, unrecoverable: 0 }, labelled: 0, failures: 0, actionable: 0,
    right: 0, wrong: 0, missed: 0, silent: 0, ambiguous: 0, silentOnAmbiguous: 0, successes: 0, falsePositive: 0, confusion: emptyConfusion(),
  };
}

const isActionable = (k: Truth | Outcome | undefined): k is ActionableKind => k === 'transient' || k === 'fixable' || k === 'unrecoverable';

const outcomeOf = (match: FailureMatch | undefined): Outcome => (match ? match.kind : 'undetected');

/** Coverage per rule set and source (plus an `all` row per rule set), like the paper's correct/wrong/none. */
export function auditRecords(records: readonly AuditRecord[], ruleSets: readonly RuleSetName[]): AuditRow[] {
  return auditReport(records, ruleSets).rows;
}

/** The rows of `auditRecords`, and the records each rule set got wrong or missed: wrong guidance first. */
export function auditReport(records: readonly AuditRecord[], ruleSets: readonly RuleSetName[]): AuditReport {
  const rows: AuditRow[] = [];
  const worst: AuditCase[] = [];
  for (const rules of ruleSets) {
    const bySource = new Map<string, AuditCounts>([['all', emptyCounts()]]);
    const problems: AuditCase[] = [];
    records.forEach((record, i) => {
      const match = detectToolResult(record.message, agentOf(record.userAgent), rules);
      const outcome = outcomeOf(match);
      if (!bySource.has(record.source)) bySource.set(record.source, emptyCounts());
      for (const counts of [bySource.get('all')!, bySource.get(record.source)!]) count(counts, outcome, record.truth);
      const problem = problemOf(outcome, record.truth);
      if (problem) {
        const text = messageText(record.message);
        const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
        const item: AuditCase = { rules, problem, id: record.id ?? `#${i + 1}`, source: record.source, truth: record.truth!, outcome, excerpt };
        if (match) item.rule = match.rule;
        if (record.reason !== undefined) item.reason = record.reason;
        problems.push(item);
      }
    });
    for (const [source, counts] of bySource) rows.push({ rules, source, ...counts });
    const order = { wrong: 0, 'false-positive': 1, missed: 2 } as const;
    worst.push(...problems.sort((a, b) => order[a.problem] - order[b.problem]));
  }
  return { rows, worst };
}

function problemOf(outcome: Outcome, truth: Truth | undefined): AuditCase['problem'] | undefined {
  if (truth === undefined) return undefined;
  if (isActionable(outcome)) {
    if (truth === 'none') return 'false-positive';
    return outcome === truth ? undefined : 'wrong';
  }
  return isActionable(truth) ? 'missed' : undefined;
}

function count(c: AuditCounts, outcome: Outcome, truth: Truth | undefined): void {
  c.records++;
  if (outcome !== 'undetected') c.detected++;
  const given = isActionable(outcome) ? outcome : undefined;
  if (given) c.guidance[given]++;
  if (truth === undefined) return;
  c.labelled++;
  c.confusion[truth][outcome]++;
  if (truth === 'none') {
    c.successes++;
    if (given) c.falsePositive++;
    else c.silent++;
    return;
  }
  c.failures++;
  if (isActionable(truth)) {
    c.actionable++;
    if (given === truth) c.right++;
    else if (given) c.wrong++;
    else c.missed++;
    return;
  }
  c.ambiguous++;
  if (given) c.wrong++;
  else {
    c.silent++;
    c.silentOnAmbiguous++;
  }
}
