import { ProcessPool, PythonProcessClient, type ProcessRequest } from '@recovery-bench/harness/python';
import { PromptsSchema, type Prompts, type StepStatus } from '../schema.ts';
import { BridgeHelloSchema, BridgeOptionsSchema, bridgeProcess, infraError, type BridgeHello, type BridgeOptions, type BridgeOptionsInput, type BridgeRequest } from './protocol.ts';

export { BRIDGE_SCRIPT, BridgeOptionsSchema, type BridgeHello, type BridgeOptions, type BridgeOptionsInput } from './protocol.ts';

/**
 * One bridge process (one per concurrent task run), through the harness's process client: its requests as methods.
 * A dead process is started again on the next request.
 */
export class BridgeClient {
  readonly options: BridgeOptions;
  readonly #process: PythonProcessClient;
  /** Bridge stderr lines (plug-in prints, tracebacks), for diagnostics. */
  onStderr: ((line: string) => void) | undefined;

  constructor(options: BridgeOptionsInput) {
    this.options = BridgeOptionsSchema.parse(options);
    this.#process = new PythonProcessClient(bridgeProcess(this.options, (line) => this.onStderr?.(line)));
  }

  /** Starts the process if needed and returns its `hello`. */
  async hello(): Promise<BridgeHello> {
    const parsed = BridgeHelloSchema.safeParse(await this.#process.hello());
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw this.#infra(`hello: a reply this adapter cannot read: ${issue.path.join('.') || 'the reply'}: ${issue.message}`);
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
    if (this.#process.running) await this.#request({ op: 'end', run });
  }

  /** Stops the process; a later request starts a new one. */
  close(): void {
    this.#process.kill();
  }

  get running(): boolean {
    return this.#process.running;
  }

  /** Always: a dead process is started again. */
  get alive(): boolean {
    return this.#process.alive;
  }

  #request(request: BridgeRequest): Promise<Record<string, unknown>> {
    return this.#process.request(request as ProcessRequest);
  }

  #infra(message: string) {
    return infraError(this.options.root, message, this.#process.stderrTail);
  }
}

/**
 * Idle bridges by (interpreter, checkout, timeout), the pool `toolmazeBenchmark.run` uses in checkout mode: a task
 * run takes one and gives it back, so concurrent runs each get their own process and sequential runs reuse one.
 */
export const sharedBridgePool = new ProcessPool<BridgeOptionsInput, BridgeClient>({
  key(options) {
    const o = BridgeOptionsSchema.parse(options);
    return JSON.stringify([o.python, o.root, o.timeoutMs]);
  },
  create: (options) => new BridgeClient(options),
});
