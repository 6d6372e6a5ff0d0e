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

/**
 * GeulPU's source (the paper's appendix B.3) and the commits Study 3 ran (Section 5): G-off and G-on ran the commit that
 * froze the detection rules, Qwen2.5-7B's rows the commit with the parser fix of deviation 1. Both precede release
 * 0.15.0, the version the paper cites, which stays an explicit choice (`sourceRef: '0.15.0'` or `image`). The commits
 * are the paper's short hashes; `docker/geulpu-image.sh` checks that the checked-out HEAD starts with one.
 */
export const GEULPU_SOURCE = {
  repository: 'https://github.com/wwoosshh/GeulPUv2',
  paperCommit: '36e3957',
  paperCommitQwen25: '88555c2',
  release: '0.15.0',
} as const;

/** The local tag `docker/geulpu-image.sh REF` gives the GeulPU image it builds from the source at REF. */
export const geulpuImage = (sourceRef: string): string => `geulpu:${sourceRef}`;

/** A git ref that is also a valid Docker tag (commit, tag or branch without '/'). */
export const SourceRefSchema = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, 'a commit, tag or branch name usable as a Docker tag');

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

const GEULPU_ONLY = ['sourceRef', 'command', 'entrypoint', 'containerPort', 'healthPath'] as const;

/**
 * How to run a Docker engine, without the model: a run config names these once per engine and the runner adds
 * each model. Checked by `checkDockerOptions` (the GeulPU-only keys and what GeulPU must have).
 */
export const DockerEngineOptionsSchema = z.strictObject({
  engine: z.enum(DOCKER_ENGINE_IDS),
  /** Default: the pinned image (llama.cpp, vLLM, SGLang); for GeulPU `geulpu:<sourceRef>`. */
  image: z.string().min(1).optional(),
  /**
   * GeulPU only: the source ref (commit or tag) its image is built from (`docker/geulpu-image.sh REF`), recorded in
   * run.json and checked against the image's `org.opencontainers.image.revision` label. GEULPU_SOURCE names the paper's.
   */
  sourceRef: SourceRefSchema.optional(),
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
    if (!config.image && !config.sourceRef) ctx.addIssue({ code: 'custom', path: ['image'], message: 'GeulPU has no pinned image: give the source ref its image was built from (sourceRef, e.g. the paper\'s 36e3957) or the image of your GeulPU build (see libs/engines/README.md)' });
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
