import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '@recovery-bench/harness';
import { BRIDGE_SCRIPT, GORILLA_CLASS_MAP_FILE } from './paths.ts';
import type { BridgeErrorCode, BridgeLaunch, BridgeReplies, BridgeRequest, Fault, ToolSpec } from './protocol.ts';

/**
 * A failure of the bridge itself (not a tool error): python3 missing, a checkout or class missing, a bad request,
 * a crash or a timeout. `String(error)` is one line naming what to fix.
 */
export class LoudQuietBridgeError extends BenchError {
  /** The bridge's own code, or `process` for a process that could not start, died or timed out. */
  readonly bridgeCode: BridgeErrorCode | 'process';

  constructor(bridgeCode: BridgeErrorCode | 'process', message: string, details: Record<string, unknown> = {}) {
    super('tool:infra', message, { details: { bridgeCode, ...details } });
    this.name = 'LoudQuietBridgeError';
    this.bridgeCode = bridgeCode;
  }
}

export interface BridgeClientOptions {
  /** Per request (default 60 s); a timeout stops the process and is reported. */
  timeoutMs?: number;
  /** Bridge stderr lines (tracebacks, anything a class prints). */
  onStderr?: (line: string) => void;
}

type Op = BridgeRequest['op'];
type RequestOf<O extends Op> = Omit<Extract<BridgeRequest, { op: O }>, 'op'>;

interface Pending {
  op: string;
  resolve: (reply: Record<string, unknown>) => void;
  reject: (error: LoudQuietBridgeError) => void;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL = 10;

/** The process environment the bridge runs in (spec §9): fixed TZ and hash seed, UTF-8, unbuffered. */
export function bridgeEnv(tz: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...base, TZ: tz, PYTHONHASHSEED: '0', PYTHONIOENCODING: 'utf-8', PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' };
}

/** Checks the launch's paths before spawning, so a missing checkout is one clear line. */
export function checkLaunch(launch: BridgeLaunch): void {
  if (!existsSync(launch.suitePath)) throw new LoudQuietBridgeError('bad_request', `Loud/Quiet suite not found: ${launch.suitePath}`);
  if (launch.classes.kind === 'gorilla') {
    const dir = launch.classes.dir;
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new LoudQuietBridgeError('class_missing', `gorilla checkout not found at ${dir} (set LOUDQUIET_GORILLA_DIR or run \`recovery-bench fetch loudquiet\`)`);
    }
    if (!existsSync(join(dir, GORILLA_CLASS_MAP_FILE))) {
      if (existsSync(join(dir, GORILLA_CLASS_MAP_FILE.slice(GORILLA_CLASS_MAP_FILE.indexOf('/') + 1)))) {
        throw new LoudQuietBridgeError('class_missing', `${dir} is the berkeley-function-call-leaderboard folder; point LOUDQUIET_GORILLA_DIR at the gorilla checkout root above it`);
      }
      throw new LoudQuietBridgeError('class_missing', `${dir} is not a gorilla checkout: ${GORILLA_CLASS_MAP_FILE} is missing`);
    }
  } else if (!existsSync(launch.classes.file)) {
    throw new LoudQuietBridgeError('class_missing', `class map not found: ${launch.classes.file}`);
  }
}

function launchArgs(launch: BridgeLaunch): string[] {
  const args = ['-u', BRIDGE_SCRIPT, '--suite', launch.suitePath];
  if (launch.classes.kind === 'gorilla') args.push('--gorilla', launch.classes.dir);
  else args.push('--class-map', launch.classes.file, '--module-path', launch.classes.modulePath);
  return args;
}

/** One trial's environment in a bridge process: what the agent loop needs, plus the snapshot and summary. */
export class BridgeEnvironment {
  readonly client: BridgeClient;
  readonly env: string;
  readonly targetStep: number;
  readonly victimTool: string | null;
  /** The specs at creation (all tools visible). */
  readonly initialSpecs: ToolSpec[];
  /** Registered tool names, in registration order. */
  readonly tools: string[];

