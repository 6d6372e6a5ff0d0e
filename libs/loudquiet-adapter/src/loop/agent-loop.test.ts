import { readFileSync } from 'node:fs';
import { BenchError, e1Plugin, e2Plugin, ScriptedModel, type ScriptedTurn } from '@recovery-bench/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeClient } from '../bridge/client.ts';
import { FIXTURE_CLASS_MAP, FIXTURE_DIR, FIXTURE_REFERENCE, FIXTURE_SUITE } from '../bridge/paths.ts';
import type { Fault } from '../bridge/protocol.ts';
import { dumpsPy, field, parsePyJson } from '../records/pyjson.ts';
import { trajectoryLine, trajectoryRecord } from '../records/trajectory.ts';
import { stateAgreement } from '../score/state-agreement.ts';
import { runTrial, userText, type LoopTask, type TrialRun } from './agent-loop.ts';
import { SYSTEM_PROMPT } from './system-prompt.ts';

const suite = JSON.parse(readFileSync(FIXTURE_SUITE, 'utf8')) as (LoopTask & { n_turns: number; domain: string })[];
const task = (id: string) => suite.find((t) => t.task_id === id)!;
const noSleep = async () => undefined;
let bridge: BridgeClient;

beforeAll(async () => {
  bridge = await BridgeClient.start({ suitePath: FIXTURE_SUITE, classes: { kind: 'map', file: FIXTURE_CLASS_MAP, modulePath: FIXTURE_DIR } });
});
afterAll(async () => bridge?.close());

async function trial(id: string, fault: Fault, script: readonly ScriptedTurn[] | ConstructorParameters<typeof ScriptedModel>[0], seed = 0, extra: Partial<Parameters<typeof runTrial>[0]> = {}) {
  const env = await bridge.environment(id, fault, seed);
  const model = new ScriptedModel(script);
  const run = await runTrial({ model, task: task(id), env, fault, sleep: noSleep, ...extra });
  const stateJson = await env.snapshotJson();
  const summaryJson = await env.summaryJson();
  await env.close();
  return { run, model, stateJson, summaryJson, env };
}

const toolResults = (run: TrialRun) => run.events.filter((e) => e.type === 'tool_result');

