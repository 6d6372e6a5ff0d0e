/**
 * JSON as Python's `json` module reads and writes it, without loss. Python- and model-produced JSON is never passed
 * through `JSON.parse`/`JSON.stringify` here: those turn `50.0` into `50` and hoist integer-like keys (`"12345"`) to
 * the front of an object, and either change what a comparison of `json.dumps` texts sees.
 *
 * Objects are `Map`s (insertion order kept, as in a Python dict); numbers keep their kind and lexeme.
 */
import { RecoveryBenchError } from '@recovery-bench/errors';

/** A number as Python holds it: an `int` (arbitrary precision, kept as its digits) or a `float`. */
export class PyNumber {
  private constructor(
    readonly kind: 'int' | 'float',
    /** An int's canonical digits; a float's value. */
    readonly int: bigint | null,
    readonly float: number,
  ) {}

  static int(value: bigint | number): PyNumber {
    const big = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
    return new PyNumber('int', big, Number(big));
  }

  static float(value: number): PyNumber {
    return new PyNumber('float', null, value);
  }

  /** A JSON number lexeme: with `.`, `e`, `E`, `NaN` or `Infinity` it is a float, anything else an int. */
  static fromLexeme(lexeme: string): PyNumber {
    if (/[.eEN]|Infinity/.test(lexeme)) return PyNumber.float(lexeme === 'NaN' ? NaN : lexeme === 'Infinity' ? Infinity : lexeme === '-Infinity' ? -Infinity : Number(lexeme));
    return PyNumber.int(BigInt(lexeme));
  }

  get value(): number {
    return this.float;
  }

  /** Python `repr`, which is what `json.dumps` prints. */
  toString(): string {
    return this.kind === 'int' ? this.int!.toString() : floatRepr(this.float);
  }
}

export type PyValue = null | boolean | string | PyNumber | PyValue[] | PyDict;
export type PyDict = Map<string, PyValue>;

export class PyJsonError extends RecoveryBenchError {
  constructor(message: string) {
    super('loudquiet:bad-json', message, { userError: true });
    this.name = 'PyJsonError';
  }
}

/** Python's `repr(float)`: the shortest round-trip digits, in exponent form below 1e-4 and from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp).toString().padStart(2, '0');
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  const frac = digits.slice(exp + 1);
  return `${sign}${intPart}.${frac === '' ? '0' : frac}`;
}

/** `json.loads`: standard JSON plus `NaN`, `Infinity` and `-Infinity`; a duplicate key keeps its first place. */
export function parsePyJson(text: string, where = 'JSON'): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new PyJsonError(`${where}: ${what} at character ${i}`);
  };
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const value = (): PyValue => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const map: PyDict = new Map();
      ws();
      if (text[i] === '}') {
        i++;
        return map;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = string();
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        map.set(key, value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return map;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const list: PyValue[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return list;
      }
      for (;;) {
        list.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return list;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [['null', null], ['true', true], ['false', false]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    for (const word of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return PyNumber.fromLexeme(word);
      }
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail('unexpected character');
    i += m[0].length;
    return PyNumber.fromLexeme(m[0]);
  };
  const string = (): string => {
    i++;
    let out = '';
    for (;;) {
      const start = i;
      while (i < text.length && text[i] !== '"' && text[i] !== '\\') i++;
      out += text.slice(start, i);
      if (i >= text.length) fail('unterminated string');
      if (text[i] === '"') {
        i++;
        return out;
      }
      const e = text[i + 1];
      i += 2;
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && e in simple) out += simple[e];
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i, i + 4))) {
        out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
        i += 4;
      } else fail('bad escape');
    }
  };
  const result = value();
  ws();
  if (i !== text.length) fail('extra data');
  return result;
}

/** A JSON string as `json.dumps` writes it with `ensure_ascii` (lower-case `\uXXXX`, surrogate pairs as two). */
export function dumpString(s: string): string {
  let out = '"';
  for (let k = 0; k < s.length; k++) {
    const ch = s[k]!;
    const code = s.charCodeAt(k);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export interface DumpsOptions {
  sortKeys?: boolean;
  indent?: number;
}

/** Python `json.dumps(value, sort_keys=…, indent=…)` with its default separators. */
export function dumpsPy(value: PyValue, opts: DumpsOptions = {}): string {
  const out: string[] = [];
  write(value, opts, 0, out);
  return out.join('');
}

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

function write(v: PyValue, opts: DumpsOptions, depth: number, out: string[]): void {
  if (v === null) out.push('null');
  else if (v === true) out.push('true');
  else if (v === false) out.push('false');
  else if (typeof v === 'string') out.push(dumpString(v));
  else if (v instanceof PyNumber) out.push(v.toString());
  else if (Array.isArray(v)) {
    if (v.length === 0) return void out.push('[]');
    container('[', ']', v.length, (k) => write(v[k]!, opts, depth + 1, out), opts, depth, out);
  } else {
    if (v.size === 0) return void out.push('{}');
    const keys = [...v.keys()];
    if (opts.sortKeys) keys.sort(compareCodePoints);
    container('{', '}', keys.length, (k) => {
      out.push(dumpString(keys[k]!), ': ');
      write(v.get(keys[k]!)!, opts, depth + 1, out);
    }, opts, depth, out);
  }
}

function container(open: string, close: string, n: number, item: (k: number) => void, opts: DumpsOptions, depth: number, out: string[]): void {
  const indent = opts.indent;
  out.push(open);
  for (let k = 0; k < n; k++) {
    if (indent !== undefined) out.push(k === 0 ? '\n' : ',\n', ' '.repeat(indent * (depth + 1)));
    else if (k > 0) out.push(', ');
    item(k);
  }
  if (indent !== undefined) out.push('\n', ' '.repeat(indent * depth));
  out.push(close);
}

/** Builds a dict from entries, in order (records are written with their fields in the spec's order). */
export function pyDict(entries: readonly (readonly [string, PyValue])[]): PyDict {
  return new Map(entries);
}

/** A JS number as Python would hold it: `int` when integral and `asFloat` is not set. */
export function pyNum(n: number, asFloat = false): PyNumber {
  return asFloat || !Number.isInteger(n) ? PyNumber.float(n) : PyNumber.int(n);
}

export function isPyDict(v: PyValue | undefined): v is PyDict {
  return v instanceof Map;
}

/** Reads a field of a dict, or undefined. */
export function field(v: PyValue | undefined, key: string): PyValue | undefined {
  return isPyDict(v) ? v.get(key) : undefined;
}
