import { loadRun, summarize } from '../report/summarize.ts';
import { useRunModules } from '../benchmarks.ts';
import { writeReport } from '../report/write.ts';
import { scoreRun } from '../run/score.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench score <runDir> [--no-report]

Scores a run's saved transcripts again with its benchmark's current scorers into scores.jsonl (replacing it
whole once done), then rewrites the report. No model is called: a judge fix reaches saved runs this way.
The last line printed is the run directory.`;

export async function runScoreCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { 'no-report': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('name one run directory');
  await useRunModules([positionals[0]!]);
  const result = await scoreRun(positionals[0]!, { onProgress: (n) => process.stderr.write(`scored ${n} samples\n`) });
  process.stdout.write(`scored ${result.scored} samples${result.errors > 0 ? ` (${result.errors} without a score: engine or harness errors, or tasks no longer in the source)` : ''} into scores.jsonl\n`);
  if (!values['no-report']) process.stdout.write(`report: ${writeReport(result.dir, summarize([loadRun(result.dir)])).html}\n`);
  process.stdout.write(`${result.dir}\n`);
  return 0;
}
