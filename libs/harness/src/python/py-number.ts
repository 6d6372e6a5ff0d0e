/**
 * A number as Python holds it. `JSON.parse` forgets whether `50.0` was a float, and a Python program prints `50.0`
 * where JavaScript prints `50`; text a model reads or a comparison of `json.dumps` texts must keep the difference.
 */
export class PyNumber {
  protected constructor(
    readonly kind: 'int' | 'float',
    /** An int's exact value (ints have arbitrary precision); null for a float. */
    readonly int: bigint | null,
    /** The value as a double (an int's nearest double). */
    readonly float: number,
  ) {}

  static int(value: bigint | number): PyNumber {
    const big = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
    return new PyNumber('int', big, Number(big));
  }

  static float(value: number): PyFloat {
    return new PyFloat(value);
  }

  /** A JSON number lexeme: with `.`, `e`, `E`, `NaN` or `Infinity` it is a float, anything else an int. */
  static fromLexeme(lexeme: string): PyNumber {
    if (!/[.eEN]|Infinity/.test(lexeme)) return PyNumber.int(BigInt(lexeme));
    return new PyFloat(lexeme === 'NaN' ? NaN : lexeme === 'Infinity' ? Infinity : lexeme === '-Infinity' ? -Infinity : Number(lexeme));
  }

  get value(): number {
    return this.float;
  }

  /** Python's `repr`, which is what `json.dumps` prints. */
  toString(): string {
    return this.int !== null ? this.int.toString() : pythonFloatRepr(this.float);
  }

  /** Logs and traces written with `JSON.stringify` keep the value (not the kind). */
  toJSON(): number {
    return this.float;
  }

  valueOf(): number {
    return this.float;
  }
}

/** A Python `float` (written with a `.`, an exponent, or as NaN/Infinity). */
export class PyFloat extends PyNumber {
  constructor(value: number) {
    super('float', null, value);
  }
}

/** Python's `repr(float)`: the shortest round-tripping digits, fixed notation for exponents -4…15. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
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
