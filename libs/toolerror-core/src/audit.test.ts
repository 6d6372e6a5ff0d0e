import { describe, expect, it } from 'vitest';
import { auditRecords, auditReport, parseAuditRecord, type AuditRecord } from './audit.ts';

const rec = (content: string, truth: AuditRecord['truth'], extra: Partial<AuditRecord> = {}): AuditRecord => ({
  source: 'lib', message: { role: 'tool', content }, ...(truth === undefined ? {} : { truth }), ...extra,
});

describe('parseAuditRecord', () => {
  it('reads truth, or the older field expected, and the split', () => {
    expect(parseAuditRecord({ content: 'x', truth: 'fixable', split: 'dev', id: 'a#1', reason: 'r' }, 'f:1')).toEqual({
      source: 'unknown', message: { role: 'tool', content: 'x' }, truth: 'fixable', split: 'dev', id: 'a#1', reason: 'r',
    });
    expect(parseAuditRecord({ content: 'x', expected: 'none' }, 'f:1').truth).toBe('none');
  });

  it('rejects an unknown truth, a disagreement between truth and expected, and an unknown split', () => {
    expect(() => parseAuditRecord({ content: 'x', truth: 'maybe' }, 'f:2')).toThrow(/f:2: "truth" must be one of/);
    expect(() => parseAuditRecord({ content: 'x', truth: 'fixable', expected: 'transient' }, 'f:3')).toThrow(/disagree/);
    expect(() => parseAuditRecord({ content: 'x', split: 'train' }, 'f:4')).toThrow(/"split" must be one of dev, test/);
  });

  it('does not change the message object it was given', () => {
    const message = { role: 'tool', content: 'x' };
    parseAuditRecord({ message, is_error: true }, 'f:5');
    expect(message).toEqual({ role: 'tool', content: 'x' });
  });
});

describe('auditReport', () => {
  const records: AuditRecord[] = [
    rec('Error: ECONNRESET', 'transient'), // right
    rec('Error: Forbidden', 'transient'), // wrong kind
    rec('HTTP 400 Bad Request', 'ambiguous'), // guidance on an ambiguous failure: wrong
    rec('Error: no such file', 'ambiguous'), // silent on ambiguous
    rec('[Errno 111] Connection refused', 'transient'), // missed by paper, right by extended
    rec('Error: Too Many Requests handled, 3 rows saved', 'none'), // false positive
    rec('3 rows saved', 'none'), // silent on a success
    rec('Error: Bad Request', undefined), // unlabelled
  ];

  it('counts right, wrong, missed, silent and false positives against the truth', () => {
    const all = auditRecords(records, ['paper']).find((r) => r.source === 'all')!;
    expect(all).toMatchObject({
      records: 8, labelled: 7, failures: 5, actionable: 3, right: 1, wrong: 2, missed: 1,
      ambiguous: 2, silentOnAmbiguous: 1, successes: 2, falsePositive: 1, silent: 2,
      guidance: { transient: 2, fixable: 2, unrecoverable: 1 },
    });
    expect(all.confusion.transient).toEqual({ transient: 1, fixable: 0, unrecoverable: 1, ambiguous: 0, undetected: 1 });
    expect(all.confusion.none).toEqual({ transient: 1, fixable: 0, unrecoverable: 0, ambiguous: 0, undetected: 1 });
  });

  it('lists wrong guidance first, then guidance on successes, then misses, per rule set', () => {
    const { worst } = auditReport(records.map((r, i) => ({ ...r, id: `r${i}` })), ['paper', 'extended']);
    expect(worst.filter((c) => c.rules === 'paper').map((c) => [c.problem, c.id])).toEqual([
      ['wrong', 'r1'], ['wrong', 'r2'], ['false-positive', 'r5'], ['missed', 'r4'],
    ]);
    expect(worst.filter((c) => c.rules === 'extended').map((c) => c.id)).not.toContain('r4');
    expect(worst[0]).toMatchObject({ truth: 'transient', outcome: 'unrecoverable', rule: 'generic', excerpt: 'Error: Forbidden' });
  });

  it('keeps a row per source', () => {
    const rows = auditRecords([...records, rec('Error: EACCES', 'unrecoverable', { source: 'other' })], ['paper']);
    expect(rows.map((r) => r.source)).toEqual(['all', 'lib', 'other']);
    expect(rows.find((r) => r.source === 'other')).toMatchObject({ right: 1, actionable: 1 });
  });
});
