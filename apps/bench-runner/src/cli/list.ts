import { benchmarkEntries } from '../benchmarks.ts';
import { PRESETS } from '../config/presets.ts';
import { UsageError } from './args.ts';
import { listEngines } from './engines.ts';

/** What `list` can list: each a registry of the workspace. */
const SUBJECTS: Readonly<Record<string, () => string[]>> = {
  engines: listEngines,
  presets: () => Object.entries(PRESETS).map(([id, p]) => `  ${id.padEnd(10)} ${p.description ?? ''}`),
  benchmarks: () => benchmarkEntries().map((b) => `  ${b.id.padEnd(10)} ${b.summary} (score: ${b.score.label}; unit: ${b.unit})`),
};

export async function runListCommand(args: string[]): Promise<number> {
  const [subject] = args;
  const list = subject === undefined ? undefined : SUBJECTS[subject];
  if (!list) throw new UsageError(`list what? ${Object.keys(SUBJECTS).join(', ')}${subject ? ` (not "${subject}")` : ''}`);
  process.stdout.write(`${list().join('\n')}\n`);
  return 0;
}
