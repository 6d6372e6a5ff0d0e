import { execa, type Result, type ResultPromise } from 'execa';
import { EngineError } from '../errors.ts';
import type { LogCapture } from '../log-capture.ts';
import { track } from '../reaper.ts';
import type { ProcessCommand } from './command.ts';

const SCAN_LIMIT = 64 * 1024;

interface ChildOptions {
  cwd?: string;
  stopTimeoutMs: number;
  /** Where the engine's URL is announced in its output, when it picks its own port. */
  urlPattern?: RegExp;
  url?: string;
}

/**
 * A local engine process in its own process group, so that stopping it also stops whatever it started
 * (workers, tokenizer servers): SIGTERM to the group, then SIGKILL after the grace period.
 */
export class EngineProcess {
  url: string | undefined;
  readonly died: Promise<EngineError>;
  exitError: EngineError | undefined;
  private readonly subprocess: ResultPromise<{ detached: true; buffer: false; reject: false; stdin: 'ignore'; cleanup: false }>;
  private readonly untrack: () => void;
  private scanned = '';
  private stopping: Promise<void> | undefined;

  constructor(private readonly cmd: ProcessCommand, private readonly capture: LogCapture, private readonly opts: ChildOptions) {
    this.url = opts.url;
    this.subprocess = execa(cmd.command, cmd.args, { env: cmd.env, cwd: opts.cwd, detached: true, buffer: false, reject: false, stdin: 'ignore', cleanup: false });
    this.subprocess.stdout.on('data', (chunk: Buffer) => this.output('stdout', chunk));
    this.subprocess.stderr.on('data', (chunk: Buffer) => this.output('stderr', chunk));
    this.died = this.subprocess.then((result) => (this.exitError = exitError(result as Result, cmd.command)));
    this.untrack = track({ stop: () => this.stop(), killNow: () => this.signalGroup('SIGKILL') });
  }

  get pid(): number | undefined {
    return this.subprocess.pid;
  }

  assertAlive(): void {
    if (this.exitError) throw this.exitError;
  }

  stop(): Promise<void> {
    this.stopping ??= this.stopOnce();
    return this.stopping;
  }

  private async stopOnce(): Promise<void> {
    if (!this.exitError) {
      this.signalGroup('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.died, new Promise((resolve) => (timer = setTimeout(resolve, this.opts.stopTimeoutMs)))]);
      clearTimeout(timer);
    }
    // Also after the leader exited: its children may still be in the group.
    this.signalGroup('SIGKILL');
    await this.died;
    await this.capture.close();
    this.untrack();
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.subprocess.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is gone.
    }
  }

  private output(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    this.capture[stream].write(chunk);
    if (this.url !== undefined || !this.opts.urlPattern) return;
    this.scanned = (this.scanned + chunk.toString()).slice(-SCAN_LIMIT);
    const match = this.opts.urlPattern.exec(this.scanned);
    const found = match?.groups?.url ?? match?.[1];
    if (found) this.url = found.replace(/\/+$/, '').replace(/\/v1$/, '');
  }
}

function exitError(result: Result, command: string): EngineError {
  if (result.exitCode === undefined && result.signal === undefined) {
    const message = (result as Result & { shortMessage?: string }).shortMessage ?? `cannot run ${command}`;
    return new EngineError('engine:spawn-failed', message, { hint: `is ${command} installed and on PATH?` });
  }
  const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
  return new EngineError('engine:process-exited', `${command} ${how}`, { details: { exitCode: result.exitCode ?? null, signal: result.signal ?? null } });
}
