import { runLayerCommand } from './layer.ts';
import { runSimEngineCommand } from './sim-engine.ts';

export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

/** The command registry: `recovery-bench <name> …`. `help` and misses read it. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  layer: { summary: 'run the recovery layer on a request (stdin → stdout); `layer audit` for coverage', run: runLayerCommand },
  'sim-engine': { summary: 'serve the sim engine, a deterministic simulator of a tool-calling model (not a model)', run: runSimEngineCommand },
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
  return command.run(rest);
}

/** The closest known name within two edits, for helpful misses. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d <= 2 && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
