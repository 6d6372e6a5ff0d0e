import type { BenchmarkEntry } from '@recovery-bench/harness';
import { benchmarkEntries, benchmarkIds, getBenchmark } from '../benchmarks.ts';
import { loadRunConfig, overrideEngines, presetConfig } from '../config/load.ts';
import { hasPreset } from '../config/presets.ts';
import type { RunConfig } from '../config/schema.ts';
import { parseShard } from '../run/plan.ts';
import { readManifest } from '../run/run-dir.ts';
import { executeRun } from '../run/runner.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { writeReport } from '../report/write.ts';
import { parseCommandArgs, UsageError } from './args.ts';
import { REPO_ROOT } from './paths.ts';

const help = () => `usage: recovery-bench run [<benchmark>] [--config FILE | --preset NAME] [--engine-override sim]
                          [--systems a,b] [--tasks id,…] [--out runs/] [--resume RUNDIR] [--shard i/n]
                          [--allow-fixtures] [--no-report] [a benchmark's own flags]

Runs the plan (systems × models × tasks × seeds) into a run directory, scores it (scores.jsonl) and writes its
report. Without --config or --preset it runs the built-in default on the sim engine (the benchmark's own preset
where one has its id). Without <benchmark> it runs the one benchmark the config names. --tasks names tasks or
units (base tasks). A config that requires real tasks (the study3 preset) stops when a benchmark has only its
fixture suite; --allow-fixtures runs it anyway, and the report's title says so.
Benchmarks: ${benchmarkIds().join(', ')}.${benchmarkFlagHelp()} The last line printed names the run directory.`;

/** The benchmarks' own flags, for --help. */
function benchmarkFlagHelp(): string {
  const lines = benchmarkEntries().flatMap((e) => Object.entries(e.runFlags ?? {}).map(([flag, f]) => `  --${flag} (${e.id}): ${f.description}`));
  return lines.length === 0 ? '' : `\nBenchmarks' own flags:\n${lines.join('\n')}\n`;
}

const OPTIONS = {
  config: { type: 'string' },
  preset: { type: 'string' },
  'engine-override': { type: 'string' },
  systems: { type: 'string' },
  tasks: { type: 'string' },
  out: { type: 'string', default: 'runs' },
  resume: { type: 'string' },
  shard: { type: 'string' },
  'allow-fixtures': { type: 'boolean', default: false },
  'no-report': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The benchmark a config names, when it names one; else the user must say which. */
function onlyBenchmark(config: RunConfig): string {
  const named = Object.keys(config.benchmarks).filter((id) => config.benchmarks[id] !== undefined);
  if (named.length === 1) return named[0]!;
  throw new UsageError(`config ${config.name} names ${named.length} benchmarks (${named.join(', ')}); say which: recovery-bench run <benchmark>`);
}

/** Without --config or --preset: the benchmark's own preset when there is one of its id, else `default`. */
export function defaultPreset(benchmark: string | undefined): string {
  return benchmark !== undefined && hasPreset(benchmark) ? benchmark : 'default';
}

export function resolveConfig(values: { config?: string; preset?: string; 'engine-override'?: string }, benchmark?: string): RunConfig {
  if (values.config && values.preset) throw new UsageError('give --config or --preset, not both');
  let config = values.config ? loadRunConfig(values.config) : presetConfig(values.preset ?? defaultPreset(benchmark));
  const override = values['engine-override'];
  if (override !== undefined) {
    if (override !== 'sim') throw new UsageError(`--engine-override takes "sim"; got "${override}"`);
    config = overrideEngines(config, 'sim');
  }
  return config;
}

/** The run command's options: its own, and every registered benchmark's flags (each taking a value). */
function runOptions(entries: readonly BenchmarkEntry[]) {
  const flags = Object.fromEntries(entries.flatMap((e) => Object.keys(e.runFlags ?? {}).map((flag) => [flag, { type: 'string' as const }])));
  return { ...flags, ...OPTIONS };
}

/** The benchmark's own flags given on the command line, written into its section; another benchmark's is a mistake. */
function withBenchmarkFlags(config: RunConfig, entry: BenchmarkEntry, values: Readonly<Record<string, unknown>>, entries: readonly BenchmarkEntry[]): RunConfig {
  let section: Readonly<Record<string, unknown>> | undefined;
  for (const other of entries) {
    for (const [flag, spec] of Object.entries(other.runFlags ?? {})) {
      const value = values[flag];
      if (typeof value !== 'string') continue;
      if (other.id !== entry.id && !Object.hasOwn(entry.runFlags ?? {}, flag)) throw new UsageError(`--${flag} is a flag of ${other.id}, not of ${entry.id}`);
      if (other.id !== entry.id) continue;
      section ??= config.benchmarks[entry.id] as Readonly<Record<string, unknown>> | undefined;
      if (section === undefined || typeof section !== 'object') throw new UsageError(`--${flag} needs a benchmarks.${entry.id} section in the config`);
      section = spec.apply(section, value);
    }
  }
  return section === undefined ? config : { ...config, benchmarks: { ...config.benchmarks, [entry.id]: section } };
}

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));

export async function runRunCommand(args: string[]): Promise<number> {
  const entries = benchmarkEntries();
  const { values, positionals } = parseCommandArgs(args, runOptions(entries), true);
  if (values.help) {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  if (positionals[0] !== undefined) getBenchmark(positionals[0]);
  // A resumed run takes its config and selection from its own manifest, so nothing can drift between the halves.
  if (values.resume) {
    const own = entries.flatMap((e) => Object.keys(e.runFlags ?? {}));
    const clash = ['config', 'preset', 'engine-override', 'systems', 'tasks', 'shard', ...own].filter((k) => (values as Record<string, unknown>)[k] !== undefined);
    if (clash.length > 0) throw new UsageError(`--resume keeps the run's own config and selection; drop ${clash.map((k) => `--${k}`).join(', ')}`);
  }
  const resumed = values.resume ? readManifest(values.resume) : undefined;
  const chosen = resumed ? resumed.config : resolveConfig(values, positionals[0]);
  const name = positionals[0] ?? resumed?.benchmark ?? onlyBenchmark(chosen);
  const config = withBenchmarkFlags(chosen, getBenchmark(name), values, entries);
  const controller = new AbortController();
  const stop = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\n${signal}: stopping engines; the run can be resumed with --resume\n`);
    controller.abort(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const result = await executeRun({
      benchmark: name, config, outDir: values.out, resumeDir: values.resume,
      shard: values.shard ? parseShard(values.shard) : undefined, systems: list(values.systems), tasks: list(values.tasks),
      allowFixtures: values['allow-fixtures'], signal: controller.signal, repoRoot: REPO_ROOT,
    });
    if (result.manifest.status === 'interrupted') {
      process.stdout.write(`interrupted after ${result.ran} new samples; resume with: recovery-bench run ${name} --resume ${result.dir}\n${result.dir}\n`);
      return 130;
    }
    if (!values['no-report']) {
      const paths = writeReport(result.dir, summarize([loadRun(result.dir)]));
      process.stdout.write(`report: ${paths.html}\n`);
    }
    process.stdout.write(`${result.dir}\n`);
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
