import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SimDialectSchema, type SimDialect } from './dialect.ts';
import { SimConfigError } from './errors.ts';
import { SimQuirksSchema, type SimQuirksInput } from './quirks.ts';

/** The engines a sim can stand in for, each described by a data file in `src/engines/`. */
export const IMITATED_ENGINES = ['geulpu', 'llama.cpp', 'vllm', 'sglang'] as const;
export type ImitatedEngine = (typeof IMITATED_ENGINES)[number];

// A model's quirks on this engine; its context limit is the run's (contextTokens comes from the model's config).
const ModelQuirksSchema = SimQuirksSchema.omit({ contextLimit: true }).extend({
  contextLimit: z.object({ extraPromptTokens: z.number().int().min(0), source: z.string().min(1) }).strict().optional(),
});

const ModelBehaviourSchema = z.object({
  quirks: ModelQuirksSchema.default({}),
  /** Quirks of particular builds of the engine, by the start of the source commit they were built from. */
  sourceRefs: z.record(z.string().regex(/^[0-9a-f]{7,40}$/), z.object({ quirks: ModelQuirksSchema }).strict()).optional(),
  /** Documented behaviour that needs no quirk (an engine that copes where another fails). */
  notes: z.string().min(1).optional(),
}).strict();

/** One engine's documented behaviour, as data: its answers' dialect, its context check, and quirks per sim profile. */
export const SimEngineBehaviourSchema = z.object({
  engine: z.enum(IMITATED_ENGINES),
  title: z.string().min(1),
  dialect: SimDialectSchema.optional(),
  /** Whose context check and wording; absent: the engine checks no context (the sim's own limit is not imposed). */
  contextStyle: z.enum(['vllm', 'vllm-legacy', 'sglang', 'llamacpp']).optional(),
  /** Quirks of every model on this engine (a model's own entry adds to them and wins per quirk). */
  allModels: ModelQuirksSchema.optional(),
  /** By sim profile id (e.g. `paper/llama-3.1-8b`). */
  models: z.record(z.string().min(1), ModelBehaviourSchema).default({}),
}).strict();
export type SimEngineBehaviour = z.output<typeof SimEngineBehaviourSchema>;

const loaded = new Map<ImitatedEngine, SimEngineBehaviour>();

/** The engine's data file (`src/engines/<engine>.yaml`), read once and validated, naming the file on error. */
export function engineBehaviour(engine: ImitatedEngine): SimEngineBehaviour {
  const cached = loaded.get(engine);
  if (cached) return cached;
  const path = fileURLToPath(new URL(`./engines/${engine}.yaml`, import.meta.url));
  const result = SimEngineBehaviourSchema.safeParse(parseYaml(readFileSync(path, 'utf8')));
  if (!result.success) throw new SimConfigError('sim:invalid-quirks', `${path}: invalid engine behaviour\n${z.prettifyError(result.error)}`);
  if (result.data.engine !== engine) throw new SimConfigError('sim:invalid-quirks', `${path}: describes engine "${result.data.engine}", not "${engine}"`);
  loaded.set(engine, result.data);
  return result.data;
}

export interface ImitationOptions {
  /** The sim profile the engine serves. */
  profile: string;
  /** The model's context on this engine (its config's `contextLength`). */
  contextTokens: number;
  /** The engine build's source commit, where the engine has quirks of particular builds (GeulPU). */
  sourceRef?: string;
}

/** What a sim standing in for `engine` answers with for one model: the dialect and the quirks of its data file. */
export function imitationOf(engine: ImitatedEngine, options: ImitationOptions): { dialect?: SimDialect; quirks: SimQuirksInput } {
  const data = engineBehaviour(engine);
  const model = data.models[options.profile];
  const ref = options.sourceRef?.toLowerCase();
  const build = ref === undefined || ref.length < 7 ? undefined : Object.entries(model?.sourceRefs ?? {}).find(([prefix]) => ref.startsWith(prefix) || prefix.startsWith(ref))?.[1];
  const { contextLimit, ...quirks } = { ...data.allModels, ...model?.quirks, ...build?.quirks };
  return {
    ...(data.dialect ? { dialect: data.dialect } : {}),
    quirks: {
      ...quirks,
      ...(data.contextStyle ? { contextLimit: { contextTokens: options.contextTokens, style: data.contextStyle, ...contextLimit } } : {}),
    },
  };
}
