import { PLANS as ANALYSIS_PLAN_REGISTRY, type AnalysisPlanId } from '@recovery-bench/analysis';
import { CLAMP_MODES } from '@recovery-bench/proxy';
import { IMITATED_ENGINES } from '@recovery-bench/sim-engine';
import { z } from 'zod';
import { checkModelsForEngines, DockerRunEngineSchema, ModelServingSchema, ProcessRunEngineSchema } from './engines.ts';

/**
 * The run configuration (YAML). Every object is strict: an unknown key is an error naming the file and field.
 * A sample is one (system × model × task × seed); a system is an engine plus an arm.
 */

export const ARMS = ['off', 'engine-c3', 'proxy-c1', 'proxy-c2', 'proxy-c3', 'proxy-c4', 'e1', 'e2'] as const;
export type Arm = (typeof ARMS)[number];

const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - (starting with a letter or digit)');

/** The engines a sim engine can stand in for (`imitates`): each has a data file in libs/sim-engine/src/engines/. */
export { IMITATED_ENGINES };

export const SimEngineConfigSchema = z.strictObject({
  kind: z.literal('sim'),
  seed: z.number().int().default(0),
  /**
   * The real engine this sim stands in for (`--engine-override sim` sets it from the engine it replaces): the sim
   * then checks each request against the model's context as that engine does, with its status and wording
   * (SGLang rejects prompt + max_tokens at or over the context, vLLM over it; llama.cpp only a prompt that fills
   * it, and answers bad requests as llama.cpp does), and the proxy treats it as that engine (pins, clamp, failure
   * parsing). The model's behaviour stays its sim profile's; what the engine did with each of the paper's models
   * (parse failures, refused histories, lost calls, other weights) comes from that engine's data file in
   * libs/sim-engine/src/engines/, recorded in run.json with each sim's quirks.
   */
  imitates: z.enum(IMITATED_ENGINES).optional(),
  /** The imitated build's source commit (GeulPU: quirks of particular builds), and per model (`perModel`). */
  sourceRef: z.string().min(1).optional(),
  perModel: z.record(z.string(), z.strictObject({ sourceRef: z.string().min(1) })).optional(),
});

const EngineUrl = z.url({ protocol: /^https?$/ });

export const ExternalEngineConfigSchema = z.strictObject({
  kind: z.literal('external'),
  /** Any OpenAI-compatible base URL (up to `/v1`), serving every model of the config. */
  url: EngineUrl.optional(),
  /**
   * One base URL per model id, for an engine that serves each model from its own server (as the runner starts one
   * container per engine × model; `recovery-bench deploy k8s` writes these for its sidecars). Give `url` or `urls`.
   */
  urls: z.record(Id, EngineUrl).optional(),
  /** The engine family, for the proxy's pins and failure parsing. */
  engine: z.enum(['llama.cpp', 'vllm', 'sglang', 'geulpu', 'generic']).default('generic'),
  apiKeyEnv: z.string().optional(),
}).superRefine((engine, ctx) => {
  if ((engine.url === undefined) === (engine.urls === undefined)) {
    ctx.addIssue({ code: 'custom', path: engine.url === undefined ? ['url'] : ['urls'], message: 'an external engine takes exactly one of url (one server for every model) and urls (a server per model id)' });
  }
});

export const EngineConfigSchema = z.discriminatedUnion('kind', [SimEngineConfigSchema, ExternalEngineConfigSchema, DockerRunEngineSchema, ProcessRunEngineSchema]);
export type EngineConfig = z.infer<typeof EngineConfigSchema>;

export const ModelConfigSchema = z.strictObject({
  /** The name the engine serves the model under (external engines). */
  servedName: z.string().min(1).optional(),
  /** The sim engine's behaviour profile for this model (e.g. `paper/qwen3-8b`). */
  simProfile: z.string().min(1).optional(),
  chatTemplateKwargs: z.record(z.string(), z.unknown()).optional(),
  /**
   * `parallel_tool_calls` on every request the proxy forwards for this model, in place of the client's (unset: the
   * client's own). The paper set none; `false` keeps a model to one call per turn (e.g. Llama-3.1-8B, whose histories
   * with several calls per turn vLLM and SGLang rejected). run.json records it in the config when set.
   */
  parallelToolCalls: z.boolean().optional(),
  contextLength: z.number().int().positive().optional(),
  /** The model's tier (the paper's `small`, `large`): the analysis reads each tier alone; `run --tier` runs one. */
  tier: z.string().min(1).optional(),
  /**
   * The engines (names in `engines`) that serve this model; default every engine. Systems on other engines do not
   * run it (the paper ran Llama-3.3-70B on GeulPU and llama.cpp only), and those engines need none of its weights.
   */
  engines: z.array(Id).min(1).optional(),
  ...ModelServingSchema,
});
export type ModelEntry = z.infer<typeof ModelConfigSchema>;

