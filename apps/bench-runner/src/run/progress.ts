/** Progress of a run: a refreshed line on a TTY, plain lines (at most one per interval) otherwise. */
export interface ProgressState {
  done: number;
  total: number;
  passed: number;
  scored: number;
  engineErrors: number;
}

export class Progress {
  private readonly state: ProgressState;
  private readonly started = Date.now();
  private lastPrint = 0;
  private readonly tty: boolean;
  private readonly out: NodeJS.WriteStream;
  private readonly intervalMs: number;

  constructor(total: number, alreadyDone: number, opts: { out?: NodeJS.WriteStream; intervalMs?: number; tty?: boolean } = {}) {
    this.out = opts.out ?? process.stderr;
    this.tty = opts.tty ?? Boolean(this.out.isTTY);
    this.intervalMs = opts.intervalMs ?? (this.tty ? 100 : 5000);
    this.state = { done: alreadyDone, total, passed: 0, scored: 0, engineErrors: 0 };
    this.baseline = alreadyDone;
  }

  private readonly baseline: number;

  sample(outcome: 'pass' | 'fail' | 'error' | undefined, engineErrors: number): void {
    this.state.done++;
    if (outcome !== undefined) this.state.scored++;
    if (outcome === 'pass') this.state.passed++;
    this.state.engineErrors += engineErrors;
    this.maybePrint(false);
  }

  finish(): void {
    this.maybePrint(true);
    if (this.tty) this.out.write('\n');
  }

  line(): string {
    const s = this.state;
    const rate = s.scored > 0 ? `${((100 * s.passed) / s.scored).toFixed(1)}%` : '–';
    const elapsed = (Date.now() - this.started) / 1000;
    const fresh = s.done - this.baseline;
    const eta = fresh > 0 && s.done < s.total ? `${Math.ceil((elapsed / fresh) * (s.total - s.done))}s` : '–';
    return `${s.done}/${s.total} samples · pass ${rate} · engine errors ${s.engineErrors} · ${elapsed.toFixed(0)}s elapsed · ETA ${eta}`;
  }

  private maybePrint(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastPrint < this.intervalMs) return;
    this.lastPrint = now;
    this.out.write(this.tty ? `\r\u001b[2K${this.line()}` : `${this.line()}\n`);
  }
}
