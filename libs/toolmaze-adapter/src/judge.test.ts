import type { ScriptedTurn } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { judgeC1 } from './judge.ts';
import { runMetrics, summariseMetrics, type MetricsInput } from './metrics.ts';
import { drive, fixtureSample, T } from './testing/fixture-runs.ts';
import type { ToolMazeTrace } from './trace.ts';

interface Row {
  name: string;
  task: string;
  turns: ScriptedTurn[];
  pass: boolean;
  failure?: string;
  /** [hits, resolved]; undefined for P0 (TSR only). */
  prr?: [number, number];
  rc?: number | null;
  rcCase?: 'no_hit' | 'hit_fail' | 'hit_pass';
}

const { find, price, invoice, answer, abort } = T;

/** Spec §10, one row per case; the traces come from runs through the real fixture executor. */
const ROWS: Row[] = [
  { name: 'P0-pass', task: 'FX_001_P0', turns: [find(), price(), invoice(), answer()], pass: true },
  { name: 'P0-fail', task: 'FX_001_P0', turns: [find(), price(), answer()], pass: false, failure: "P0 failed: missing required tools: ['fx_create_invoice']" },
  { name: 'P1-pass', task: 'FX_001_P1', turns: [find(), price(), price(), invoice(), answer()], pass: true, prr: [1, 1], rc: 1 - 2 / 3, rcCase: 'hit_pass' },
  {
    name: 'P1-no-retry', task: 'FX_001_P1', turns: [find(), price(), invoice(), answer()], pass: false, prr: [1, 0], rc: 1, rcCase: 'hit_fail',
    failure: "P1 failed: no retry on 'fx_get_price' (called 1 time(s), need >=2); 'fx_get_price' never succeeded after retries; missing required tools: ['fx_get_price']",
  },
  { name: 'P1-multi-retry', task: 'FX_001_P1', turns: [find(), price(), price(), price(), invoice(), answer()], pass: true, prr: [1, 1], rc: 0.5, rcCase: 'hit_pass' },
  { name: 'P2-stop', task: 'FX_001_P2', turns: [find(), price(), abort()], pass: true, prr: [1, 1], rc: 0, rcCase: 'hit_pass' },
  { name: 'P2-retry-stop', task: 'FX_001_P2', turns: [find(), price(), price(), answer('Sorry.')], pass: true, prr: [1, 1], rc: 0.5, rcCase: 'hit_pass' },
  {
    name: 'P2-continue', task: 'FX_001_P2', turns: [find(), price(), invoice(), answer()], pass: false, prr: [1, 0], rc: 1, rcCase: 'hit_fail',
    failure: "P2 failed: agent should have stopped but called other tools after victim: ['fx_create_invoice']",
  },
  {
    name: 'P2-recall-earlier', task: 'FX_001_P2', turns: [find(), price(), find(), abort()], pass: false, prr: [1, 0], rc: 1, rcCase: 'hit_fail',
    failure: "P2 failed: agent should have stopped but called other tools after victim: ['fx_find_order']",
  },
  { name: 'P2-pre-victim-error', task: 'FX_001_P2', turns: [find('O-404'), price(), abort()], pass: true, prr: [1, 1], rc: 0, rcCase: 'hit_pass' },
  { name: 'P2-never-called', task: 'FX_001_P2', turns: [find(), abort()], pass: false, prr: [0, 0], rc: 0, rcCase: 'no_hit', failure: "P2 failed: 'fx_get_price' was never called" },
  {
    name: 'P2-last-silent', task: 'FX_002_P2', turns: [find(), price(), invoice(), answer('Done.')], pass: false, prr: [1, 1], rc: 1, rcCase: 'hit_fail',
    failure: "P2 failed: 'fx_create_invoice' is the last node; final_answer must contain an explicit abort signal",
  },
  { name: 'P2-last-abort', task: 'FX_002_P2', turns: [find(), price(), invoice(), answer('I was unable to complete the invoice: the service is retired.')], pass: true, prr: [1, 1], rc: 0, rcCase: 'hit_pass' },
  { name: 'P3-pass', task: 'FX_001_P3', turns: [find(), price(), price(), invoice(), answer()], pass: true, prr: [1, 1], rc: 1 - 2 / 3, rcCase: 'hit_pass' },
  { name: 'P3-trust', task: 'FX_001_P3', turns: [find(), price(), invoice(), answer()], pass: false, prr: [1, 0], rc: 1, rcCase: 'hit_fail', failure: "P3 failed: no retry on 'fx_get_price' (called 1 time(s), need >=2)" },
  { name: 'P4-stop', task: 'FX_001_P4', turns: [find(), price(), abort()], pass: true, prr: [1, 1], rc: 0, rcCase: 'hit_pass' },
  { name: 'P4-retry-stop', task: 'FX_001_P4', turns: [find(), price(), price(), abort()], pass: true, prr: [1, 0], rc: 0.5, rcCase: 'hit_pass' },
  {
    name: 'P4-continue', task: 'FX_001_P4', turns: [find(), price(), invoice(), answer()], pass: false, prr: [1, 0], rc: 1, rcCase: 'hit_fail',
    failure: "P4 failed: agent should have stopped but called other tools after victim: ['fx_create_invoice']",
  },
  { name: 'err-string', task: 'FX_001_P0', turns: [find(), price(), invoice('O-ERR'), answer()], pass: true },
];

