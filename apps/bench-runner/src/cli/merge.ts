import { mergeRuns } from '../run/merge.ts';
import { useRunModules } from '../benchmarks.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { writeReport } from '../report/write.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench merge <runDir…> [--out runs/] [--no-report]

Joins run directories of one config — the shards of a plan (run --shard i/n), or parts run on several hosts —
into a new run directory, and writes its report. The last line printed is the new run directory.`;

export async function runMergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { out: { type: 'string', default: 'runs' }, 'no-report': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length < 2) throw new UsageError('name at least two run directories to merge');
  await useRunModules(positionals);
  const merged = mergeRuns(positionals, values.out);
  process.stdout.write(`merged ${positionals.length} runs: ${merged.samples} of ${merged.manifest.plan.samples} planned samples (${merged.manifest.status})\n`);
  if (!values['no-report']) process.stdout.write(`report: ${writeReport(merged.dir, summarize([loadRun(merged.dir)])).html}\n`);
  process.stdout.write(`${merged.dir}\n`);
  return 0;
}