  constructor(client: BridgeClient, init: BridgeReplies['init']) {
    this.client = client;
    this.env = init.env;
    this.targetStep = init.target_step;
    this.victimTool = init.victim_tool;
    this.initialSpecs = init.specs;
    this.tools = init.tools;
  }

  async specs(): Promise<ToolSpec[]> {
    return (await this.client.request('specs', { env: this.env })).specs;
  }

  call(name: string, rawArguments: string | null): Promise<BridgeReplies['call']> {
    return this.client.request('call', { env: this.env, name, arguments: rawArguments });
  }

  /** `json.dumps(snapshot)`, Python's own text. */
  async snapshotJson(): Promise<string> {
    return (await this.client.request('snapshot', { env: this.env })).state_json;
  }

  /** `json.dumps(env_summary)`, Python's own text. */
  async summaryJson(): Promise<string> {
    return (await this.client.request('summary', { env: this.env })).summary_json;
  }

  async close(): Promise<void> {
    await this.client.request('close', { env: this.env });
  }
}

/**
 * One bridge process, spoken to in JSON lines (one per worker; it hosts many environments, each `init` a clean
 * reset). A process that fails to start, crashes or times out fails every pending request with a
 * LoudQuietBridgeError and the client stays dead: nothing is retried behind the caller's back.
 */
export class BridgeClient {
  readonly launch: BridgeLaunch;
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #pending = new Map<number, Pending>();
  readonly #stderr: string[] = [];
  readonly #timeoutMs: number;
  #hello: BridgeReplies['hello'] | undefined;
  #nextId = 1;
  #buffer = '';
  #dead: LoudQuietBridgeError | undefined;

