import { describe, expect, it } from 'vitest';
import { dumpsPy, floatRepr, parsePyJson, PyNumber } from './pyjson.ts';

describe('pyjson', () => {
  it('prints floats as Python repr does', () => {
    const cases: [number, string][] = [
      [50, '50.0'], [310.23, '310.23'], [0.09, '0.09'], [1e16, '1e+16'], [1.5e-5, '1.5e-05'], [0.0001, '0.0001'],
      [123456789012345.6, '123456789012345.6'], [1234567890123456.7, '1234567890123456.8'], [-0, '-0.0'], [2.5e-7, '2.5e-07'], [1e22, '1e+22'],
      [NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity'], [3487.4409, '3487.4409'],
    ];
    for (const [x, repr] of cases) expect(floatRepr(x)).toBe(repr);
  });

  it('round-trips Python json.dumps text byte for byte, keeping floats, key order and big ints', () => {
    const text = '{"b": 1, "12345": [40.0, 40, 1e-05, 123456789012345678901234567890], "a": {"x": null, "y": true, "z": "caf\\u00e9 \\ud83d\\ude00 \\"q\\" \\\\ \\n"}, "n": NaN}';
    expect(dumpsPy(parsePyJson(text))).toBe(text);
  });

  it('writes sort_keys by code point and indent=2 as Python does', () => {
    const v = parsePyJson('{"b": [], "a": {}, "B": [1, {"k": 2.0}]}');
    expect(dumpsPy(v, { sortKeys: true })).toBe('{"B": [1, {"k": 2.0}], "a": {}, "b": []}');
    expect(dumpsPy(v, { indent: 2 })).toBe('{\n  "b": [],\n  "a": {},\n  "B": [\n    1,\n    {\n      "k": 2.0\n    }\n  ]\n}');
  });

  it('tells ints from floats by the lexeme', () => {
    expect(PyNumber.fromLexeme('40').kind).toBe('int');
    expect(PyNumber.fromLexeme('40.0').kind).toBe('float');
    expect(PyNumber.fromLexeme('4E2').kind).toBe('float');
    expect(dumpsPy(parsePyJson('-0'))).toBe('0');
  });

  it('rejects malformed JSON with the place', () => {
    expect(() => parsePyJson('{"a": }', 'state_json')).toThrow(/state_json: unexpected character at character 6/);
    expect(() => parsePyJson('[1] x')).toThrow(/extra data/);
  });
});
