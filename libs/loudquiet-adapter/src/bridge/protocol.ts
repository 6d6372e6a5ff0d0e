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
export interface ToolSpec {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: { type: 'object'; properties: Record<string, { type: string }>; required: string[] };
  };
}

/** Replies (the fields besides `id` and `ok: true`), by `op`. */
export interface BridgeReplies {
  hello: {
    protocol: number;
    /** `sys.version.split()[0]`, e.g. `3.11.7`. */
    python: string;
    /** The class names the map offers (not yet imported). */
    classes: string[];
    /** The gorilla checkout's HEAD commit when it is a git checkout, else null. */
    gorilla_commit: string | null;
    /** The task ids of the loaded suite, in order. */
    tasks: string[];
    tz: string;
  };
  init: {
    env: string;
    /** `max(1, n_turns // 2)`. */
    target_step: number;
    /** The victim of missing_tool / schema_drift, else null. */
    victim_tool: string | null;
    specs: ToolSpec[];
    /** Registered tool names in registration order. */
    tools: string[];
  };
  call: {
    /** 1-based, counting every call of the trial. */
    step: number;
    /** The tool name as called. */
    tool: string;
    ok: boolean;
    faulted: boolean;
    /** Exactly what the model sees: `json.dumps(value)[:1500]` if ok, else the error text. */
    body: string;
    /** `json.dumps(args)` of the parsed arguments (what the record's `args` holds). */
    args_json: string;
    /** `json.dumps(args, sort_keys=True)` (the comparison key of replanned / repeat-identical). */
    args_key_json: string;
  };
  specs: { specs: ToolSpec[] };
  /** `json.dumps(snapshot)`: `{ClassName: {attr: value}}`. */
  snapshot: { state_json: string };
  /** `json.dumps(env_summary)` (spec §6 field order). */
  summary: { summary_json: string };
  /** `json.dumps({state, calls_ok, calls_failed, errors})`. */
  reference: { ref_json: string };
  references: { refs_text: string };
  corrupt: { value_json: string };
  victim: { target_step: number; victim_tool: string };
  close: { closed: boolean };
  shutdown: Record<string, never>;
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
