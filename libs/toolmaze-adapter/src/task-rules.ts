import { BenchError } from '@recovery-bench/harness/errors';
import { isErrorResult } from './error-rule.ts';
import { clonePyJson, pyJsonEqual, pythonJsonDumps } from './python-json.ts';
import type { Fault, Mode, Step, StepStatus, Task, ToolSpec } from './schema.ts';

/** What each mode's fault looks like (spec §3 "Fault"). */
export const FAULT_SHAPE: Readonly<Record<Exclude<Mode, 'P0'>, Pick<Fault, 'visibility' | 'persistence'>>> = {
  P1: { visibility: 'explicit', persistence: 'transient' },
  P2: { visibility: 'explicit', persistence: 'permanent' },
  P3: { visibility: 'implicit', persistence: 'transient' },
  P4: { visibility: 'implicit', persistence: 'permanent' },
};

export const LOAD_WARNING_CODES = [
  'explicit-payload-without-error',
  'implicit-payload-with-error',
  'perturbation-point-mismatch',
  'c1-valid-paths-ignored',
  'c1-file-count',
  'several-perturbed-steps',
  'duplicate-tool',
  'skipped-file',
  'data-hash-mismatch',
  'code-commit-mismatch',
] as const;
export type LoadWarningCode = (typeof LOAD_WARNING_CODES)[number];

/** A doubt about the data that does not stop loading; loaders collect and return them. */
export interface LoadWarning {
  code: LoadWarningCode;
  /** `file: field` where the doubt is. */
  where: string;
  message: string;
}

/**
 * Where a task came from, for messages that name file and field. Raw ToolMaze files are named with ToolMaze's
 * field names, fixture tasks with the normalised ones.
 */
export interface TaskLocation {
  file: string;
  /** e.g. `tasks[3]` inside a suite file; empty for a file holding one task. */
  prefix: string;
  style: 'normalised' | 'raw';
}

const RAW_FIELD: Readonly<Record<string, string>> = {
  requiredPath: 'execution_trace',
  isPerturbed: 'is_perturbed',
  multiPath: 'valid_paths',
  mode: 'perturbation_mode',
  id: 'task_id',
  output: 'output',
  fault: 'execution_trace',
  toolName: 'tool_name',
  declaredPerturbationPoint: 'perturbation_point',
};

/** `file: prefix.field[i].sub` in the file's own vocabulary. */
export function locate(loc: TaskLocation, ...segments: (string | number)[]): string {
  let path = loc.prefix;
  for (const s of segments) {
    if (typeof s === 'number') path += `[${s}]`;
    else path += `${path === '' ? '' : '.'}${loc.style === 'raw' ? (RAW_FIELD[s] ?? s) : s}`;
  }
  return path === '' ? loc.file : `${loc.file}: ${path}`;
}

/** Every step a task names: the required path, then each valid path's steps (C2–C4). */
export function allSteps(task: Pick<Task, 'requiredPath' | 'multiPath'>): Step[] {
  return [...task.requiredPath, ...(task.multiPath?.validPaths.flatMap((p) => p.steps) ?? [])];
}

/** The fault of a task: from its first perturbed step (the judge's victim); null for P0 or no perturbed step. */
export function deriveFault(mode: Mode, requiredPath: readonly Step[], otherSteps: readonly Step[] = []): Fault | null {
  if (mode === 'P0') return null;
  const inPath = requiredPath.findIndex((s) => s.isPerturbed);
  const steps = inPath >= 0 ? requiredPath : otherSteps;
  const at = inPath >= 0 ? inPath : otherSteps.findIndex((s) => s.isPerturbed);
  if (at < 0) return null;
  const step = steps[at]!;
  return {
    toolName: step.toolName,
    stepIndex: at,
    payload: clonePyJson(step.output),
    payloadStatus: step.status ?? 'error',
    ...FAULT_SHAPE[mode],
    victimIsLastNode: !steps.slice(at + 1).some((s) => !s.isPerturbed),
  };
}

/** Distinct tool names in first-appearance order. */
export function distinctTools(steps: readonly Step[]): string[] {
  return [...new Set(steps.map((s) => s.toolName))];
}

export interface PerturbedEntry {
  payload: unknown;
  status: StepStatus;
}

/**
 * Tool name → what an injected call returns, for every perturbed step of the required path: ToolMaze keys
 * injection on the name alone, so a later step of the same name wins.
 */
