import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchError, e1Plugin, e2Plugin, runAndScore, ScriptedModel, type GenerateResponse, type ModelClient, type ScriptedTurn } from '@recovery-bench/harness';
import { GUIDANCE } from '@recovery-bench/toolerror-core';
import { describe, expect, it } from 'vitest';
import { prepareToolmaze, toolmazeBenchmark, type ToolmazeSample } from './benchmark.ts';
import { UnsupportedComplexityError } from './errors.ts';
import { judgeC1 } from './judge.ts';
import { summariseMetrics, type MetricsInput, type RunMetrics } from './metrics.ts';
import { drive, fixtureSample, fixtureSamples, T } from './testing/fixture-runs.ts';
import { toToolMazeTrace, writeToolMazeTrace } from './trace.ts';

const { find, price, invoice, answer, abort } = T;
const PLACEHOLDER = { p0: 'Placeholder system prompt "p0" of the recovery-bench ToolMaze fixture suite.', faultAware: 'Placeholder system prompt "faultAware" of the recovery-bench ToolMaze fixture suite.' };
const score = (sample: ToolmazeSample, transcript: Parameters<(typeof toolmazeBenchmark.scorers)[0]['score']>[1]) => toolmazeBenchmark.scorers[0]!.score(sample, transcript);

describe('toolmazeBenchmark.run: the agent loop of spec §5', () => {
  it('sends system + user, the offered tools, and ToolMaze generation settings', async () => {
    const run = await drive(await fixtureSample('FX_001_P0'), [find(), price(), invoice(), answer()]);
    const request = run.model.requests[0]!;
    expect(request.messages).toEqual([{ role: 'system', content: PLACEHOLDER.p0 }, { role: 'user', content: run.sample.task.query }]);
    expect(request.tools?.map((t) => t.function.name)).toEqual(['fx_find_order', 'fx_get_price', 'fx_create_invoice']);
    expect(request.tools?.[2]).toEqual({
      type: 'function',
      function: { name: 'fx_create_invoice', description: 'Create an invoice for an order.', parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'Order id' }, amount_usd: { type: 'number', description: 'Invoice total in US dollars' } }, required: ['order_id', 'amount_usd'] } },
    });
    expect(request).toMatchObject({ temperature: 1, maxTokens: 16_000, parallelToolCalls: false, timeoutMs: 45_000 });
  });

  it('chooses the prompt by mode, or always P0 under always-p0', async () => {
    const systemOf = async (id: string, variant?: 'always-p0') => {
      const sample = await fixtureSample(id, variant ? { promptVariant: variant } : {});
      return (await drive(sample, [answer()])).model.requests[0]!.messages[0]!.content;
    };
    expect(await systemOf('FX_001_P0')).toBe(PLACEHOLDER.p0);
    for (const id of ['FX_001_P1', 'FX_001_P2', 'FX_001_P3', 'FX_001_P4']) {
      expect(await systemOf(id)).toBe(PLACEHOLDER.faultAware);
      expect(await systemOf(id, 'always-p0')).toBe(PLACEHOLDER.p0);
    }
  });

  it('takes prompts inline or from files', async () => {
    const inline = await fixtureSample('FX_001_P1', { prompts: { source: 'inline', p0: 'P-zero', faultAware: 'P-aware' } });
    expect([inline.systemPrompt, inline.promptKind]).toEqual(['P-aware', 'faultAware']);
    const dir = mkdtempSync(join(tmpdir(), 'toolmaze-prompts-'));
    writeFileSync(join(dir, 'p0.txt'), 'from file p0');
    writeFileSync(join(dir, 'fa.txt'), 'from file fa');
    const files = await fixtureSample('FX_001_P0', { prompts: { source: 'files', p0Path: join(dir, 'p0.txt'), faultAwarePath: join(dir, 'fa.txt') } });
    expect(files.systemPrompt).toBe('from file p0');
    rmSync(dir, { recursive: true });
  });

  it('names the base task as the unit reports resample', async () => {
    expect(await fixtureSample('FX_001_P3')).toMatchObject({ id: 'FX_001_P3', condition: 'P3', unit: 'FX_001' });
  });

  it('rejects invalid options as config errors', async () => {
    await expect(prepareToolmaze({ limits: { maxRounds: 0 } })).rejects.toThrow(/^toolmaze options: .*maxRounds/s);
  });

  it('keeps only the first tool call of a turn', async () => {
    const both: ScriptedTurn = { calls: [{ name: 'fx_find_order', arguments: { order_id: 'O-1' } }, { name: 'fx_get_price', arguments: { sku: 'A1' } }] };
    const run = await drive(await fixtureSample('FX_001_P0'), [both, answer()]);
    const assistant = run.transcript.messages[2]!;
    expect(assistant.role === 'assistant' && assistant.tool_calls?.map((c) => c.function.name)).toEqual(['fx_find_order']);
    expect(run.trace.messages.filter((m) => m.role === 'tool')).toHaveLength(1);
  });

  it('ends at 25 rounds without a final answer, and the run fails', async () => {
    const sample = await fixtureSample('FX_001_P0');
    const model = new ScriptedModel(() => find(), 'looping');
    const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
    expect(transcript.end).toBe('limit');
    expect(transcript.finalAnswer).toBeNull();
    expect(model.requests).toHaveLength(25);
    const trace = toToolMazeTrace(sample.task, transcript, 'looping');
    expect(trace.messages.filter((m) => m.type === 'tool_call')).toHaveLength(25);
    expect(trace.messages.some((m) => m.type === 'final_answer')).toBe(false);
    expect(await score(sample, transcript)).toMatchObject({ outcome: 'fail', reason: 'toolmaze:missing-tools' });
  });

  it('retries transient model errors (no wait in tests), then answers with the error after five attempts', async () => {
    const sample = await fixtureSample('FX_001_P0');
    const http503 = () => new BenchError('model:http', 'HTTP 503 from the engine', { details: { status: 503 } });
    let calls = 0;
    const flaky = new ScriptedModel((_r, turn) => (turn < 2 ? { error: http503() } : [find(), price(), invoice(), answer()][calls++]!));
    const ok = await toolmazeBenchmark.run(sample, { model: flaky, plugins: [], seed: 0 });
    expect(ok.events.filter((e) => e.type === 'error' && e.retrying)).toHaveLength(2);
    expect(await score(sample, ok)).toMatchObject({ outcome: 'pass' });
    const down = new ScriptedModel(() => ({ error: http503() }));
    const failed = await toolmazeBenchmark.run(sample, { model: down, plugins: [], seed: 0 });
    expect(down.requests).toHaveLength(5);
    expect(failed.finalAnswer).toBe('Error during execution: HTTP 503 from the engine');
    expect(await score(sample, failed)).toMatchObject({ outcome: 'error', reason: 'toolmaze:model-error' });
  });

  it('ends a run with malformed arguments, as ToolMaze does, and judges it', async () => {
    const sample = await fixtureSample('FX_001_P0');
    const run = await drive(sample, [find(), { calls: [{ name: 'fx_get_price', arguments: '{"sku": ' }] }]);
    expect(run.transcript.end).toBe('bad-arguments');
    expect(run.transcript.finalAnswer).toMatch(/^Error during execution: invalid JSON in arguments of fx_get_price/);
    expect(run.trace.messages.filter((m) => m.type === 'tool_call').map((m) => m.tool_call?.name)).toEqual(['fx_find_order']);
    expect(run.verdict.pass).toBe(false);
    expect(await score(sample, run.transcript)).toMatchObject({ outcome: 'fail' });
  });

  it('shares the five attempts between empty responses', async () => {
    const model = new ScriptedModel(() => ({ calls: [] }));
    const transcript = await toolmazeBenchmark.run(await fixtureSample('FX_001_P0'), { model, plugins: [], seed: 0 });
    expect(model.requests).toHaveLength(5);
    expect(transcript.finalAnswer).toBe('Error: Model repeatedly returned empty responses without tool calls or final answer.');
  });

  it('refuses C2–C4 in run, judge and score', async () => {
    const sample = await fixtureSample('FX_001_P1');
    const c3: ToolmazeSample = { ...sample, task: { ...sample.task, complexity: 'C3' } };
    const model = new ScriptedModel([answer()]);
    await expect(toolmazeBenchmark.run(c3, { model, plugins: [], seed: 0 })).rejects.toThrow(UnsupportedComplexityError);
    const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
    expect(() => score(c3, transcript)).toThrow('C3 tasks are parsed but not run in toolmaze-adapter v1 (C1 only)');
    expect(() => judgeC1(c3.task, { messages: [] })).toThrow(UnsupportedComplexityError);
    expect(String(new UnsupportedComplexityError('C2'))).toBe('UnsupportedComplexityError: C2 tasks are parsed but not run in toolmaze-adapter v1 (C1 only)');
  });
});