  private constructor(launch: BridgeLaunch, options: BridgeClientOptions) {
    this.launch = launch;
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    const python = launch.python ?? 'python3';
    const child = spawn(python, launchArgs(launch), { env: bridgeEnv(launch.tz ?? 'UTC'), stdio: 'pipe' });
    this.#child = child;
    child.on('error', (error: NodeJS.ErrnoException) =>
      this.#die(new LoudQuietBridgeError('process', error.code === 'ENOENT' ? `Python interpreter "${python}" not found (install python3 ≥ 3.10 or set the interpreter)` : `cannot start "${python}": ${error.message}`)),
    );
    child.stdin.on('error', () => {
      // EPIPE after the process died: 'close' reports it.
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (line === '') continue;
        this.#stderr.push(line);
        if (this.#stderr.length > STDERR_TAIL) this.#stderr.shift();
        options.onStderr?.(line);
      }
    });
    child.on('close', (code, signal) => {
      const last = this.#stderr.at(-1);
      this.#die(new LoudQuietBridgeError('process', `the Loud/Quiet bridge exited (${signal ?? `code ${code}`})${last ? `: ${last}` : ''}`, { exitCode: code, signal }));
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.#onData(chunk));
  }

  /** Starts a process and waits for its `hello`. */
  static async start(launch: BridgeLaunch, options: BridgeClientOptions = {}): Promise<BridgeClient> {
    checkLaunch(launch);
    const client = new BridgeClient(launch, options);
    try {
      client.#hello = await client.#send('hello', {});
    } catch (error) {
      client.#child.kill('SIGKILL');
      throw error;
    }
    client.#setRef(false);
    return client;
  }

  /** What the bridge said when it started (Python version, classes, tasks, gorilla commit). */
  get hello(): BridgeReplies['hello'] {
    return this.#hello!;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  get alive(): boolean {
    return this.#dead === undefined;
  }

  /** Creates a fresh environment for one trial. */
  async environment(task: string, fault: Fault, seed: number): Promise<BridgeEnvironment> {
    return new BridgeEnvironment(this, await this.request('init', { task, fault, seed }));
  }

  /** One task's reference entry (`json.dumps({state, calls_ok, calls_failed, errors})`). */
  async referenceJson(task: string): Promise<string> {
    return (await this.request('reference', { task })).ref_json;
  }

  /** The whole reference file as Python writes it (`json.dumps(refs, indent=2)`). */
  async referencesText(): Promise<string> {
    return (await this.request('references', {})).refs_text;
  }

  /** `corrupt(value)` with a fresh `random.Random(rng)`. */
  async corruptJson(rng: string, valueJson: string): Promise<string> {
    return (await this.request('corrupt', { rng, value_json: valueJson })).value_json;
  }

  request<O extends Exclude<Op, 'hello'>>(op: O, body: RequestOf<O>): Promise<BridgeReplies[O]> {
    return this.#send(op, body);
  }

  #send<O extends Op>(op: O, body: RequestOf<O>): Promise<BridgeReplies[O]> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#die(new LoudQuietBridgeError('process', `the Loud/Quiet bridge did not answer ${op} within ${this.#timeoutMs} ms; it was stopped`, { op }));
        this.#child.kill('SIGKILL');
      }, this.#timeoutMs);
      this.#pending.set(id, { op, resolve: resolve as (r: Record<string, unknown>) => void, reject, timer });
      this.#setRef(true);
      this.#child.stdin.write(`${JSON.stringify({ id, op, ...body })}\n`);
    });
  }

  /** Ends the process (asks politely, then kills it if it does not exit within a second). */
  async close(): Promise<void> {
    if (this.#dead) return;
    const exited = new Promise<void>((done) => this.#child.once('close', () => done()));
    try {
      await this.request('shutdown', {});
    } catch {
      // already dead
    }
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
    this.#die(new LoudQuietBridgeError('process', 'the Loud/Quiet bridge was closed'));
  }

  /** The last stderr lines, for diagnostics. */
  get stderrTail(): string[] {
    return [...this.#stderr];
  }

  #onData(chunk: string): void {
    this.#buffer += chunk;
    let newline: number;
    while ((newline = this.#buffer.indexOf('\n')) >= 0) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + 1);
      const reply = parseReply(line);
      if (!reply || typeof reply.id !== 'number') continue;
      const pending = this.#pending.get(reply.id);
      if (!pending) continue;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (this.#pending.size === 0) this.#setRef(false);
      if (isBridgeError(reply)) pending.reject(replyError(reply));
      else pending.resolve(withoutId(reply));
    }
  }

  #die(error: LoudQuietBridgeError): void {
    this.#dead ??= error;
    for (const [id, p] of this.#pending) {
      clearTimeout(p.timer);
      this.#pending.delete(id);
      p.reject(error);
    }
  }

  /** An idle bridge does not keep Node alive; a busy one does. */
  #setRef(on: boolean): void {
    for (const handle of [this.#child, this.#child.stdout, this.#child.stderr, this.#child.stdin] as const) {
      const h = handle as unknown as { ref?: () => void; unref?: () => void };
      if (on) h.ref?.();
      else h.unref?.();
    }
  }
}

/** Reply envelopes hold only strings, small ints, booleans and specs; Python values ride inside `*_json` strings. */
function parseReply(line: string): Record<string, unknown> | undefined {
  if (line.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A bridge error has an `error` field; a `call` reply's `ok` is the tool's, so it cannot tell them apart. */
function isBridgeError(reply: Record<string, unknown>): boolean {
  return typeof reply.error === 'string' || (reply.ok === false && !('body' in reply));
}

function withoutId(reply: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = reply;
  return rest;
}

function replyError(reply: Record<string, unknown>): LoudQuietBridgeError {
  const code = (typeof reply.code === 'string' ? reply.code : 'internal') as BridgeErrorCode;
  return new LoudQuietBridgeError(code, typeof reply.error === 'string' ? reply.error : 'the bridge failed without a message');
}
