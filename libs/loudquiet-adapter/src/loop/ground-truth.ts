import { dumpsPy, PyNumber, type PyDict, type PyValue } from '../records/pyjson.ts';

/** A ground-truth call string read as a tool call: its name and `json.dumps` of its keyword arguments. */
export interface GroundTruthCall {
  name: string;
  argumentsJson: string;
}

/**
 * Reads `name(key=literal, …)` the way the sim engine needs it (a gold path to follow): keyword arguments whose
 * values are Python literals (str, int, float, True/False/None, lists, tuples, dicts). Anything else (positional
 * arguments, expressions, an unparsable string) gives null: that call is left out of the sim script.
 */
export function parseGroundTruthCall(text: string): GroundTruthCall | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\(([\s\S]*)\)$/.exec(text.trim());
  if (!m) return null;
  const reader = new LiteralReader(m[2]!);
  const args: PyDict = new Map();
  try {
    reader.ws();
    while (!reader.done()) {
      const key = reader.identifier();
      reader.ws();
      reader.expect('=');
      args.set(key, reader.value());
      reader.ws();
      if (reader.done()) break;
      reader.expect(',');
      reader.ws();
    }
  } catch {
    return null;
  }
  return { name: m[1]!, argumentsJson: dumpsPy(args) };
}

class LiteralReader {
  i = 0;
  constructor(readonly s: string) {}

  done(): boolean {
    return this.i >= this.s.length;
  }

  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  expect(ch: string): void {
    if (this.s[this.i] !== ch) throw new Error(`expected ${ch}`);
    this.i++;
  }

  identifier(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i));
    if (!m) throw new Error('expected a name');
    this.i += m[0].length;
    return m[0];
  }

  value(): PyValue {
    this.ws();
    const c = this.s[this.i];
    if (c === "'" || c === '"') return this.string(c);
    if (c === '[' || c === '(') return this.sequence(c === '[' ? ']' : ')');
    if (c === '{') return this.dict();
    const rest = this.s.slice(this.i);
    for (const [word, v] of [['True', true], ['False', false], ['None', null]] as const) {
      if (rest.startsWith(word) && !/^[A-Za-z0-9_]/.test(rest.slice(word.length))) {
        this.i += word.length;
        return v;
      }
    }
    const num = /^[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][-+]?\d+)?/.exec(rest)?.[0] ?? '';
    if (!/\d/.test(num)) throw new Error('not a literal');
    this.i += num.length;
    const clean = num.replaceAll('_', '').replace(/^\+/, '');
    return /[.eE]/.test(clean) ? PyNumber.float(Number(clean)) : PyNumber.int(BigInt(clean));
  }

  string(quote: string): string {
    this.i++;
    let out = '';
    const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
    while (this.i < this.s.length && this.s[this.i] !== quote) {
      const ch = this.s[this.i]!;
      if (ch === '\\') {
        const e = this.s[this.i + 1]!;
        if (e === 'u' || e === 'x') {
          const len = e === 'u' ? 4 : 2;
          out += String.fromCharCode(parseInt(this.s.slice(this.i + 2, this.i + 2 + len), 16));
          this.i += 2 + len;
          continue;
        }
        out += escapes[e] ?? `\\${e}`;
        this.i += 2;
        continue;
      }
      out += ch;
      this.i++;
    }
    this.expect(quote);
    // Adjacent literals concatenate, as in Python.
    const save = this.i;
    this.ws();
    const next = this.s[this.i];
    if (next === "'" || next === '"') return out + this.string(next);
    this.i = save;
    return out;
  }

  sequence(close: string): PyValue[] {
    this.i++;
    const items: PyValue[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === close) break;
      items.push(this.value());
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== close) throw new Error('expected , or close');
    }
    this.i++;
    return items;
  }

  dict(): PyDict {
    this.i++;
    const map: PyDict = new Map();
    for (;;) {
      this.ws();
      if (this.s[this.i] === '}') break;
      const key = this.value();
      if (typeof key !== 'string') throw new Error('only str keys');
      this.ws();
      this.expect(':');
      map.set(key, this.value());
      this.ws();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') throw new Error('expected , or }');
    }
    this.i++;
    return map;
  }
}
