import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BenchError, type BenchmarkEntry } from '@recovery-bench/harness';
import { benchmarkEntries, benchmarkIds, getBenchmark, useBenchmarkModule, useRunModules } from '../benchmarks.ts';
import { loadRunConfig, overrideEngines, presetConfig, selectTier } from '../config/load.ts';
import { hasPreset } from '../config/presets.ts';
import type { RunConfig } from '../config/schema.ts';
import { parseShard, shardName, type Shard } from '../run/plan.ts';
import { configHash, readManifest } from '../run/run-dir.ts';
import { executeRun, selectSystems } from '../run/runner.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { writeReport } from '../report/write.ts';
import { parseCommandArgs, UsageError } from './args.ts';
import { REPO_ROOT } from './paths.ts';

const help = () => `usage: recovery-bench run [<benchmark> | --benchmark-module FILE] [--config FILE | --preset NAME]
                          [--engine-override sim] [--tier NAME] [--systems a,b] [--tasks id,…] [--out runs/] [--resume RUNDIR]
                          [--shard i/n | --shard auto --shards N] [--allow-fixtures] [--no-report]
                          [a benchmark's own flags]

Runs the plan (systems × models × tasks × seeds) into a run directory, scores it (scores.jsonl) and writes its
report. Without --config or --preset it runs the built-in default on the sim engine (the benchmark's own preset
where one has its id). Without <benchmark> it runs the one benchmark the config names. --tasks names tasks or
units (base tasks). A config that requires real tasks (the study3 preset) stops when a benchmark has only its
fixture suite; --allow-fixtures runs it anyway, and the report's title says so. --tier runs only the models of one
tier (their \`tier\`: the study3 preset's small or large).
--benchmark-module FILE runs a benchmark of your own from a module that exports a BenchmarkEntry (as \`benchmark\`, or as
its only entry), with the same checks, report and resume as the found ones; run.json records the file, so \`score\`,
\`report\`, \`merge\` and \`--resume\` load it again.
--shard i/n runs the i-th of n parts of the plan (every system of a task in the same part; \`merge\` joins them).
--shard auto --shards N takes i from JOB_COMPLETION_INDEX + 1 (as Kubernetes sets it in an Indexed Job's pods)
and runs into <out>/shard-<i>-of-<N>, resuming the run already there: a restarted pod goes on where it stopped.
Benchmarks: ${benchmarkIds().join(', ')}.${benchmarkFlagHelp()} The last line printed names the run directory.`;

/** The benchmarks' own flags, for --help. */
function benchmarkFlagHelp(): string {
  const lines = benchmarkEntries().flatMap((e) => Object.entries(e.runFlags ?? {}).map(([flag, f]) => `  --${flag} (${e.id}): ${f.description}`));
  return lines.length === 0 ? '' : `\nBenchmarks' own flags:\n${lines.join('\n')}\n`;
}

