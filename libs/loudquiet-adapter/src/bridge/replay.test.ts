import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePyJson, pyDict, PyNumber, type PyValue } from '../records/pyjson.ts';
import { BridgeClient } from './client.ts';
import { fixtureLaunch } from './fixture-launch.ts';
import type { Fault } from './protocol.ts';
import { replayRecord } from './replay.ts';

let bridge: BridgeClient;
beforeAll(async () => {
  bridge = await BridgeClient.start(fixtureLaunch());
});
afterAll(async () => {
  await bridge?.close();
});

/** A record of the harness's shape, made by running `calls` through a fresh bridge environment. */
async function recordOf(task: string, fault: Fault, seed: number, calls: [string, string][]): Promise<Map<string, PyValue>> {
  const env = await bridge.environment(task, fault, seed);
  const transcript: PyValue[] = [];
  for (const [tool, args] of calls) {
    const r = await env.call(tool, args);
    transcript.push(pyDict([['type', 'tool_result'], ['turn', PyNumber.int(0)], ['step', PyNumber.int(r.step)], ['tool', tool], ['args', parsePyJson(r.args_json)], ['ok', r.ok], ['faulted', r.faulted], ['result', r.body]]));
  }
  const record = pyDict([
    ['trial_id', `m|${fault}|late|off|${task}|s${seed}`], ['fault', fault], ['task_id', task], ['seed', PyNumber.int(seed)], ['status', 'ok'],
    ['transcript', transcript], ['env_summary', parsePyJson(await env.summaryJson())], ['final_state', parsePyJson(await env.snapshotJson())],
  ]);
  await env.close();
  return record;
}

describe('replayRecord', () => {
  const calls: [string, string][] = [['status', '{}'], ['deposit', '{"amount": 3}'], ['deposit', '{"amount": 2.5}'], ['nope', '{}'], ['deposit', '{"amount": 1, "memo": "x"}']];

  it('reproduces a recorded trial under every condition', async () => {
    for (const fault of ['clean', 'timeout', 'schema_drift', 'missing_tool', 'silent_corruption'] as const) {
      for (const seed of [0, 1]) {
        const result = await replayRecord(bridge, await recordOf('F005', fault, seed, calls));
        expect(result).toEqual({ trialId: `m|${fault}|late|off|F005|s${seed}`, calls: 5, mismatches: [] });
      }
    }
  });

  it('names each difference: a result, a flag, the summary and the final state', async () => {
    const record = await recordOf('F005', 'silent_corruption', 0, calls);
    const events = record.get('transcript') as Map<string, PyValue>[];
    // The fault fires on the first call (target step 1, an ok result).
    events[0]!.set('result', '{"frozen": false}');
    events[0]!.set('faulted', false);
    (record.get('env_summary') as Map<string, PyValue>).set('n_steps', PyNumber.int(4));
    ((record.get('final_state') as Map<string, PyValue>).get('LedgerAPI') as Map<string, PyValue>).set('balance', PyNumber.int(99));
    const result = await replayRecord(bridge, record);
    expect(result!.mismatches, result!.mismatches.join("\n")).toHaveLength(4);
    expect(result!.mismatches[0]).toBe('step 1 status: faulted true');
    expect(result!.mismatches[1]).toMatch(/^step 1 status: result "\{\\"frozen\\": true\}", recorded "\{\\"frozen\\": false\}"$/);
    expect(result!.mismatches[2]).toMatch(/^env_summary .*"n_steps": 5.*, recorded .*"n_steps": 4/);
    expect(result!.mismatches[3]).toBe('final_state differs');
  });

  it('skips failed records and reports an unusable one', async () => {
    expect(await replayRecord(bridge, pyDict([['status', 'failed']]))).toBeUndefined();
    expect(await replayRecord(bridge, pyDict([['status', 'ok'], ['trial_id', 'x']]))).toEqual({ trialId: 'x', calls: 0, mismatches: ['the record has no usable task_id, fault or seed'] });
  });
});