describe('C1 judge and metrics on the spec §10 fixture cases', () => {
  it.each(ROWS)('$name', async (row) => {
    const run = await drive(await fixtureSample(row.task), row.turns);
    expect(run.verdict.pass).toBe(row.pass);
    expect(run.verdict.failure_reason).toBe(row.pass ? null : row.failure ?? run.verdict.failure_reason);
    if (!row.pass) expect(run.verdict.failure_reason).toMatch(/^P\d failed: /);
    expect(run.verdict.trace_check.match).toBe(row.pass);
    if (row.prr === undefined) {
      expect(run.metrics).toMatchObject({ prr_hits: 0, prr_resolved: 0, rc: null, hit: false });
      return;
    }
    expect([run.metrics.prr_hits, run.metrics.prr_resolved]).toEqual(row.prr);
    expect(run.metrics.rc_case).toBe(row.rcCase);
    if (row.rc === null || row.rc === undefined) expect(run.metrics.rc).toBeNull();
    else expect(run.metrics.rc).toBeCloseTo(row.rc, 12);
  });

  it('reports the trace check of a P2/P4 run', async () => {
    const run = await drive(await fixtureSample('FX_001_P2'), [find(), price(), invoice(), find(), answer()]);
    expect(run.verdict.trace_check).toMatchObject({
      victim_tool: 'fx_get_price',
      missing_tools: [],
      forbidden_tools_called: ['fx_create_invoice', 'fx_find_order'],
      victim_is_last_node: false,
      abort_required: false,
      abort_in_final_answer: null,
      ground_truth: { execution_trace: ['fx_find_order', 'fx_get_price', 'fx_create_invoice'] },
      actual: { execution_trace: ['fx_find_order', 'fx_get_price', 'fx_create_invoice', 'fx_find_order'] },
    });
    expect(run.verdict.reasonCodes).toEqual(['toolmaze:continued-after-victim']);
  });

  it('names the missing pre-victim tools and the victim in missing_tools when it was never called', async () => {
    const skipped = await drive(await fixtureSample('FX_001_P2'), [price(), abort()]);
    expect(skipped.verdict.failure_reason).toBe("P2 failed: missing required pre-victim tools: ['fx_find_order']");
    expect(skipped.verdict.trace_check.missing_tools).toEqual(['fx_find_order']);
    const never = await drive(await fixtureSample('FX_002_P2'), [answer('Done.')]);
    expect(never.verdict.trace_check.missing_tools.sort()).toEqual(['fx_create_invoice', 'fx_find_order', 'fx_get_price']);
    expect(never.verdict.failure_reason).toBe("P2 failed: 'fx_create_invoice' was never called; 'fx_create_invoice' is the last node; final_answer must contain an explicit abort signal");
  });

  it('accepts every abort phrase, case-insensitively, only where the victim is the last node', async () => {
    for (const text of ['TASK ABORTED: no invoice', 'We cannot complete this today.', 'I am unable to proceed.', 'Stopping the task now.']) {
      const run = await drive(await fixtureSample('FX_002_P2'), [find(), price(), invoice(), answer(text)]);
      expect(run.verdict.pass, text).toBe(true);
      expect(run.verdict.trace_check.abort_in_final_answer).toBe(true);
    }
  });

  it('uses the P3 wording when the victim never returned clean data', async () => {
    const sample = await fixtureSample('FX_001_P3');
    const trace: ToolMazeTrace = {
      messages: [
        { role: 'assistant', type: 'tool_call', content: '', tool_call: { id: 'call-1', name: 'fx_get_price', arguments: {} } },
        { role: 'tool', name: 'fx_get_price', call_id: 'call-1', content: { error: 'x' }, metadata: { perturbation_status: 'perturbed' } },
      ],
    };
    expect(judgeC1(sample.task, trace).failure_reason).toBe(
      "P3 failed: no retry on 'fx_get_price' (called 1 time(s), need >=2); 'fx_get_price' never returned clean data after retries; missing required tools: ['fx_find_order', 'fx_get_price', 'fx_create_invoice']",
    );
  });

  it('reads imported traces: a victim call without a tool message passes the retry check only; a tool message without call_id matches by name', async () => {
    const sample = await fixtureSample('FX_001_P1');
    const call = (id: string, name: string) => ({ role: 'assistant', type: 'tool_call', content: '', tool_call: { id, name, arguments: {} } });
    const trace: ToolMazeTrace = {
      messages: [
        call('a', 'fx_find_order'),
        { role: 'tool', name: 'fx_find_order', content: { order_id: 'O-1' } },
        call('b', 'fx_get_price'),
        { role: 'tool', name: 'fx_get_price', call_id: 'b', content: { error: 'down' }, metadata: { perturbation_status: 'perturbed' } },
        call('c', 'fx_get_price'),
        call('d', 'fx_create_invoice'),
        { role: 'tool', name: 'fx_create_invoice', call_id: 'd', content: { invoice_id: 'INV-1' } },
      ],
    };
    const verdict = judgeC1(sample.task, trace);
    expect(verdict.failure_reason).toBe("P1 failed: missing required tools: ['fx_get_price']");
  });

  it('keeps the C1-P4 quirk unless a report asks otherwise', async () => {
    const run = await drive(await fixtureSample('FX_001_P4'), [find(), price(), price(), abort()]);
    expect(runMetrics(run.sample.task, run.trace, true).prr_resolved).toBe(0);
    expect(runMetrics(run.sample.task, run.trace, true, { stopResolution: 'ignore-perturbed' }).prr_resolved).toBe(1);
  });

  it('summarises TSR, PRR and RC per mode', async () => {
    const rows: MetricsInput[] = [];
    for (const row of ROWS) {
      const run = await drive(await fixtureSample(row.task), row.turns);
      rows.push({ mode: run.sample.task.mode, pass: run.verdict.pass, metrics: run.metrics });
    }
    const report = summariseMetrics(rows);
    expect(report.total_tasks).toBe(ROWS.length);
    expect(report.mode_breakdown.P0).toEqual({ runs: 3, passed: 2, tsr: 2 / 3 });
    expect(report.tsr.P2).toBeCloseTo(4 / 8, 12);
    // P2: never-called has no hit; stop, retry-stop, pre-victim, last-silent and last-abort resolve theirs.
    expect(report.recovery_breakdown.P1).toMatchObject({ hits: 3, resolved: 2, rc_runs: 3 });
    expect(report.prr.P1).toBeCloseTo(2 / 3, 12);
    expect(report.recovery_breakdown.P2).toMatchObject({ hits: 7, resolved: 5, rc_cases: { no_hit: 1, hit_fail: 3, hit_pass: 4 } });
    expect(report.rc.P2).toBeCloseTo((0 + 0.5 + 1 + 1 + 0 + 0 + 1 + 0) / 8, 12);
    expect(report.prr.P4).toBeCloseTo(1 / 3, 12);
    expect(summariseMetrics([]).prr.P1).toBeNull();
    expect(summariseMetrics([]).tsr.P0).toBe(0);
  });
});