describe('the Loud/Quiet agent loop on the fixture environment', () => {
  it('sends every turn, "[]" for an empty one, runs parallel calls in order and reaches the reference state', async () => {
    const { run, model, stateJson, summaryJson } = await trial('F001', 'clean', [
      { calls: [{ name: 'plant', arguments: { crop: 'beans', count: 2 } }] },
      { answer: 'planted' },
      { answer: 'nothing to do' },
      { calls: [{ name: 'water', arguments: '{"liters": 2.5}' }, { name: 'label_plot', arguments: { plot: 3, label: 'herbs' } }] },
      { answer: 'done' },
    ]);
    expect(run.status).toBe('ok');
    expect(run.finishReason).toBe('completed');
    expect(run.nSteps).toBe(3);
    expect(run.events.filter((e) => e.type === 'user').map((e) => e.type === 'user' && e.content)).toEqual([userText(task('F001').turns[0]!), '[]', userText(task('F001').turns[2]!)]);
    expect(model.requests[0]!.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(model.requests[0]!.temperature).toBe(1);
    expect(model.requests[0]!.maxTokens).toBe(1024);
    expect(model.requests[0]!.tools!.map((t) => t.function.name)).toEqual([...model.requests[0]!.tools!.map((t) => t.function.name)].sort());
    const last = model.requests.at(-1)!.messages;
    expect(last.slice(-3).map((m) => m.role)).toEqual(['assistant', 'tool', 'tool']);
    expect(last.at(-2)).toMatchObject({ role: 'tool', tool_call_id: 'call_4_1', content: '{"water_level": 15.0}' });
    const ref = field(field(parsePyJson(readFileSync(FIXTURE_REFERENCE, 'utf8')), 'F001'), 'state')!;
    expect(stateAgreement(parsePyJson(stateJson), ref).value).toBe(1);

    const record = trajectoryRecord({
      identity: { model: 'fx', modelId: 'fixture/fx', reasoning: false, pair: null, fault: 'clean', scaffolding: false, taskId: 'F001', domain: task('F001').domain, nTurns: 3, seed: 0 },
      run, summaryJson, stateJson, timestamp: new Date('2026-01-02T03:04:05.006Z'),
    });
    expect([...record.keys()]).toEqual([
      'trial_id', 'model', 'model_id', 'reasoning', 'pair', 'fault', 'position', 'scaffolding', 'task_id', 'domain', 'n_turns', 'seed', 'timestamp',
      'status', 'finish_reason', 'n_steps', 'n_model_calls', 'transcript', 'env_summary', 'final_state', 'usage', 'latency_s',
    ]);
    const line = trajectoryLine(record);
    expect(line).toContain('"trial_id": "fx|clean|na|off|F001|s0"');
    expect(line).toContain('"timestamp": "2026-01-02T03:04:05.006000+00:00"');
    expect(line).toContain('{"type": "tool_result", "turn": 2, "step": 2, "tool": "water", "args": {"liters": 2.5}, "ok": true, "faulted": false, "result": "{\\"water_level\\": 15.0}"}');
    expect(line).toContain('"n_model_calls": 5');
    expect(line).toContain(`"final_state": ${stateJson}`);
    expect(dumpsPy(parsePyJson(line))).toBe(line);
  });

  it('stops at the 15-step budget before the next model call; later turns are not sent', async () => {
    const { run, model } = await trial('F005', 'clean', () => ({ calls: [{ name: 'status' }, { name: 'status' }] }));
    expect(run.finishReason).toBe('step_budget');
    expect(run.nSteps).toBe(16);
    expect(model.requests).toHaveLength(8);
    expect(run.events.filter((e) => e.type === 'user')).toHaveLength(1);
  });

  it('turns bad arguments into {} and passes unknown-tool and tool errors through untruncated', async () => {
    const { run } = await trial('F003', 'clean', [
      { calls: [{ name: 'admit', arguments: '{"name": "rex", ' }, { name: 'no_such_tool', arguments: {} }, { name: 'survey' }] },
      { answer: 'stop' },
    ]);
    const [bad, unknown] = toolResults(run);
    expect(bad).toMatchObject({ tool: 'admit', args_json: '{}', ok: false });
    expect(bad!.type === 'tool_result' && bad!.result).toMatch(/^ToolError: .*admit\(\) missing 3 required positional arguments/);
    expect(unknown).toMatchObject({ ok: false, faulted: false });
    expect(unknown!.type === 'tool_result' && unknown!.result).toMatch(/^ToolError: unknown tool 'no_such_tool'\. Available: /);
  });

  it('truncates a long result to 1,500 characters', async () => {
    const { run } = await trial('F004', 'clean', [{ calls: [{ name: 'survey' }] }, { answer: 'ok' }]);
    const [survey] = toolResults(run);
    expect(survey!.type === 'tool_result' && survey!.result.length).toBe(1500);
  });

  it('lets an identical retry after schema drift succeed', async () => {
    const env = await bridge.environment('F002', 'schema_drift', 0);
    const victim = env.victimTool!;
    await env.close();
    expect(victim).toBeTruthy();
    const args: Record<string, Record<string, unknown>> = { register_visitor: { name: 'Ada' }, deposit: { amount: 30, memo: 'seeds' }, clear_beds: { beds: [0] }, open_gate: { confirm: true } };
    const { run } = await trial('F002', 'schema_drift', (_req, k) => (k < 6 ? { calls: [{ name: victim, arguments: args[victim] ?? {} }] } : { answer: 'done' }));
    const results = toolResults(run);
    const firedAt = results.findIndex((r) => r.type === 'tool_result' && r.faulted);
    expect(firedAt).toBeGreaterThanOrEqual(0);
    const fired = results[firedAt]!;
    expect(fired.type === 'tool_result' && fired.result).toMatch(new RegExp(`^ToolError: ${victim}\\(\\) got an unexpected keyword argument '.+'\\. Check the current parameter names for this tool\\.$`));
    expect(results[firedAt + 1]).toMatchObject({ tool: victim, faulted: false });
  });

  it('retries 429 and 5xx answers up to five attempts and records a trial whose attempts all fail as failed', async () => {
    const http = (status: number) => ({ error: new BenchError('model:http', `HTTP ${status}`, { details: { status } }) });
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    const ok = await trial('F005', 'clean', [http(429), http(503), { answer: 'a' }, { answer: 'b' }, { answer: 'c' }], 0, { sleep });
    expect(ok.run.status).toBe('ok');
    expect(sleeps).toEqual([1500, 2500]);
    const failed = await trial('F005', 'clean', [http(500), http(502), http(503), http(529), http(429)]);
    expect(failed.run).toMatchObject({ status: 'failed', finishReason: null });
    expect(failed.model.requests).toHaveLength(5);
    const refused = await trial('F005', 'clean', [http(400)]);
    expect(refused.run.status).toBe('failed');
    expect(refused.model.requests).toHaveLength(1);
  });

  it('gives E1 the timeout as transient, and with E2 retries it inside the tool layer so the model sees the real result', async () => {
    const script = (): ScriptedTurn[] => [
      { calls: [{ name: 'deposit', arguments: { amount: 5 } }] }, { answer: 'a' },
      { calls: [{ name: 'status' }] }, { answer: 'b' },
      { calls: [{ name: 'deposit', arguments: { amount: 1, memo: 'more' } }] }, { answer: 'c' },
    ];
    const plain = await trial('F005', 'timeout', script());
    const timedOut = toolResults(plain.run).find((r) => r.type === 'tool_result' && r.faulted)!;
    expect(timedOut.type === 'tool_result' && timedOut.result).toMatch(/^ToolError: request to '.+' timed out after 30s \(no response from service\)$/);
    const guided = await trial('F005', 'timeout', script(), 0, { plugins: [e1Plugin] });
    const withGuidance = toolResults(guided.run).find((r) => r.type === 'tool_result' && r.faulted)!;
    // E1 reads the timeout as transient and appends that kind's guidance on a new line; the record keeps what the model saw.
    expect(withGuidance.type === 'tool_result' && withGuidance.result.startsWith(`${timedOut.type === 'tool_result' && timedOut.result}\n`)).toBe(true);
    expect(guided.model.requests.some((r) => r.messages.some((m) => m.role === 'tool' && m.content === (withGuidance.type === 'tool_result' && withGuidance.result)))).toBe(true);
    const retried = await trial('F005', 'timeout', script(), 0, { plugins: [e2Plugin] });
    expect(toolResults(retried.run).every((r) => r.type === 'tool_result' && !r.result.startsWith('ToolError'))).toBe(true);
    expect(retried.run.nSteps).toBe(plain.run.nSteps + 1);
  });
});
