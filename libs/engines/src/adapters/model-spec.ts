import { z } from 'zod';

/** How a model writes tool calls, which picks the engines' tool-call parsers (vLLM `hermes`/`llama3_json`, SGLang `qwen`/`llama3`). */
export const TOOL_FORMATS = ['qwen', 'llama3'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** The model an engine serves: where its weights are and how it is served. */
export const ModelSpecSchema = z.strictObject({
  /** Host path of the weights: a `.gguf` file (llama.cpp, GeulPU) or a Hugging Face directory (vLLM, SGLang). */
  path: z.string().min(1),
  /** The name requests carry; vLLM and SGLang answer 404 for any other. */
  servedName: z.string().min(1).default('model'),
  /** Context length C, the same on every engine of a comparison (the paper: 32,768). */
  contextLength: z.number().int().positive().default(32_768),
  toolFormat: z.enum(TOOL_FORMATS).default('qwen'),
  /** A chat template file on the host (mounted read-only); default the model's own. */
  chatTemplate: z.string().min(1).optional(),
});
export type ModelSpecInput = z.input<typeof ModelSpecSchema>;
export type ModelSpec = z.infer<typeof ModelSpecSchema>;
