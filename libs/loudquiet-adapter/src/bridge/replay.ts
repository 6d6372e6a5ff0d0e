import { dumpsPy, field, PyNumber, type PyValue } from '../records/pyjson.ts';
import type { BridgeClient } from './client.ts';
import { FAULTS, type Fault } from './protocol.ts';

/** One recorded trial replayed: where the bridge's results differ from what the harness recorded. */
export interface ReplayResult {
  trialId: string;
  calls: number;
  /** One line each; empty when the bridge reproduces the trial byte for byte. */
  mismatches: string[];
}

const text = (v: PyValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: PyValue | undefined): number | undefined => (v instanceof PyNumber && v.kind === 'int' ? v.value : undefined);

/**
 * Re-executes a recorded trial's tool calls (its `tool_result` events, in order, with their recorded `args`) on a
 * fresh environment of the same task, condition and seed, and compares each step, ok, faulted and result text, then
 * `env_summary` and `final_state` as `json.dumps` texts. The model is not involved: the environment and the faults
 * alone must reproduce what the model saw. Records with `status` other than `ok` are not replayed (undefined).
 */
export async function replayRecord(client: BridgeClient, record: PyValue): Promise<ReplayResult | undefined> {
  if (text(field(record, 'status')) !== 'ok') return undefined;
  const trialId = text(field(record, 'trial_id')) ?? '(no trial_id)';
  const taskId = text(field(record, 'task_id'));
  const fault = text(field(record, 'fault')) as Fault | undefined;
  const seed = int(field(record, 'seed'));
  if (!taskId || !fault || !FAULTS.includes(fault) || seed === undefined) return { trialId, calls: 0, mismatches: ['the record has no usable task_id, fault or seed'] };
  const env = await client.environment(taskId, fault, seed);
  const mismatches: string[] = [];
  let calls = 0;
  try {
    const transcript = field(record, 'transcript');
    for (const event of Array.isArray(transcript) ? transcript : []) {
      if (text(field(event, 'type')) !== 'tool_result') continue;
      calls++;
      const tool = text(field(event, 'tool')) ?? '';
      const args = field(event, 'args');
      const got = await env.call(tool, dumpsPy(args ?? null));
      const step = int(field(event, 'step'));
      const where = `step ${step ?? '?'} ${tool}`;
      if (got.step !== step) mismatches.push(`${where}: step ${got.step}`);
      if (got.ok !== field(event, 'ok')) mismatches.push(`${where}: ok ${got.ok}`);
      if (got.faulted !== field(event, 'faulted')) mismatches.push(`${where}: faulted ${got.faulted}`);
      const recorded = text(field(event, 'result'));
      if (got.body !== recorded) mismatches.push(`${where}: result ${JSON.stringify(got.body.slice(0, 120))}, recorded ${JSON.stringify((recorded ?? '').slice(0, 120))}`);
    }
    const summary = await env.summaryJson();
    const recordedSummary = field(record, 'env_summary');
    if (recordedSummary !== undefined && summary !== dumpsPy(recordedSummary)) mismatches.push(`env_summary ${summary}, recorded ${dumpsPy(recordedSummary)}`);
    const state = await env.snapshotJson();
    const recordedState = field(record, 'final_state');
    if (recordedState !== undefined && state !== dumpsPy(recordedState)) mismatches.push('final_state differs');
  } finally {
    await env.close();
  }
  return { trialId, calls, mismatches };
}