describe('traces in ToolMaze inference format (spec §6)', () => {
  it('writes call-<n> ids, raw JSON tool content, perturbation_status everywhere, and tokens', async () => {
    const run = await drive(await fixtureSample('FX_001_P1'), [find(), price(), price(), invoice(), answer('Invoice INV-1 created.')]);
    expect(run.trace).toEqual({
      task_id: 'FX_001',
      mode: 'P1',
      model: 'scripted-test',
      tokens: { input_tokens: 50, output_tokens: 25, total_tokens: 75 },
      messages: [
        { role: 'user', content: run.sample.task.query },
        { role: 'assistant', type: 'tool_call', content: '', tool_call: { id: 'call-1', name: 'fx_find_order', arguments: { order_id: 'O-1' } } },
        { role: 'tool', name: 'fx_find_order', call_id: 'call-1', content: { order_id: 'O-1', sku: 'A1', qty: 2 }, metadata: { perturbation_status: 'clean' } },
        { role: 'assistant', type: 'tool_call', content: '', tool_call: { id: 'call-2', name: 'fx_get_price', arguments: { sku: 'A1' } } },
        { role: 'tool', name: 'fx_get_price', call_id: 'call-2', content: { error: 'upstream unavailable' }, metadata: { perturbation_status: 'perturbed' } },
        { role: 'assistant', type: 'tool_call', content: '', tool_call: { id: 'call-3', name: 'fx_get_price', arguments: { sku: 'A1' } } },
        { role: 'tool', name: 'fx_get_price', call_id: 'call-3', content: expect.objectContaining({ sku: 'A1' }), metadata: { perturbation_status: 'clean' } },
        { role: 'assistant', type: 'tool_call', content: '', tool_call: { id: 'call-4', name: 'fx_create_invoice', arguments: { order_id: 'O-1', amount_usd: 20 } } },
        { role: 'tool', name: 'fx_create_invoice', call_id: 'call-4', content: { invoice_id: 'INV-1' }, metadata: { perturbation_status: 'clean' } },
        { role: 'assistant', type: 'final_answer', content: 'Invoice INV-1 created.' },
      ],
    });
  });

  it('keeps the thought, and writes the file where ToolMaze keeps inferences, readable by Python', async () => {
    const sample = await fixtureSample('FX_001_P0');
    const turns: GenerateResponse[] = [
      { content: 'Looking up.', reasoningContent: 'need the order first', toolCalls: [{ id: 'x', type: 'function', function: { name: 'fx_find_order', arguments: '{"order_id": "O-1"}' } }], finishReason: 'tool_calls', usage: { promptTokens: 7, completionTokens: 3 } },
      { content: 'Stopping here.', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 9, completionTokens: 2 } },
    ];
    const model: ModelClient = { id: 'thinking', generate: async () => turns.shift()! };
    const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
    const trace = toToolMazeTrace(sample.task, transcript, 'org/thinking');
    expect(trace.messages[1]).toMatchObject({ content: 'Looking up.', metadata: { thought: 'need the order first' } });
    expect(trace.tokens).toEqual({ input_tokens: 16, output_tokens: 5, total_tokens: 21 });
    const dir = mkdtempSync(join(tmpdir(), 'toolmaze-traces-'));
    const path = writeToolMazeTrace(dir, 'org/thinking', sample.task, trace);
    expect(path).toBe(join(dir, 'org_thinking', 'fc', 'c1', 'inferences', 'FX_001_P0.json'));
    const py = spawnSync('python3', ['-c', 'import json,sys; t=json.load(open(sys.argv[1])); print(t["messages"][2]["content"]["qty"], t["tokens"]["total_tokens"])', path], { encoding: 'utf8' });
    expect(py.stdout.trim()).toBe('2 21');
    expect(readFileSync(path, 'utf8')).toMatch(/^\{\n {2}"task_id": "FX_001",/);
    rmSync(dir, { recursive: true });
  });
});

