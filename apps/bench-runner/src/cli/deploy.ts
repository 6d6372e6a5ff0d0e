import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { getBenchmark } from '../benchmarks.ts';
import { stringify } from 'yaml';
import { loadRunConfig, presetConfig, selectTier } from '../config/load.ts';
import { presetInput } from '../config/presets.ts';
import type { RunConfig } from '../config/schema.ts';
import { githubWorkflow, renderWorkflow } from '../deploy/github-actions.ts';
import { deploymentName, k8sManifests, objectBase } from '../deploy/k8s.ts';
import { waitForShards } from '../deploy/wait-shards.ts';
import { loadGates } from '../report/gate.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench deploy k8s (--config FILE | --preset NAME) [--tier NAME] --shards N --image IMAGE --results-claim PVC [--models-claim PVC]
                 [--benchmark NAME] [--gate gates.yaml] [--parallelism N] [--retries N] [--gpu RESOURCE]
                 [--namespace NS] [--out DIR|-]
       recovery-bench deploy github-actions (--config FILE | --preset NAME) [--tier NAME] --shards N [--benchmark NAME] [--gate gates.yaml]
                 [--parallelism N] [--runs-on LABEL,…] [--out FILE|-]
       recovery-bench deploy wait-shards DIR --shards N [--interval SECONDS] [--timeout SECONDS]

