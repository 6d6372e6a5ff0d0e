import { checkGates, loadGates } from '../report/gate.ts';
import { useRunModules } from '../benchmarks.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { writeReport } from '../report/write.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench report <runDir…> [--gate gates.yaml] [--resamples N] [--seed S] [--out DIR]

Writes report.md, report.html, report.json and summary.json for the run directories (into the first one, or
--out). Two runs of the same config are compared turn by turn (the exact-rerun check).
--gate: exits 1 when a declared contrast falls below its threshold, e.g.
  gates:
    - { contrast: "layer effect (proxy-c3 − off), explicit faults", model: all, min: 5 }`;

export async function runReportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    gate: { type: 'string' }, resamples: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  }, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('name at least one run directory');
  const resamples = values.resamples === undefined ? undefined : positiveInt(values.resamples, '--resamples');
  const seed = values.seed === undefined ? undefined : positiveInt(values.seed, '--seed');
  await useRunModules(positionals);
  const summary = summarize(positionals.map(loadRun), { resamples, seed });
  const paths = writeReport(values.out ?? positionals[0]!, summary);
  process.stdout.write(`report: ${paths.html}\n`);
  if (!values.gate) return 0;
  const results = checkGates(summary, loadGates(values.gate));
  for (const r of results) process.stdout.write(`gate ${r.message}\n`);
  const failed = results.filter((r) => !r.passed).length;
  process.stdout.write(failed === 0 ? `gates: all ${results.length} passed\n` : `gates: ${failed} of ${results.length} failed\n`);
  return failed === 0 ? 0 : 1;
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} takes a positive whole number; got "${text}"`);
  return n;
}
