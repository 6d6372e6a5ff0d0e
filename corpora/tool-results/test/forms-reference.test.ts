/**
 * The layer's forms c1–c4 against an independent Python reference written from the spec alone
 * (reference/forms_reference.py), on every form case of toolerror-core: both must forward the same bytes. The
 * golden cases' hand-written bodies check the reference itself, so that a mistake both share is still caught.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APIS, processRequest, type Api } from '@recovery-bench/toolerror-core';
import { checkedFormCases, goldenFormCases, type FormCase, type GoldenCase } from '@recovery-bench/toolerror-core/testdata/forms';

const REFERENCE = fileURLToPath(new URL('../reference/forms_reference.py', import.meta.url));

/** What the reference prints for one case: the forwarded body, or why it could not apply the case. */
interface ReferenceResult {
  name: string;
  body?: string;
  changed?: boolean;
  form?: string;
  error?: string;
}

const isReferenceResult = (v: unknown): v is ReferenceResult =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string';

const checked = Object.fromEntries(APIS.map((api) => [api, checkedFormCases(api)])) as Record<Api, FormCase[]>;
const golden = Object.fromEntries(APIS.map((api) => [api, goldenFormCases(api)])) as Record<Api, GoldenCase[]>;

const keyOf = (c: FormCase, kind: 'checked' | 'golden'): string => `${c.api}/${kind}/${c.name}`;

/** One Python process for every case of this file. */
function runReference(): Map<string, ReferenceResult> {
  const all = APIS.flatMap((api) => [
    ...checked[api].map((c) => ({ ...c, name: keyOf(c, 'checked') })),
    ...golden[api].map(({ expected: _expected, ...c }) => ({ ...c, name: keyOf(c, 'golden') })),
  ]);
  const run = spawnSync('python3', [REFERENCE], { input: JSON.stringify(all), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`python3 ${REFERENCE} failed: ${run.error?.message ?? run.stderr}`);
  const results: unknown = JSON.parse(run.stdout);
  if (!Array.isArray(results) || !results.every(isReferenceResult)) throw new Error(`python3 ${REFERENCE}: expected an array of named results`);
  return new Map(results.map((r) => [r.name, r]));
}

const reference = runReference();

function referenceFor(c: FormCase, kind: 'checked' | 'golden'): ReferenceResult & { body: string; changed: boolean } {
  const r = reference.get(keyOf(c, kind));
  if (!r) throw new Error(`no reference result for ${keyOf(c, kind)}`);
  if (r.error !== undefined || r.body === undefined || r.changed === undefined) throw new Error(`reference failed: ${r.error ?? 'no body'}`);
  return { ...r, body: r.body, changed: r.changed };
}

/** The library's answer; what every case must satisfy besides is checked in toolerror-core's forms.test.ts. */
function runLibrary(c: FormCase): { body: string; changed: boolean; form: string } {
  const options = { api: c.api, form: c.form, ...(c.userAgent ? { userAgent: c.userAgent } : {}) };
  const result = processRequest(structuredClone(c.body), options);
  return { body: JSON.stringify(result.body), changed: result.changed, form: result.form };
}

describe.each(APIS)('the Python reference on %s', (api) => {
  it.each(checked[api].map((c) => [c.name, c] as const))('forwards what the layer forwards: %s', (_name, c) => {
    const lib = runLibrary(c);
    const ref = referenceFor(c, 'checked');
    expect(lib.body).toBe(ref.body);
    expect(lib.changed).toBe(ref.changed);
    expect(lib.form).toBe(ref.form);
  });

  it.each(golden[api].map((c) => [c.name, c] as const))('forwards the golden body: %s', (_name, c) => {
    const ref = referenceFor(c, 'golden');
    expect(ref.body).toBe(JSON.stringify(c.expected));
    expect(ref.changed).toBe(runLibrary(c).changed);
  });
});
