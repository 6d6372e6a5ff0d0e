import { benchmarkIds, getBenchmark } from '../benchmarks.ts';
import { loadRunConfig, overrideEngines, presetConfig } from '../config/load.ts';
import { PRESETS } from '../config/presets.ts';
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
                          [--agents a,b] [--allow-fixtures] [--no-report]

Runs the plan (systems × models × tasks × seeds) into a run directory, scores it (scores.jsonl) and writes its
report. Without --config or --preset it runs the built-in default on the sim engine (the benchmark's own preset
where one has its id, e.g. delivery: every paper profile; coding: Qwen Code on six repositories). Without
<benchmark> it runs the one benchmark the config names. --tasks names tasks or units (base tasks). --agents picks
the coding agents of the coding testbed. A config that requires real tasks (the study3 preset) stops when a
benchmark has only its fixture suite; --allow-fixtures runs it anyway, and the report's title says so.
Benchmarks: ${benchmarkIds().join(', ')}. The last line printed names the run directory.`;

const OPTIONS = {
  config: { type: 'string' },
  preset: { type: 'string' },
  'engine-override': { type: 'string' },
  systems: { type: 'string' },
  tasks: { type: 'string' },
  out: { type: 'string', default: 'runs' },
  resume: { type: 'string' },
  shard: { type: 'string' },
  agents: { type: 'string' },
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

/** Without --config or --preset: the benchmark's own preset when there is one of its id (e.g. `delivery`), else `default`. */
export function defaultPreset(benchmark: string | undefined): string {
  return benchmark !== undefined && Object.hasOwn(PRESETS, benchmark) ? benchmark : 'default';
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

/** `--agents a,b`: the agents of the benchmark's section (the coding testbed's), checked by its own schema later. */
function withAgents(config: RunConfig, benchmark: string, agents: string[] | undefined): RunConfig {
  if (agents === undefined) return config;
  const section = config.benchmarks[benchmark];
  if (section === undefined || typeof section !== 'object') throw new UsageError(`--agents needs a benchmarks.${benchmark} section in the config`);
  if (agents.length === 0) throw new UsageError('--agents takes a comma-separated list, e.g. qwen-code,opencode');
  return { ...config, benchmarks: { ...config.benchmarks, [benchmark]: { ...section, agents } } };
}

const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((s) => s.trim()).filter(Boolean));

export async function runRunCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  if (positionals[0] !== undefined) getBenchmark(positionals[0]);
  // A resumed run takes its config and selection from its own manifest, so nothing can drift between the halves.
  if (values.resume) {
    const clash = (['config', 'preset', 'engine-override', 'systems', 'tasks', 'shard', 'agents'] as const).filter((k) => values[k] !== undefined);
    if (clash.length > 0) throw new UsageError(`--resume keeps the run's own config and selection; drop ${clash.map((k) => `--${k}`).join(', ')}`);
  }
  const resumed = values.resume ? readManifest(values.resume) : undefined;
  const chosen = resumed ? resumed.config : resolveConfig(values, positionals[0]);
  const name = positionals[0] ?? resumed?.benchmark ?? onlyBenchmark(chosen);
  const config = withAgents(chosen, name, list(values.agents));
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
