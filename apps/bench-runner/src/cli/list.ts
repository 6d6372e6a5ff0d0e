import { benchmarkEntries } from '../benchmarks.ts';
import { UsageError } from './args.ts';

/** What `list` can list: each a registry of the workspace, imported when it is listed. */
const SUBJECTS: Readonly<Record<string, () => Promise<string[]>>> = {
  engines: async () => (await import('./engines.ts')).listEngines(),
  presets: async () => (await import('../config/presets.ts')).presetListings().map((p) => `  ${p.id.padEnd(10)} ${p.description}${p.benchmark ? ` (${p.benchmark})` : ''}`),
  benchmarks: async () => benchmarkEntries().map((b) => `  ${b.id.padEnd(10)} ${b.summary} (score: ${b.score.label}; unit: ${b.unit})`),
};

export async function runListCommand(args: string[]): Promise<number> {
  const [subject] = args;
  const list = subject === undefined ? undefined : SUBJECTS[subject];
  if (!list) throw new UsageError(`list what? ${Object.keys(SUBJECTS).join(', ')}${subject ? ` (not "${subject}")` : ''}`);
  process.stdout.write(`${(await list()).join('\n')}\n`);
  return 0;
}