export function perturbationMap(task: Pick<Task, 'requiredPath' | 'mode'>): Map<string, PerturbedEntry> {
  const map = new Map<string, PerturbedEntry>();
  if (task.mode === 'P0') return map;
  for (const step of task.requiredPath) if (step.isPerturbed) map.set(step.toolName, { payload: step.output, status: step.status ?? 'error' });
  return map;
}

function invalid(message: string): never {
  throw new BenchError('task:invalid', message);
}

/**
 * Loader errors 1–3 and the task-level warnings (spec §3). A declared `fault` must be the one the first
 * perturbed step implies, so that fixture data cannot say two different things.
 */
export function checkTask(task: Task, loc: TaskLocation): LoadWarning[] {
  const steps = allSteps(task);
  const perturbed = steps.filter((s) => s.isPerturbed);
  if (task.mode === 'P0') {
    const i = task.requiredPath.findIndex((s) => s.isPerturbed);
    if (i >= 0) invalid(`${locate(loc, 'requiredPath', i, 'isPerturbed')}: a P0 task has no perturbed step (ToolMaze would inject it)`);
    if (perturbed.length > 0) invalid(`${locate(loc, 'multiPath')}: a P0 task has no perturbed step (ToolMaze would inject it)`);
    if (task.fault !== null) invalid(`${locate(loc, 'fault')}: a P0 task has no fault`);
  } else if (perturbed.length === 0) {
    invalid(`${locate(loc, 'requiredPath')}: a ${task.mode} task needs at least one perturbed step`);
  }
  if (task.complexity === 'C1' && task.multiPath !== undefined) invalid(`${locate(loc, 'multiPath')}: a C1 task has no multiPath`);
  const expected = deriveFault(task.mode, task.requiredPath, task.multiPath?.validPaths.flatMap((p) => p.steps));
  if (!pyJsonEqual(task.fault, expected)) {
    invalid(`${locate(loc, 'fault')}: does not match the first perturbed step; expected ${pythonJsonDumps(expected)}`);
  }
  return taskWarnings(task, perturbed.length, loc);
}

function taskWarnings(task: Task, perturbedCount: number, loc: TaskLocation): LoadWarning[] {
  const warnings: LoadWarning[] = [];
  const fault = task.fault;
  if (fault) {
    const payloadAt = locate(loc, 'requiredPath', fault.stepIndex, 'output');
    const isError = isErrorResult(fault.payload);
    if (fault.visibility === 'explicit' && !isError) {
      warnings.push({ code: 'explicit-payload-without-error', where: payloadAt, message: `an explicit (${task.mode}) payload without "error" counts as a success` });
    }
    if (fault.visibility === 'implicit' && isError) {
      warnings.push({ code: 'implicit-payload-with-error', where: payloadAt, message: `an implicit (${task.mode}) payload with "error" counts as a failure` });
    }
    const declared = task.declaredPerturbationPoint;
    if (typeof declared === 'number' && declared !== fault.stepIndex) {
      warnings.push({ code: 'perturbation-point-mismatch', where: locate(loc, 'declaredPerturbationPoint'), message: `declares ${declared}, but the first perturbed step is at index ${fault.stepIndex}` });
    }
  }
  if (perturbedCount > 1) {
    warnings.push({ code: 'several-perturbed-steps', where: locate(loc, 'requiredPath'), message: `${perturbedCount} perturbed steps: every one's tool is injected, the first is the judge's victim` });
  }
  return warnings;
}

/** Loader errors 4 (unique ids) and 5 (every offered tool has a spec; ToolMaze would silently drop it). */
export function checkSuiteTasks(tasks: readonly { task: Task; loc: TaskLocation }[], tools: Readonly<Record<string, ToolSpec>>): void {
  const seen = new Map<string, string>();
  for (const { task, loc } of tasks) {
    const before = seen.get(task.id);
    if (before !== undefined) invalid(`${locate(loc, 'id')}: duplicate task id "${task.id}" (also in ${before})`);
    seen.set(task.id, loc.prefix === '' ? loc.file : `${loc.file}: ${loc.prefix}`);
    task.offeredTools.forEach((name, i) => {
      if (!Object.hasOwn(tools, name)) invalid(`${offeredToolField(task, loc, name, i)}: no tool spec for "${name}"`);
    });
  }
}

function offeredToolField(task: Task, loc: TaskLocation, name: string, i: number): string {
  if (loc.style === 'normalised') return locate(loc, 'offeredTools', i);
  const step = task.requiredPath.findIndex((s) => s.toolName === name);
  return step >= 0 ? locate(loc, 'requiredPath', step, 'toolName') : locate(loc, 'multiPath');
}