Writes what spreads one run over many machines: its plan in N shards, then one merge and report.
k8s: one YAML file of a ConfigMap (the runner's config, the gates), an Indexed Job of N pods, each running
  \`recovery-bench run <benchmark> --shard auto --shards N\` into /results/shards on the --results-claim, with
  the config's docker engines beside it as native sidecars (one per engine × model, each on its own port, its GPU
  as --gpu (default nvidia.com/gpu), the weights read-only from --models-claim, whose root stands for modelsDir),
  and a merge Job that waits for every shard, merges them into /results/merged and writes the report (gated with
  --gate). --image is the recovery-bench image the pods run (Node 20 or later, the project installed with
  \`npm ci\`, \`recovery-bench\` on PATH: see README, "Scaling out"). --parallelism: pods at once (default N);
  --retries: new pods per shard after a failure (default 2). Kubernetes 1.29 or later.
github-actions: a workflow (default .github/workflows/recovery-bench-<config name>.yml) with a matrix job per
  shard, each uploading its run as an artifact, and a merge job that merges them, reports (gated with --gate) and
  uploads the merged run. --config and --gate are paths relative to the repository root; --preset runs a preset
  of the recovery-bench the workflow installs. --runs-on: runner
  labels (default ubuntu-latest). --parallelism: shard jobs at once (default all).
wait-shards: waits until DIR/shard-<i>-of-<N> holds a complete run for every i (the merge Job's first step);
  checks every --interval seconds (default 60); exits 1 after --timeout seconds (default: no limit).
--tier: only the models of one tier (run --tier), so a pod holds only their engines.
The last line printed is the file written (nothing with --out -, which prints the file itself).`;

const OPTIONS = {
  config: { type: 'string' },
  preset: { type: 'string' },
  tier: { type: 'string' },
  shards: { type: 'string' },
  benchmark: { type: 'string' },
  gate: { type: 'string' },
  parallelism: { type: 'string' },
  out: { type: 'string' },
  image: { type: 'string' },
  'results-claim': { type: 'string' },
  'models-claim': { type: 'string' },
  gpu: { type: 'string' },
  namespace: { type: 'string' },
  retries: { type: 'string' },
  'runs-on': { type: 'string' },
  interval: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values'];

/** Where the command writes; tests pass their own. */
export interface DeployIo {
  out(text: string): void;
  err(text: string): void;
}

const PROCESS_IO: DeployIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

/** Which options each subcommand takes: another one's option is a mistake, not silently ignored. */
const OWN: Record<string, readonly string[]> = {
  k8s: ['config', 'preset', 'tier', 'shards', 'benchmark', 'gate', 'parallelism', 'out', 'image', 'results-claim', 'models-claim', 'gpu', 'namespace', 'retries'],
  'github-actions': ['config', 'preset', 'tier', 'shards', 'benchmark', 'gate', 'parallelism', 'out', 'runs-on'],
  'wait-shards': ['shards', 'interval', 'timeout'],
};

export async function runDeployCommand(args: string[], io: DeployIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  const [sub, ...rest] = positionals;
  if (values.help || sub === undefined) {
    io.out(`${HELP}\n`);
    return values.help ? 0 : 2;
  }
  if (!Object.hasOwn(OWN, sub)) throw new UsageError(`deploy where? k8s, github-actions or wait-shards (not "${sub}")`);
  const foreign = Object.keys(values).filter((k) => k !== 'help' && values[k as keyof Values] !== undefined && !OWN[sub]!.includes(k));
  if (foreign.length > 0) throw new UsageError(`deploy ${sub} does not take ${foreign.map((k) => `--${k}`).join(', ')}`);
  if (sub === 'wait-shards') return waitShardsCommand(rest, values, io);
  if (rest.length > 0) throw new UsageError(`deploy ${sub} takes options only (got ${rest.join(' ')})`);
  return sub === 'k8s' ? k8sCommand(values, io) : githubActionsCommand(values, io);
}

function k8sCommand(values: Values, io: DeployIo): number {
  const { source, config, shards, benchmark, parallelism } = common(values);
  const image = required(values.image, '--image', 'the recovery-bench image the pods run: build it (README, "Scaling out") and push it where the cluster pulls from');
  const resultsClaim = name(required(values['results-claim'], '--results-claim', 'the PersistentVolumeClaim the shards and the merged run are written to'), '--results-claim', DNS_SUBDOMAIN);
  const deployment = k8sManifests({
    config: { text: source.text, path: source.label, config, ...(values.tier === undefined ? {} : { tier: values.tier }) },
    benchmark, shards, parallelism,
    retries: values.retries === undefined ? 2 : integer(values.retries, '--retries', 0),
    image, resultsClaim,
    modelsClaim: values['models-claim'] === undefined ? undefined : name(values['models-claim'], '--models-claim', DNS_SUBDOMAIN),
    gpuResource: values.gpu === undefined ? 'nvidia.com/gpu' : name(values.gpu, '--gpu', RESOURCE_NAME),
    gates: values.gate === undefined ? undefined : { text: gateText(values.gate) },
    namespace: values.namespace === undefined ? undefined : name(values.namespace, '--namespace', DNS_LABEL),
  });
  const { sidecars } = deployment;
  const gpus = sidecars.reduce((n, s) => n + s.gpus, 0);
  const notes = [
    `${shards} shard pods (${parallelism} at once), each: the runner${sidecars.length > 0 ? ` and ${sidecars.length} engine sidecars (${sidecars.map((s) => `${s.engine}/${s.model} :${s.port}`).join(', ')}), ${gpus} × ${values.gpu ?? 'nvidia.com/gpu'}` : ' (no engine sidecars)'}`,
    ...(sidecars.length === 0 && values['models-claim'] !== undefined ? ['note: --models-claim is not mounted: no docker engine needs weights'] : []),
    ...(sidecars.length > 1 && config.concurrency.engines === 'one-at-a-time' ? [`note: the config runs its engines one at a time on one GPU; a pod starts all ${sidecars.length} sidecars at once, each with its own GPU`] : []),
  ];
  return writeOutput(values.out === '-' ? '-' : join(values.out ?? '.', `${objectBase(deploymentName(config.name, values.tier))}.yaml`), deployment.yaml, notes, io, `kubectl apply -f`);
}

function githubActionsCommand(values: Values, io: DeployIo): number {
  if (values.config !== undefined) repositoryPath(values.config, '--config');
  const { source, config, shards, benchmark } = common(values);
  if (values.gate !== undefined) {
    repositoryPath(values.gate, '--gate');
    loadGates(values.gate);
  }
  const runsOn = (values['runs-on'] ?? 'ubuntu-latest').split(',').map((l) => l.trim()).filter(Boolean);
  if (runsOn.length === 0) throw new UsageError('--runs-on takes runner labels, e.g. ubuntu-latest or self-hosted,gpu');
  const input = { configName: deploymentName(config.name, values.tier), configArgs: source.preset === undefined ? `--config ${shellWord(source.label)}` : `--preset ${shellWord(source.preset)}`, ...(values.tier === undefined ? {} : { tier: shellWord(values.tier) }), benchmark, shards, parallelism: values.parallelism === undefined ? undefined : integer(values.parallelism, '--parallelism', 1, shards), gatesPath: values.gate === undefined ? undefined : shellWord(values.gate), runsOn };
  const out = values.out ?? `.github/workflows/${objectBase(deploymentName(config.name, values.tier))}.yml`;
  return writeOutput(out, renderWorkflow(githubWorkflow(input), input), [`${shards} shard jobs and a merge job`], io, 'commit it, then run it from the Actions tab:');
}

async function waitShardsCommand(rest: string[], values: Values, io: DeployIo): Promise<number> {
  if (rest.length !== 1) throw new UsageError('deploy wait-shards takes one folder, the --out of the shards (e.g. /results/shards)');
  const count = integer(required(values.shards, '--shards', 'how many shards the run has'), '--shards', 1);
  const intervalMs = integer(values.interval ?? '60', '--interval', 1) * 1000;
  const timeoutMs = values.timeout === undefined ? undefined : integer(values.timeout, '--timeout', 0) * 1000;
  const done = await waitForShards(rest[0]!, count, { intervalMs, timeoutMs, onProgress: (line) => io.out(`${line}\n`) });
  if (!done) io.err(`recovery-bench deploy wait-shards: not every shard was complete after ${values.timeout} s\n`);
  return done ? 0 : 1;
}

/** Where the config came from: a file (its text, kept with its comments) or a preset (its definition as YAML). */
interface ConfigSource {
  label: string;
  text: string;
  preset?: string;
}

/** What both generators take: the config (checked by the runner's parser), the shard count and the benchmark. */
function common(values: Values): { source: ConfigSource; config: RunConfig; shards: number; benchmark: string; parallelism: number } {
  if ((values.config === undefined) === (values.preset === undefined)) throw new UsageError('name the run config with --config FILE or a preset with --preset NAME (one of them)');
  const shards = integer(required(values.shards, '--shards', 'how many parts to split the plan into'), '--shards', 2, undefined, 'a single shard needs no deploy: run it with `recovery-bench run`');
  const read = values.preset === undefined ? fileSource(values.config!) : presetSource(values.preset);
  const source = read.source;
  const config = values.tier === undefined ? read.config : selectTier(read.config, values.tier);
  const named = Object.keys(config.benchmarks).filter((id) => config.benchmarks[id] !== undefined);
  const benchmark = values.benchmark ?? (named.length === 1 ? named[0]! : undefined);
  if (benchmark === undefined) throw new UsageError(`config ${config.name} names ${named.length} benchmarks (${named.join(', ')}); say which with --benchmark`);
  getBenchmark(benchmark);
  if (!named.includes(benchmark)) throw new UsageError(`config ${config.name} has no ${benchmark} section; its benchmarks: ${named.join(', ')}`);
  const parallelism = values.parallelism === undefined ? shards : integer(values.parallelism, '--parallelism', 1, shards);
  return { source, config, shards, benchmark, parallelism };
}

function fileSource(path: string): { source: ConfigSource; config: RunConfig } {
  const config = loadRunConfig(path);
  return { source: { label: path, text: readFileSync(path, 'utf8') }, config };
}

function presetSource(id: string): { source: ConfigSource; config: RunConfig } {
  const config = presetConfig(id);
  return { source: { label: `preset ${id}`, preset: id, text: `# The ${id} preset (recovery-bench run --preset ${id}).\n${stringify(presetInput(id), { lineWidth: 0 })}` }, config };
}

function writeOutput(out: string, text: string, notes: string[], io: DeployIo, apply: string): number {
  for (const note of notes) io.err(`${note}\n`);
  if (out === '-') {
    io.out(text);
    return 0;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  io.out(`${apply} ${out}\n${out}\n`);
  return 0;
}

function required(value: string | undefined, flag: string, what: string): string {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required: ${what}`);
  return value;
}

function integer(text: string, flag: string, min: number, max?: number, why?: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    throw new UsageError(`${flag} takes a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}; got "${text}"${why ? ` (${why})` : ''}`);
  }
  return n;
}

const DNS_LABEL = { pattern: /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, what: 'a DNS label (lower-case letters, digits and -, at most 63)' };
const DNS_SUBDOMAIN = { pattern: /^(?=.{1,253}$)[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, what: 'a Kubernetes name (lower-case letters, digits, - and .)' };
const RESOURCE_NAME = { pattern: /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/, what: 'an extended resource name, e.g. nvidia.com/gpu or amd.com/gpu' };

function name(value: string, flag: string, rule: { pattern: RegExp; what: string }): string {
  if (!rule.pattern.test(value)) throw new UsageError(`${flag} takes ${rule.what}; got "${value}"`);
  return value;
}

function gateText(path: string): string {
  loadGates(path);
  return readFileSync(path, 'utf8');
}

/** The workflow runs in a checkout of the repository: its paths are relative to the repository root. */
function repositoryPath(path: string, flag: string): void {
  if (isAbsolute(path) || path.split(/[\\/]/).includes('..')) throw new UsageError(`${flag} must be a path inside the repository, relative to its root, as the workflow's jobs see it; got "${path}"`);
}

/** A path as one word of a bash command line. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9._/+=:@-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
