/**
 * The protocol of the Loud/Quiet environment bridge (`python/loudquiet_bridge.py`): one JSON object per line
 * over stdio, each request with a numeric `id`, each reply `{id, ok: true, …}` or `{id, ok: false, error, code}`.
 * A reply is a bridge error exactly when it has an `error` field: a `call` reply's own `ok` is the tool's
 * (`ok: false` for a ToolError body) and has no `error`.
 *
 * The bridge owns the environment wrapper and the faults: instantiation and scenario loading, the flat tool
 * map, tool specs, stepping, victim choice, fault firing, hiding, the exact texts, silent corruption, the
 * 1,500-character truncation and `json.dumps` formatting. Values written by Python travel as `*_json` strings
 * and must be read losslessly (never through `JSON.parse` when they are recorded, compared or sent).
 *
 * The process is started with the suite and the class map (see `BridgeLaunch`); one process serves one worker
 * and hosts any number of environments, each created by `init` and dropped by `close`. Every `init` builds
 * fresh instances (a clean reset). A crash is reported to every pending request and never silently retried.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import type { JsonLinesProtocol, ProcessFailure, ProcessReply, PythonProcessOptions } from '@recovery-bench/harness/python';
import { BRIDGE_SCRIPT, GORILLA_CLASS_MAP_FILE } from './paths.ts';

/** Bump when a request or reply shape changes. */
export const BRIDGE_PROTOCOL = 1;

/** The five studied conditions, plus the harness's unused `empty_result`. */
export const FAULTS = ['clean', 'timeout', 'schema_drift', 'missing_tool', 'silent_corruption', 'empty_result'] as const;
export type Fault = (typeof FAULTS)[number];

/** How the bridge process is started (command-line flags of the Python program). */
export interface BridgeLaunch {
  /** `task_suite.json` (the frozen suite, or a fixture suite in its format). */
  suitePath: string;
  /**
   * Where the classes come from. `gorilla`: a gorilla checkout root (`LOUDQUIET_GORILLA_DIR`); the bridge puts
   * `<dir>/berkeley-function-call-leaderboard` on `sys.path` and imports BFCL's `CLASS_FILE_PATH_MAPPING`.
   * `map`: a JSON file `{ClassName: "module.path"}` and the directory to put on `sys.path` (the fixtures).
   */
  classes: { kind: 'gorilla'; dir: string } | { kind: 'map'; file: string; modulePath: string };
  /** Interpreter (default `python3`). */
  python?: string;
  /** `TZ` of the bridge (default `UTC`); record it in the run manifest. */
  tz?: string;
}

/** Requests, by `op`. `id` is added by the client. */
export type BridgeRequest =
  | { op: 'hello' }
  /** Creates a fresh environment for one trial. `seed` is 0 or 1 (clean trials never draw from the RNG). */
  | { op: 'init'; task: string; fault: Fault; seed: number }
  /** One tool call; `arguments` is the model's raw arguments string (`json.loads(arguments or "{}")`, `{}` on a parse error). */
  | { op: 'call'; env: string; name: string; arguments: string | null }
  /** The current tool specs (rebuilt before every model request: a missing tool disappears after its fault). */
  | { op: 'specs'; env: string }
  | { op: 'snapshot'; env: string }
  | { op: 'summary'; env: string }
  /** One task's reference entry, built on a clean environment from its ground truth. */
  | { op: 'reference'; task: string }
  /** The whole `reference_states.json` text (`json.dumps(refs, indent=2)` over the suite, in suite order). */
  | { op: 'references' }
  /** `corrupt(value)` with a fresh `random.Random(rng)`; for checking the vectors of spec §13. */
  | { op: 'corrupt'; rng: string; value_json: string }
  /** The victim choice alone, over a given registry (for checking the victim table from the suite alone). */
  | { op: 'victim'; task: string; fault: Fault; seed: number; registered: string[] }
  /** Drops an environment. */
  | { op: 'close'; env: string }
  /** Ends the process after replying. */
  | { op: 'shutdown' };

export type BridgeOp = BridgeRequest['op'];

/** A tool spec as sent to the model (spec §3; no numbers in it, so plain JSON is lossless). */
export const ToolSpecSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.object({ type: z.literal('object'), properties: z.record(z.string(), z.object({ type: z.string() })), required: z.array(z.string()) }),
  }),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