const OPTIONS = {
  'benchmark-module': { type: 'string' },
  config: { type: 'string' },
  preset: { type: 'string' },
  'engine-override': { type: 'string' },
  tier: { type: 'string' },
  systems: { type: 'string' },
  tasks: { type: 'string' },
  out: { type: 'string', default: 'runs' },
  resume: { type: 'string' },
  shard: { type: 'string' },
  shards: { type: 'string' },
  'allow-fixtures': { type: 'boolean', default: false },
  'no-report': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Where the run goes and which part of the plan it runs: `--resume`, `--shard i/n`, or `--shard auto --shards N`
 * (the shard from JOB_COMPLETION_INDEX, the run in `<out>/shard-<i>-of-<N>`, resumed when a run is already there:
 * with the same config only, so a pod restarted with another one stops instead of mixing the two).
 */
function placement(values: { resume?: string; shard?: string; shards?: string; out: string; systems?: string }, config: RunConfig): { resumeDir?: string; runDir?: string; shard?: Shard } {
  if (values.shard !== 'auto') {
    if (values.shards !== undefined) throw new UsageError('--shards goes with --shard auto');
    return { resumeDir: values.resume, shard: values.shard ? parseShard(values.shard) : undefined };
  }
  const count = Number(values.shards);
  if (values.shards === undefined || !Number.isInteger(count) || count < 1) throw new UsageError(`--shard auto needs --shards N, a whole number ≥ 1 (got ${values.shards ?? 'none'})`);
  const raw = process.env.JOB_COMPLETION_INDEX;
  const index = Number(raw) + 1;
  if (raw === undefined || raw.trim() === '' || !Number.isInteger(index) || index < 1 || index > count) {
    throw new UsageError(`--shard auto takes the shard from JOB_COMPLETION_INDEX, 0 to ${count - 1} (Kubernetes sets it in an Indexed Job's pods); it is ${raw === undefined ? 'not set' : `"${raw}"`}`);
  }
  const dir = resolve(values.out, shardName(index, count));
  if (!existsSync(join(dir, 'run.json'))) return { runDir: dir, shard: { index, count } };
  const manifest = readManifest(dir);
  const hash = configHash(selectSystems(config, list(values.systems)));
  if (manifest.configHash !== hash) {
    throw new BenchError('runlog:mismatch', `${dir} holds shard ${index} of ${count} of another config (hash ${manifest.configHash.slice(0, 12)}, now ${hash.slice(0, 12)})`, { hint: 'give the shard its first config, or another --out' });
  }
  process.stderr.write(`shard ${index} of ${count}: resuming ${dir}\n`);
  return { resumeDir: dir };
}

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

export function resolveConfig(values: { config?: string; preset?: string; 'engine-override'?: string; tier?: string }, benchmark?: string): RunConfig {
  if (values.config && values.preset) throw new UsageError('give --config or --preset, not both');
  let config = values.config ? loadRunConfig(values.config) : presetConfig(values.preset ?? defaultPreset(benchmark));
  const override = values['engine-override'];
  if (override !== undefined) {
    if (override !== 'sim') throw new UsageError(`--engine-override takes "sim"; got "${override}"`);
    config = overrideEngines(config, 'sim');
  }
  return values.tier === undefined ? config : selectTier(config, values.tier);
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

/** The value of a flag in raw arguments (`--flag v` or `--flag=v`), read before the options are parsed. */
function rawFlag(args: readonly string[], flag: string): string | undefined {
  const i = args.indexOf(`--${flag}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
}

export async function runRunCommand(args: string[]): Promise<number> {
  // A benchmark module and the module a resumed run was made with register first: their flags and presets count.
  const modulePath = rawFlag(args, 'benchmark-module');
  const own = modulePath === undefined ? undefined : await useBenchmarkModule(modulePath);
  const resumeDir = rawFlag(args, 'resume');
  if (resumeDir !== undefined) await useRunModules([resumeDir]);
  const entries = benchmarkEntries();
  const { values, positionals } = parseCommandArgs(args, runOptions(entries), true);
  if (values.help) {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  if (own && positionals[0] !== undefined && positionals[0] !== own.id) throw new UsageError(`--benchmark-module gives the benchmark "${own.id}"; drop "${positionals[0]}" or name that one`);
  const named = positionals[0] ?? own?.id;
  if (named !== undefined) getBenchmark(named);
  // A resumed run takes its config and selection from its own manifest, so nothing can drift between the halves.
  if (values.resume) {
    const own = entries.flatMap((e) => Object.keys(e.runFlags ?? {}));
    const clash = ['config', 'preset', 'engine-override', 'tier', 'systems', 'tasks', 'shard', ...own].filter((k) => (values as Record<string, unknown>)[k] !== undefined);
    if (clash.length > 0) throw new UsageError(`--resume keeps the run's own config and selection; drop ${clash.map((k) => `--${k}`).join(', ')}`);
  }
  const resumed = values.resume ? readManifest(values.resume) : undefined;
  const chosen = resumed ? resumed.config : resolveConfig(values, named);
  const name = named ?? resumed?.benchmark ?? onlyBenchmark(chosen);
  const config = withBenchmarkFlags(chosen, getBenchmark(name), values, entries);
  const where = placement(values, config);
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
      benchmark: name, config, outDir: values.out, ...where, systems: list(values.systems), tasks: list(values.tasks),
      allowFixtures: values['allow-fixtures'], signal: controller.signal, repoRoot: REPO_ROOT,
    });
    if (result.manifest.status === 'interrupted') {
      process.stdout.write(`interrupted after ${result.ran} new samples; resume with: recovery-bench run ${name} --resume ${result.dir}\n${result.dir}\n`);
      return 130;
    }
    if (!values['no-report']) {
      const summary = summarize([loadRun(result.dir)]);
      const paths = writeReport(result.dir, summary);
      for (const warning of summary.warnings ?? []) process.stderr.write(`warning: ${warning}\n`);
      process.stdout.write(`report: ${paths.html}\n`);
    }
    process.stdout.write(`${result.dir}\n`);
    return 0;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
