import { BenchError } from '@recovery-bench/harness/errors';
import type { Complexity } from './schema.ts';

/** C2–C4 tasks load, but v1 cannot run, judge or score them (spec §9). `String(error)` reads as the spec words it. */
export class UnsupportedComplexityError extends BenchError {
  readonly complexity: Complexity;

  constructor(complexity: Complexity) {
    super('task:unsupported', `${complexity} tasks are parsed but not run in toolmaze-adapter v1 (C1 only)`, {
      details: { complexity },
    });
    this.name = 'UnsupportedComplexityError';
    this.complexity = complexity;
  }
}

export function assertC1(complexity: Complexity): void {
  if (complexity !== 'C1') throw new UnsupportedComplexityError(complexity);
}
