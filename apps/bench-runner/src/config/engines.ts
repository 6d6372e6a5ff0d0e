import { checkDockerOptions, checkProcessOptions, checkServedName, DockerEngineOptionsSchema, ProcessEngineOptionsSchema, SourceRefSchema, TOOL_FORMATS } from '@recovery-bench/engines/config';
import { z } from 'zod';

/** A model's weight files: GGUF for llama.cpp and GeulPU, a Hugging Face directory for vLLM and SGLang. */
export const WEIGHT_FORMATS = ['gguf', 'hf'] as const;
export type WeightFormat = (typeof WEIGHT_FORMATS)[number];

/** The paper ran the Q8_0 GGUF on llama.cpp and GeulPU and the BF16 weights on vLLM and SGLang. */
export const DEFAULT_WEIGHTS: Readonly<Record<string, WeightFormat>> = { 'llama.cpp': 'gguf', geulpu: 'gguf', vllm: 'hf', sglang: 'hf' };

/** An engine in a container (engines/adapters/docker), once per model: the models' weights and names come from `models`. */
export const DockerRunEngineSchema = DockerEngineOptionsSchema.extend({
  kind: z.literal('docker'),
  /** Which of each model's `weights` this engine loads; default per engine (DEFAULT_WEIGHTS). */
  weights: z.enum(WEIGHT_FORMATS).optional(),
  /**
   * Per model id, another image or (GeulPU) source ref than the engine's: the paper ran Qwen2.5-7B on a later GeulPU
   * commit. A model's `image` wins over its `sourceRef`, which wins over the engine's `image` and `sourceRef`.
   */
  perModel: z.record(z.string(), z.strictObject({ image: z.string().min(1).optional(), sourceRef: SourceRefSchema.optional() })).optional(),
}).superRefine((config, ctx) => {
  checkDockerOptions(config, ctx);
  for (const [model, override] of Object.entries(config.perModel ?? {})) {
    if (override.sourceRef !== undefined && config.engine !== 'geulpu') ctx.addIssue({ code: 'custom', path: ['perModel', model, 'sourceRef'], message: 'sourceRef is GeulPU\'s; give an image' });
  }
});

/** A local engine binary (engines/adapters/process), once per model. */
export const ProcessRunEngineSchema = ProcessEngineOptionsSchema.extend({
  kind: z.literal('process'),
  weights: z.enum(WEIGHT_FORMATS).optional(),
}).superRefine(checkProcessOptions);

/** Per model: where its weights are and how engines serve it. */
export const ModelServingSchema = {
  /** Paths relative to the config's `modelsDir` (or absolute). */
  weights: z.strictObject({ gguf: z.string().min(1).optional(), hf: z.string().min(1).optional() }).optional(),
  /** Picks the engines' tool-call parsers (default `qwen`). */
  toolFormat: z.enum(TOOL_FORMATS).optional(),
  /** A chat template file on the host, instead of the model's own. */
  chatTemplate: z.string().min(1).optional(),
};

type RunEngine = { kind: string; engine?: string; weights?: WeightFormat; args?: string[] };
type RunModel = { servedName?: string; weights?: Partial<Record<WeightFormat, string>>; engines?: string[] };

/** Engines that load weights need the weights of every model they serve in their format, and SGLang a name without ':'. */
export function checkModelsForEngines(engines: Record<string, RunEngine>, models: Record<string, RunModel>, ctx: z.RefinementCtx): void {
  for (const [name, engine] of Object.entries(engines)) {
    if (engine.kind !== 'docker' && engine.kind !== 'process') continue;
    const format = weightFormat(engine);
    const needsWeights = engine.kind === 'docker' || engine.args === undefined || engine.args.some((a) => a.includes('{model}'));
    for (const [id, model] of Object.entries(models)) {
      if (model.engines !== undefined && !model.engines.includes(name)) continue;
      if (needsWeights && format && !model.weights?.[format]) {
        ctx.addIssue({ code: 'custom', path: ['models', id, 'weights', format], message: `engine "${name}" (${engine.engine}) loads ${format} weights: give this model's path` });
      }
      const problem = checkServedName(engine.engine ?? '', model.servedName ?? id);
      if (problem) ctx.addIssue({ code: 'custom', path: ['models', id, 'servedName'], message: problem });
    }
  }
}

export function weightFormat(engine: RunEngine): WeightFormat | undefined {
  return engine.weights ?? DEFAULT_WEIGHTS[engine.engine ?? ''];
}