describe('client plug-ins through the ToolMaze tool layer', () => {
  it('E1 appends the guidance of the declared kind to an injected P1 or P2 fault, nothing for P3/P4', async () => {
    const seen = async (id: string) => {
      const run = await drive(await fixtureSample(id), [find(), price(), abort()], [e1Plugin]);
      return { content: run.transcript.messages.filter((m) => m.role === 'tool')[1]!.content, run };
    };
    const p1 = await seen('FX_001_P1');
    expect(p1.content).toBe(`{"error": "upstream unavailable"}\n${GUIDANCE.transient}`);
    expect(p1.run.trace.messages[4]!.content).toEqual({ error: 'upstream unavailable' });
    expect((await seen('FX_001_P2')).content).toBe(`{"error": "upstream unavailable"}\n${GUIDANCE.unrecoverable}`);
    expect((await seen('FX_001_P3')).content).toBe('{"sku": "A1", "price_usd": -42.0}');
    expect((await seen('FX_001_P4')).content).toBe('{"sku": "A1", "price_usd": -42.0}');
    const clean = await drive(await fixtureSample('FX_001_P1'), [find(), answer()], [e1Plugin]);
    expect(clean.transcript.messages.find((m) => m.role === 'tool')!.content).toBe('{"order_id": "O-1", "sku": "A1", "qty": 2}');
  });

  it('E2 retries a P1 fault inside the tool layer; the model sees a success, so the judge fails the run by construction', async () => {
    const run = await drive(await fixtureSample('FX_001_P1'), [find(), price(), invoice(), answer()], [e2Plugin]);
    expect(run.transcript.messages.filter((m) => m.role === 'tool')[1]!.content).toBe('{"sku": "A1", "price_usd": 10.0}');
    expect(run.transcript.events.filter((e) => e.type === 'tool' && e.hidden)).toHaveLength(1);
    expect(run.trace.messages.filter((m) => m.metadata?.perturbation_status === 'perturbed')).toHaveLength(0);
    expect(run.verdict.failure_reason).toBe("P1 failed: no retry on 'fx_get_price' (called 1 time(s), need >=2)");
    expect(await score(run.sample, run.transcript)).toMatchObject({ outcome: 'fail', reason: 'toolmaze:no-retry' });
    const p2 = await drive(await fixtureSample('FX_001_P2'), [find(), price(), abort()], [e2Plugin]);
    expect(p2.transcript.events.filter((e) => e.type === 'tool' && e.hidden)).toHaveLength(0);
  });
});

