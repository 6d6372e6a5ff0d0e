import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import { isJsonObject, parsePyJson, pythonJsonDumps } from '../python-json.ts';
import { PromptsSchema, type Prompts, type StepStatus } from '../schema.ts';

/** The Python side, shipped as an asset next to this file. */
export const BRIDGE_SCRIPT = fileURLToPath(new URL('./toolmaze_bridge.py', import.meta.url));

export const BridgeOptionsSchema = z
  .object({
    /** The ToolMaze checkout. */
    root: z.string().min(1),
    /** The interpreter ToolMaze runs under (it may need the checkout's own packages). */
    python: z.string().min(1).default('python3'),
    /** Per request; a timeout is an infrastructure error. */
    timeoutMs: z.number().int().positive().default(30_000),
  })
  .strict();
export type BridgeOptions = z.infer<typeof BridgeOptionsSchema>;
export type BridgeOptionsInput = z.input<typeof BridgeOptionsSchema>;

export interface BridgeHello {
  protocol: number;
  python: string;
  root: string;
  plugins: number;
  loadFailures: { plugin: string; message: string }[];
}

interface Pending {
  op: string;
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: BenchError) => void;
  timer: NodeJS.Timeout;
}

const STDERR_TAIL = 20;

/**
 * One bridge process (one per concurrent task run), spoken to in JSON lines. Any failure of the process —
 * missing interpreter, import error, crash, timeout, `ok: false` — is a `tool:infra` error: the run is an
 * infrastructure error, not a model failure. A dead process is started again on the next request.
 */
export class BridgeClient {
  readonly options: BridgeOptions;
  #child: ChildProcessWithoutNullStreams | undefined;
  #starting: Promise<BridgeHello> | undefined;
  #hello: BridgeHello | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #buffer = '';
  readonly #stderr: string[] = [];
  /** Bridge stderr lines (plug-in prints, tracebacks), for diagnostics. */
  onStderr: ((line: string) => void) | undefined;

  constructor(options: BridgeOptionsInput) {
    this.options = BridgeOptionsSchema.parse(options);
  }