export const SystemConfigSchema = z.strictObject({
  id: Id,
  engine: Id,
  arm: z.enum(ARMS),
  /** The layer's rule set in the proxy arms. */
  rules: z.enum(['paper', 'extended']).default('paper'),
  /** The proxy lowers every request's output budget to this many tokens (the paper's 8,192 run of SGLang). */
  maxTokensCap: z.number().int().positive().optional(),
  /**
   * How the proxy fits the output budget to the engine's context: `count` (before sending), `on-error` (one retry
   * after the engine's overflow error) or `off` (the engine gets the client's request and answers it, e.g. SGLang's
   * 400 in the paper's main run of layer 2). Default: the engine's (vLLM `count`, SGLang `on-error`, others `off`).
   */
  clamp: z.enum(CLAMP_MODES).optional(),
});
export type SystemConfig = z.infer<typeof SystemConfigSchema>;

/** A contrast's id when it declares none: its name in lower case, runs of other characters as one `-`. */
export function contrastIdOf(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9._:/]+/g, '-').replace(/^-+|-+$/g, '') || 'contrast';
}

export const ContrastConfigSchema = z
  .strictObject({
    /** Stable: gates and links name it. Default: the name in lower case with dashes. */
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'letters, digits and . _ : / -').optional(),
    name: z.string().min(1),
    a: Id,
    b: Id,
    conditions: z.array(z.string()).optional(),
    /** `one-sided`: A > B with a bootstrap p; `equivalence`: the 90% interval within ±margin; `descriptive`. */
    test: z.enum(['one-sided', 'equivalence', 'descriptive']).default('one-sided'),
    /** Equivalence margin in points. */
    margin: z.number().positive().default(5),
    /** One-sided contrasts of one family are decided together with Holm's procedure. */
    family: z.string().min(1).optional(),
  })
  .transform(({ id, ...rest }) => ({ id: id ?? contrastIdOf(rest.name), ...rest }));
export type ContrastConfig = z.infer<typeof ContrastConfigSchema>;

/** The analysis plans of libs/analysis a config may ask for (their contrasts are the plan's, not the config's). */
export const ANALYSIS_PLANS = Object.keys(ANALYSIS_PLAN_REGISTRY) as [AnalysisPlanId, ...AnalysisPlanId[]];

/**
 * The run config's schema, with one optional section per registered benchmark (each entry's own schema). Built on
 * call, so that a benchmark registered at run time is part of it.
 */
export function runConfigSchema(benchmarks: readonly BenchmarkSection[]) {
  const sections = z.strictObject(Object.fromEntries(benchmarks.map((b) => [b.id, withSectionKeys(b.configSchema).optional()])));
  return buildRunConfigSchema(sections);
}

const SeedsSchema = z.array(z.number().int()).min(1);

/** Keys every benchmark section has beside the entry's own. */
export const SectionKeysSchema = z.strictObject({
  /**
   * This benchmark's seeds, in place of the config's `seeds`: a benchmark whose runs differ by seed (Loud/Quiet's
   * faults draw from it: the paper ran {0, 1}) beside one on a deterministic engine that would only repeat itself.
   */
  seeds: SeedsSchema.optional(),
  /**
   * Per tier, the first N units (base tasks, each with all its conditions, in the benchmark's order) that the models
   * of that tier run; other tiers run every task. The paper ran ToolMaze's first 50 tasks per mode in its large tier.
   */
  limitByTier: z.record(z.string().min(1), z.number().int().positive()).optional(),
});
export type SectionKeys = z.infer<typeof SectionKeysSchema>;

