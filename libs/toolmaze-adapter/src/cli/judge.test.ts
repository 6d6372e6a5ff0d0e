import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecoveryBenchError } from '@recovery-bench/errors';
import { ScriptedModel } from '@recovery-bench/harness';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareToolmaze, toolmazeBenchmark } from '../benchmark.ts';
import { toolmazeEntry } from '../entry.ts';
import { toToolMazeTrace, writeToolMazeTrace } from '../trace.ts';
import { NO_SERVICES } from '@recovery-bench/harness';

/**
 * `recovery-bench toolmaze judge …` through the entry, in this process: what it prints, its exit code, or the user
 * error the CLI prints as one line (`recovery-bench toolmaze: <message>`, exit 2).
 */
async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [, sub, ...rest] = args;
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  try {
    const code = await toolmazeEntry.commands!['judge']!.run([...(sub === 'judge' ? [] : [sub!]), ...rest], { services: NO_SERVICES });
    return { code, stdout, stderr: '' };
  } catch (error) {
    if (!isRecoveryBenchError(error) || !error.userError) throw error;
    return { code: 2, stdout, stderr: `recovery-bench toolmaze: ${error.message}\n` };
  } finally {
    spy.mockRestore();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'toolmaze-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const STAND_IN = fileURLToPath(new URL('../testdata/fake-toolmaze/data/perturbed_tasks', import.meta.url));

async function fixtureTrace(id: string, calls: { name: string; arguments: Record<string, unknown> }[], answer: string): Promise<string> {
  const { samples } = await prepareToolmaze({ select: { ids: [id] } });
  const sample = samples[0]!;
  const model = new ScriptedModel([...calls.map((c) => ({ calls: [c] })), { answer }], 'cli-test');
  const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
  return writeToolMazeTrace(dir, 'cli-test', sample.task, toToolMazeTrace(sample.task, transcript, 'cli-test'));
}

const find = { name: 'fx_find_order', arguments: { order_id: 'O-1' } };
const price = { name: 'fx_get_price', arguments: { sku: 'A1' } };
const invoice = { name: 'fx_create_invoice', arguments: { order_id: 'O-1', amount_usd: 20 } };

describe('recovery-bench toolmaze judge', () => {
  it('judges a fixture task by id and prints {pass, failure_reason, trace_check}', async () => {
    const trace = await fixtureTrace('FX_001_P2', [find, price, invoice], 'Invoice created.');
    const r = await runCli(['toolmaze', 'judge', '--suite', 'fixture', '--task', 'FX_001_P2', '--trace', trace]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['pass', 'failure_reason', 'trace_check']);
    expect(out).toMatchObject({ pass: false, failure_reason: "P2 failed: agent should have stopped but called other tools after victim: ['fx_create_invoice']", trace_check: { victim_tool: 'fx_get_price', forbidden_tools_called: ['fx_create_invoice'] } });
  });

  it('judges a raw ToolMaze task file, with the metrics row on request', async () => {
    const trace = join(dir, 'raw-trace.json');
    const call = (id: string, name: string) => ({ role: 'assistant', type: 'tool_call', content: '', tool_call: { id, name, arguments: {} } });
    writeFileSync(trace, JSON.stringify({
      task_id: 'C1_task_001', mode: 'P2', tokens: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      messages: [
        { role: 'user', content: 'q' },
        call('call-1', 'fx_find_order'), { role: 'tool', name: 'fx_find_order', call_id: 'call-1', content: { order_id: 'O-1' }, metadata: { perturbation_status: 'clean' } },
        call('call-2', 'fx_get_price'), { role: 'tool', name: 'fx_get_price', call_id: 'call-2', content: { error: 'stand-in service gone' }, metadata: { perturbation_status: 'perturbed' } },
        { role: 'assistant', type: 'final_answer', content: 'Task aborted: no price.' },
      ],
    }));
    const r = await runCli(['toolmaze', 'judge', '--task', join(STAND_IN, 'c1/C1_task_001_P2.json'), '--trace', trace, '--metrics']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pass: true, failure_reason: null, metrics: { prr_hits: 1, prr_resolved: 1, rc: 0, rc_case: 'hit_pass' } });
  });

  it('refuses C2 tasks, unknown ids and non-traces with one clear line', async () => {
    const trace = await fixtureTrace('FX_001_P0', [find], 'x');
    const c2 = await runCli(['toolmaze', 'judge', '--task', join(STAND_IN, 'c2/C2_task_001_P1.json'), '--trace', trace]);
    expect(c2.code).toBe(2);
    expect(c2.stderr).toBe('recovery-bench toolmaze: C2 tasks are parsed but not run in toolmaze-adapter v1 (C1 only)\n');
    const unknown = await runCli(['toolmaze', 'judge', '--suite', 'fixture', '--task', 'FX_999_P0', '--trace', trace]);
    expect(unknown).toMatchObject({ code: 2, stderr: 'recovery-bench toolmaze: no task "FX_999_P0" in the fixture suite\n' });
    const notTrace = join(dir, 'not-a-trace.json');
    writeFileSync(notTrace, '{"messages": 3}');
    const bad = await runCli(['toolmaze', 'judge', '--suite', 'fixture', '--task', 'FX_001_P0', '--trace', notTrace]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^recovery-bench toolmaze: .*not-a-trace\.json: not a ToolMaze inference trace/);
    const usage = await runCli(['toolmaze', 'judge', '--task', 'x']);
    expect(usage).toMatchObject({ code: 2, stderr: 'recovery-bench toolmaze: judge needs --task and --trace\n' });
  });
});
