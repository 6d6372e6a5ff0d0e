/**
 * JSON as Python sees it. ToolMaze serialises every tool result with `json.dumps(result, ensure_ascii=False)`,
 * which prints `10.0` where JavaScript prints `10`; a model reads that text, so fixture mode must print it the
 * same way. `JSON.parse` forgets whether a number was written as a float, so data that reaches the model is
 * parsed here instead, keeping floats as `PyFloat`.
 */
import { RecoveryBenchError } from '@recovery-bench/errors';

/** A number that Python holds as a `float` (it was written with a `.`, an exponent, or as NaN/Infinity). */
export class PyFloat {
  constructor(readonly value: number) {}

  /** Run logs and traces written with `JSON.stringify` keep the value (not the float-ness). */
  toJSON(): number {
    return this.value;
  }

  valueOf(): number {
    return this.value;
  }
}

/** A plain JSON object (not an array, not a `PyFloat`). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PyFloat);
}

/** The numeric value of an int or a float, else undefined. Booleans are not numbers here. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

/** Deep copy that keeps `PyFloat`s (`structuredClone` would turn them into plain objects). */
export function clonePyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => clonePyJson(v)) as T;
  if (isJsonObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setKey(out, k, clonePyJson(v));
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

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // A "__proto__" key in data must stay data, not replace the prototype.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
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
 * Parses JSON the way Python's `json.loads` reads it: floats become `PyFloat`, integers beyond 2^53 become
 * `bigint`, and `NaN`/`Infinity`/`-Infinity` are accepted.
 */
export function parsePyJson(text: string): unknown {
  const parser = new Parser(text);
  parser.space();
  const value = parser.value();
  parser.space();
  if (parser.pos < text.length) parser.fail('unexpected data after the JSON value');
  return value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new PyJsonParseError(`${message} at position ${this.pos}`);
  }

  space(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos]!)) this.pos++;
  }

  value(): unknown {
    const c = this.text[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return value;
      }
    }
    return this.number();
  }

  private number(): unknown {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail('expected a JSON value');
    this.pos += m[0].length;
    const literal = m[0];
    if (/[.eE]/.test(literal)) return new PyFloat(Number(literal));
    const n = Number(literal);
    return Number.isSafeInteger(n) ? n : BigInt(literal);
  }

  private string(): string {
    STRING.lastIndex = this.pos;
    const m = STRING.exec(this.text);
    if (!m) this.fail('invalid string');
    this.pos += m[0].length;
    return JSON.parse(m[0]) as string;
  }

  private array(): unknown[] {
    this.pos++;
    const out: unknown[] = [];
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.space();
      out.push(this.value());
      this.space();
      const c = this.text[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected , or ]');
    }
  }

  private object(): Record<string, unknown> {
    this.pos++;
    const out: Record<string, unknown> = {};
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') this.fail('expected a string key');
      const key = this.string();
      this.space();
      if (this.text[this.pos++] !== ':') this.fail('expected :');
      this.space();
      setKey(out, key, this.value());
      this.space();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}

const WORDS: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['NaN', new PyFloat(Number.NaN)],
  ['Infinity', new PyFloat(Number.POSITIVE_INFINITY)],
  ['-Infinity', new PyFloat(Number.NEGATIVE_INFINITY)],
];

/**
 * `json.dumps(value, ensure_ascii=False)` (separators `", "` and `": "`; with `indent`, `","` and `": "`).
 * JavaScript numbers print as Python ints when they are whole, as floats otherwise; `PyFloat` always as a float.
 * Object keys keep insertion order, except that JavaScript objects list integer-like keys first.
 */
export function pythonJsonDumps(value: unknown, opts: { indent?: number } = {}): string {
  return dump(value, opts.indent, 0);
}

function dump(value: unknown, indent: number | undefined, depth: number): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : pythonFloatRepr(value);
  if (value instanceof PyFloat) return pythonFloatRepr(value.value);
  if (Array.isArray(value)) return container('[', ']', value.map((v) => dump(v, indent, depth + 1)), indent, depth);
  if (isJsonObject(value)) {
    const items = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${dump(v, indent, depth + 1)}`);
    return container('{', '}', items, indent, depth);
  }
  throw new TypeError(`Object of type ${typeof value} is not JSON serializable`);
}

function container(open: string, close: string, items: string[], indent: number | undefined, depth: number): string {
  if (items.length === 0) return open + close;
  if (indent === undefined) return open + items.join(', ') + close;
  const inner = '\n' + ' '.repeat(indent * (depth + 1));
  return open + inner + items.join(',' + inner) + '\n' + ' '.repeat(indent * depth) + close;
}

/** Python's `repr(float)`: the shortest round-tripping digits, fixed notation for exponents -4…15. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Number.POSITIVE_INFINITY) return 'Infinity';
  if (x === Number.NEGATIVE_INFINITY) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mantissa, exponent] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const e = Number(exponent);
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, '0');
  const frac = digits.slice(e + 1);
  return `${sign}${whole}.${frac === '' ? '0' : frac}`;
}
