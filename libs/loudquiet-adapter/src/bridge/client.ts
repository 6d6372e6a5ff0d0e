import { ProcessPool, PythonProcessClient } from '@recovery-bench/harness/python';
import { bridgeProcess, parseReply, type BridgeClientOptions, type BridgeLaunch, type BridgeReplies, type BridgeRequest, type Fault, type ToolSpec } from './protocol.ts';

export { bridgeEnv, checkLaunch, LoudQuietBridgeError, type BridgeClientOptions } from './protocol.ts';

type Op = BridgeRequest['op'];
type RequestOf<O extends Op> = Omit<Extract<BridgeRequest, { op: O }>, 'op'>;

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
 * One bridge process (one per worker; it hosts many environments, each `init` a clean reset), through the harness's
 * process client. A process that fails to start, crashes or times out fails every pending request with a
 * LoudQuietBridgeError and the client stays dead: nothing is retried behind the caller's back.
 */
export class BridgeClient {
  readonly launch: BridgeLaunch;
  readonly #process: PythonProcessClient;
  readonly #hello: BridgeReplies['hello'];

  private constructor(launch: BridgeLaunch, process: PythonProcessClient, hello: BridgeReplies['hello']) {
    this.launch = launch;
    this.#process = process;
    this.#hello = hello;
  }

  /** Starts a process and waits for its `hello`. */
  static async start(launch: BridgeLaunch, options: BridgeClientOptions = {}): Promise<BridgeClient> {
    const process = new PythonProcessClient(bridgeProcess(launch, options));
    const hello = parseReply('hello', await process.hello());
    return new BridgeClient(launch, process, hello);
  }

  /** What the bridge said when it started (Python version, classes, tasks, gorilla commit). */
  get hello(): BridgeReplies['hello'] {
    return this.#hello;
  }

  get pid(): number | undefined {
    return this.#process.pid;
  }

  get alive(): boolean {
    return this.#process.alive;
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

  async request<O extends Exclude<Op, 'hello'>>(op: O, body: RequestOf<O>): Promise<BridgeReplies[O]> {
    return parseReply(op, await this.#process.request({ op, ...body }));
  }

  /** Ends the process (asks politely, then kills it if it does not exit within a second). */
  close(): Promise<void> {
    return this.#process.close();
  }

  /** The last stderr lines, for diagnostics. */
  get stderrTail(): string[] {
    return this.#process.stderrTail;
  }
}

/**
 * Bridge processes for concurrent trials: one per worker, reused across trials (each trial's `init` is a clean
 * reset). A process that died is dropped, never reused; the trial that saw it die fails with the bridge's error.
 */
export const sharedBridgePool = new ProcessPool<BridgeLaunch, BridgeClient>({ key: (launch) => JSON.stringify(launch), create: (launch) => BridgeClient.start(launch) });
