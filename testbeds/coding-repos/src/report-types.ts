import type { BenchmarkReportInput } from '@recovery-bench/harness';

/** What the testbed's tables read of a report's input: the systems (found by role) and the bootstrap settings. */
export type ReportOptions = Pick<BenchmarkReportInput, 'systems' | 'resamples' | 'seed' | 'calls'>;

/** One table of the testbed's report, with the note that says how to read it. */
export interface CodingTable {
  title: string;
  note?: string;
  header: string[];
  rows: string[][];
}
