import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forEachRecord, readRunLog, RunLogWriter } from './run-log.ts';

const FORMAT = 'test-sample@1';
type Rec = { format: string; n: number };
const file = () => join(mkdtempSync(join(tmpdir(), 'rb-log-')), 'samples.jsonl');

describe('run log', () => {
  it('appends one JSON line per record, readable at once', () => {
    const path = file();
    const w = new RunLogWriter<Rec>(path);
    w.append({ format: FORMAT, n: 1 });
    expect(readRunLog<Rec>(path, FORMAT).records).toEqual([{ format: FORMAT, n: 1 }]);
    w.append({ format: FORMAT, n: 2 });
    w.close();
    expect(readFileSync(path, 'utf8')).toBe('{"format":"test-sample@1","n":1}\n{"format":"test-sample@1","n":2}\n');
  });

  it('drops a half-written last line on read, and cuts it off on resume', () => {
    const path = file();
    writeFileSync(path, '{"format":"test-sample@1","n":1}\n{"format":"test-sa');
    expect(readRunLog<Rec>(path, FORMAT)).toEqual({ records: [{ format: FORMAT, n: 1 }], partialTail: true });
    const w = new RunLogWriter<Rec>(path, { resume: true });
    w.append({ format: FORMAT, n: 2 });
    w.close();
    expect(readRunLog<Rec>(path, FORMAT)).toEqual({ records: [{ format: FORMAT, n: 1 }, { format: FORMAT, n: 2 }], partialTail: false });
  });

  it('names file and line of a corrupt or foreign record', () => {
    const path = file();
    writeFileSync(path, '{"format":"test-sample@1","n":1}\nnot json\n');
    expect(() => readRunLog(path, FORMAT)).toThrow(/samples\.jsonl:2: not a JSON record/);
    appendFileSync(path, '');
    writeFileSync(path, '{"format":"other@9"}\n');
    expect(() => readRunLog(path, FORMAT)).toThrow(expect.objectContaining({ code: 'runlog:mismatch' }));
  });

  it('reads a missing file as empty', () => {
    expect(readRunLog(join(tmpdir(), 'rb-no-such-file.jsonl'), FORMAT)).toEqual({ records: [], partialTail: false });
  });

  it('streams records across read chunks, one at a time, accepting any of the listed formats', () => {
    const path = file();
    const big = 'x'.repeat(700_000);
    const lines = Array.from({ length: 5 }, (_, n) => JSON.stringify({ format: n % 2 === 0 ? FORMAT : 'test-sample@0', n, big }));
    writeFileSync(path, `${lines.join('\n')}\n{"format":"test-sa`);
    const seen: number[] = [];
    const result = forEachRecord<Rec & { big: string }>(path, [FORMAT, 'test-sample@0'], (record, index) => {
      expect(record.big).toHaveLength(700_000);
      seen.push(record.n * 10 + index);
    });
    expect(seen).toEqual([0, 11, 22, 33, 44]);
    expect(result.partialTail).toBe(true);
    expect(() => forEachRecord(path, FORMAT, () => undefined)).toThrow(/samples\.jsonl:2: expected format test-sample@1, found "test-sample@0"/);
  });

  it('cuts a partial tail longer than its read-back window on resume', () => {
    const path = file();
    writeFileSync(path, `{"format":"test-sample@1","n":1}\n{"format":"test-sample@1","n":2,"pad":"${'y'.repeat(200_000)}`);
    new RunLogWriter<Rec>(path, { resume: true }).close();
    expect(readFileSync(path, 'utf8')).toBe('{"format":"test-sample@1","n":1}\n');
    writeFileSync(path, `{"format":"test-sa`);
    new RunLogWriter<Rec>(path, { resume: true }).close();
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
