import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readSync, truncateSync, writeSync } from 'node:fs';
import { BenchError } from './errors.ts';

/**
 * JSON Lines logs, one record per line, each naming its format (`format: "<name>@<version>"`), written
 * through to the file and flushed per record so that a killed run loses nothing it had recorded.
 * A half-written last line (the process died mid-write) is dropped on reading and cut off on resume.
 */
export interface LogRecord {
  format: string;
}

export class RunLogWriter<T extends LogRecord> {
  private fd: number | undefined;
  readonly path: string;

  /** Opens for appending; with `resume`, first cuts a trailing partial line left by a killed run. */
  constructor(path: string, opts: { resume?: boolean; fsync?: boolean } = {}) {
    this.path = path;
    if (opts.resume && existsSync(path)) cutPartialTail(path);
    this.fd = openSync(path, 'a');
    this.fsync = opts.fsync ?? false;
  }

  private readonly fsync: boolean;

  append(record: T): void {
    if (this.fd === undefined) throw new BenchError('internal', `run log ${this.path} is closed`);
    writeSync(this.fd, `${JSON.stringify(record)}\n`);
    if (this.fsync) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  [Symbol.dispose](): void {
    this.close();
  }
}

/** Cuts a trailing partial line, reading the file backwards from its end so that a large log is not loaded. */
function cutPartialTail(path: string): void {
  const fd = openSync(path, 'r');
  let keep = 0;
  try {
    const size = fstatSync(fd).size;
    const chunk = Buffer.allocUnsafe(64 * 1024);
    for (let end = size; end > 0; ) {
      const start = Math.max(0, end - chunk.length);
      readSync(fd, chunk, 0, end - start, start);
      const nl = chunk.subarray(0, end - start).lastIndexOf(0x0a);
      if (nl !== -1) {
        keep = start + nl + 1;
        break;
      }
      end = start;
    }
    if (keep === size) return;
  } finally {
    closeSync(fd);
  }
  truncateSync(path, keep);
}

export interface ReadLog<T> {
  records: T[];
  /** A last line without its newline, left by a killed writer (not returned as a record). */
  partialTail: boolean;
}

/** One format, or several a reader accepts (an older version it still reads). */
export type FormatSpec = string | readonly string[];

const CHUNK = 1 << 20;

/**
 * Yields each complete line of a file (without its newline), holding one chunk of the file and one line in memory
 * at a time. A last line without its newline (a writer killed mid-line) is not yielded; `tail.partial` says
 * whether there was one once the iteration ends.
 */
export function* iterateLines(path: string, tail: { partial: boolean } = { partial: false }): Generator<string, void, undefined> {
  tail.partial = false;
  if (!existsSync(path)) return;
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let pending: Buffer[] = [];
  try {
    for (let read = readSync(fd, buffer, 0, CHUNK, null); read > 0; read = readSync(fd, buffer, 0, CHUNK, null)) {
      const lines: string[] = [];
      let start = 0;
      for (let nl = buffer.indexOf(0x0a, start); nl !== -1 && nl < read; nl = buffer.indexOf(0x0a, start)) {
        lines.push(Buffer.concat([...pending, buffer.subarray(start, nl)]).toString('utf8'));
        pending = [];
        start = nl + 1;
      }
      if (start < read) pending.push(Buffer.from(buffer.subarray(start, read)));
      // Yielded after the chunk is split: the caller may read other files (and reuse nothing of ours) meanwhile.
      yield* lines;
    }
  } finally {
    closeSync(fd);
  }
  tail.partial = pending.length > 0;
}

/**
 * Yields each complete record of a log, in order, one at a time (see `iterateLines`), so that logs of any size can
 * be read, also with `await` between records. Each line's format is checked: a malformed complete line is
 * corruption (`runlog:corrupt`, naming file and line); a partial last line is not, and is skipped.
 */
export function* iterateRecords<T extends LogRecord>(path: string, format: FormatSpec, tail: { partial: boolean } = { partial: false }): Generator<T, void, undefined> {
  const formats = typeof format === 'string' ? [format] : format;
  let lineNo = 0;
  for (const line of iterateLines(path, tail)) {
    lineNo++;
    if (line.trim() !== '') yield parseRecord<T>(line, path, lineNo, formats);
  }
}

/** Calls `visit` with each complete record of a log (see `iterateRecords`); says whether it ended in a partial line. */
export function forEachRecord<T extends LogRecord>(path: string, format: FormatSpec, visit: (record: T, index: number) => void): { partialTail: boolean } {
  const tail = { partial: false };
  let index = 0;
  for (const record of iterateRecords<T>(path, format, tail)) visit(record, index++);
  return { partialTail: tail.partial };
}

function parseRecord<T extends LogRecord>(line: string, path: string, lineNo: number, formats: readonly string[]): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BenchError('runlog:corrupt', `${path}:${lineNo}: not a JSON record`);
  }
  const got = (value as LogRecord | null)?.format;
  if (typeof got !== 'string' || !formats.includes(got)) {
    throw new BenchError('runlog:mismatch', `${path}:${lineNo}: expected format ${formats.join(' or ')}, found ${JSON.stringify(got)}`, { hint: 'was this file written by another version of recovery-bench?' });
  }
  return value as T;
}

/** Reads a whole log into memory: for small logs (scores, tests); large ones are read with `forEachRecord`. */
export function readRunLog<T extends LogRecord>(path: string, format: FormatSpec): ReadLog<T> {
  const records: T[] = [];
  const { partialTail } = forEachRecord<T>(path, format, (record) => records.push(record));
  return { records, partialTail };
}
