import { invalidSpec } from './errors.ts';
import type { Metric } from './samples.ts';

export type ContrastTest = 'descriptive' | 'one-sided' | 'equivalence';

/** Which samples a contrast uses; an absent field means "all". */
export interface ContrastFilter {
  benchmark?: string;
  conditions?: readonly string[];
  models?: readonly string[];
  tier?: string;
}

/**
 * One comparison A − B, declared as data. A task's value per system is the mean over the filtered conditions,
 * models and seeds; tasks present for both systems are paired.
 */
export interface ContrastSpec {
  /** A stable id for gates and links (letters, digits, `. : / _ -`); default: the name. Unique. */
  id?: string;
  /** Unique; also seeds the contrast's random stream, so it fixes the contrast's numbers. */
  name: string;
  a: string;
  b: string;
  filter: ContrastFilter;
  /** `one-sided`: bootstrap p for A > B (Holm within `family`); `equivalence`: the interval within ±margin. */
  test: ContrastTest;
  /** One-sided tests, default 0.05. */
  alpha?: number;
  /** Equivalence tests, on the data's 0–1 scale; default 0.05 (5 points). */
  margin?: number;
  /** One-sided tests that Holm's procedure decides together. */
  family?: string;
  /** Interval level; default 0.90 for equivalence tests and 0.95 otherwise. */
  level?: number;
  /** Default `value`; `stopped` compares stop rates where samples record them. */
  metric?: Metric;
  /** Computed and shown, but flagged: the benchmark cannot measure what the contrast asks. */
  invalidReason?: string;
  /** The equivalence contrast whose baselines must be equal for this contrast's gain to be the layer's alone. */
  baselineCheck?: string;
}

export const CONTRAST_TESTS: readonly ContrastTest[] = ['descriptive', 'one-sided', 'equivalence'];
export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_MARGIN = 0.05;
export const DEFAULT_EQUIVALENCE_LEVEL = 0.9;

export function validateSpecs(specs: readonly ContrastSpec[]): void {
  const byName = new Map<string, ContrastSpec>();
  const ids = new Set<string>();
  specs.forEach((spec, i) => {
    const where = `contrast ${i} (${JSON.stringify(spec?.name)})`;
    if (typeof spec?.name !== 'string' || spec.name === '') throw invalidSpec(`contrast ${i} needs a non-empty name`);
    if (byName.has(spec.name)) throw invalidSpec(`${where}: the name is used twice`);
    byName.set(spec.name, spec);
    if (spec.id !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/.test(spec.id)) throw invalidSpec(`${where}: id ${JSON.stringify(spec.id)} must be letters, digits and . _ : / -`);
    const id = spec.id ?? spec.name;
    if (ids.has(id)) throw invalidSpec(`${where}: the id ${JSON.stringify(id)} is used twice`);
    ids.add(id);
    validateOne(spec, where);
  });
  for (const spec of specs) {
    if (spec.baselineCheck === undefined) continue;
    const ref = byName.get(spec.baselineCheck);
    if (!ref) throw invalidSpec(`contrast "${spec.name}": baselineCheck names "${spec.baselineCheck}", which is not among the contrasts`);
    if (ref.test !== 'equivalence') throw invalidSpec(`contrast "${spec.name}": baselineCheck "${ref.name}" must be an equivalence test`);
  }
  const familyAlpha = new Map<string, number>();
  for (const spec of specs) {
    if (spec.family === undefined) continue;
    const alpha = spec.alpha ?? DEFAULT_ALPHA;
    const seen = familyAlpha.get(spec.family);
    if (seen !== undefined && seen !== alpha) throw invalidSpec(`family "${spec.family}" mixes alpha ${seen} and ${alpha}; Holm needs one`);
    familyAlpha.set(spec.family, alpha);
  }
}

function validateOne(spec: ContrastSpec, where: string): void {
  for (const side of ['a', 'b'] as const) {
    if (typeof spec[side] !== 'string' || spec[side] === '') throw invalidSpec(`${where}: ${side} must name a system`);
  }
  if (spec.a === spec.b) throw invalidSpec(`${where}: a and b are both "${spec.a}"`);
  if (!CONTRAST_TESTS.includes(spec.test)) throw invalidSpec(`${where}: test must be one of ${CONTRAST_TESTS.join(', ')}, got ${JSON.stringify(spec.test)}`);
  if (spec.filter === null || typeof spec.filter !== 'object') throw invalidSpec(`${where}: filter must be an object ({} for all samples)`);
  for (const list of ['conditions', 'models'] as const) {
    const values = spec.filter[list];
    if (values === undefined) continue;
    if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string' || v === '')) {
      throw invalidSpec(`${where}: filter.${list} must list at least one name (omit it for all)`);
    }
  }
  if (spec.alpha !== undefined && !(spec.alpha > 0 && spec.alpha < 1)) throw invalidSpec(`${where}: alpha must lie strictly between 0 and 1`);
  if (spec.level !== undefined && !(spec.level > 0 && spec.level < 1)) throw invalidSpec(`${where}: level must lie strictly between 0 and 1`);
  if (spec.margin !== undefined && !(Number.isFinite(spec.margin) && spec.margin > 0)) throw invalidSpec(`${where}: margin must be a positive number`);
  if (spec.margin !== undefined && spec.test !== 'equivalence') throw invalidSpec(`${where}: margin applies to equivalence tests only`);
  if ((spec.family !== undefined || spec.alpha !== undefined) && spec.test !== 'one-sided') throw invalidSpec(`${where}: family and alpha apply to one-sided tests only`);
  if (spec.metric !== undefined && spec.metric !== 'value' && spec.metric !== 'stopped') throw invalidSpec(`${where}: metric must be value or stopped`);
}
