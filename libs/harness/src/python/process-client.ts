import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How the process itself failed (not a request it answered with an error), for the protocol to word. */
export type ProcessFailure =
  /** The interpreter could not be started (`error.code` is `ENOENT` when it is not installed). */
  | { kind: 'spawn'; command: string; error: NodeJS.ErrnoException }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timeout'; op: string; timeoutMs: number }
  /** The handshake failed (its own error went to the caller); the process was stopped. */
  | { kind: 'hello-failed' }
  | { kind: 'closed' }
  | { kind: 'not-running'; op: string };

/** One request: an `op` and its fields; the client adds the `id`. */
export type ProcessRequest = { op: string } & Record<string, unknown>;
export type ProcessReply = Record<string, unknown>;

/**
 * A bridge's side of the JSON-lines conversation: how a request becomes a line and a line a reply, which replies
 * are errors, and how the process's failures read. Each benchmark keeps its own in its protocol file.
 */
export interface JsonLinesProtocol {
  /** A request with its `id`, as one line (no newline). */
  encode(request: ProcessRequest & { id: number }): string;
  /** A stdout line as a reply object carrying a numeric `id`; undefined for a line that is not one. */
  decode(line: string): ProcessReply | undefined;
  /** A reply as its request's result: the value handed to the caller, or the error the bridge reported. */
  settle(reply: ProcessReply, op: string, stderr: readonly string[]): { value: ProcessReply } | { error: Error };
  /** The error every affected request gets when the process fails; `stderr` holds its last lines. */
  failure(failure: ProcessFailure, stderr: readonly string[]): Error;
}

export interface PythonProcessOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  protocol: JsonLinesProtocol;
  /** The handshake, sent before any other request through the same path; its reply is `hello()`'s. */
  hello: ProcessRequest;
  /** Per request; a request that takes longer stops the process. */
  timeoutMs: number;
  /**
   * For the handshake, which includes the interpreter's start and its imports (default: `timeoutMs`, at least
   * 30 s). A short request limit is about the work a request does; starting Python on a busy machine is not that.
   */
  startTimeoutMs?: number;
  /**
   * After a crash, a timeout or `close()`: `restart` starts a fresh process on the next request (a failed run
   * should not cost the next one its bridge); `stay-dead` reports the first failure to every later request, so
   * nothing is retried behind the caller's back.
   */
  afterCrash: 'restart' | 'stay-dead';
  /** Checks before spawning, so that a missing checkout is one clear line rather than a crash. */
  preflight?: () => void;
  /** A request asking the process to exit; `close()` sends it and kills the process if it has not exited in a second. */
  shutdown?: ProcessRequest;
  /** How many stderr lines errors may quote (default 20). */
  stderrLines?: number;
  onStderr?: (line: string) => void;
}

/** The least time the handshake gets: an interpreter's start and imports on a loaded machine. */
const START_TIMEOUT_FLOOR_MS = 30_000;

