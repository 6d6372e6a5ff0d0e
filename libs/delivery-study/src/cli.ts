import { parseCommandArgs, UsageError } from '@recovery-bench/harness';
import { writeStimuli } from './files.ts';
import { DEFAULT_STIMULUS_SEED, generateStimuli } from './stimuli.ts';

const HELP = `usage: recovery-bench delivery generate --out DIR [--seed N]

Writes the delivery study's stimuli into DIR: stimuli.jsonl (every stimulus in every form, as the model is sent
it), tools.json, sim-scripts/ and manifest.json with the SHA-256 of each file. Point a config's
benchmarks.delivery.stimuliDir at DIR and \`recovery-bench freeze\` records them before data collection.`;

export async function runGenerateCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, { out: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } as const);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.out) throw new UsageError('delivery generate needs --out DIR');
  const seed = values.seed === undefined ? DEFAULT_STIMULUS_SEED : Number(values.seed);
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff)) throw new UsageError(`--seed must be an integer from 0 to 4294967295; got "${values.seed}"`);
  const paths = writeStimuli(values.out, generateStimuli(seed), seed);
  process.stdout.write(`${paths.join('\n')}\n`);
  return 0;
}