  /** Starts the process if needed and returns its `hello`. */
  async hello(): Promise<BridgeHello> {
    if (this.#child && this.#hello) return this.#hello;
    this.#starting ??= this.#start().finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  async prompts(): Promise<Prompts> {
    const reply = await this.#request({ op: 'prompts' });
    const parsed = PromptsSchema.safeParse({ p0: reply.p0, faultAware: reply.faultAware });
    if (!parsed.success) throw this.#infra('the bridge returned no usable prompts');
    return parsed.data;
  }

  async start(run: string): Promise<void> {
    await this.#request({ op: 'start', run });
  }

  /** A clean call through ToolMaze's executor; `text` is Python's `json.dumps(output, ensure_ascii=False)`. */
  async call(run: string, tool: string, args: Record<string, unknown>): Promise<{ output: unknown; text: string }> {
    const reply = await this.#request({ op: 'call', run, tool, arguments: args });
    if (typeof reply.text !== 'string') throw this.#infra('call: the bridge reply has no text');
    return { output: reply.output ?? null, text: reply.text };
  }

  /** Records an injected step in the run's context (no plug-in runs) and returns the payload's text. */
  async recordPerturbed(run: string, tool: string, args: Record<string, unknown>, output: unknown, status: StepStatus): Promise<{ text: string }> {
    const reply = await this.#request({ op: 'record_perturbed', run, tool, arguments: args, output, status });
    if (typeof reply.text !== 'string') throw this.#infra('record_perturbed: the bridge reply has no text');
    return { text: reply.text };
  }

  async end(run: string): Promise<void> {
    if (this.#child) await this.#request({ op: 'end', run });
  }

  /** Stops the process; a later request starts a new one. */
  close(): void {
    this.#child?.kill('SIGKILL');
    this.#reset(this.#infra('the bridge was closed'));
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  #infra(message: string, details: Record<string, unknown> = {}): BenchError {
    const tail = this.#stderr.slice(-5).join('\n');
    return new BenchError('tool:infra', `ToolMaze bridge: ${message}${tail ? `\n  last stderr:\n    ${tail.replaceAll('\n', '\n    ')}` : ''}`, { details: { root: this.options.root, ...details } });
  }

  async #start(): Promise<BridgeHello> {
    const { root, python } = this.options;
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new BenchError('tool:infra', `ToolMaze checkout not found at ${root}`, { hint: 'run `recovery-bench fetch toolmaze --dest DIR` or set the checkout root', details: { root } });
    }
    const child = spawn(python, ['-u', BRIDGE_SCRIPT, '--root', root], {
      cwd: root,
      env: { ...process.env, PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' },
    });
    this.#child = child;
    this.#stderr.length = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.#onData(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.#onStderr(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      const message = error.code === 'ENOENT' ? `Python interpreter "${python}" not found` : `cannot start "${python}": ${error.message}`;
      if (this.#child === child) this.#reset(new BenchError('tool:infra', message, { hint: 'install Python 3, or set `python` to the interpreter your ToolMaze checkout uses', details: { python } }));
    });
    child.stdin.on('error', () => {
      // EPIPE after the process died: the 'close' handler reports it.
    });
    child.on('close', (code, signal) => {
      if (this.#child === child) this.#reset(this.#infra(`the bridge process exited (${signal ?? `code ${code}`})`, { exitCode: code, signal }));
    });
    this.#setRef(false);
    try {
      const reply = await this.#send({ op: 'hello' });
      this.#hello = reply as unknown as BridgeHello;
      return this.#hello;
    } catch (error) {
      child.kill('SIGKILL');
      if (this.#child === child) this.#reset(this.#infra('stopped after a failed hello'));
      throw error;
    }
  }

  async #request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.hello();
    return this.#send(body);
  }

  #send(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const child = this.#child;
    if (!child) return Promise.reject(this.#infra(`${String(body.op)}: the bridge is not running`));
    const id = this.#nextId++;
    const op = String(body.op);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = this.#infra(`${op} timed out after ${this.options.timeoutMs} ms; the process was stopped`, { op });
        if (this.#child === child) this.#reset(error);
        child.kill('SIGKILL');
      }, this.options.timeoutMs);
      this.#pending.set(id, { op, resolve, reject, timer });
      this.#setRef(true);
      child.stdin.write(`${pythonJsonDumps({ id, ...body })}\n`);
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
    let reply: unknown;
    try {
      reply = parsePyJson(line);
    } catch {
      this.#onStderr(`[stdout, not protocol] ${line}\n`);
      return;
    }
    if (!isJsonObject(reply) || typeof reply.id !== 'number') return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (this.#pending.size === 0) this.#setRef(false);
    if (reply.ok === true) return pending.resolve(reply);
    const error = isJsonObject(reply.error) ? reply.error : {};
    const kind = typeof error.kind === 'string' ? error.kind : 'unknown';
    const message = typeof error.message === 'string' ? error.message : 'no message';
    pending.reject(this.#infra(`${pending.op} failed (${kind}): ${message}`, { op: pending.op, kind }));
  }

  #onStderr(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (line === '') continue;
      this.#stderr.push(line);
      if (this.#stderr.length > STDERR_TAIL) this.#stderr.shift();
      this.onStderr?.(line);
    }
  }

  /** Fails every pending request and forgets the process, so the next request starts a fresh one. */
  #reset(error: BenchError): void {
    this.#child = undefined;
    this.#hello = undefined;
    this.#buffer = '';
    for (const [id, p] of this.#pending) {
      clearTimeout(p.timer);
      this.#pending.delete(id);
      p.reject(error);
    }
  }

  /** An idle bridge must not keep Node alive; a busy one must. */
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
