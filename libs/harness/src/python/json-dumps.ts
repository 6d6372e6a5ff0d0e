import { PyNumber, pythonFloatRepr } from './py-number.ts';

/** The keyword arguments of Python's `json.dumps` that change its text. */
export interface PythonDumpsOptions {
  /** `ensure_ascii` (Python's default, true): every non-ASCII character as `\uXXXX`. */
  ensureAscii?: boolean;
  /** `sort_keys`, by code point as Python compares `str`. */
  sortKeys?: boolean;
  indent?: number;
  /** `separators` (item, key); Python's default is `", "`, `": "`, or `","`, `": "` with an indent. */
  separators?: readonly [item: string, key: string];
}

/**
 * Python's `json.dumps(value, …)`. It takes both views `parsePythonJson` and `parsePlainJson` give: `PyNumber`s
 * print as Python's `repr`; a JavaScript number prints as an int when it is whole, else as a float; a `bigint` as an
 * int; `Map`s and plain objects as dicts in their key order (a plain object's `undefined` values are left out).
 */
export function dumpsPython(value: unknown, options: PythonDumpsOptions = {}): string {
  const [item, key] = options.separators ?? (options.indent === undefined ? [', ', ': '] : [',', ': ']);
  const writer: Writer = {
    out: [],
    str: options.ensureAscii === false ? (s) => JSON.stringify(s) : asciiString,
    sortKeys: options.sortKeys === true,
    indent: options.indent,
    item,
    key,
  };
  write(value, writer, 0);
  return writer.out.join('');
}

interface Writer {
  out: string[];
  str: (s: string) => string;
  sortKeys: boolean;
  indent: number | undefined;
  item: string;
  key: string;
}

function write(v: unknown, w: Writer, depth: number): void {
  if (v === null) w.out.push('null');
  else if (v === true) w.out.push('true');
  else if (v === false) w.out.push('false');
  else if (typeof v === 'string') w.out.push(w.str(v));
  else if (v instanceof PyNumber) w.out.push(v.toString());
  else if (typeof v === 'number') w.out.push(Number.isInteger(v) ? BigInt(v).toString() : pythonFloatRepr(v));
  else if (typeof v === 'bigint') w.out.push(v.toString());
  else if (Array.isArray(v)) container('[', ']', v.length, (k) => write(v[k], w, depth + 1), w, depth);
  else if (v instanceof Map) dict([...v.keys()], (k) => v.get(k), w, depth);
  else if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    dict(Object.keys(o).filter((k) => o[k] !== undefined), (k) => o[k], w, depth);
  } else throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
}

function dict(keys: string[], get: (key: string) => unknown, w: Writer, depth: number): void {
  if (w.sortKeys) keys.sort(compareCodePoints);
  container('{', '}', keys.length, (k) => {
    w.out.push(w.str(keys[k]!), w.key);
    write(get(keys[k]!), w, depth + 1);
  }, w, depth);
}

function container(open: string, close: string, n: number, item: (k: number) => void, w: Writer, depth: number): void {
  if (n === 0) return void w.out.push(open + close);
  const indent = w.indent;
  w.out.push(open);
  for (let k = 0; k < n; k++) {
    if (indent !== undefined) w.out.push(k === 0 ? '\n' : `${w.item}\n`, ' '.repeat(indent * (depth + 1)));
    else if (k > 0) w.out.push(w.item);
    item(k);
  }
  if (indent !== undefined) w.out.push('\n', ' '.repeat(indent * depth));
  w.out.push(close);
}

/** A string as `json.dumps` writes it with `ensure_ascii` (lower-case `\uXXXX`, astral characters as two). */
function asciiString(s: string): string {
  let out = '"';
  let start = 0;
  for (let k = 0; k < s.length; k++) {
    const code = s.charCodeAt(k);
    if (code >= 0x20 && code <= 0x7e && code !== 0x22 && code !== 0x5c) continue;
    out += s.slice(start, k) + (SHORT_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`);
    start = k + 1;
  }
  return `${out}${s.slice(start)}"`;
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

/** Code-point order, as Python sorts `str` keys (UTF-16 order differs above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let k = 0; k < Math.min(x.length, y.length); k++) {
    const d = x[k]!.codePointAt(0)! - y[k]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
