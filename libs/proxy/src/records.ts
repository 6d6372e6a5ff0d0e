import { open, type FileHandle } from 'node:fs/promises';
import type { RecordsConfig } from './config.ts';
import type { ProxyCounters } from './counters.ts';
import type { CallRecord } from './record-format.ts';

/**
 * A body for the record. JSON the proxy already parsed (or wrote) is spliced in as text, so a record costs
 * one stringify of its small fields rather than a second serialisation of every body.
 */
export type RecordBody = { json: string } | { value: unknown } | null;

export type RecordFields = Omit<CallRecord, 'request' | 'forwarded' | 'response'>;

export interface RecordBodies {
  request: RecordBody;
  forwarded: RecordBody;
  response: RecordBody;
}

export function serializeRecord(fields: RecordFields, bodies: RecordBodies): string {
  const head = JSON.stringify(fields);
  return `${head.slice(0, -1)},"request":${bodyText(bodies.request)},"forwarded":${bodyText(bodies.forwarded)},"response":${bodyText(bodies.response)}}\n`;
}

function bodyText(body: RecordBody): string {
  if (body === null) return 'null';
  if ('json' in body) {
    // Valid JSON can hold CR and LF only as white space between tokens, never inside strings.
    return body.json.includes('\n') || body.json.includes('\r') ? body.json.replace(/[\r\n]/g, ' ') : body.json;
  }
  try {
    return JSON.stringify(body.value) ?? 'null';
  } catch {
    return '"[unserialisable: nested too deeply]"';
  }
}

export interface RecordSink {
  /** False for the sink of a proxy that keeps no records: callers skip building them. */
  readonly enabled: boolean;
  write(line: string): void;
  /** Resolves when every record written so far is in the file. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const NULL_SINK: RecordSink = { enabled: false, write() {}, flush: async () => {}, close: async () => {} };

export async function openRecordSink(config: RecordsConfig, counters: ProxyCounters): Promise<RecordSink> {
  if (config.path === undefined) return NULL_SINK;
  return new FileSink(await open(config.path, 'a'), config.sync, counters);
}

/**
 * Appends records through one file handle. Each record goes to the OS as soon as the write before it
 * completes (records that arrive meanwhile share the next write), so a crash loses at most the records of
 * calls still in flight, and nothing piles up in memory while the disk keeps pace.
 */
class FileSink implements RecordSink {
  readonly enabled = true;
  private queue: string[] = [];
  private writing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly handle: FileHandle, private readonly sync: boolean, private readonly counters: ProxyCounters) {}

  write(line: string): void {
    if (this.closed) return;
    this.queue.push(line);
    this.writing ??= this.pump();
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await this.handle.write(batch.length === 1 ? batch[0]! : batch.join(''));
        if (this.sync) await this.handle.datasync();
        this.counters.recordsWritten += batch.length;
      } catch {
        // A full disk must not take the proxy down; the counter shows it and the run can stop.
        this.counters.recordErrors += batch.length;
      }
    }
    this.writing = null;
  }
}

const REDACTED_HEADERS = /^(authorization|proxy-authorization|api-key|x-api-key|cookie)$/;

/** The request headers for the record, secrets replaced. */
export function redactHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = REDACTED_HEADERS.test(name) ? '[redacted]' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
