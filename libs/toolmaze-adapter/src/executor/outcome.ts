import type { InjectedFault, ToolOutcome } from '@recovery-bench/harness';
import { isErrorResult } from '../error-rule.ts';

export type PerturbationStatus = 'clean' | 'perturbed';

/** What a ToolMaze call leaves in the transcript's tool event (`meta.toolmaze`), for traces and the judge. */
export interface ToolmazeCallRecord {
  /** The structured result (JSON), before plug-ins edit the text. */
  result: unknown;
  perturbationStatus: PerturbationStatus;
}

export const CALL_META_KEY = 'toolmaze';

/** `text` is the result as Python's `json.dumps(result, ensure_ascii=False)` prints it. */
export function toolOutcome(result: unknown, text: string, fault?: InjectedFault): ToolOutcome {
  const record: ToolmazeCallRecord = { result, perturbationStatus: fault ? 'perturbed' : 'clean' };
  const outcome: ToolOutcome = { content: text, isError: isErrorResult(result), raw: result, meta: { [CALL_META_KEY]: record } };
  if (fault) outcome.fault = fault;
  return outcome;
}
