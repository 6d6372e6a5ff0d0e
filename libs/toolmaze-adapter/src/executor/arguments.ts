import { isJsonObject, numericValue, PyFloat, pythonFloatRepr } from '../python-json.ts';
import type { Parameters } from '../schema.ts';

/**
 * Steps 1–2 of ToolMaze's executor (spec §4), ported: coerce, then validate. Types follow Python, where a
 * bool is an int and `isinstance(x, (int, float))` holds for it.
 */

type PyType = 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict' | 'none' | 'other';

function pyType(value: unknown): PyType {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string') return 'str';
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'none';
  return isJsonObject(value) ? 'dict' : 'other';
}

/** JSON-schema type → the Python types that pass; types not listed here pass unchecked. */
const ACCEPTS: Readonly<Record<string, readonly PyType[]>> = {
  string: ['str'],
  number: ['int', 'float', 'bool'],
  integer: ['int', 'bool'],
  boolean: ['bool'],
  array: ['list'],
  object: ['dict'],
};

/** Python's `str()` of an int, float or bool. */
function pyStr(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
  const x = numericValue(value) ?? Number.NaN;
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  return pythonFloatRepr(x);
}

const PY_FLOAT_LITERAL = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$/i;

/** Python's `float(s)` for the strings it accepts, else undefined. */
function pyFloat(text: string): PyFloat | undefined {
  const s = text.trim();
  if (!PY_FLOAT_LITERAL.test(s)) return undefined;
  const lower = s.toLowerCase().replace(/^\+/, '');
  if (lower.endsWith('nan')) return new PyFloat(Number.NaN);
  if (lower.endsWith('inf') || lower.endsWith('infinity')) return new PyFloat(lower.startsWith('-') ? -Infinity : Infinity);
  return new PyFloat(Number(s));
}

function propertyType(parameters: Parameters, name: string): string | undefined {
  const schema = Object.hasOwn(parameters.properties, name) ? parameters.properties[name] : undefined;
  const type = isJsonObject(schema) ? schema.type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** Step 1: a number given for a `string` property becomes its `str()`; a numeric string for a `number` property becomes a float. */
export function coerceArguments(args: Readonly<Record<string, unknown>>, parameters: Parameters): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args };
  for (const [name, value] of Object.entries(args)) {
    const type = propertyType(parameters, name);
    const t = pyType(value);
    if (type === 'string' && (t === 'int' || t === 'float' || t === 'bool')) out[name] = pyStr(value);
    else if (type === 'number' && t === 'str') out[name] = pyFloat(value as string) ?? value;
  }
  return out;
}

/** Step 2: the `details` of `{"error": "Validation failed", "details": [...]}`, empty when the call is valid. */
export function validateArguments(args: Readonly<Record<string, unknown>>, parameters: Parameters): string[] {
  const details: string[] = [];
  for (const name of parameters.required ?? []) if (!Object.hasOwn(args, name)) details.push(`Missing required parameter: ${name}`);
  for (const [name, value] of Object.entries(args)) {
    const type = propertyType(parameters, name);
    const accepts = type === undefined ? undefined : ACCEPTS[type];
    if (accepts && !accepts.includes(pyType(value))) details.push(`Parameter '${name}' type mismatch: expected ${type}`);
  }
  return details;
}
