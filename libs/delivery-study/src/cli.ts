import { parseCommandArgs, UsageError } from '@recovery-bench/harness';
import { approximateTokenizer, costPerForm, httpTokenizer } from './cost.ts';
import { writeStimuli } from './files.ts';
import { DELIVERY_FORMS, PAPER_NAME, type DeliveryForm } from './forms.ts';
import { DEFAULT_STIMULUS_SEED, generateStimuli } from './stimuli.ts';
import { STIMULUS_SETS, type StimulusSet } from './tools.ts';

const HELP = `usage: recovery-bench delivery generate --out DIR [--seed N] [--stimuli study1|study2]

Writes the delivery study's stimuli into DIR: stimuli.jsonl (every stimulus in every form, as the model is sent
it), tools.json, sim-scripts/ and manifest.json with the SHA-256 of each file. --stimuli study2 writes Study 2's
own scenarios on its six tools (default study1). Point a config's benchmarks.delivery.stimuliDir (and stimuli) at
DIR and \`recovery-bench freeze\` records them before data collection.`;

function parseSet(value: string | undefined): StimulusSet {
  if (value === undefined) return 'study1';
  if (!(STIMULUS_SETS as readonly string[]).includes(value)) throw new UsageError(`--stimuli must be one of ${STIMULUS_SETS.join(', ')}; got "${value}"`);
  return value as StimulusSet;
}

function parseSeed(value: string | undefined): number {
  const seed = value === undefined ? DEFAULT_STIMULUS_SEED : Number(value);
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff)) throw new UsageError(`--seed must be an integer from 0 to 4294967295; got "${value}"`);
  return seed;
}

export async function runGenerateCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, { out: { type: 'string' }, seed: { type: 'string' }, stimuli: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } as const);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.out) throw new UsageError('delivery generate needs --out DIR');
  const seed = parseSeed(values.seed);
  const paths = writeStimuli(values.out, generateStimuli(seed, parseSet(values.stimuli)), seed);
  process.stdout.write(`${paths.join('\n')}\n`);
  return 0;
}

const COST_HELP = `usage: recovery-bench delivery cost [--tokenize URL] [--model NAME] [--seed N]

S6: the prompt tokens an engine recomputes at the decision step, per form (median and mean over the 180
stimuli). --tokenize names an engine's /tokenize endpoint (vLLM, the sim engine; e.g.
http://127.0.0.1:8000/tokenize); without it the documented approximation of the study is used.`;

export async function runCostCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, { tokenize: { type: 'string' }, model: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } as const);
  if (values.help) {
    process.stdout.write(`${COST_HELP}\n`);
    return 0;
  }
  const seed = parseSeed(values.seed);
  const tokenizer = values.tokenize ? httpTokenizer(values.tokenize, values.model) : approximateTokenizer;
  const cost = await costPerForm(generateStimuli(seed), DELIVERY_FORMS, tokenizer);
  process.stdout.write(`prompt tokens recomputed at the decision step (${values.tokenize ? `tokenizer ${values.tokenize}` : 'approximate tokenizer'}), median / mean over 180 stimuli\n`);
  for (const [form, c] of Object.entries(cost)) process.stdout.write(`${PAPER_NAME[form as DeliveryForm].padEnd(5)} ${String(c!.median).padStart(6)} ${c!.mean.toFixed(1).padStart(8)}\n`);
  return 0;
}
