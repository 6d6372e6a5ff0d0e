import type { Score } from './benchmark.ts';

/**
 * A part of a report as data: the Markdown and the HTML writers both render it, so a benchmark's own section
 * (the coding testbed's table 8, the delivery study's table 6 and verdicts) reads the same in both.
 */
export type ReportBlock =
  | { kind: 'text'; text: string }
  | { kind: 'table'; header: readonly string[]; rows: readonly (readonly string[])[]; caption?: string }
  | { kind: 'list'; items: readonly string[] }
  /** Differences with their intervals, drawn as a forest plot (points on the 0–1 scale, shown in points). */
  | { kind: 'forest'; title: string; rows: readonly { label: string; estimate: number | null; lower: number | null; upper: number | null; highlight?: boolean }[] };

export interface ReportSection {
  title: string;
  /** Sections under this one (`###` in Markdown). */
  level?: 2 | 3;
  blocks: readonly ReportBlock[];
}

/** One scored sample, as a benchmark's own report reads it (from scores.jsonl). */
export interface ScoredSample {
  system: string;
  model: string;
  task: string;
  unit: string;
  condition: string;
  seed: number;
  /** Null when the sample ended in an error and has no scores. */
  scores: Record<string, Score> | null;
}

/** A system of the run, as a benchmark's report finds systems by their role. */
export interface ReportSystem {
  id: string;
  arm: string;
  engine: string;
  /** The proxy's cap on output tokens, when the system has one. */
  maxTokensCap?: number;
}

/** What a benchmark's report hook gets: its scored samples and what the runs record about themselves. */
export interface BenchmarkReportInput {
  /** Every scored sample of the benchmark's runs in this report (a rerun's second run left out). */
  samples: readonly ScoredSample[];
  /** The runs' systems in config order. */
  systems: readonly ReportSystem[];
  /** A sim engine served some of the numbers. */
  simulated: boolean;
  /** What each run recorded about its tasks' source (`PreparedBenchmark.manifest`), in run order. */
  manifests: readonly unknown[];
  /** Each model's tier (the run config's `models.<id>.tier`), for the models that have one. */
  modelTiers?: Readonly<Record<string, string>>;
  resamples: number;
  seed: number;
  /**
   * The proxy's record of every model call, per system: how many calls ended under each code of its failure
   * taxonomy (`ok` included). Absent where no run kept calls.jsonl.
   */
  calls?: readonly { system: string; codes: Readonly<Record<string, number>> }[];
}

/** A benchmark's own part of a report. */
export interface BenchmarkReport {
  sections: readonly ReportSection[];
  /** Data beside report.json, e.g. `delivery-report.json`. */
  files?: readonly { name: string; json: unknown }[];
}
