/**
 * JSON as Python's `json` module reads and writes it, without loss, on the harness's codec. Python- and
 * model-produced JSON is never passed through `JSON.parse`/`JSON.stringify` here: those turn `50.0` into `50` and
 * hoist integer-like keys (`"12345"`) to the front of an object, and either change what a comparison of
 * `json.dumps` texts sees.
 *
 * Objects are `Map`s (insertion order kept, as in a Python dict); numbers keep their kind.
 */
import { RecoveryBenchError } from '@recovery-bench/errors';
import { dumpsPython, parsePythonJson, PythonJsonError, type PyDict, type PyValue } from '@recovery-bench/harness/python-json';

export { PyNumber, pythonFloatRepr as floatRepr, type PyDict, type PyValue } from '@recovery-bench/harness/python-json';

export class PyJsonError extends RecoveryBenchError {
  constructor(message: string) {
    super('loudquiet:bad-json', message, { userError: true });
    this.name = 'PyJsonError';
  }
}

/** `json.loads`: standard JSON plus `NaN`, `Infinity` and `-Infinity`; a duplicate key keeps its first place. */
export function parsePyJson(text: string, where = 'JSON'): PyValue {
  try {
    return parsePythonJson(text, where);
  } catch (error) {
    if (error instanceof PythonJsonError) throw new PyJsonError(error.message);
    throw error;
  }
}

export interface DumpsOptions {
  sortKeys?: boolean;
  indent?: number;
}

/** Python `json.dumps(value, sort_keys=…, indent=…)` with its default separators and `ensure_ascii`. */
export function dumpsPy(value: PyValue, opts: DumpsOptions = {}): string {
  return dumpsPython(value, opts);
}

/** Builds a dict from entries, in order (records are written with their fields in the spec's order). */
export function pyDict(entries: readonly (readonly [string, PyValue])[]): PyDict {
  return new Map(entries);
}

export function isPyDict(v: PyValue | undefined): v is PyDict {
  return v instanceof Map;
}

/** Reads a field of a dict, or undefined. */
export function field(v: PyValue | undefined, key: string): PyValue | undefined {
  return isPyDict(v) ? v.get(key) : undefined;
}
