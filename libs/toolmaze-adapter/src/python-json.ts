/**
 * JSON as ToolMaze's Python sees it, on the harness's codec. ToolMaze serialises every tool result with
 * `json.dumps(result, ensure_ascii=False)`, which prints `10.0` where JavaScript prints `10`; a model reads that text,
 * so fixture mode must print it the same way. The adapter keeps JSON data as plain objects (the codec's plain view),
 * with floats as `PyFloat`.
 */
import { RecoveryBenchError } from '@recovery-bench/errors';
import { dumpsPython, parsePlainJson, PyNumber, PythonJsonError } from '@recovery-bench/harness/python-json';

export { PyFloat, pythonFloatRepr } from '@recovery-bench/harness/python-json';

/** A plain JSON object (not an array, not a number). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PyNumber);
}

/** The numeric value of an int or a float, else undefined. Booleans are not numbers here. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof PyNumber) return value.value;
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

/** Deep copy that keeps `PyFloat`s (`structuredClone` would turn them into plain objects). */
export function clonePyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => clonePyJson(v)) as T;
  if (isJsonObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // A "__proto__" key in data must stay data, not replace the prototype.
      Object.defineProperty(out, k, { value: clonePyJson(v), enumerable: true, writable: true, configurable: true });
    }
    return out as T;
  }
  return value;
}

/** Python `==` on JSON data: an int equals a float of the same value; a bool equals no number. */
export function pyJsonEqual(a: unknown, b: unknown): boolean {
  const na = numericValue(a);
  const nb = numericValue(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyJsonEqual(v, b[i]));
  }
  if (isJsonObject(a) || isJsonObject(b)) {
    if (!isJsonObject(a) || !isJsonObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyJsonEqual(a[k], b[k]));
  }
  return a === b;
}

/** Text that is not JSON: a task or trace file, a bridge's answer, a model's arguments. Input, so the user's to fix. */
export class PyJsonParseError extends RecoveryBenchError {
  override name = 'PyJsonParseError';
  declare readonly code: 'toolmaze:not-json';
  constructor(message: string) {
    super('toolmaze:not-json', message, { userError: true });
  }
}

/**
 * Parses JSON the way Python's `json.loads` reads it, into plain data: floats become `PyFloat`, integers beyond 2^53
 * become `bigint`, and `NaN`/`Infinity`/`-Infinity` are accepted.
 */
export function parsePyJson(text: string): unknown {
  try {
    return parsePlainJson(text);
  } catch (error) {
    if (error instanceof PythonJsonError) throw new PyJsonParseError(`${error.reason} at position ${error.offset}`);
    throw error;
  }
}

/**
 * `json.dumps(value, ensure_ascii=False)` (separators `", "` and `": "`; with `indent`, `","` and `": "`).
 * JavaScript numbers print as Python ints when they are whole, as floats otherwise; `PyFloat` always as a float.
 * Object keys keep insertion order, except that JavaScript objects list integer-like keys first.
 */
export function pythonJsonDumps(value: unknown, opts: { indent?: number } = {}): string {
  return dumpsPython(value, { ensureAscii: false, indent: opts.indent });
}
