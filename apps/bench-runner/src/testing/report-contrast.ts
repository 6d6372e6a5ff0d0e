import type { ReportContrast } from '../report/summarize.ts';

/** A pooled study3 contrast as the report holds it, for tests of what reads them; `fields` set what a test needs. */
export function reportContrast(id: string, fields: Partial<ReportContrast>): ReportContrast {
  return {
    id, name: id, a: 'G-on', b: 'X', test: 'descriptive', metric: 'value', family: null, level: 0.95, alpha: null, margin: null,
    estimate: null, lower: null, upper: null, p: null, adjustedP: null, supported: null, equal: null, valid: true, mixed: null,
    nTasks: 10, nPairs: 30, samples: { a: 30, b: 30 }, errors: { a: 0, b: 0 }, unpairedTasks: { a: 0, b: 0 }, unpairedSamples: { a: 0, b: 0 },
    resamples: 1000, seed: 1, notes: [], model: 'all', source: 'study3', ...fields,
  };
}
