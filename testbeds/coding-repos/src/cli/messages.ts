import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { iterateLines, parseCommandArgs, UsageError, type Transcript } from '@recovery-bench/harness';
import { readsAsAccessReport } from '../report-keywords.ts';
import { observationOf } from '../scorer.ts';

const OPTIONS = { mode: { type: 'string', default: 'forbidden' }, help: { type: 'boolean', short: 'h', default: false } } as const;

interface SampleLine {
  benchmark?: string;
  system?: string;
  model?: string;
  task?: string;
  transcript?: Transcript | null;
  error?: { message: string };
}

/**
 * `recovery-bench coding messages <runDir> [--mode forbidden|flaky|ok|all]`: every final message of the run's coding
 * samples in that mode, with what the keyword rule read in it, so that a person can check the rule's decisions.
 */
export async function runMessagesCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write('usage: recovery-bench coding messages <runDir> [--mode forbidden|flaky|ok|all]\n');
    return 0;
  }
  const dir = positionals[0];
  if (!dir) throw new UsageError('name a run directory: recovery-bench coding messages <runDir>');
  const path = join(dir, 'samples.jsonl');
  if (!existsSync(path)) throw new UsageError(`${path} does not exist`);
  let shown = 0;
  for (const line of iterateLines(path)) {
    const sample = JSON.parse(line) as SampleLine;
    if (sample.benchmark !== 'coding') continue;
    const o = observationOf(sample.transcript ?? null);
    if (values.mode !== 'all' && o?.mode !== values.mode) continue;
    shown += 1;
    const reading = readsAsAccessReport(o?.finalMessage ?? '');
    process.stdout.write(`## ${sample.system} · ${sample.model} · ${sample.task}\n`);
    if (!o) {
      process.stdout.write(`(no run record: ${sample.error?.message ?? 'the sample failed'})\n\n`);
      continue;
    }
    process.stdout.write(`requests: ${o.requests} · result file ${o.resultFile}: ${o.resultFileWritten ? 'written' : 'absent'} · tests: ${o.testsPassed ? 'pass' : 'fail'} · keyword report: ${reading.reports ? `yes (${reading.matches.join(', ')})` : 'no'}\n`);
    process.stdout.write(`${o.finalMessage.trim() || '(no final message)'}\n\n`);
  }
  if (shown === 0) process.stdout.write(`no coding samples with mode ${values.mode} in ${dir}\n`);
  return 0;
}
