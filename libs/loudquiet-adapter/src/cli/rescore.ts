import { readFileSync } from 'node:fs';
import { parseCommandArgs, UsageError } from '@recovery-bench/harness';
import { isPyDict, parsePyJson, type PyValue } from '../records/pyjson.ts';
import { countedRecords, rescoreLine, scoreTrials } from '../score/rescore.ts';

const HELP = `usage: recovery-bench loudquiet rescore <trajectories.jsonl…> --reference <reference_states.json>

Scores trajectory files recorded by the Loud/Quiet harness (or by this adapter) again and prints one JSON line per
trial: {"trial_id", "state_agreement_ref", "state_agreement_own", "recovered", "perseveration", "repeat_identical"}.
Only records with status "ok" count; for a trial id met twice, the first (files in sorted order) wins.
state_agreement_own compares with the same model's scaffolding-off clean run of the task and seed, so pass the
clean files along with the fault files.`;

const OPTIONS = {
  reference: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the ${what} ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function parse(text: string, where: string): PyValue {
  try {
    return parsePyJson(text, where);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Every record of the files, files in sorted order, lines in file order; a line that is not JSON names its file and line. */
export function* readTrajectoryRecords(paths: readonly string[]): Generator<PyValue> {
  for (const path of [...paths].sort()) {
    const lines = readText(path, 'trajectory file').split('\n');
    for (const [k, line] of lines.entries()) if (line.trim() !== '') yield parse(line, `${path}:${k + 1}`);
  }
}

/** `recovery-bench loudquiet rescore …`: one JSON line per counted trial, in the order the files hold them. */
export async function runRescoreCommand(args: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    out(HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('rescore needs at least one trajectories .jsonl file');
  if (!values.reference) throw new UsageError('rescore needs --reference <reference_states.json>');
  const references = parse(readText(values.reference, 'reference states'), values.reference);
  if (!isPyDict(references)) throw new UsageError(`${values.reference}: not a reference-states object ({task_id: {state, …}})`);
  const records = countedRecords(readTrajectoryRecords(positionals));
  for (const scores of scoreTrials(records, references)) out(rescoreLine(scores));
  return 0;
}
