import { assertC1 } from './errors.ts';
import { MODES, type Mode, type Task } from './schema.ts';
import type { ToolMazeTrace } from './trace.ts';
import { traceToolEvents } from './trace-reading.ts';

export type FaultMode = Exclude<Mode, 'P0'>;
const FAULT_MODES: readonly FaultMode[] = ['P1', 'P2', 'P3', 'P4'];

export type RcCase = 'no_hit' | 'hit_fail' | 'hit_pass';

/** One run's row (spec §8). */
export interface RunMetrics {
  hit: boolean;
  victim_tool: string | null;
  prr_hits: number;
  prr_resolved: number;
  rc: number | null;
  rc_case: RcCase | null;
  actual_recovery_calls: number | null;
  oracle_recovery_calls: number | null;
}

export interface MetricsOptions {
  /**
   * `toolmaze` (default) reproduces ToolMaze: in C1-P4 a victim retry returns the corrupted payload again,
   * which counts as a success, so the hit stays unresolved even when the judge passes. `ignore-perturbed`
   * lets P2/P4 resolution skip injected results; for reports that say so, never for ToolMaze numbers.
   */
  stopResolution?: 'toolmaze' | 'ignore-perturbed';
}

/** PRR and RC of one C1 run, from its trace and the judge's verdict. */
export function runMetrics(task: Task, trace: ToolMazeTrace, pass: boolean, opts: MetricsOptions = {}): RunMetrics {
  assertC1(task.complexity);
  const victim = task.fault?.toolName ?? null;
  if (task.mode === 'P0') {
    return { hit: false, victim_tool: null, prr_hits: 0, prr_resolved: 0, rc: null, rc_case: null, actual_recovery_calls: null, oracle_recovery_calls: null };
  }
  const events = traceToolEvents(trace);
  const hits: number[] = [];
  const seen = new Set<string>();
  events.forEach((e, i) => {
    if (e.perturbed && !seen.has(e.name)) {
      seen.add(e.name);
      hits.push(i);
    }
  });
  const stop = task.mode === 'P2' || task.mode === 'P4';
  const ignorePerturbed = opts.stopResolution === 'ignore-perturbed';
  const resolved = hits.filter((h) => {
    const later = events.slice(h + 1);
    const tool = events[h]!.name;
    return stop ? !later.some((e) => e.success && !(ignorePerturbed && e.perturbed)) : later.some((e) => e.name === tool && e.success && !e.perturbed);
  }).length;
  const oracle = stop ? 1 : task.fault ? task.requiredPath.length - task.fault.stepIndex : null;
  const row: RunMetrics = { hit: hits.length > 0, victim_tool: victim, prr_hits: hits.length, prr_resolved: resolved, rc: 0, rc_case: 'no_hit', actual_recovery_calls: null, oracle_recovery_calls: oracle };
  if (hits.length === 0) return row;
  const actual = events.length - hits[0]!;
  row.actual_recovery_calls = actual;
  if (!pass) return { ...row, rc: 1, rc_case: 'hit_fail' };
  row.rc_case = 'hit_pass';
  row.rc = !oracle || !actual ? null : Math.min(1, Math.max(0, 1 - oracle / Math.max(actual, oracle)));
  return row;
}

export interface MetricsInput {
  mode: Mode;
  pass: boolean;
  metrics: RunMetrics;
}

export interface ModeBreakdown {
  runs: number;
  passed: number;
  tsr: number;
}

export interface RecoveryBreakdown {
  hits: number;
  resolved: number;
  prr: number | null;
  rc_runs: number;
  rc_mean: number | null;
  rc_cases: Record<RcCase, number>;
}

export interface MetricsReport {
  total_tasks: number;
  tsr: Record<Mode, number>;
  prr: Record<FaultMode, number | null>;
  rc: Record<FaultMode, number | null>;
  mode_breakdown: Record<Mode, ModeBreakdown>;
  recovery_breakdown: Record<FaultMode, RecoveryBreakdown>;
}

/** Per mode: TSR = passed / runs (0 without runs); PRR = Σresolved / Σhits (null without hits); RC = mean of non-null. */
export function summariseMetrics(rows: readonly MetricsInput[]): MetricsReport {
  const mode_breakdown = Object.fromEntries(MODES.map((m) => {
    const runs = rows.filter((r) => r.mode === m);
    const passed = runs.filter((r) => r.pass).length;
    return [m, { runs: runs.length, passed, tsr: runs.length === 0 ? 0 : passed / runs.length }];
  })) as Record<Mode, ModeBreakdown>;
  const recovery_breakdown = Object.fromEntries(FAULT_MODES.map((m) => {
    const runs = rows.filter((r) => r.mode === m).map((r) => r.metrics);
    const hits = runs.reduce((s, r) => s + r.prr_hits, 0);
    const resolved = runs.reduce((s, r) => s + r.prr_resolved, 0);
    const rcs = runs.flatMap((r) => (r.rc === null ? [] : [r.rc]));
    const rc_cases: Record<RcCase, number> = { no_hit: 0, hit_fail: 0, hit_pass: 0 };
    for (const r of runs) if (r.rc_case) rc_cases[r.rc_case]++;
    return [m, { hits, resolved, prr: hits === 0 ? null : resolved / hits, rc_runs: rcs.length, rc_mean: rcs.length === 0 ? null : rcs.reduce((s, x) => s + x, 0) / rcs.length, rc_cases }];
  })) as Record<FaultMode, RecoveryBreakdown>;
  return {
    total_tasks: rows.length,
    tsr: Object.fromEntries(MODES.map((m) => [m, mode_breakdown[m].tsr])) as Record<Mode, number>,
    prr: Object.fromEntries(FAULT_MODES.map((m) => [m, recovery_breakdown[m].prr])) as Record<FaultMode, number | null>,
    rc: Object.fromEntries(FAULT_MODES.map((m) => [m, recovery_breakdown[m].rc_mean])) as Record<FaultMode, number | null>,
    mode_breakdown,
    recovery_breakdown,
  };
}
