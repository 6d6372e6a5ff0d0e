import { readFileSync } from 'node:fs';
import { BenchError, suggestName } from '@recovery-bench/harness';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { ReportContrast, Summary } from './summarize.ts';

/**
 * A CI regression gate: each named contrast must reach its threshold, in points. `contrast` is a contrast's stable
 * id (`layer-effect`, `<benchmark>/small:h3.1:L`), never its display name. `on: estimate` (default) checks the point
 * estimate; `on: lower` the lower end of the 95% interval (a stricter gate).
 */
export const GateFileSchema = z.strictObject({
  gates: z
    .array(
      z.strictObject({
        contrast: z.string().min(1),
        model: z.string().min(1).default('all'),
        /** Threshold in points, e.g. 5 for "at least +5 points". */
        min: z.number(),
        on: z.enum(['estimate', 'lower']).default('estimate'),
      }),
    )
    .min(1),
});
export type GateFile = z.infer<typeof GateFileSchema>;

export interface GateResult {
  contrast: string;
  model: string;
  min: number;
  on: 'estimate' | 'lower';
  value: number | null;
  passed: boolean;
  message: string;
}

export function loadGates(path: string): GateFile {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BenchError('config:invalid', `cannot read gate file ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = GateFileSchema.safeParse(data);
  if (!parsed.success) throw new BenchError('config:invalid', `${path} is not a valid gate file:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function checkGates(summary: Summary, gates: GateFile): GateResult[] {
  return gates.gates.map((gate) => {
    // A contrast run for one model only is reported under that model; `all` then finds it too.
    const found: ReportContrast | undefined = summary.contrasts.find((c) => c.id === gate.contrast && c.model === gate.model)
      ?? (gate.model === 'all' ? summary.contrasts.find((c) => c.id === gate.contrast && summary.contrasts.filter((d) => d.id === c.id).length === 1) : undefined);
    if (!found) {
      const ids = [...new Set(summary.contrasts.map((c) => c.id))];
      const hint = suggestName(gate.contrast, ids);
      const known = [...new Set(summary.contrasts.map((c) => `${c.id} [${c.model}]`))].join(', ');
      return { ...gate, value: null, passed: false, message: `gate "${gate.contrast}" [${gate.model}]: no such contrast id in the report${hint ? ` (did you mean "${hint}"?)` : ''}; it has ${known || 'none'}` };
    }
    const raw = gate.on === 'lower' ? found.lower : found.estimate;
    const value = raw === null ? null : raw * 100;
    const passed = value !== null && value >= gate.min;
    const shown = value === null ? 'no paired tasks' : `${value >= 0 ? '+' : ''}${value.toFixed(1)} points`;
    return { ...gate, value, passed, message: `${passed ? 'pass' : 'FAIL'}: ${gate.contrast} (${found.name}) [${gate.model}] ${gate.on} ${shown} (threshold ${gate.min >= 0 ? '+' : ''}${gate.min})` };
  });
}
