import { suggestName as didYouMean } from '@recovery-bench/harness/cli';
import type { Command } from './benchmark-commands.ts';
import { runReportingUserErrors } from './errors.ts';

/**
 * The command registry: `recovery-bench <name> …`, then the benchmarks' own commands. `help` and misses read it.
 * Each command's module is imported when it is called, so that a command loads nothing another one needs.
 */
export const COMMANDS: Readonly<Record<string, Command>> = {
  run: { summary: 'run a benchmark into a run directory, score it and write its report (default: the built-in tasks on the sim engine)', run: async (args) => (await import('./run.ts')).runRunCommand(args) },
  score: { summary: 'score a run\'s saved transcripts again into scores.jsonl (no model is called), then rewrite its report', run: async (args) => (await import('./score.ts')).runScoreCommand(args) },
  report: { summary: 'write the report of run directories; --gate fails CI when a recovery gain is lost', run: async (args) => (await import('./report.ts')).runReportCommand(args) },
  show: { summary: 'one sample of a run: its score, its model calls, and the prompt the engine rendered at its decision step', run: async (args) => (await import('./show.ts')).runShowCommand(args) },
  merge: { summary: 'join run directories of one config (shards, hosts) into one, with its report', run: async (args) => (await import('./merge.ts')).runMergeCommand(args) },
  deploy: { summary: 'write what spreads a run over machines: `deploy k8s` (Jobs, engine sidecars, merge) or `deploy github-actions` (a matrix workflow)', run: async (args) => (await import('./deploy.ts')).runDeployCommand(args), namedSubcommands: ['k8s', 'github-actions', 'wait-shards'] },
  freeze: { summary: "record SHA-256 hashes of a study's config, stimuli and code before data collection", run: async (args) => (await import('./freeze.ts')).runFreezeCommand(args) },
  verify: { summary: 'check a freeze record: exit 1 when the config, stimuli or code changed', run: async (args) => (await import('./freeze.ts')).runVerifyCommand(args) },
  validate: { summary: 'check a run config (YAML) with the same parser as run; --schema prints its JSON Schema', run: async (args) => (await import('./validate.ts')).runValidateCommand(args) },
  layer: { summary: 'run the recovery layer on a request (stdin → stdout); `layer audit` for coverage', run: async (args) => (await import('./layer.ts')).runLayerCommand(args), namedSubcommands: ['audit'] },
  proxy: { summary: 'run the OpenAI-compatible proxy (pinning, clamp, layer, records) in front of one engine', run: async (args) => (await import('./proxy.ts')).runProxyCommand(args) },
  engines: { summary: 'start an engine (llama.cpp, vLLM, SGLang, GeulPU in Docker; sim) with its proxy; `engines prune` removes leftovers', run: async (args) => (await import('./engines.ts')).runEnginesCommand(args) },
  list: { summary: 'list a registry: `list engines`, `list presets`, `list benchmarks`', run: async (args) => (await import('./list.ts')).runListCommand(args) },
  agents: { summary: 'install pinned agents (Claude Code, Codex CLI, …) into a cache folder: `agents install [name…]`, `agents list`', run: async (args) => (await import('./agents.ts')).runAgentsCommand(args), namedSubcommands: ['install', 'list'] },
  new: { summary: 'write a new benchmark from a skeleton into the workspace: `new benchmark NAME` (found by its package.json, runs on the sim at once)', run: async (args) => (await import('./new.ts')).runNewCommand(args) },
  'sim-engine': { summary: 'serve the sim engine, a deterministic simulator of a tool-calling model (not a model)', run: async (args) => (await import('./sim-engine.ts')).runSimEngineCommand(args) },
};

/** The built-in commands and the built-in benchmarks' (whose entries load when their command runs). */
async function allCommands(): Promise<Record<string, Command>> {
  const { builtInBenchmarkCommands } = await import('./benchmark-commands.ts');
  return { ...COMMANDS, ...builtInBenchmarkCommands() };
}

/** A command by name; benchmarks registered at run time are looked up (loading the registry) only on a miss. */
async function findCommand(name: string): Promise<Command | undefined> {
  const known = await allCommands();
  if (Object.hasOwn(known, name)) return known[name];
  const { registeredBenchmarkCommands } = await import('./benchmark-commands.ts');
  const registered = await registeredBenchmarkCommands();
  return Object.hasOwn(registered, name) ? registered[name] : undefined;
}

export async function usage(): Promise<string> {
  const rows = Object.entries(await allCommands()).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return ['usage: recovery-bench <command> [options]', '', 'commands:', ...rows, '', 'Run `recovery-bench <command> --help` for its options.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${await usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : await findCommand(name);
  if (!command) {
    const hint = didYouMean(name, Object.keys(await allCommands()));
    process.stderr.write(`recovery-bench: unknown command "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; see \`recovery-bench help\`\n`);
    return 2;
  }
  const sub = rest[0] !== undefined && command.namedSubcommands?.includes(rest[0]) ? ` ${rest[0]}` : '';
  // The one place where a user error becomes a line on stderr and an exit code; commands only throw.
  return runReportingUserErrors(`${name}${sub}`, () => command.run(rest));
}

export { didYouMean };
