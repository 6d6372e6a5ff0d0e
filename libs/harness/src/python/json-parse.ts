import { RecoveryBenchError } from '@recovery-bench/errors';
import { PyFloat, PyNumber } from './py-number.ts';

/** A JSON value as Python's `json.loads` holds it: dicts keep their key order, numbers their kind. */
export type PyValue = null | boolean | string | PyNumber | PyValue[] | PyDict;
export type PyDict = Map<string, PyValue>;

/** Text that is not JSON as Python reads it. Input (a data file, a process's reply), so the user's to fix. */
export class PythonJsonError extends RecoveryBenchError {
  declare readonly code: 'python-json:invalid';

  constructor(
    readonly where: string,
    /** What was wrong, e.g. `expected a key`. */
    readonly reason: string,
    /** The character the parser stopped at. */
    readonly offset: number,
  ) {
    super('python-json:invalid', `${where}: ${reason} at character ${offset}`, { userError: true });
    this.name = 'PythonJsonError';
  }
}

/**
 * `json.loads`, without loss: dicts are `Map`s in insertion order (a duplicate key keeps its first place and its last
 * value, as a Python dict does), ints are `PyNumber` ints of any size, floats `PyFloat`; `NaN`, `Infinity` and
 * `-Infinity` are read, control characters inside strings are not.
 */
export function parsePythonJson(text: string, where = 'JSON'): PyValue {
  return new Parser(text, where, exact).document() as PyValue;
}

/**
 * The same reading as plain JavaScript data, for code that keeps JSON in objects: dicts are objects (so
 * integer-like keys come first, as JavaScript orders them), ints are numbers (`bigint` beyond 2^53), floats stay
 * `PyFloat`, so `json.dumps` of the data still prints `10.0`.
 */
export function parsePlainJson(text: string, where = 'JSON'): unknown {
  return new Parser(text, where, plain).document();
}

/** How parsed values are held: the exact view (`Map`, `PyNumber`) or the plain one (objects, numbers). */
interface View {
  int(lexeme: string): unknown;
  dict(): { set(key: string, value: unknown): void; value: unknown };
}

const exact: View = {
  int: (lexeme) => PyNumber.int(BigInt(lexeme)),
  dict() {
    const map = new Map<string, unknown>();
    return { set: (k, v) => void map.set(k, v), value: map };
  },
};

const plain: View = {
  int(lexeme) {
    const n = Number(lexeme);
    return Number.isSafeInteger(n) ? n : BigInt(lexeme);
  },
  dict() {
    const out: Record<string, unknown> = {};
    return { set: (k, v) => setKey(out, k, v), value: out };
  },
};

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  // A "__proto__" key in data must stay data, not replace the prototype.
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORDS: ReadonlyArray<readonly [string, () => unknown]> = [
  ['null', () => null],
  ['true', () => true],
  ['false', () => false],
  ['NaN', () => new PyFloat(NaN)],
  ['Infinity', () => new PyFloat(Infinity)],
  ['-Infinity', () => new PyFloat(-Infinity)],
];
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  pos = 0;

  constructor(
    private readonly text: string,
    private readonly where: string,
    private readonly view: View,
  ) {}

  document(): unknown {
    const value = this.value();
    this.space();
    if (this.pos !== this.text.length) this.fail('extra data after the JSON value');
    return value;
  }

  private fail(reason: string): never {
    throw new PythonJsonError(this.where, reason, this.pos);
  }

  private space(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.pos++;
    }
  }

  private value(): unknown {
    this.space();
    const c = this.text[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [word, make] of WORDS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return make();
      }
    }
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail('unexpected character');
    this.pos += m[0].length;
    return /[.eE]/.test(m[0]) ? new PyFloat(Number(m[0])) : this.view.int(m[0]);
  }

  private string(): string {
    const t = this.text;
    let out = '';
    let start = ++this.pos;
    for (;;) {
      if (this.pos >= t.length) this.fail('unterminated string');
      const c = t.charCodeAt(this.pos);
      if (c === 0x22) {
        out += t.slice(start, this.pos++);
        return out;
      }
      if (c < 0x20) this.fail('control character in string');
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += t.slice(start, this.pos);
      const e = t[this.pos + 1];
      this.pos += 2;
      if (e !== undefined && e in ESCAPES) out += ESCAPES[e];
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(this.pos, this.pos + 4))) {
        out += String.fromCharCode(parseInt(t.slice(this.pos, this.pos + 4), 16));
        this.pos += 4;
      } else this.fail('bad escape');
      start = this.pos;
    }
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
      out.push(this.value());
      this.space();
      const c = this.text[this.pos];
      if (c !== ',' && c !== ']') this.fail("expected ',' or ']'");
      this.pos++;
      if (c === ']') return out;
    }
  }

  private object(): unknown {
    this.pos++;
    const dict = this.view.dict();
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return dict.value;
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') this.fail('expected a key');
      const key = this.string();
      this.space();
      if (this.text[this.pos] !== ':') this.fail("expected ':'");
      this.pos++;
      dict.set(key, this.value());
      this.space();
      const c = this.text[this.pos];
      if (c !== ',' && c !== '}') this.fail("expected ',' or '}'");
      this.pos++;
      if (c === '}') return dict.value;
    }
  }
}