/**
 * Replies (the fields besides `id` and `ok: true`), by `op`, as schemas: every reply is checked against its op's
 * schema where it enters the process, so a bridge that answers something else fails with one clear error instead of
 * a wrong value deep in a trial. Extra fields are kept (a newer bridge may add some).
 */
export const BRIDGE_REPLY_SCHEMAS = {
  hello: z.looseObject({
    protocol: z.number(),
    /** `sys.version.split()[0]`, e.g. `3.11.7`. */
    python: z.string(),
    /** The class names the map offers (not yet imported). */
    classes: z.array(z.string()),
    /** The gorilla checkout's HEAD commit when it is a git checkout, else null. */
    gorilla_commit: z.string().nullable(),
    /** The task ids of the loaded suite, in order. */
    tasks: z.array(z.string()),
    tz: z.string(),
  }),
  init: z.looseObject({
    env: z.string(),
    /** `max(1, n_turns // 2)`. */
    target_step: z.number().int(),
    /** The victim of missing_tool / schema_drift, else null. */
    victim_tool: z.string().nullable(),
    specs: z.array(ToolSpecSchema),
    /** Registered tool names in registration order. */
    tools: z.array(z.string()),
  }),
  call: z.looseObject({
    /** 1-based, counting every call of the trial. */
    step: z.number().int(),
    /** The tool name as called. */
    tool: z.string(),
    ok: z.boolean(),
    faulted: z.boolean(),
    /** Exactly what the model sees: `json.dumps(value)[:1500]` if ok, else the error text. */
    body: z.string(),
    /** `json.dumps(args)` of the parsed arguments (what the record's `args` holds). */
    args_json: z.string(),
    /** `json.dumps(args, sort_keys=True)` (the comparison key of replanned / repeat-identical). */
    args_key_json: z.string(),
  }),
  specs: z.looseObject({ specs: z.array(ToolSpecSchema) }),
  /** `json.dumps(snapshot)`: `{ClassName: {attr: value}}`. */
  snapshot: z.looseObject({ state_json: z.string() }),
  /** `json.dumps(env_summary)` (spec §6 field order). */
  summary: z.looseObject({ summary_json: z.string() }),
  /** `json.dumps({state, calls_ok, calls_failed, errors})`. */
  reference: z.looseObject({ ref_json: z.string() }),
  references: z.looseObject({ refs_text: z.string() }),
  corrupt: z.looseObject({ value_json: z.string() }),
  victim: z.looseObject({ target_step: z.number().int(), victim_tool: z.string() }),
  close: z.looseObject({ closed: z.boolean() }),
  shutdown: z.looseObject({}),
} satisfies Record<BridgeOp, z.ZodType>;

export type BridgeReplies = { [O in BridgeOp]: z.infer<(typeof BRIDGE_REPLY_SCHEMAS)[O]> };

/** A reply checked against its op's schema; a `LoudQuietBridgeError` (`bad_reply`) naming what is wrong otherwise. */
export function parseReply<O extends BridgeOp>(op: O, reply: unknown): BridgeReplies[O] {
  const parsed = BRIDGE_REPLY_SCHEMAS[op].safeParse(reply);
  if (parsed.success) return parsed.data as BridgeReplies[O];
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the reply';
  throw new LoudQuietBridgeError('bad_reply', `the Loud/Quiet bridge answered "${op}" with a reply this adapter cannot read: ${where}: ${issue.message}`, { op });
}

