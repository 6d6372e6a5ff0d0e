import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';

const DEFAULT_RING = 200;

/**
 * An engine's output: written to `<dir>/<name>.stdout.log` and `.stderr.log` as it arrives, and the last lines
 * of both kept in memory so a failed start can say what the engine said last.
 */
export class LogCapture {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly files: { stdout: string; stderr: string } | undefined;
  private readonly ring: string[] = [];
  private readonly partial = { stdout: '', stderr: '' };
  private readonly sinks: WriteStream[] = [];
  private closed: Promise<void> | undefined;

  constructor(opts: { dir?: string; name: string; ringSize?: number }) {
    const size = opts.ringSize ?? DEFAULT_RING;
    if (opts.dir) {
      mkdirSync(opts.dir, { recursive: true });
      this.files = { stdout: join(opts.dir, `${opts.name}.stdout.log`), stderr: join(opts.dir, `${opts.name}.stderr.log`) };
    } else {
      this.files = undefined;
    }
    this.stdout = this.tap('stdout', size);
    this.stderr = this.tap('stderr', size);
  }

  /** The last lines, oldest first; a line still being written counts as a line. */
  lines(count?: number): string[] {
    const all = [...this.ring, ...(['stdout', 'stderr'] as const).map((s) => this.partial[s]).filter((l) => l !== '')];
    return count === undefined ? all : all.slice(-count);
  }

  close(): Promise<void> {
    this.closed ??= Promise.all(this.sinks.map((s) => new Promise<void>((done) => (s.closed ? done() : s.end(done))))).then(() => {});
    return this.closed;
  }

  private tap(stream: 'stdout' | 'stderr', size: number): Writable {
    const sink = this.files ? createWriteStream(this.files[stream], { flags: 'a' }) : undefined;
    if (sink) this.sinks.push(sink);
    return new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        const text = this.partial[stream] + chunk.toString();
        const lines = text.split('\n');
        this.partial[stream] = lines.pop() ?? '';
        for (const line of lines) {
          this.ring.push(line.replace(/\r$/, ''));
          if (this.ring.length > size) this.ring.shift();
        }
        // Lines are counted at once; the file write is queued by the stream (logs need no backpressure).
        if (sink && !sink.closed) sink.write(chunk);
        done();
      },
    });
  }
}
