import { z } from 'zod';
import { ModelSpecSchema } from '../model-spec.ts';

export const DOCKER_ENGINE_IDS = ['llama.cpp', 'vllm', 'sglang', 'geulpu'] as const;
export type DockerEngineId = (typeof DOCKER_ENGINE_IDS)[number];

/** The images of the paper's Study 3 (spec section 0). GeulPU has no public image: its image comes from config. */
export const PINNED_IMAGES = {
  'llama.cpp': 'ghcr.io/ggml-org/llama.cpp:server-cuda-b11951',
  vllm: 'vllm/vllm-openai:v0.32.0',
  sglang: 'lmsysorg/sglang:v0.5.22',
} as const;

/** Labels on every container this library starts; `engines prune` finds leftovers by them. */
export const LABELS = {
  managed: 'engines.managed',
  run: 'engines.run',
  engine: 'engines.engine',
  model: 'engines.model',
} as const;

const MINUTE = 60_000;
const GIB = 1024 ** 3;

export const MountSchema = z.strictObject({
  source: z.string().min(1),
  target: z.string().startsWith('/'),
  readOnly: z.boolean().default(true),
});
export type MountInput = z.input<typeof MountSchema>;

/** `all` (`--gpus all`), `none` (no device request), or device ids (`--gpus '"device=0,1"'`). */
export const GpusSchema = z.union([z.literal('all'), z.literal('none'), z.array(z.string().regex(/^[A-Za-z0-9-]+$/)).min(1)]);
export type Gpus = z.infer<typeof GpusSchema>;

const GEULPU_ONLY = ['command', 'entrypoint', 'containerPort', 'healthPath'] as const;

/**
 * How to run a Docker engine, without the model: a run config names these once per engine and the runner adds
 * each model. Checked by `checkDockerOptions` (the GeulPU-only keys and what GeulPU must have).
 */
export const DockerEngineOptionsSchema = z.strictObject({
  engine: z.enum(DOCKER_ENGINE_IDS),
  /** Default: the pinned image (llama.cpp, vLLM, SGLang). Required for GeulPU. */
  image: z.string().min(1).optional(),
  /** GeulPU only (required): the container's Cmd, with `{model}`, `{servedName}`, `{host}`, `{port}`, `{contextLength}`, `{seed}`, `{chatTemplate}` filled in. */
  command: z.array(z.string()).min(1).optional(),
  /** GeulPU only: replaces the image's ENTRYPOINT. */
  entrypoint: z.array(z.string()).min(1).optional(),
  /** GeulPU only: the port its server listens on inside the container (bridge network); default 8080. */
  containerPort: z.number().int().min(1).max(65_535).optional(),
  /** GeulPU only: answers 200 when the model is loaded; default `/health`. */
  healthPath: z.string().startsWith('/').optional(),
  gpus: GpusSchema.default('all'),
  /** `bridge`: the container port is published on 127.0.0.1 only. `host`: the server binds 127.0.0.1 on the host's network. */
  network: z.enum(['bridge', 'host']).default('bridge'),
  /** The host port on 127.0.0.1; 0 picks a free one. */
  port: z.number().int().min(0).max(65_535).default(0),
  seed: z.number().int().nonnegative().default(0),
  /** Concurrent sequences (llama.cpp `-np`, vLLM `--max-num-seqs`); 1 for bit-exact llama.cpp. */
  parallel: z.number().int().positive().default(1),
  /** SGLang `--enable-deterministic-inference`, vLLM `VLLM_BATCH_INVARIANT=1`. */
  deterministic: z.boolean().default(true),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string()).default({}),
  /** Appended to the engine's flags. */
  extraArgs: z.array(z.string()).default([]),
  /** Further bind mounts (read-only unless `readOnly: false`). */
  mounts: z.array(MountSchema).default([]),
  /** Shared memory; default 32 GiB for SGLang, Docker's default otherwise. */
  shmSizeBytes: z.number().int().positive().optional(),
  /** `missing`: pull when the image is not present; `never`: fail instead; `always`: pull every start. */
  pull: z.enum(['missing', 'always', 'never']).default('missing'),
  healthTimeoutMs: z.number().int().positive().default(20 * MINUTE),
  pollIntervalMs: z.number().int().positive().default(1_000),
  stopTimeoutSeconds: z.number().int().nonnegative().default(10),
  /** Keep the stopped container (and its logs) instead of removing it. */
  keepContainer: z.boolean().default(false),
});
export type DockerEngineOptions = z.infer<typeof DockerEngineOptionsSchema>;

export function checkDockerOptions(config: z.input<typeof DockerEngineOptionsSchema>, ctx: z.RefinementCtx): void {
  if (config.engine === 'geulpu') {
    if (!config.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'GeulPU has no pinned image: give the image of your GeulPU build (see libs/engines/README.md)' });
    if (!config.command) ctx.addIssue({ code: 'custom', path: ['command'], message: 'GeulPU needs its server command (the container Cmd; see libs/engines/README.md)' });
    return;
  }
  for (const key of GEULPU_ONLY) {
    if (config[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is set by the ${config.engine} adapter; use extraArgs for more flags` });
  }
}

/** SGLang splits a requested model name at ':' (base model and adapter), so its served name must not have one. */
export function checkServedName(engine: string, servedName: string): string | undefined {
  return engine === 'sglang' && servedName.includes(':') ? `SGLang reads "${servedName}" as model:adapter; serve it under a name without ':'` : undefined;
}

export const DockerEngineConfigSchema = DockerEngineOptionsSchema.extend({ kind: z.literal('docker'), model: ModelSpecSchema }).superRefine((config, ctx) => {
  checkDockerOptions(config, ctx);
  const problem = checkServedName(config.engine, config.model.servedName);
  if (problem) ctx.addIssue({ code: 'custom', path: ['model', 'servedName'], message: problem });
});
export type DockerEngineConfigInput = z.input<typeof DockerEngineConfigSchema>;
export type DockerEngineConfig = z.infer<typeof DockerEngineConfigSchema>;

export const SGLANG_SHM_BYTES = 32 * GIB;
/** vLLM's Llama 3.x tool template, inside the pinned image (*verify* on a GPU host: spec section 5). */
export const VLLM_LLAMA3_TEMPLATE = '/vllm-workspace/examples/tool_chat_template_llama3.1_json.jinja';
