import { describe, expect, it } from 'vitest';
import { clonePyJson, parsePyJson, pyJsonEqual, PyFloat, pythonJsonDumps } from './python-json.ts';

// The codec itself (parity with Python's json.dumps) is tested in the harness; here, what ToolMaze adds on it.
describe('ToolMaze JSON', () => {
  it('prints tool results as ensure_ascii=False does', () => {
    expect(pythonJsonDumps({ name: 'caf\u00e9', price: new PyFloat(10) })).toBe('{"name": "caf\u00e9", "price": 10.0}');
    expect(pythonJsonDumps([new PyFloat(1)], { indent: 2 })).toBe('[\n  1.0\n]');
  });

  it('reads floats back as floats and ints as ints', () => {
    const value = parsePyJson('{"a": 10.0, "b": 10, "c": [1e3]}') as Record<string, unknown>;
    expect(value.a).toBeInstanceOf(PyFloat);
    expect(value.b).toBe(10);
    expect(pythonJsonDumps(value)).toBe('{"a": 10.0, "b": 10, "c": [1000.0]}');
    expect(JSON.stringify(value)).toBe('{"a":10,"b":10,"c":[1000]}');
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
