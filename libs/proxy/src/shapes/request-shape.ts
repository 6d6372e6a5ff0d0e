import { isRecord } from '../error-body.ts';

/**
 * The fields a request holds, as paths: `messages[].content[tool_result].is_error`. An array's items are `[]`, or
 * `[<type>]` when the item is an object with a string `type` (content blocks, input items, tools), so that a new
 * block or item kind is a new path.
 */
export function requestPaths(body: unknown): string[] {
  const out = new Set<string>();
  walk(body, '', out);
  return [...out].sort();
}

function walk(value: unknown, path: string, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      const at = `${path}[${isRecord(item) && typeof item.type === 'string' ? item.type : ''}]`;
      out.add(at);
      walk(item, at, out);
    }
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      out.add(at);
      walk(item, at, out);
    }
  }
}

/** Texts longer than this are replaced by their length: system prompts and tool descriptions are the agents' own. */
export const ELIDE_OVER = 200;

/**
 * A copy of a request with every string longer than `ELIDE_OVER` characters replaced by `<N characters>`, every
 * other value kept: what a recorded shape stores of an agent's request.
 */
export function elide(value: unknown): unknown {
  if (typeof value === 'string') return value.length > ELIDE_OVER ? `<${value.length} characters>` : value;
  if (Array.isArray(value)) return value.map(elide);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, elide(v)]));
  return value;
}
