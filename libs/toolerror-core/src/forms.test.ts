/**
 * The forms c1–c4 on all three API surfaces, byte for byte. Every case is run through the library and through
 * an independent Python reference written from the spec (reference/forms_reference.py); golden cases also carry
 * their forwarded body written out by hand, so that a mistake both implementations share is still caught.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APIS, FORMS, KINDS, processRequest, type Api } from './index.ts';
import { scenarioCases, type ExpectedFailure, type FormCase, type GoldenCase } from './testdata/forms/cases.ts';

const DATA = new URL('./testdata/forms/', import.meta.url);
const REFERENCE = fileURLToPath(new URL('../reference/forms_reference.py', import.meta.url));

interface ReferenceResult {
  name: string;
  body?: string;
  changed?: boolean;
  form?: string;
  error?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkFailure(v: unknown): v is ExpectedFailure {
  return (
    isObject(v) &&
    typeof v.index === 'number' &&
    (v.block === undefined || typeof v.block === 'number') &&
    (KINDS as readonly unknown[]).includes(v.kind) &&
    typeof v.rule === 'string' &&
    (v.scope === 'decision' || v.scope === 'history')
  );
}

/** Reads a case file, refusing a malformed case by name rather than letting it pass vacuously. */
function readCases<C extends FormCase>(file: string, api: Api, golden: boolean): C[] {
  const raw: unknown = JSON.parse(readFileSync(new URL(file, DATA), 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${file}: expected an array of cases`);
  return raw.map((c: unknown, i): C => {
    const ok =
      isObject(c) &&
      typeof c.name === 'string' &&
      (FORMS as readonly unknown[]).includes(c.form) &&
      (c.userAgent === undefined || typeof c.userAgent === 'string') &&
      isObject(c.body) &&
      Array.isArray(c.failures) &&
      c.failures.every(checkFailure) &&
      (!golden || isObject(c.expected));
    if (!ok) throw new Error(`${file}: case ${i} is malformed`);
    return { ...(c as Omit<C, 'api'>), api } as C;
  });
}

const checked: Record<Api, FormCase[]> = {
  chat: [...scenarioCases('chat'), ...readCases('chat-cases.json', 'chat', false)],
  anthropic: [...scenarioCases('anthropic'), ...readCases('anthropic-cases.json', 'anthropic', false)],
  responses: [...scenarioCases('responses'), ...readCases('responses-cases.json', 'responses', false)],
};
const golden: Record<Api, GoldenCase[]> = {
  chat: readCases('golden-chat.json', 'chat', true),
  anthropic: readCases('golden-anthropic.json', 'anthropic', true),
  responses: readCases('golden-responses.json', 'responses', true),
};

const keyOf = (c: FormCase, kind: 'checked' | 'golden'): string => `${c.api}/${kind}/${c.name}`;

/** One Python process for every case of this file. */
function runReference(): Map<string, ReferenceResult> {
  const all = APIS.flatMap((api) => [
    ...checked[api].map((c) => ({ ...c, name: keyOf(c, 'checked') })),
    ...golden[api].map(({ expected: _expected, ...c }) => ({ ...c, name: keyOf(c, 'golden') })),
  ]);
  const run = spawnSync('python3', [REFERENCE], { input: JSON.stringify(all), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`python3 ${REFERENCE} failed: ${run.error?.message ?? run.stderr}`);
  const results = JSON.parse(run.stdout) as ReferenceResult[];
  return new Map(results.map((r) => [r.name, r]));
}

const reference = runReference();

/** Runs the library on a copy of the case and checks what every case must satisfy, whatever its form. */
function runLibrary(c: FormCase): { body: string; changed: boolean; form: string } {
  const options = { api: c.api, form: c.form, ...(c.userAgent ? { userAgent: c.userAgent } : {}) };
  const input = structuredClone(c.body);
  const text = JSON.stringify(input);
  const result = processRequest(input, options);
  // The failures the case is about are the ones the layer sees, so the comparison tests the forms, not luck.
  expect(result.detections).toEqual(c.failures.map(({ index, kind, rule, scope }) => ({ messageIndex: index, kind, rule, scope })));
  // The client's request object is never edited in place.
  expect(JSON.stringify(input)).toBe(text);
  const body = JSON.stringify(result.body);
  // A body sent as text comes out as the same bytes, and untouched when there was nothing to change.
  expect(processRequest(text, options).body).toBe(body);
  return { body, changed: result.changed, form: result.form };
}

function referenceFor(c: FormCase, kind: 'checked' | 'golden'): ReferenceResult & { body: string; changed: boolean } {
  const r = reference.get(keyOf(c, kind));
  if (!r) throw new Error(`no reference result for ${keyOf(c, kind)}`);
  if (r.error !== undefined || r.body === undefined || r.changed === undefined) throw new Error(`reference failed: ${r.error ?? 'no body'}`);
  return { ...r, body: r.body, changed: r.changed };
}

describe.each(APIS)('forms on %s', (api) => {
  it('has at least 60 reference-checked and 12 golden cases, with unique names', () => {
    expect(checked[api].length).toBeGreaterThanOrEqual(60);
    expect(golden[api].length).toBeGreaterThanOrEqual(12);
    for (const list of [checked[api], golden[api]]) expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
  });

  it.each(checked[api].map((c) => [c.name, c] as const))('matches the reference: %s', (_name, c) => {
    const lib = runLibrary(c);
    const ref = referenceFor(c, 'checked');
    expect(lib.body).toBe(ref.body);
    expect(lib.changed).toBe(ref.changed);
    expect(lib.form).toBe(ref.form);
  });

  it.each(golden[api].map((c) => [c.name, c] as const))('golden: %s', (_name, c) => {
    const expected = JSON.stringify(c.expected);
    const lib = runLibrary(c);
    expect(lib.body).toBe(expected);
    const { geulpu_tool_errors: _field, ...withoutField } = c.body;
    expect(lib.changed).toBe(expected !== JSON.stringify(withoutField));
    const ref = referenceFor(c, 'golden');
    expect(ref.body).toBe(expected);
    expect(ref.changed).toBe(lib.changed);
  });
});
