import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
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

function cutPartialTail(path: string): void {
  const bytes = readFileSync(path);
  if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return;
  truncateSync(path, bytes.lastIndexOf(0x0a) + 1);
}

export interface ReadLog<T> {
  records: T[];
  /** A last line without its newline, left by a killed writer (not returned as a record). */
  partialTail: boolean;
}

/**
 * Reads a log, checking each line's format. A malformed complete line is corruption (`runlog:corrupt`,
 * naming file and line); a partial last line is not.
 */
export function readRunLog<T extends LogRecord>(path: string, format: string): ReadLog<T> {
  if (!existsSync(path)) return { records: [], partialTail: false };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const partialTail = lines[lines.length - 1] !== '';
  const complete = lines.slice(0, -1);
  const records: T[] = [];
  complete.forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new BenchError('runlog:corrupt', `${path}:${i + 1}: not a JSON record`);
    }
    const got = (value as LogRecord | null)?.format;
    if (got !== format) {
      throw new BenchError('runlog:mismatch', `${path}:${i + 1}: expected format ${format}, found ${JSON.stringify(got)}`, { hint: 'was this file written by another version of recovery-bench?' });
    }
    records.push(value as T);
  });
  return { records, partialTail };
}