/** Bridge error codes (distinct from tool errors, which are ordinary `call` replies with `ok: false` bodies). */
export const BRIDGE_ERROR_CODES = [
  'bad_request', // malformed line, unknown op, missing field
  'unknown_task', // a task id not in the suite
  'unknown_env', // an env id never created or already closed
  'class_missing', // a class not in the map, or its module cannot be imported / has no such class
  'unsupported_python', // an interpreter older than 3.10 (at start)
  'internal', // anything else (with the exception text)
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

export interface BridgeErrorReply {
  id: number;
  ok: false;
  code: BridgeErrorCode;
  error: string;
}

/**
 * A failure of the bridge itself (not a tool error): python3 missing, a checkout or class missing, a bad request,
 * a crash or a timeout. `String(error)` is one line naming what to fix.
 */
export class LoudQuietBridgeError extends BenchError {
  /**
   * The bridge's own code; `process` for a process that could not start, died or timed out; `bad_reply` for a
   * reply that is not what its op promises.
   */
  readonly bridgeCode: BridgeErrorCode | 'process' | 'bad_reply';

  constructor(bridgeCode: BridgeErrorCode | 'process' | 'bad_reply', message: string, details: Record<string, unknown> = {}) {
    super('tool:infra', message, { details: { bridgeCode, ...details } });
    this.name = 'LoudQuietBridgeError';
    this.bridgeCode = bridgeCode;
  }
}

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

/** Reply envelopes hold only strings, small ints, booleans and specs; Python values ride inside `*_json` strings. */
function decodeLine(line: string): ProcessReply | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as ProcessReply) : undefined;
  } catch {
    return undefined;
  }
}

/** A bridge error has an `error` field; a `call` reply's `ok` is the tool's, so it cannot tell them apart. */
function isBridgeError(reply: ProcessReply): boolean {
  return typeof reply.error === 'string' || (reply.ok === false && !('body' in reply));
}

function failureError(python: string, failure: ProcessFailure, stderr: readonly string[]): LoudQuietBridgeError {
  switch (failure.kind) {
    case 'spawn':
      return new LoudQuietBridgeError('process', failure.error.code === 'ENOENT' ? `Python interpreter "${python}" not found (install python3 ≥ 3.10 or set the interpreter)` : `cannot start "${python}": ${failure.error.message}`);
    case 'exit': {
      const last = stderr.at(-1);
      return new LoudQuietBridgeError('process', `the Loud/Quiet bridge exited (${failure.signal ?? `code ${failure.code}`})${last ? `: ${last}` : ''}`, { exitCode: failure.code, signal: failure.signal });
    }
    case 'timeout':
      return new LoudQuietBridgeError('process', `the Loud/Quiet bridge did not answer ${failure.op} within ${failure.timeoutMs} ms; it was stopped`, { op: failure.op });
    case 'hello-failed':
      return new LoudQuietBridgeError('process', 'the Loud/Quiet bridge stopped after a failed hello');
    case 'closed':
      return new LoudQuietBridgeError('process', 'the Loud/Quiet bridge was closed');
    case 'not-running':
      return new LoudQuietBridgeError('process', `the Loud/Quiet bridge is not running (${failure.op})`);
  }
}

export interface BridgeClientOptions {
  /** Per request (default 60 s); a timeout stops the process and is reported. */
  timeoutMs?: number;
  /** Bridge stderr lines (tracebacks, anything a class prints). */
  onStderr?: (line: string) => void;
}

/**
 * The bridge process of a launch (spec §9–§10): plain JSON envelopes (no floats in them), bridge errors as
 * LoudQuietBridgeError, and a process that stays dead after a crash or a timeout.
 */
export function bridgeProcess(launch: BridgeLaunch, options: BridgeClientOptions = {}): PythonProcessOptions {
  const python = launch.python ?? 'python3';
  const protocol: JsonLinesProtocol = {
    encode: (request) => JSON.stringify(request),
    decode: decodeLine,
    settle(reply) {
      if (!isBridgeError(reply)) {
        const { id: _id, ...value } = reply;
        return { value };
      }
      const code = (typeof reply.code === 'string' ? reply.code : 'internal') as BridgeErrorCode;
      return { error: new LoudQuietBridgeError(code, typeof reply.error === 'string' ? reply.error : 'the bridge failed without a message') };
    },
    failure: (failure, stderr) => failureError(python, failure, stderr),
  };
  return {
    command: python,
    args: launchArgs(launch),
    env: bridgeEnv(launch.tz ?? 'UTC'),
    protocol,
    hello: { op: 'hello' },
    timeoutMs: options.timeoutMs ?? 60_000,
    afterCrash: 'stay-dead',
    preflight: () => checkLaunch(launch),
    shutdown: { op: 'shutdown' },
    stderrLines: 10,
    onStderr: options.onStderr,
  };
}
