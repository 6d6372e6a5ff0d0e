import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SimConfigError } from './errors.ts';
import { suggestName } from '@recovery-bench/harness';
import { SIM_ERROR_KINDS } from './types.ts';

const ProbabilitySchema = z.number().min(0).max(1);

/** A rate is a bare probability, or a probability with the source it was taken from. */
export const SimRateSchema = z.union([
  ProbabilitySchema,
  z.object({ p: ProbabilitySchema, source: z.string().min(1), interpolated: z.boolean().optional() }).strict(),
]).transform((rate) => (typeof rate === 'number' ? { p: rate, source: 'unstated', interpolated: false } : { ...rate, interpolated: rate.interpolated ?? false }));
export type SimRate = z.output<typeof SimRateSchema>;

const SituationRatesSchema = z.object({
  C0: SimRateSchema,
  C1: SimRateSchema,
  'note-no-guidance': SimRateSchema,
  C2: SimRateSchema,
  C3: SimRateSchema,
  C4: SimRateSchema,
}).strict();

/** A behavioural profile: the probability of the correct action for each kind × delivery situation. */
export const SimProfileSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  paperModel: z.string().optional(),
  unknownKind: z.object({ kind: z.enum(SIM_ERROR_KINDS), source: z.string().min(1) }).strict(),
  /**
   * The share of a script's groups of calls (`calls:` steps) that the model sends in one message; the rest it sends
   * one call per message. Default 1: as the script groups them. A request with `parallel_tool_calls: false` always
   * gets one call per message.
   */
  parallelCalls: SimRateSchema.optional(),
  /**
   * Rates for a failure the model has already seen (the same call failed before in the conversation: later turns
   * of an episode), per kind and situation; a situation not given keeps its rate in `rates`.
   */
  repeated: z.object({
    transient: SituationRatesSchema.partial().optional(),
    fixable: SituationRatesSchema.partial().optional(),
    unrecoverable: SituationRatesSchema.partial().optional(),
  }).strict().optional(),
  rates: z.object({
    transient: SituationRatesSchema,
    fixable: SituationRatesSchema,
    unrecoverable: SituationRatesSchema,
  }).strict(),
}).strict();
export type SimProfile = z.output<typeof SimProfileSchema>;
export type SimProfileInput = z.input<typeof SimProfileSchema>;

const builtIn = (file: string) => () => loadProfileFile(fileURLToPath(new URL(`./profiles/${file}`, import.meta.url)));

/** The built-in profiles: id → lazy loader. The id union, `list` output and docs read this object. */
export const SIM_PROFILES = {
  ideal: builtIn('ideal.yaml'),
  stubborn: builtIn('stubborn.yaml'),
  'paper/qwen2.5-7b': builtIn('paper/qwen2.5-7b.yaml'),
  'paper/qwen3-8b': builtIn('paper/qwen3-8b.yaml'),
  'paper/llama-3.1-8b': builtIn('paper/llama-3.1-8b.yaml'),
  'paper/gemma-4-12b': builtIn('paper/gemma-4-12b.yaml'),
  'paper/qwen3.5-9b': builtIn('paper/qwen3.5-9b.yaml'),
  'paper/qwen3.6-35b-a3b': builtIn('paper/qwen3.6-35b-a3b.yaml'),
  'paper/qwen2.5-32b': builtIn('paper/qwen2.5-32b.yaml'),
  'paper/qwen3-32b': builtIn('paper/qwen3-32b.yaml'),
  'paper/llama-3.3-70b': builtIn('paper/llama-3.3-70b.yaml'),
  'paper/llama-3.2-3b': builtIn('paper/llama-3.2-3b.yaml'),
  'paper/gemma-4-31b': builtIn('paper/gemma-4-31b.yaml'),
  'paper/qwen3.5-27b': builtIn('paper/qwen3.5-27b.yaml'),
  'paper/qwen3.6-27b': builtIn('paper/qwen3.6-27b.yaml'),
} as const satisfies Record<string, () => Promise<SimProfile>>;
export type SimProfileId = keyof typeof SIM_PROFILES;

export const SIM_PROFILE_IDS = Object.keys(SIM_PROFILES) as SimProfileId[];

export function isSimProfileId(name: string): name is SimProfileId {
  return Object.hasOwn(SIM_PROFILES, name);
}

export function parseProfile(value: unknown, where: string): SimProfile {
  const result = SimProfileSchema.safeParse(value);
  if (!result.success) throw new SimConfigError('sim:invalid-profile', `${where}: invalid profile\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Reads one profile file (YAML or JSON; YAML is a superset) and validates it, naming the file on error. */
export async function loadProfileFile(path: string): Promise<SimProfile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SimConfigError('sim:invalid-profile', `${path}: cannot read profile (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new SimConfigError('sim:invalid-profile', `${path}: not YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  return parseProfile(data, path);
}

/**
 * A profile by built-in id, by path of a `.yaml`/`.yml`/`.json` file, or given as an object. A miss names
 * the closest built-in id.
 */
export async function resolveProfile(profile: string | SimProfileInput): Promise<SimProfile> {
  if (typeof profile !== 'string') return parseProfile(profile, 'profile object');
  if (isSimProfileId(profile)) {
    const loaded = await SIM_PROFILES[profile]();
    if (loaded.id !== profile) throw new SimConfigError('sim:invalid-profile', `built-in profile "${profile}" declares id "${loaded.id}"`);
    return loaded;
  }
  if (/\.(ya?ml|json)$/i.test(profile)) return loadProfileFile(profile);
  const hint = suggestName(profile, SIM_PROFILE_IDS);
  throw new SimConfigError('sim:unknown-profile', `unknown profile "${profile}"${hint ? ` (did you mean "${hint}"?)` : ''}; known: ${SIM_PROFILE_IDS.join(', ')}`);
}
