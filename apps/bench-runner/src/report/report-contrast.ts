import type { ContrastResult } from '@recovery-bench/analysis';

/** A contrast as the report shows it: the analysis's result, for one model, from one source. */
export interface ReportContrast extends ContrastResult {
  /** The model the contrast is over, or `all` for the pooled one. */
  model: string;
  /** `config` for the run config's own contrasts, else the analysis plan's id (e.g. `study3`). */
  source: string;
}
