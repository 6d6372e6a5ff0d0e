import type { InjectedFault, ParsedToolCall } from '@recovery-bench/harness';
import type { Kind } from '@recovery-bench/toolerror-core';
import { assertC1 } from '../errors.ts';
import { clonePyJson, parsePyJson, isJsonObject } from '../python-json.ts';
import type { Mode, StepStatus, Task } from '../schema.ts';
import { FAULT_SHAPE, perturbationMap, type PerturbedEntry } from '../task-rules.ts';

/**
 * The kind each mode's fault declares to client plug-ins. ToolMaze has no kinds of its own: a P1 outage goes
 * away on retry (transient), a P2 one does not (unrecoverable), and P3/P4 corrupt data without an error,
 * which no reader can classify from the text (ambiguous). E1 appends guidance for the first two only.
 */
export const FAULT_KIND: Readonly<Record<Exclude<Mode, 'P0'>, Kind>> = {
  P1: 'transient',
  P2: 'unrecoverable',
  P3: 'ambiguous',
  P4: 'ambiguous',
};

export interface Injection {
  payload: unknown;
  status: StepStatus;
  fault: InjectedFault;
}

/**
 * ToolMaze's C1 injection (spec §5): keyed on the tool name alone. Under P2/P4 every call of a perturbed tool
 * is perturbed; under P1/P3 only a call with no earlier call of that name in the run. P0 never injects.
 * One injector serves one run.
 */
export class FaultInjector {
  readonly #mode: Mode;
  readonly #map: Map<string, PerturbedEntry>;
  readonly #called = new Set<string>();

  constructor(task: Task) {
    assertC1(task.complexity);
    this.#mode = task.mode;
    this.#map = perturbationMap(task);
  }

  /** Decides one call and remembers it; an injection carries a fresh copy of the payload. */
  next(toolName: string): Injection | undefined {
    const earlier = this.#called.has(toolName);
    this.#called.add(toolName);
    const entry = this.#map.get(toolName);
    if (this.#mode === 'P0' || entry === undefined) return undefined;
    if (FAULT_SHAPE[this.#mode].persistence === 'transient' && earlier) return undefined;
    const fault: InjectedFault = { id: `toolmaze:${this.#mode}`, kind: FAULT_KIND[this.#mode], tool: toolName, visibility: FAULT_SHAPE[this.#mode].visibility };
    return { payload: clonePyJson(entry.payload), status: entry.status, fault };
  }
}

/** The call's arguments with Python floats kept (the loop's own parse uses `JSON.parse`). */
export function callArguments(call: ParsedToolCall): Record<string, unknown> {
  if (call.rawArguments.trim() === '') return {};
  try {
    const value = parsePyJson(call.rawArguments);
    return isJsonObject(value) ? value : call.arguments;
  } catch {
    return call.arguments;
  }
}