/** An entry's section schema with the section keys added (sections are strict objects; any other is left as it is). */
function withSectionKeys(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? schema.extend(SectionKeysSchema.shape) : schema;
}

/** The section keys of a benchmark's section, and the rest: what the entry's own schema reads. */
export function splitSection(section: unknown): { keys: SectionKeys; own: unknown } {
  if (section === null || typeof section !== 'object' || Array.isArray(section)) return { keys: {}, own: section };
  const { seeds, limitByTier, ...own } = section as Record<string, unknown>;
  const keys: SectionKeys = {
    ...(seeds === undefined ? {} : { seeds: seeds as number[] }),
    ...(limitByTier === undefined ? {} : { limitByTier: limitByTier as Record<string, number> }),
  };
  return { keys, own };
}

/** Whether an engine of the config serves a model: every engine, unless the model names its own. */
export function servesModel(entry: Pick<ModelEntry, 'engines'>, engine: string): boolean {
  return entry.engines === undefined || entry.engines.includes(engine);
}

/** The seeds a benchmark runs with: its section's, else the config's. */
export function seedsOf(config: Pick<RunConfig, 'seeds' | 'benchmarks'>, benchmark: string): number[] {
  return splitSection(config.benchmarks[benchmark]).keys.seeds ?? config.seeds;
}

/** What the config needs of a benchmark entry. */
export interface BenchmarkSection {
  id: string;
  configSchema: z.ZodType;
}

function buildRunConfigSchema<S extends z.ZodType<Record<string, unknown>>>(benchmarks: S) {
  return z.strictObject({
    version: z.literal(1),
    name: Id,
    /** Put "simulated" in report titles; set automatically when a sim engine is used. */
    description: z.string().optional(),
    /**
     * The run is meant to measure the benchmarks' real tasks (the paper's inputs): a benchmark with only its fixture
     * suite stops the run before it starts, unless `--allow-fixtures` is given.
     */
    requireRealTasks: z.boolean().default(false),
    /** Where models' `weights` paths start (default: the working directory). */
    modelsDir: z.string().min(1).optional(),
    engines: z.record(Id, EngineConfigSchema).refine((e) => Object.keys(e).length > 0, 'name at least one engine'),
    models: z.record(Id, ModelConfigSchema).refine((m) => Object.keys(m).length > 0, 'name at least one model'),
    systems: z.array(SystemConfigSchema).min(1),
    benchmarks,
    /** Every benchmark's seeds, unless its section names its own. */
    seeds: SeedsSchema.default([0]),
    concurrency: z
      .strictObject({
        perEngine: z.number().int().min(1).max(256).default(4),
        /**
         * `together`: every engine × model is started before the first sample. `one-at-a-time`: one engine × model
         * runs its samples and is stopped before the next starts (several engines on one GPU).
         */
        engines: z.enum(['together', 'one-at-a-time']).default('together'),
      })
      .prefault({}),
    limits: z.strictObject({ maxRounds: z.number().int().min(1).max(1000).default(25), requestTimeoutMs: z.number().int().positive().default(45_000) }).prefault({}),
    /**
     * What calls.jsonl keeps: `bodies: false` leaves out request and response bodies (timings, detections and failures
     * stay); `rendered: true` adds the prompt the engine rendered from each forwarded request (llama.cpp), which
     * `recovery-bench show` prints at a sample's decision step.
     */
    records: z.strictObject({ bodies: z.boolean().default(true), rendered: z.boolean().default(false) }).prefault({}),
    /** Contrasts reported (and gated on); `a` and `b` name systems. */
    contrasts: z.array(ContrastConfigSchema).default([]),
    /** Analyses of libs/analysis evaluated on the run beside the contrasts (e.g. `study3`: the paper's table 7). */
    analysis: z.strictObject({
      plans: z.array(z.enum(ANALYSIS_PLANS)).default([]),
      /** The earlier name of `plans`, still read (a config may give either; both are evaluated). */
      presets: z.array(z.enum(ANALYSIS_PLANS)).optional(),
    }).prefault({}),
  }).superRefine((config, ctx) => {
    const systems = new Set<string>();
    config.systems.forEach((s, i) => {
      if (!(s.engine in config.engines)) ctx.addIssue({ code: 'custom', path: ['systems', i, 'engine'], message: `unknown engine "${s.engine}"; engines: ${Object.keys(config.engines).join(', ')}` });
      if (systems.has(s.id)) ctx.addIssue({ code: 'custom', path: ['systems', i, 'id'], message: `duplicate system id "${s.id}"` });
      systems.add(s.id);
    });
    const contrastIds = new Set<string>();
    config.contrasts.forEach((c, i) => {
      if (contrastIds.has(c.id)) ctx.addIssue({ code: 'custom', path: ['contrasts', i, 'id'], message: `duplicate contrast id "${c.id}"; give one of them its own id` });
      contrastIds.add(c.id);
      for (const side of ['a', 'b'] as const) {
        if (!systems.has(c[side])) ctx.addIssue({ code: 'custom', path: ['contrasts', i, side], message: `unknown system "${c[side]}"` });
      }
    });
    for (const [name, engine] of Object.entries(config.engines)) {
      if (engine.kind !== 'sim') continue;
      for (const [model, entry] of Object.entries(config.models)) {
        if (!entry.simProfile && servesModel(entry, name)) ctx.addIssue({ code: 'custom', path: ['models', model, 'simProfile'], message: `engine "${name}" is the sim engine, so model "${model}" needs a simProfile` });
      }
    }
    checkModelEngines(config, ctx);
    checkModelsForEngines(config.engines, config.models, ctx);
    checkExternalUrls(config.engines, config.models, ctx);
    if (Object.values((config as { benchmarks: Record<string, unknown> }).benchmarks).every((b) => b === undefined)) ctx.addIssue({ code: 'custom', path: ['benchmarks'], message: 'name at least one benchmark' });
  });
}

