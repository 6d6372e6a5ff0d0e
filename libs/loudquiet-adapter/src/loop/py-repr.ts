/**
 * Python's `str()` of the values a turn can hold (lists, dicts, strings), for the one place the loop sends it: a
 * turn without user text is sent as `str(turn)`, so an empty turn is the user message `[]`.
 */
export type ReprValue = string | number | boolean | null | readonly ReprValue[] | ReadonlyMap<string, ReprValue>;

/** `repr(str)`: single quotes unless the text has a `'` and no `"`; backslash escapes as Python writes them. */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

export function pyStr(v: ReprValue): string {
  if (typeof v === 'string') return pyStrRepr(v);
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return String(v);
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${pyStrRepr(k)}: ${pyStr(x)}`).join(', ')}}`;
  return `[${(v as readonly ReprValue[]).map(pyStr).join(', ')}]`;
}
