import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dumpsPython, type PythonDumpsOptions } from './json-dumps.ts';
import { parsePlainJson, parsePythonJson, PythonJsonError } from './json-parse.ts';
import { PyFloat, PyNumber, pythonFloatRepr } from './py-number.ts';

/** Python's own `json.dumps(json.loads(text), **kwargs)` for each text, in one process. */
function python(texts: readonly string[], kwargs: string): string[] {
  const script = `import json, sys\nprint(json.dumps([json.dumps(json.loads(t), ${kwargs}) for t in json.loads(sys.stdin.read())]))`;
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

const TEXTS = [
  '{"b": 1, "12345": [40.0, 40, 1e-05, 123456789012345678901234567890], "a": {"x": null, "y": true}, "n": NaN}',
  '{"z": {"k": [{}, [], -0.0, 2.5e-7, 1e16]}, "A": "caf\\u00e9 \\ud83d\\ude00 \\"q\\" \\\\ \\n \\u007f", "_": -Infinity}',
  '[1, 1.5, 3E2, 9999999999999998.0, 0.1, "tab\\tbell\\u0007"]',
  '"\\u65e5\\u672c"',
  '{}',
  '10.0',
  '[-42.0, 0.0, 0.0001, 1.7976931348623157e308, 5e-324, 1e22, 123456789012345678, {"l": [[], {}, [{}]], "ok": true, "f": false}]',
  '{"sku": "A1", "price_usd": 10.0, "qty": 2, "s": "caf\u00e9 \u2014 \ud83d\ude00 del \u007f", "e": "Error: x"}',
];

const CASES: readonly [string, PythonDumpsOptions][] = [
  ['', {}],
  ['ensure_ascii=False', { ensureAscii: false }],
  ['sort_keys=True', { sortKeys: true }],
  ['indent=2', { indent: 2 }],
  ['indent=2, sort_keys=True, ensure_ascii=False', { indent: 2, sortKeys: true, ensureAscii: false }],
  ['separators=(",", ":")', { separators: [',', ':'] }],
];

describe('the Python-JSON codec', () => {
  it('prints what json.dumps prints, from the exact and the plain view alike', () => {
    for (const [kwargs, options] of CASES) {
      const expected = python(TEXTS, kwargs);
      expect(TEXTS.map((t) => dumpsPython(parsePythonJson(t), options))).toEqual(expected);
      // The plain view hoists integer-like keys, as JavaScript objects do; the texts without them print the same.
      expect(TEXTS.slice(1).map((t) => dumpsPython(parsePlainJson(t), options))).toEqual(expected.slice(1));
    }
  });

  it('prints floats like Python repr for many random doubles, ints and strings', () => {
    const values = fc.sample(
      fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => new PyFloat(x)),
        fc.integer().map((n) => new PyFloat(n)),
        fc.string({ unit: 'binary' }).filter((s) => !/[\ud800-\udfff]/.test(s)),
        fc.integer(),
      ),
      { numRuns: 400, seed: 42 },
    );
    const texts = values.map((v) => dumpsPython(v, { ensureAscii: false }));
    expect(texts).toEqual(python(texts, 'ensure_ascii=False'));
    expect([-42, 1e16, 1.5e-7].map(pythonFloatRepr)).toEqual(['-42.0', '1e+16', '1.5e-07']);
  });

  it('keeps kinds, key order and the last of duplicate keys in the exact view', () => {
    const v = parsePythonJson('{"12": 1, "a": 2.0, "12": 3, "big": 123456789012345678901}') as Map<string, PyNumber>;
    expect([...v.keys()]).toEqual(['12', 'a', 'big']);
    expect(v.get('12')).toEqual(PyNumber.int(3));
    expect(v.get('a')).toBeInstanceOf(PyFloat);
    expect(v.get('big')!.int).toBe(123456789012345678901n);
  });

  it('reads plain data: numbers for safe ints, bigint beyond, PyFloat for floats, "__proto__" as data', () => {
    const v = parsePlainJson('{"i": 7, "f": 7.0, "big": 9007199254740993, "__proto__": {"x": 1}}') as Record<string, unknown>;
    expect(v.i).toBe(7);
    expect(v.f).toEqual(new PyFloat(7));
    expect(v.big).toBe(9007199254740993n);
    expect(Object.keys(v)).toEqual(['i', 'f', 'big', '__proto__']);
    expect(JSON.stringify({ f: v.f })).toBe('{"f":7}');
    expect(dumpsPython({ a: 1, skipped: undefined, b: [PyNumber.int(2), 2.5, 3n] })).toBe('{"a": 1, "b": [2, 2.5, 3]}');
  });

  it('says where the text stops being JSON', () => {
    const error = (text: string) => {
      try {
        parsePythonJson(text, 'state_json');
      } catch (e) {
        return e as PythonJsonError;
      }
      throw new Error('expected an error');
    };
    expect(error('{"a": }')).toMatchObject({ code: 'python-json:invalid', reason: 'unexpected character', offset: 6, message: 'state_json: unexpected character at character 6' });
    expect(error('[1] x').reason).toBe('extra data after the JSON value');
    expect(error('{"a" 1}').reason).toBe("expected ':'");
    expect(error('["a\nb"]').reason).toBe('control character in string');
    expect(error('"\\x"').reason).toBe('bad escape');
    expect(() => dumpsPython({ f: () => 1 })).toThrow('Object of type function is not JSON serializable');
  });
});
