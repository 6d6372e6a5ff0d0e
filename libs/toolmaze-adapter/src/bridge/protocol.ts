/**
 * The protocol of the ToolMaze bridge (`toolmaze_bridge.py`, spec §4): JSON lines over stdio, a request
 * `{id, op, ...}` answered by `{id, ok: true, ...}` or `{id, ok: false, error: {kind, message}}`. Values travel as
 * Python's JSON (floats stay floats both ways). Any failure of the process — missing interpreter, import error, crash,
 * timeout, `ok: false` — is a `tool:infra` error: the run is an infrastructure error, not a model failure.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BenchError } from '@recovery-bench/harness/errors';
import type { JsonLinesProtocol, ProcessFailure, PythonProcessOptions } from '@recovery-bench/harness/python';
import { z } from 'zod';
import { isJsonObject, parsePyJson, pythonJsonDumps } from '../python-json.ts';
import type { StepStatus } from '../schema.ts';

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

/** Requests, by `op` (the client adds the `id`). */
export type BridgeRequest =
  | { op: 'hello' }
  /** The two prompts, read with `ast` from the checkout's agent module. */
  | { op: 'prompts' }
  /** A fresh executor and context for one task run. */
  | { op: 'start'; run: string }
  /** A clean call through ToolMaze's executor and plug-ins. */
  | { op: 'call'; run: string; tool: string; arguments: Record<string, unknown> }
  /** An injected step, recorded in the run's context (no plug-in runs). */
  | { op: 'record_perturbed'; run: string; tool: string; arguments: Record<string, unknown>; output: unknown; status: StepStatus }
  | { op: 'end'; run: string };

/** The bridge's `hello`, checked where it enters the process (extra fields kept: a newer bridge may add some). */
export const BridgeHelloSchema = z.looseObject({
  protocol: z.number(),
  python: z.string(),
  root: z.string(),
  plugins: z.number().int(),
  loadFailures: z.array(z.looseObject({ plugin: z.string(), message: z.string() })),
});
export type BridgeHello = z.infer<typeof BridgeHelloSchema>;

/** How many stderr lines an error quotes. */
const STDERR_IN_ERRORS = 5;

/** A `tool:infra` error naming the bridge, with the last stderr lines (tracebacks, plug-in prints). */
export function infraError(root: string, message: string, stderr: readonly string[], details: Record<string, unknown> = {}): BenchError {
  const tail = stderr.slice(-STDERR_IN_ERRORS).join('\n');
  return new BenchError('tool:infra', `ToolMaze bridge: ${message}${tail ? `\n  last stderr:\n    ${tail.replaceAll('\n', '\n    ')}` : ''}`, { details: { root, ...details } });
}

function failureError(options: BridgeOptions, failure: ProcessFailure, stderr: readonly string[]): BenchError {
  const infra = (message: string, details: Record<string, unknown> = {}) => infraError(options.root, message, stderr, details);
  switch (failure.kind) {
    case 'spawn': {
      const { python } = options;
      const message = failure.error.code === 'ENOENT' ? `Python interpreter "${python}" not found` : `cannot start "${python}": ${failure.error.message}`;
      return new BenchError('tool:infra', message, { hint: 'install Python 3, or set `python` to the interpreter your ToolMaze checkout uses', details: { python } });
    }
    case 'exit':
      return infra(`the bridge process exited (${failure.signal ?? `code ${failure.code}`})`, { exitCode: failure.code, signal: failure.signal });
    case 'timeout':
      return infra(`${failure.op} timed out after ${failure.timeoutMs} ms; the process was stopped`, { op: failure.op });
    case 'hello-failed':
      return infra('stopped after a failed hello');
    case 'closed':
      return infra('the bridge was closed');
    case 'not-running':
      return infra(`${failure.op}: the bridge is not running`);
  }
}

function protocol(options: BridgeOptions): JsonLinesProtocol {
  return {
    encode: (request) => pythonJsonDumps(request),
    decode(line) {
      try {
        const reply = parsePyJson(line);
        return isJsonObject(reply) ? reply : undefined;
      } catch {
        return undefined;
      }
    },
    settle(reply, op, stderr) {
      if (reply.ok === true) return { value: reply };
      const error = isJsonObject(reply.error) ? reply.error : {};
      const kind = typeof error.kind === 'string' ? error.kind : 'unknown';
      const message = typeof error.message === 'string' ? error.message : 'no message';
      return { error: infraError(options.root, `${op} failed (${kind}): ${message}`, stderr, { op, kind }) };
    },
    failure: (failure, stderr) => failureError(options, failure, stderr),
  };
}

/**
 * The bridge process for a checkout: `python3 -u toolmaze_bridge.py --root <checkout>` in the checkout, restarted on
 * the next request after a crash or a timeout (one failed run must not cost the next one its bridge).
 */
export function bridgeProcess(options: BridgeOptions, onStderr: (line: string) => void): PythonProcessOptions {
  const { root, python, timeoutMs } = options;
  return {
    command: python,
    args: ['-u', BRIDGE_SCRIPT, '--root', root],
    cwd: root,
    env: { ...process.env, PYTHONIOENCODING: 'utf-8', PYTHONDONTWRITEBYTECODE: '1' },
    protocol: protocol(options),
    hello: { op: 'hello' },
    timeoutMs,
    afterCrash: 'restart',
    preflight() {
      if (!existsSync(root) || !statSync(root).isDirectory()) {
        throw new BenchError('tool:infra', `ToolMaze checkout not found at ${root}`, { hint: 'run `recovery-bench fetch toolmaze --dest DIR` or set the checkout root', details: { root } });
      }
    },
    stderrLines: 20,
    onStderr,
  };
}
