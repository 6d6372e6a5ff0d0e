import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePyJson, parsePyJson, pyJsonEqual, PyFloat, pythonFloatRepr, pythonJsonDumps } from './python-json.ts';

/** Python's own `json.dumps(json.loads(text), ensure_ascii=False[, indent])` for each text, in one process. */
function pythonDumps(texts: readonly string[], indent?: number): string[] {
  const script = `
import json, sys
texts = json.loads(sys.stdin.read())
indent = ${indent === undefined ? 'None' : indent}
print(json.dumps([json.dumps(json.loads(t), ensure_ascii=False, indent=indent) for t in texts]))
`;
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

const TRICKY = [
  '10.0',
  '-42.0',
  '{"sku": "A1", "price_usd": 10.0, "qty": 2}',
  '[1, 1.5, -0.0, 0.0, 1e16, 1e-5, 0.0001, 123456789012345678, 1.7976931348623157e308, 5e-324, 1e22, 9999999999999998.0, 0.1, 2.5e-7]',
  '{"nested": {"list": [[], {}, [{}]], "ok": true, "none": null, "f": false}}',
  '"caf\u00e9 \u2014 \u65e5\u672c \ud83d\ude00"',
  '"quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007 del \u007f"',
  '{"z": 1, "a": 2, "m": {"y": 3.25, "b": [4.0]}}',
  '{"big": 12345678901234567890123, "neg": -7, "exp": 3E2, "nan": NaN, "inf": Infinity, "minf": -Infinity}',
  '[]',
  '{}',
  '"Error: x"',
];

describe('pythonJsonDumps', () => {
  it('prints what Python json.dumps prints, compact and indented', () => {
    const ours = TRICKY.map((t) => pythonJsonDumps(parsePyJson(t)));
    expect(ours).toEqual(pythonDumps(TRICKY));
    const indented = TRICKY.map((t) => pythonJsonDumps(parsePyJson(t), { indent: 2 }));
    expect(indented).toEqual(pythonDumps(TRICKY, 2));
  });

  it('prints floats like Python repr for many random doubles and strings', () => {
    const values = fc.sample(
      fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => new PyFloat(x)),
        fc.integer().map((n) => new PyFloat(n)),
        fc.string({ unit: 'binary' }).filter((s) => !/[\ud800-\udfff]/.test(s)),
        fc.integer(),
      ),
      { numRuns: 400, seed: 42 },
    );
    const texts = values.map((v) => pythonJsonDumps(v));
    expect(texts).toEqual(pythonDumps(texts));
  });

  it('reads floats back as floats and ints as ints', () => {
    const value = parsePyJson('{"a": 10.0, "b": 10, "c": [1e3]}') as Record<string, unknown>;
    expect(value.a).toBeInstanceOf(PyFloat);
    expect(value.b).toBe(10);
    expect(pythonJsonDumps(value)).toBe('{"a": 10.0, "b": 10, "c": [1000.0]}');
    expect(JSON.stringify(value)).toBe('{"a":10,"b":10,"c":[1000]}');
    expect(pythonFloatRepr(-42)).toBe('-42.0');
    expect(pythonFloatRepr(1e16)).toBe('1e+16');
    expect(pythonFloatRepr(1.5e-7)).toBe('1.5e-07');
  });

  it('treats 20 and 20.0 as equal, and keeps floats through a deep copy', () => {
    expect(pyJsonEqual({ a: 20 }, { a: new PyFloat(20) })).toBe(true);
    expect(pyJsonEqual({ a: true }, { a: 1 })).toBe(false);
    expect(pyJsonEqual([1, 2], [1, 2, 3])).toBe(false);
    const copy = clonePyJson({ x: [new PyFloat(1)] });
    expect(copy.x[0]).toBeInstanceOf(PyFloat);
  });

  it('keeps a "__proto__" key as data and rejects bad JSON', () => {
    const value = parsePyJson('{"__proto__": {"polluted": 1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => parsePyJson('{"a": }')).toThrow(/position/);
    expect(() => parsePyJson('[1] x')).toThrow(/after the JSON value/);
  });
});
