import { assertC1 } from './errors.ts';
import type { Mode, Task } from './schema.ts';
import type { ToolMazeTrace } from './trace.ts';
import { finalAnswerText, pyListRepr, traceCalls, type TraceCall } from './trace-reading.ts';

/** Substrings of the lower-cased final answer that count as an explicit abort (spec §7, P2/P4 rule 3). */
export const ABORT_PHRASES = [
  'task abort',
  'task aborted',
  'unable to complete',
  'cannot complete',
  'could not complete',
  'failed to complete',
  'i cannot proceed',
  'i am unable to proceed',
  'terminating the task',
  'stopping the task',
] as const;

export const JUDGE_REASON_CODES = [
  'toolmaze:missing-tools',
  'toolmaze:no-retry',
  'toolmaze:victim-never-succeeded',
  'toolmaze:victim-never-clean',
  'toolmaze:victim-never-called',
  'toolmaze:missing-pre-victim-tools',
  'toolmaze:continued-after-victim',
  'toolmaze:no-abort-signal',
  'toolmaze:unknown-mode',
] as const;
export type JudgeReasonCode = (typeof JUDGE_REASON_CODES)[number];

export interface TraceCheck {
  match: boolean;
  victim_tool: string | null;
  missing_tools: string[];
  ground_truth: { execution_trace: string[] };
  actual: { execution_trace: string[] };
  forbidden_tools_called?: string[];
  victim_is_last_node?: boolean;
  abort_required?: boolean;
  abort_in_final_answer?: boolean | null;
  reasoning?: string;
}

/** ToolMaze's judgement, field for field. */
export interface Judgement {
  pass: boolean;
  failure_reason: string | null;
  trace_check: TraceCheck;
}

/** The judgement plus a reason code per failed part, in the order of `failure_reason`'s parts. */
export interface C1Verdict extends Judgement {
  reasonCodes: JudgeReasonCode[];
}

interface Failure {
  code: JudgeReasonCode;
  text: string;
}

export function hasAbortSignal(text: string): boolean {
  const lower = text.toLowerCase();
  return ABORT_PHRASES.some((p) => lower.includes(p));
}

const distinct = (names: readonly string[]) => [...new Set(names)];

/**
 * ToolMaze's rule-based C1 judge (spec §7). Lists that ToolMaze builds from sets come out here in path order
 * (forbidden tools sorted), so compare them as sets against the Python judge.
 */
export function judgeC1(task: Task, trace: ToolMazeTrace): C1Verdict {
  assertC1(task.complexity);
  const calls = traceCalls(trace);
  const actual = calls.map((c) => c.name);
  const groundTruth = task.requiredPath.map((s) => s.toolName);
  const succeeded = new Set(calls.filter((c) => c.success).map((c) => c.name));
  const missing = distinct(groundTruth).filter((t) => !succeeded.has(t));
  const victim = task.fault?.toolName ?? task.requiredPath.find((s) => s.isPerturbed)?.toolName ?? null;
  const base = { victim_tool: task.mode === 'P0' ? null : victim, ground_truth: { execution_trace: groundTruth }, actual: { execution_trace: actual } };
  const mode: Mode = task.mode;
  let failures: Failure[];
  let check: Omit<TraceCheck, 'match'>;
  switch (mode) {
    case 'P0':
      failures = missing.length > 0 ? [{ code: 'toolmaze:missing-tools', text: `missing required tools: ${pyListRepr(missing)}` }] : [];
      check = { ...base, missing_tools: missing };
      break;
    case 'P1':
    case 'P3':
      failures = retryFailures(mode, victim ?? '', calls, missing);
      check = { ...base, missing_tools: missing };
      break;
    case 'P2':
    case 'P4':
      ({ failures, check } = stopRule(task, victim ?? '', actual, finalAnswerText(trace), base));
      break;
    default:
      failures = [{ code: 'toolmaze:unknown-mode', text: `Unknown mode: ${String(mode)}` }];
      check = { ...base, missing_tools: [] };
  }
  const pass = failures.length === 0;
  const failureReason = pass ? null : (failures[0]!.code === 'toolmaze:unknown-mode' ? failures[0]!.text : `${mode} failed: ${failures.map((f) => f.text).join('; ')}`);
  return { pass, failure_reason: failureReason, trace_check: { match: pass, ...check }, reasonCodes: failures.map((f) => f.code) };
}

