/**
 * The forms c1–c4 on all three API surfaces, byte for byte. Golden cases carry their forwarded body written out
 * by hand from the spec; every case, golden or not, must be detected as it says, leave the client's object as it
 * was and give the same bytes whether the body comes as an object or as text. The same cases are also run through
 * an independent Python reference written from the spec (corpora/tool-results/test/forms-reference.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { APIS, processRequest, type Api } from './index.ts';
import { checkedFormCases, goldenFormCases, type FormCase, type GoldenCase } from './testdata/forms/form-cases.ts';

const checked: Record<Api, FormCase[]> = {
  chat: checkedFormCases('chat'),
  anthropic: checkedFormCases('anthropic'),
  responses: checkedFormCases('responses'),
};
const golden: Record<Api, GoldenCase[]> = {
  chat: goldenFormCases('chat'),
  anthropic: goldenFormCases('anthropic'),
  responses: goldenFormCases('responses'),
};

/** Runs the library on a copy of the case and checks what every case must satisfy, whatever its form. */
function runLibrary(c: FormCase): { body: string; changed: boolean; form: string } {
  const options = { api: c.api, form: c.form, ...(c.userAgent ? { userAgent: c.userAgent } : {}) };
  const input = structuredClone(c.body);
  const text = JSON.stringify(input);
  const result = processRequest(input, options);
  // The failures the case is about are the ones the layer sees, so a form is tested on what it should rewrite.
  expect(result.detections).toEqual(c.failures.map(({ index, kind, rule, scope }) => ({ messageIndex: index, kind, rule, scope })));
  // The client's request object is never edited in place.
  expect(JSON.stringify(input)).toBe(text);
  const body = JSON.stringify(result.body);
  // A body sent as text comes out as the same bytes, and untouched when there was nothing to change.
  expect(processRequest(text, options).body).toBe(body);
  return { body, changed: result.changed, form: result.form };
}

describe.each(APIS)('forms on %s', (api) => {
  it('has at least 60 checked and 12 golden cases, with unique names', () => {
    expect(checked[api].length).toBeGreaterThanOrEqual(60);
    expect(golden[api].length).toBeGreaterThanOrEqual(12);
    for (const list of [checked[api], golden[api]]) expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
  });

  it.each(checked[api].map((c) => [c.name, c] as const))('detects and rewrites as the case says: %s', (_name, c) => {
    const lib = runLibrary(c);
    // An unchanged body is the request minus the request field, so the layer did nothing else to it.
    if (!lib.changed) {
      const { geulpu_tool_errors: _field, ...withoutField } = c.body;
      expect(lib.body).toBe(JSON.stringify(withoutField));
    }
  });

  it.each(golden[api].map((c) => [c.name, c] as const))('golden: %s', (_name, c) => {
    const expected = JSON.stringify(c.expected);
    const lib = runLibrary(c);
    expect(lib.body).toBe(expected);
    const { geulpu_tool_errors: _field, ...withoutField } = c.body;
    expect(lib.changed).toBe(expected !== JSON.stringify(withoutField));
  });
});
