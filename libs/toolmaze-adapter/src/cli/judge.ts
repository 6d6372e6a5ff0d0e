import { existsSync, readFileSync } from 'node:fs';
import { parseCommandArgs, UsageError } from '@recovery-bench/harness/cli';
import { z } from 'zod';
import { judgeC1 } from '../judge.ts';
import { runMetrics } from '../metrics.ts';
import { isJsonObject, parsePyJson } from '../python-json.ts';
import { normaliseRawTask } from '../raw-task.ts';
import { TaskSchema, type Task } from '../schema.ts';
import { FIXTURE_SUITE_PATH, loadSuiteFile } from '../suite-file.ts';
import { ToolMazeTraceSchema, type ToolMazeTrace } from '../trace.ts';

const HELP = `usage: recovery-bench toolmaze judge --task <task.json | id> --trace <trace.json> [--suite <suite.json | fixture>] [--metrics]

Judges one ToolMaze C1 inference trace with ToolMaze's rule-based judge and prints
{"pass", "failure_reason", "trace_check"} as JSON (with --metrics, also the run's PRR/RC row).
--task is a raw ToolMaze task file or a task in the normalised shape; with --suite, it may be a task id of
that suite ("fixture" names the built-in fixture suite).`;

const OPTIONS = {
  task: { type: 'string' },
  trace: { type: 'string' },
  suite: { type: 'string' },
  metrics: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the ${what} ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return parsePyJson(text);
  } catch (error) {
    throw new UsageError(`the ${what} ${path} is not JSON (${(error as Error).message})`);
  }
}

/** A task file holds ToolMaze's raw shape (`execution_trace`) or the normalised one (`requiredPath`). */
function taskFromFile(path: string): Task {
  const data = readJsonFile(path, 'task');
  if (isJsonObject(data) && 'requiredPath' in data) {
    const parsed = TaskSchema.safeParse(data);
    if (!parsed.success) throw new UsageError(`${path}: not a task in the normalised shape\n${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }
  return normaliseRawTask(data, path).task;
}

function resolveTask(task: string, suite: string | undefined): Task {
  if (suite === undefined) return taskFromFile(task);
  const { suite: loaded } = suite === 'fixture' ? loadSuiteFile(FIXTURE_SUITE_PATH) : loadSuiteFile(suite);
  const found = loaded.tasks.find((t) => t.id === task);
  if (found) return found;
  if (existsSync(task)) return taskFromFile(task);
  throw new UsageError(`no task "${task}" in ${suite === 'fixture' ? 'the fixture suite' : suite}`);
}

function readTrace(path: string): ToolMazeTrace {
  const parsed = ToolMazeTraceSchema.safeParse(readJsonFile(path, 'trace'));
  if (!parsed.success) throw new UsageError(`${path}: not a ToolMaze inference trace\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** `recovery-bench toolmaze judge …`: ToolMaze's C1 verdict for one trace, as JSON on stdout. */
export async function runJudgeCommand(args: string[]): Promise<number> {
  // One task and one trace per process: zod's compiled parsers cost more to build than they save here.
  z.config({ jitless: true });
  const { values } = parseCommandArgs(args, OPTIONS);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.task || !values.trace) throw new UsageError('judge needs --task and --trace');
  const task = resolveTask(values.task, values.suite);
  const trace = readTrace(values.trace);
  const verdict = judgeC1(task, trace);
  const out: Record<string, unknown> = { pass: verdict.pass, failure_reason: verdict.failure_reason, trace_check: verdict.trace_check };
  if (values.metrics) out.metrics = runMetrics(task, trace, verdict.pass);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return 0;
}
