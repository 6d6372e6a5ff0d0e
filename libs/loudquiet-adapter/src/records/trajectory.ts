import type { Fault } from '../bridge/protocol.ts';
import type { TrialEvent, TrialRun } from '../loop/agent-loop.ts';
import { dumpsPy, parsePyJson, pyDict, PyNumber, type PyDict, type PyValue } from './pyjson.ts';

/** Who ran a trial and how: the record's identity fields (spec §6). */
export interface TrialIdentity {
  /** The model's short name (file names, trial ids). */
  model: string;
  /** The provider's model id. */
  modelId: string;
  reasoning: boolean;
  /** The study's pairing label of the model, when it has one. */
  pair: string | null;
  fault: Fault;
  scaffolding: boolean;
  taskId: string;
  domain: string;
  nTurns: number;
  seed: number;
}

/** `late` for faults, `na` for clean trials. */
export function positionOf(fault: Fault): 'late' | 'na' {
  return fault === 'clean' ? 'na' : 'late';
}

/** `{model}|{fault}|{late|na}|{off|on}|{task}|s{seed}`. */
export function trialId(id: Pick<TrialIdentity, 'model' | 'fault' | 'scaffolding' | 'taskId' | 'seed'>): string {
  return `${id.model}|${id.fault}|${positionOf(id.fault)}|${id.scaffolding ? 'on' : 'off'}|${id.taskId}|s${id.seed}`;
}

/** `{model}__{fault}__{off|on}.jsonl`: the file a trial's record is appended to. */
export function trajectoryFileName(model: string, fault: Fault, scaffolding: boolean): string {
  return `${model}__${fault}__${scaffolding ? 'on' : 'off'}.jsonl`;
}

/** Python's `datetime.now(timezone.utc).isoformat()`: microseconds and `+00:00`. */
export function pythonUtcIso(date: Date): string {
  return `${date.toISOString().slice(0, 19)}.${String(date.getUTCMilliseconds() * 1000).padStart(6, '0')}+00:00`;
}

function eventValue(e: TrialEvent): PyDict {
  const n = (x: number) => PyNumber.int(x);
  switch (e.type) {
    case 'user':
      return pyDict([['type', 'user'], ['turn', n(e.turn)], ['content', e.content]]);
    case 'assistant':
      return pyDict([['type', 'assistant'], ['turn', n(e.turn)], ['content', e.content], ['tool_calls', [...e.tool_calls]]]);
    case 'tool_result':
      return pyDict([
        ['type', 'tool_result'], ['turn', n(e.turn)], ['step', n(e.step)], ['tool', e.tool], ['args', parsePyJson(e.args_json, 'args_json')],
        ['ok', e.ok], ['faulted', e.faulted], ['result', e.result],
      ]);
  }
}

export interface RecordInput {
  identity: TrialIdentity;
  run: TrialRun;
  /** The bridge's `summary_json` and `state_json` (Python's own text). */
  summaryJson: string;
  stateJson: string;
  timestamp: Date;
}

/** The trajectory record, fields in the harness's order. */
export function trajectoryRecord(input: RecordInput): PyDict {
  const { identity: id, run } = input;
  const int = (x: number) => PyNumber.int(x);
  const entries: [string, PyValue][] = [
    ['trial_id', trialId(id)], ['model', id.model], ['model_id', id.modelId], ['reasoning', id.reasoning], ['pair', id.pair],
    ['fault', id.fault], ['position', positionOf(id.fault)], ['scaffolding', id.scaffolding],
    ['task_id', id.taskId], ['domain', id.domain], ['n_turns', int(id.nTurns)], ['seed', int(id.seed)], ['timestamp', pythonUtcIso(input.timestamp)],
    ['status', run.status],
  ];
  if (run.status === 'failed') entries.push(['error', run.error ?? '']);
  entries.push(
    ['finish_reason', run.finishReason], ['n_steps', int(run.nSteps)], ['n_model_calls', int(run.events.filter((e) => e.type === 'assistant').length)],
    ['transcript', run.events.map(eventValue)],
    ['env_summary', parsePyJson(input.summaryJson, 'summary_json')],
    ['final_state', parsePyJson(input.stateJson, 'state_json')],
    ['usage', pyDict([['prompt_tokens', int(run.usage.promptTokens)], ['completion_tokens', int(run.usage.completionTokens)]])],
    ['latency_s', PyNumber.float(run.latencyS)],
  );
  return pyDict(entries);
}

/** One line of a trajectory file: `json.dumps(record)`. */
export function trajectoryLine(record: PyDict): string {
  return dumpsPy(record);
}
