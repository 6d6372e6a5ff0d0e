import type { BenchmarkEntry } from '@recovery-bench/harness';
import { suggestName } from '@recovery-bench/harness/cli';
import { benchmarkLoaders } from '../benchmark-list.ts';
import { SERVICES } from '../services.ts';
import { UsageError } from './args.ts';

/** A top-level command of the CLI (see main.ts). */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
  /** Subcommands whose error lines name them (`recovery-bench layer audit: …`); others print under the command. */
  namedSubcommands?: readonly string[];
}

/** `recovery-bench <benchmark> <subcommand> …`: the subcommands a benchmark's entry brings. */
function entryCommand(entry: BenchmarkEntry & { commands: NonNullable<BenchmarkEntry['commands']> }): Command {
  const names = Object.keys(entry.commands);
  const help = [`usage: recovery-bench ${entry.id} <subcommand> [options]`, '', ...Object.entries(entry.commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`), '', `Run \`recovery-bench ${entry.id} <subcommand> --help\` for its options.`].join('\n');
  return {
    summary: `${entry.id} subcommands: ${names.join(', ')}`,
    async run(args) {
      const [sub, ...rest] = args;
      if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
        process.stdout.write(`${help}\n`);
        return sub === undefined ? 2 : 0;
      }
      const command = entry.commands[sub];
      if (!command) {
        const hint = suggestName(sub, names);
        throw new UsageError(`unknown subcommand "${sub}"${hint ? ` (did you mean "${hint}"?)` : ''}; try \`recovery-bench ${entry.id} --help\``);
      }
      return command.run(rest, { services: SERVICES });
    },
  };
}

/** `recovery-bench fetch <benchmark> …`: the benchmark's own code and data, where its entry can fetch them. */
const fetchCommand: Command = {
  summary: "fetch a benchmark's code and pinned data into a folder (`fetch <benchmark> --dest DIR`; needs network)",
  async run(args) {
    const { benchmarkEntries, getBenchmark } = await import('../benchmarks.ts');
    const fetchable = benchmarkEntries().filter((e) => e.fetch !== undefined);
    const [id, ...rest] = args;
    if (id === undefined || id === '--help' || id === '-h') {
      process.stdout.write(`usage: recovery-bench fetch <benchmark> [options]\n\n${fetchable.map((e) => `  ${e.id.padEnd(12)} ${e.fetch!.summary}`).join('\n')}\n\nRun \`recovery-bench fetch <benchmark> --help\` for its options.\n`);
      return id === undefined ? 2 : 0;
    }
    const entry = getBenchmark(id);
    if (!entry.fetch) throw new UsageError(`${id} has nothing to fetch; fetchable: ${fetchable.map((e) => e.id).join(', ') || 'none'}`);
    return entry.fetch.run(rest, { services: SERVICES });
  },
};

/**
 * `recovery-bench <benchmark> …` for a built-in benchmark: its entry is loaded only when the command runs, so the
 * command list (`--help`) loads no benchmark.
 */
function builtInCommand(id: string, load: () => Promise<BenchmarkEntry>): Command {
  return {
    summary: `${id}'s own subcommands (\`recovery-bench ${id} --help\`)`,
    async run(args) {
      const entry = await load();
      if (!entry.commands || Object.keys(entry.commands).length === 0) throw new UsageError(`${id} has no subcommands of its own`);
      return entryCommand({ ...entry, commands: entry.commands }).run(args);
    },
  };
}

/** `fetch`, and one command per built-in benchmark; no benchmark is loaded until one of them runs. */
export function builtInBenchmarkCommands(): Record<string, Command> {
  const commands: Record<string, Command> = { fetch: fetchCommand };
  for (const [id, load] of Object.entries(benchmarkLoaders())) commands[id] = builtInCommand(id, load);
  return commands;
}

/** The subcommands of benchmarks registered at run time (tests, programs embedding the suite), loading the registry. */
export async function registeredBenchmarkCommands(): Promise<Record<string, Command>> {
  const { benchmarkEntries } = await import('../benchmarks.ts');
  const commands: Record<string, Command> = {};
  for (const entry of benchmarkEntries()) {
    if (entry.commands && Object.keys(entry.commands).length > 0) commands[entry.id] = entryCommand({ ...entry, commands: entry.commands });
  }
  return commands;
}
