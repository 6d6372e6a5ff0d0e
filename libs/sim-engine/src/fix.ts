import type { ChatTool } from './request.ts';
import { argumentsObject } from './request.ts';

/** The corrected call for a fixable error: which argument changes, to what, and the new wire arguments. */
export interface SimFix {
  key: string;
  value: unknown;
  arguments: string;
}

/**
 * Value patterns, tried in order on the error text (case-insensitive keywords):
 * `use 'X'` · `did you mean 'X'` · `expected one of: a, b` (the first option that differs from the failed
 * value) · `expected 'X'` · `must be X` where X is quoted, a number, true/false, or a token with a digit.
 */
export function parseCorrectedValue(error: string, current?: unknown): string | undefined {
  const quoted = `['"\`]([^'"\`]+)['"\`]`;
  const simple = [new RegExp(`\\buse ${quoted}`, 'i'), new RegExp(`\\bdid you mean ${quoted}`, 'i')];
  for (const pattern of simple) {
    const m = pattern.exec(error);
    if (m) return m[1];
  }
  const oneOf = /\bexpected one of:?\s*(.+?)(?:;|\.(?=\s|$)|\n|$)/i.exec(error);
  if (oneOf) {
    const options = oneOf[1]!.split(/,|\bor\b/).map((o) => o.trim().replace(/^['"`]|['"`]$/g, '')).filter((o) => o !== '');
    const different = options.find((o) => o !== String(current));
    if (different !== undefined) return different;
  }
  const expected = new RegExp(`\\bexpected ${quoted}`, 'i').exec(error);
  if (expected) return expected[1];
  const mustQuoted = new RegExp(`\\bmust be ${quoted}`, 'i').exec(error);
  if (mustQuoted) return mustQuoted[1];
  const mustToken = /\bmust be (-?\d+(?:\.\d+)?|true|false|[A-Za-z_-]*\d[\w-]*)(?=$|[\s,;.)])/i.exec(error);
  return mustToken?.[1];
}

/**
 * The argument an error is about: of the call's argument names and the tool's schema properties, the one
 * named earliest in the text (as a whole word); else the only candidate; else the call's first argument.
 */
export function argumentNamed(error: string, candidates: readonly string[], callKeys: readonly string[]): string | undefined {
  let best: { key: string; at: number } | undefined;
  for (const key of candidates) {
    const m = new RegExp(`(?<![\\w])${escapeRegExp(key)}(?![\\w])`).exec(error);
    if (m && (!best || m.index < best.at)) best = { key, at: m.index };
  }
  if (best) return best.key;
  if (candidates.length === 1) return candidates[0];
  return callKeys[0];
}

export function findFix(error: string, call: { name: string; arguments: string }, tool: ChatTool | undefined): SimFix | undefined {
  const args = argumentsObject(call.arguments) ?? {};
  const properties = schemaProperties(tool);
  const candidates = [...new Set([...Object.keys(args), ...Object.keys(properties)])];
  const key = argumentNamed(error, candidates, Object.keys(args));
  if (key === undefined) return undefined;
  const raw = parseCorrectedValue(error, args[key]);
  if (raw === undefined) return undefined;
  const value = coerce(raw, properties[key], args[key]);
  return { key, value, arguments: JSON.stringify({ ...args, [key]: value }) };
}

export function schemaProperties(tool: ChatTool | undefined): Record<string, Record<string, unknown>> {
  const props = tool?.function.parameters?.properties;
  if (typeof props !== 'object' || props === null || Array.isArray(props)) return {};
  return props as Record<string, Record<string, unknown>>;
}

/** Types the parsed text by the schema property's `type`, else by the failed value's type. */
function coerce(raw: string, schema: Record<string, unknown> | undefined, current: unknown): unknown {
  const type = schema?.type ?? (typeof current === 'number' ? 'number' : typeof current === 'boolean' ? 'boolean' : 'string');
  if ((type === 'integer' || type === 'number') && /^-?\d+(?:\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
