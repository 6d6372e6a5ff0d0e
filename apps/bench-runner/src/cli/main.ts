import { runAgentsCommand } from './agents.ts';
import { runEnginesCommand } from './engines.ts';
import { runFreezeCommand, runVerifyCommand } from './freeze.ts';
import { runLayerCommand } from './layer.ts';
import { runListCommand } from './list.ts';
import { runMergeCommand } from './merge.ts';
import { runProxyCommand } from './proxy.ts';
import { runReportCommand } from './report.ts';
import { runRunCommand } from './run.ts';
import { runScoreCommand } from './score.ts';
import { suggestName as didYouMean } from '@recovery-bench/harness';
import { runValidateCommand } from './validate.ts';
import { runSimEngineCommand } from './sim-engine.ts';
import { benchmarkCommands, type Command } from './benchmark-commands.ts';
import { runReportingUserErrors } from './errors.ts';

/** The command registry: `recovery-bench <name> …`, then the benchmarks' own commands. `help` and misses read it. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  run: { summary: 'run a benchmark into a run directory, score it and write its report (default: the built-in tasks on the sim engine)', run: runRunCommand },
  score: { summary: 'score a run\'s saved transcripts again into scores.jsonl (no model is called), then rewrite its report', run: runScoreCommand },
  report: { summary: 'write the report of run directories; --gate fails CI when a recovery gain is lost', run: runReportCommand },
  merge: { summary: 'join run directories of one config (shards, hosts) into one, with its report', run: runMergeCommand },
  freeze: { summary: "record SHA-256 hashes of a study's config, stimuli and code before data collection", run: runFreezeCommand },
  verify: { summary: 'check a freeze record: exit 1 when the config, stimuli or code changed', run: runVerifyCommand },
  validate: { summary: 'check a run config (YAML) with the same parser as run; --schema prints its JSON Schema', run: runValidateCommand },
  layer: { summary: 'run the recovery layer on a request (stdin → stdout); `layer audit` for coverage', run: runLayerCommand, namedSubcommands: ['audit'] },
  proxy: { summary: 'run the OpenAI-compatible proxy (pinning, clamp, layer, records) in front of one engine', run: (args) => runProxyCommand(args) },
  engines: { summary: 'start an engine (llama.cpp, vLLM, SGLang, GeulPU in Docker; sim) with its proxy; `engines prune` removes leftovers', run: (args) => runEnginesCommand(args) },
  list: { summary: 'list a registry: `list engines`, `list presets`, `list benchmarks`', run: runListCommand },
  agents: { summary: 'install pinned coding agents (Claude Code, Codex CLI, …) into a cache folder: `agents install [name…]`, `agents list`', run: runAgentsCommand, namedSubcommands: ['install', 'list'] },
  'sim-engine': { summary: 'serve the sim engine, a deterministic simulator of a tool-calling model (not a model)', run: runSimEngineCommand },
  ...benchmarkCommands(),
};

export function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return ['usage: recovery-bench <command> [options]', '', 'commands:', ...rows, '', 'Run `recovery-bench <command> --help` for its options.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    const hint = didYouMean(name, Object.keys(COMMANDS));
    process.stderr.write(`recovery-bench: unknown command "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; see \`recovery-bench help\`\n`);
    return 2;
  }
  const sub = rest[0] !== undefined && command.namedSubcommands?.includes(rest[0]) ? ` ${rest[0]}` : '';
  // The one place where a user error becomes a line on stderr and an exit code; commands only throw.
  return runReportingUserErrors(`${name}${sub}`, () => command.run(rest));
}

export { didYouMean };