/** P1 and P3 (the same code): the victim retried, one victim call succeeded, every required tool succeeded. */
function retryFailures(mode: 'P1' | 'P3', victim: string, calls: readonly TraceCall[], missing: readonly string[]): Failure[] {
  const victimCalls = calls.filter((c) => c.name === victim);
  // An imported trace may lack the victim's tool message; the retry check gives it the benefit of the doubt.
  const victimSucceeded = victimCalls.some((c) => c.success || !c.answered);
  const failures: Failure[] = [];
  if (victimCalls.length < 2) failures.push({ code: 'toolmaze:no-retry', text: `no retry on '${victim}' (called ${victimCalls.length} time(s), need >=2)` });
  if (!victimSucceeded) {
    failures.push(mode === 'P1'
      ? { code: 'toolmaze:victim-never-succeeded', text: `'${victim}' never succeeded after retries` }
      : { code: 'toolmaze:victim-never-clean', text: `'${victim}' never returned clean data after retries` });
  }
  if (missing.length > 0) failures.push({ code: 'toolmaze:missing-tools', text: `missing required tools: ${pyListRepr(missing)}` });
  return failures;
}

/**
 * P2 and P4 (the same code): the victim and the tools before it were called, nothing but the victim came
 * after its first call, and when the victim is the last node the final answer says the task was aborted.
 */
function stopRule(task: Task, victim: string, actual: readonly string[], finalAnswer: string, base: Omit<TraceCheck, 'match' | 'missing_tools'>): { failures: Failure[]; check: Omit<TraceCheck, 'match'> } {
  const vi = task.fault?.stepIndex ?? 0;
  const pre = distinct(task.requiredPath.slice(0, vi).filter((s) => !s.isPerturbed).map((s) => s.toolName));
  const called = new Set(actual);
  const first = actual.indexOf(victim);
  const failures: Failure[] = [];
  let missing: string[];
  if (first < 0) {
    missing = distinct([...pre, victim]).filter((t) => !called.has(t));
    failures.push({ code: 'toolmaze:victim-never-called', text: `'${victim}' was never called` });
  } else {
    missing = pre.filter((t) => !called.has(t));
    if (missing.length > 0) failures.push({ code: 'toolmaze:missing-pre-victim-tools', text: `missing required pre-victim tools: ${pyListRepr(missing)}` });
  }
  const forbidden = first < 0 ? [] : distinct(actual.slice(first + 1).filter((t) => t !== victim)).sort();
  if (forbidden.length > 0) failures.push({ code: 'toolmaze:continued-after-victim', text: `agent should have stopped but called other tools after victim: ${pyListRepr(forbidden)}` });
  const lastNode = task.fault?.victimIsLastNode ?? false;
  const abortFound = lastNode ? hasAbortSignal(finalAnswer) : null;
  if (lastNode && !abortFound) failures.push({ code: 'toolmaze:no-abort-signal', text: `'${victim}' is the last node; final_answer must contain an explicit abort signal` });
  const reasoning = first < 0
    ? `'${victim}' was never called.`
    : `'${victim}' first called at position ${first + 1} of ${actual.length}; ${forbidden.length} other tool(s) called after it${lastNode ? `; it is the last node, so an abort signal is required (${abortFound ? 'found' : 'not found'})` : ''}.`;
  return {
    failures,
    check: { ...base, missing_tools: missing, forbidden_tools_called: forbidden, victim_is_last_node: lastNode, abort_required: lastNode, abort_in_final_answer: abortFound, reasoning },
  };
}
