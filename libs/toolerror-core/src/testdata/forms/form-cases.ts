/**
 * Every form case, per API surface, read and checked once: the scenario cases of `cases.ts` and the surface
 * shapes of the JSON files beside this module. `forms.test.ts` runs them through the layer; the independent
 * Python reference in corpora/tool-results reads them through the package's `./testdata/forms` export, so that
 * both check the same cases.
 */
import { readFileSync } from 'node:fs';
import type { Api } from '../../surfaces/table.ts';
import { FORMS, KINDS } from '../../types.ts';
import { scenarioCases, type ExpectedFailure, type FormCase, type GoldenCase } from './cases.ts';

export type { ExpectedFailure, FormCase, GoldenCase };

const DATA = new URL('./', import.meta.url);

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

/** The cases whose forwarded body is checked against the reference (no body written out by hand). */
export function checkedFormCases(api: Api): FormCase[] {
  return [...scenarioCases(api), ...readCases<FormCase>(`${api}-cases.json`, api, false)];
}

/** The cases whose forwarded body was written out by hand from the spec. */
export function goldenFormCases(api: Api): GoldenCase[] {
  return readCases<GoldenCase>(`golden-${api}.json`, api, true);
}