interface Pending {
  op: string;
  resolve: (reply: ProcessReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A Python program spoken to in JSON lines over stdio: one request/reply path with ids, a pending map, a timeout per
 * request, the last stderr lines in errors, and a crash reported to every pending request. The process starts on
 * the first request (or `hello()`); an idle process does not keep Node alive.
 */
export class PythonProcessClient {
  readonly options: PythonProcessOptions;
  #child: ChildProcessWithoutNullStreams | undefined;
  #hello: ProcessReply | undefined;
  #starting: Promise<ProcessReply> | undefined;
  #dead: Error | undefined;
  readonly #pending = new Map<number, Pending>();
  readonly #stderr: string[] = [];
  #nextId = 1;
  #buffer = '';

  constructor(options: PythonProcessOptions) {
    this.options = options;
  }

  /** Starts the process if needed and returns its handshake reply. */
  hello(): Promise<ProcessReply> {
    if (this.#dead) return Promise.reject(this.#dead);
    if (this.#child && this.#hello) return Promise.resolve(this.#hello);
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  /** Sends one request (starting the process first if needed) and waits for its reply. */
  request(body: ProcessRequest): Promise<ProcessReply> {
    if (this.#child && this.#hello) return this.#send(body);
    return this.hello().then(() => this.#send(body));
  }

  /** A process is up (or starting). */
  get running(): boolean {
    return this.#child !== undefined;
  }

  /** Whether requests can still be served: always when restarting, until the first failure otherwise. */
  get alive(): boolean {
    return this.#dead === undefined;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The last stderr lines, for diagnostics. */
  get stderrTail(): string[] {
    return [...this.#stderr];
  }

  /** Stops the process now; pending requests fail as closed. */
  kill(): void {
    const child = this.#child;
    child?.kill('SIGKILL');
    this.#fail(this.#failure({ kind: 'closed' }));
  }

  /** Ends the process: politely when the protocol has a shutdown request, else at once. */
  async close(): Promise<void> {
    const child = this.#child;
    if (!child || !this.options.shutdown) return this.kill();
    const exited = new Promise<void>((done) => child.once('close', () => done()));
    try {
      await this.#send(this.options.shutdown);
    } catch {
      // already dead
    }
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
    this.#fail(this.#failure({ kind: 'closed' }));
  }

  async #start(): Promise<ProcessReply> {
    const { command, args, cwd, env, preflight } = this.options;
    preflight?.();
    const child = spawn(command, args, { cwd, env, stdio: 'pipe' });
    this.#child = child;
    this.#stderr.length = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.#onData(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.#onStderr(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#child === child) this.#fail(this.#failure({ kind: 'spawn', command, error }));
    });
    child.stdin.on('error', () => {
      // EPIPE after the process died: the 'close' handler reports it.
    });
    child.on('close', (code, signal) => {
      if (this.#child === child) this.#fail(this.#failure({ kind: 'exit', code, signal }));
    });
    this.#setRef(false);
    try {
      this.#hello = await this.#send(this.options.hello, this.options.startTimeoutMs ?? Math.max(this.options.timeoutMs, START_TIMEOUT_FLOOR_MS));
      return this.#hello;
    } catch (error) {
      child.kill('SIGKILL');
      if (this.#child === child) this.#fail(this.#failure({ kind: 'hello-failed' }));
      throw error;
    }
  }

  #send(body: ProcessRequest, timeoutMs = this.options.timeoutMs): Promise<ProcessReply> {
    const child = this.#child;
    if (!child) return Promise.reject(this.#dead ?? this.#failure({ kind: 'not-running', op: body.op }));
    const id = this.#nextId++;
    const { op } = body;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.#child === child) this.#fail(this.#failure({ kind: 'timeout', op, timeoutMs }));
        child.kill('SIGKILL');
      }, timeoutMs);
      this.#pending.set(id, { op, resolve, reject, timer });
      this.#setRef(true);
      child.stdin.write(`${this.options.protocol.encode({ id, ...body })}\n`);
    });
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let newline: number;
    while ((newline = this.#buffer.indexOf('\n')) >= 0) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line.trim() !== '') this.#onLine(line);
    }
  }

  #onLine(line: string): void {
    const reply = this.options.protocol.decode(line);
    if (reply === undefined) return this.#onStderr(`[stdout, not protocol] ${line}\n`);
    const pending = typeof reply.id === 'number' ? this.#pending.get(reply.id) : undefined;
    if (!pending) return;
    this.#pending.delete(reply.id as number);
    clearTimeout(pending.timer);
    if (this.#pending.size === 0) this.#setRef(false);
    const settled = this.options.protocol.settle(reply, pending.op, this.#stderr);
    if ('error' in settled) pending.reject(settled.error);
    else pending.resolve(settled.value);
  }

  #onStderr(chunk: string): void {
    const keep = this.options.stderrLines ?? 20;
    for (const line of chunk.split('\n')) {
      if (line === '') continue;
      this.#stderr.push(line);
      if (this.#stderr.length > keep) this.#stderr.shift();
      this.options.onStderr?.(line);
    }
  }

  #failure(failure: ProcessFailure): Error {
    return this.options.protocol.failure(failure, this.#stderr);
  }

  /** Fails every pending request and forgets the process; without restarts, the first failure stays the answer. */
  #fail(error: Error): void {
    this.#child = undefined;
    this.#hello = undefined;
    this.#buffer = '';
    if (this.options.afterCrash === 'stay-dead') this.#dead ??= error;
    for (const [id, p] of this.#pending) {
      clearTimeout(p.timer);
      this.#pending.delete(id);
      p.reject(error);
    }
  }

  /** An idle process must not keep Node alive; a busy one must. */
  #setRef(on: boolean): void {
    const child = this.#child;
    if (!child) return;
    for (const handle of [child, child.stdout, child.stderr, child.stdin] as const) {
      const h = handle as unknown as { ref?: () => void; unref?: () => void };
      if (on) h.ref?.();
      else h.unref?.();
    }
  }
}
