import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import type { LoadedSuite } from './checkout.ts';
import { parsePyJson } from './python-json.ts';
import { SuiteSchema } from './schema.ts';
import { checkSuiteTasks, checkTask, type LoadWarning, type TaskLocation } from './task-rules.ts';

/** The self-authored fixture suite shipped with the adapter (spec §10); the built-in default. */
export const FIXTURE_SUITE_PATH = fileURLToPath(new URL('../fixtures/toolmaze-fixture-suite.json', import.meta.url));

/** The sim engine's scripts for the fixture suite's gold paths, one file per base task. */
export const FIXTURE_SIM_SCRIPTS_DIR = fileURLToPath(new URL('../fixtures/sim-scripts/', import.meta.url));

/** Checks a parsed suite: its schema, then loader errors 1–5 and the warnings, naming the file and field. */
export function checkSuite(data: unknown, file: string): LoadedSuite {
  const parsed = SuiteSchema.safeParse(data);
  if (!parsed.success) throw new BenchError('task:invalid', `${file}: invalid suite\n${z.prettifyError(parsed.error)}`);
  const suite = parsed.data;
  const warnings: LoadWarning[] = [];
  const located = suite.tasks.map((task, i) => ({ task, loc: { file, prefix: `tasks[${i}]`, style: 'normalised' } satisfies TaskLocation }));
  for (const { task, loc } of located) warnings.push(...checkTask(task, loc));
  checkSuiteTasks(located, suite.tools);
  return { suite, warnings };
}

/** Loads a suite file in the normalised shape (the fixture suite by default), keeping Python floats. */
export function loadSuiteFile(path: string = FIXTURE_SUITE_PATH): LoadedSuite {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new BenchError('config:invalid', `${path}: cannot read the suite (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let data: unknown;
  try {
    data = parsePyJson(text);
  } catch (error) {
    throw new BenchError('task:invalid', `${path}: not JSON (${(error as Error).message})`);
  }
  return checkSuite(data, path);
}
