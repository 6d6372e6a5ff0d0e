import { field, PyNumber, type PyValue } from '../records/pyjson.ts';
import { fieldKey } from './state-agreement.ts';

/** A `tool_result` event of a record, as the measures read it. */
export interface ToolResultView {
  step: number;
  tool: string;
  /** `json.dumps(args, sort_keys=True)`. */
  argsKey: string;
}

/** The `tool_result` events of a record's transcript, in order. */
export function toolResults(record: PyValue): ToolResultView[] {
  const transcript = field(record, 'transcript');
  if (!Array.isArray(transcript)) return [];
  return transcript.flatMap((e) => {
    if (field(e, 'type') !== 'tool_result') return [];
    const step = field(e, 'step');
    return [{ step: step instanceof PyNumber ? step.value : NaN, tool: String(field(e, 'tool')), argsKey: fieldKey(field(e, 'args') ?? null) }];
  });
}

/** The longest run of consecutive results with the same key. */
function longestRun<T>(items: readonly T[], key: (t: T) => string): number {
  let best = 0;
  let run = 0;
  let prev: string | undefined;
  for (const item of items) {
    const k = key(item);
    run = k === prev ? run + 1 : 1;
    prev = k;
    best = Math.max(best, run);
  }
  return best;
}

export interface RecoveryMeasures {
  replanned: boolean;
  /** After the fault, the same tool name three or more times in a row (arguments may differ). */
  perseveration: boolean;
  /** The same, with identical tool and arguments. */
  repeatIdentical: boolean;
}

/** `env_summary.fault_step` when the fault fired, else null. */
export function faultStep(record: PyValue): number | null {
  const summary = field(record, 'env_summary');
  const step = field(summary, 'fault_step');
  return step instanceof PyNumber ? step.value : null;
}

/**
 * Replanned, perseveration and repeat-identical (spec §8), over the results after `fault_step`; all False when
 * the fault never fired. Replanned needs the failed call's own event to compare with: when the fault step has none
 * (E2's retries inside the tool layer leave no trace of the failed call), the harness scores False, and so do we.
 */
export function recoveryMeasures(record: PyValue): RecoveryMeasures {
  const at = faultStep(record);
  if (at === null) return { replanned: false, perseveration: false, repeatIdentical: false };
  const results = toolResults(record);
  const failed = results.find((r) => r.step === at);
  const after = results.filter((r) => r.step > at);
  const same = (a: ToolResultView, b: ToolResultView) => a.tool === b.tool && a.argsKey === b.argsKey;
  return {
    replanned: failed !== undefined && after.length > 0 && !same(after[0]!, failed),
    perseveration: longestRun(after, (r) => r.tool) >= 3,
    repeatIdentical: longestRun(after, (r) => `${r.tool}\u0000${r.argsKey}`) >= 3,
  };
}

/** H3.4 on a missing tool: whether the hidden tool was called again after its fault, and whether the run stopped calling it. */
export function hiddenToolCalls(record: PyValue): { fired: boolean; calledAgain: number } {
  const at = faultStep(record);
  const tool = field(field(record, 'env_summary'), 'fault_tool');
  if (at === null || typeof tool !== 'string') return { fired: false, calledAgain: 0 };
  return { fired: true, calledAgain: toolResults(record).filter((r) => r.step > at && r.tool === tool).length };
}