/** A model's `engines` name engines of the config, and every system's engine serves at least one model. */
function checkModelEngines(config: { engines: Record<string, unknown>; models: Record<string, ModelEntry>; systems: readonly SystemConfig[] }, ctx: z.RefinementCtx): void {
  const engineNames = Object.keys(config.engines);
  for (const [model, entry] of Object.entries(config.models)) {
    entry.engines?.forEach((engine, i) => {
      if (!engineNames.includes(engine)) ctx.addIssue({ code: 'custom', path: ['models', model, 'engines', i], message: `model "${model}" names unknown engine "${engine}"; engines: ${engineNames.join(', ')}` });
    });
  }
  config.systems.forEach((system, i) => {
    if (!engineNames.includes(system.engine)) return;
    if (Object.values(config.models).some((entry) => servesModel(entry, system.engine))) return;
    ctx.addIssue({ code: 'custom', path: ['systems', i, 'engine'], message: `system "${system.id}" runs on engine "${system.engine}", which serves none of the models (${Object.entries(config.models).map(([m, e]) => `${m}: ${e.engines?.join(', ') ?? 'every engine'}`).join('; ')}); add the engine to a model's engines or drop the system` });
  });
}

/** An external engine's `urls` name every model it serves, and only models of the config. */
function checkExternalUrls(engines: Record<string, EngineConfig>, entries: Record<string, ModelEntry>, ctx: z.RefinementCtx): void {
  const models = Object.keys(entries);
  for (const [name, engine] of Object.entries(engines)) {
    if (engine.kind !== 'external' || engine.urls === undefined) continue;
    for (const model of models) {
      if (!servesModel(entries[model]!, name)) continue;
      if (!Object.hasOwn(engine.urls, model)) ctx.addIssue({ code: 'custom', path: ['engines', name, 'urls'], message: `engine "${name}" has no URL for model "${model}"; urls: ${Object.keys(engine.urls).join(', ') || 'none'}` });
    }
    for (const model of Object.keys(engine.urls)) {
      if (!models.includes(model)) ctx.addIssue({ code: 'custom', path: ['engines', name, 'urls', model], message: `unknown model "${model}"; models: ${models.join(', ')}` });
    }
  }
}

/** The config's type: benchmark sections are each entry's own business, so they are opaque here. */
const RunConfigShape = buildRunConfigSchema(z.record(z.string(), z.unknown()));
export type RunConfig = z.infer<typeof RunConfigShape>;
export type RunConfigInput = z.input<typeof RunConfigShape>;
