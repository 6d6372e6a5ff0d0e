import { FAILURE_CODES, type FailureCode } from './classify.ts';
import type { ProxyErrorCode } from './errors.ts';

export type CodeCounts = Record<FailureCode, number>;

/** Live counts of one proxy (one engine), read from the handle at any time. */
export interface ProxyCounters {
  /** Chat requests received, valid or not. */
  requests: number;
  /** Per attempt: every valid request the proxy forwarded or answered for the engine. */
  attempts: CodeCounts;
  /** Attempts that were not client retries (`X-Stainless-Retry-Count` absent or 0). */
  distinct: CodeCounts;
  main: CodeCounts;
  side: CodeCounts;
  /** Requests the proxy refused before any engine saw them, by error code. */
  rejected: Partial<Record<ProxyErrorCode, number>>;
  clampRetries: number;
  recordsWritten: number;
  recordErrors: number;
  /** Bugs: a request the proxy could not handle. Stays 0. */
  internalErrors: number;
}

export function zeroCounts(): CodeCounts {
  return Object.fromEntries(FAILURE_CODES.map((c) => [c, 0])) as CodeCounts;
}

export function createCounters(): ProxyCounters {
  return {
    requests: 0,
    attempts: zeroCounts(),
    distinct: zeroCounts(),
    main: zeroCounts(),
    side: zeroCounts(),
    rejected: {},
    clampRetries: 0,
    recordsWritten: 0,
    recordErrors: 0,
    internalErrors: 0,
  };
}

export function countAttempt(counters: ProxyCounters, code: FailureCode, retry: boolean, side: boolean): void {
  counters.attempts[code]++;
  if (!retry) counters.distinct[code]++;
  (side ? counters.side : counters.main)[code]++;
}

export function countRejection(counters: ProxyCounters, code: ProxyErrorCode): void {
  counters.rejected[code] = (counters.rejected[code] ?? 0) + 1;
}

/** The non-zero attempt counts, as carried on each record. */
export function nonZero(counts: CodeCounts): Partial<CodeCounts> {
  const out: Partial<CodeCounts> = {};
  for (const code of FAILURE_CODES) if (counts[code] > 0) out[code] = counts[code];
  return out;
}