/** What a careful agent does: the gold path; retry the victim once under P1/P3; stop and say so under P2/P4. */
function goldTurns(sample: ToolmazeSample): ScriptedTurn[] {
  const steps = sample.task.requiredPath.map((s): ScriptedTurn => ({ calls: [{ name: s.toolName, arguments: JSON.parse(JSON.stringify(s.arguments)) as Record<string, unknown> }] }));
  const v = sample.task.fault?.stepIndex ?? -1;
  switch (sample.task.mode) {
    case 'P0':
      return [...steps, { answer: 'All done.' }];
    case 'P1':
    case 'P3':
      return [...steps.slice(0, v + 1), steps[v]!, ...steps.slice(v + 1), { answer: 'All done after one retry.' }];
    default:
      return [...steps.slice(0, v + 1), { answer: `Task aborted: ${sample.task.fault!.toolName} keeps failing.` }];
  }
}

describe('end to end: run() then score() over the whole fixture suite', () => {
  it('passes every task with a policy that follows the gold path and recovers as each mode expects', async () => {
    const samples = await fixtureSamples();
    const rows: MetricsInput[] = [];
    for (const sample of samples) {
      const { transcript, scores } = await runAndScore(toolmazeBenchmark, sample, { model: new ScriptedModel(goldTurns(sample)), plugins: [], seed: 0 });
      const s = scores['toolmaze:c1-judge']!;
      expect(s.outcome, `${sample.id}: ${String(s.details?.failure_reason)}`).toBe('pass');
      expect(transcript.end).toBe('answer');
      rows.push({ mode: sample.task.mode, pass: true, metrics: s.details!.metrics as RunMetrics });
    }
    const report = summariseMetrics(rows);
    expect(report.total_tasks).toBe(samples.length);
    expect(Object.values(report.tsr)).toEqual([1, 1, 1, 1, 1]);
    expect([report.prr.P1, report.prr.P2, report.prr.P3, report.prr.P4]).toEqual([1, 1, 1, 1]);
    expect(report.rc.P2).toBe(0);
  });
});
