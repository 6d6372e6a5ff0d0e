import { z } from 'zod';
import { ENGINE_KIND_IDS } from '@recovery-bench/proxy/config';
import { ModelSpecSchema } from '../model-spec.ts';
import { KNOWN_SERVERS } from '../server-flags.ts';

const MINUTE = 60_000;

/** How to run a local engine binary, without the model (a run config adds each model). */
export const ProcessEngineOptionsSchema = z.strictObject({
  /** The engine family: the proxy's pins and, without `args`, the server's flags. */
  engine: z.enum(ENGINE_KIND_IDS).default('generic'),
  /** The binary (looked up on PATH). Default for llama.cpp `llama-server`, vLLM `vllm`, SGLang `python3`. */
  command: z.string().min(1).optional(),
  /** Its arguments, with `{model}`, `{servedName}`, `{host}`, `{port}`, `{contextLength}`, `{seed}`, `{chatTemplate}` filled in. Default: the same flags as the engine's container. */
  args: z.array(z.string()).optional(),
  host: z.string().min(1).default('127.0.0.1'),
  /** 0 picks a free port and passes it as `{port}`. */
  port: z.number().int().min(0).max(65_535).default(0),
  /**
   * For servers that choose their own port: a regular expression over the output whose group `url` (or first
   * group) is the engine's base URL, e.g. `listening on (?<url>http://\S+)`.
   */
  urlFromOutput: z.string().min(1).optional(),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
  healthPath: z.string().startsWith('/').default('/health'),
  healthTimeoutMs: z.number().int().positive().default(20 * MINUTE),
  pollIntervalMs: z.number().int().positive().default(500),
  /** SIGTERM to the process group, then SIGKILL after this long. */
  stopTimeoutMs: z.number().int().nonnegative().default(10_000),
  seed: z.number().int().nonnegative().default(0),
  parallel: z.number().int().positive().default(1),
  deterministic: z.boolean().default(true),
});
export type ProcessEngineOptions = z.infer<typeof ProcessEngineOptionsSchema>;

export function checkProcessOptions(config: z.input<typeof ProcessEngineOptionsSchema>, ctx: z.RefinementCtx): void {
  const engine = config.engine ?? 'generic';
  const known = (KNOWN_SERVERS as readonly string[]).includes(engine);
  if (config.args === undefined && !known) ctx.addIssue({ code: 'custom', path: ['args'], message: `give the arguments: the ${engine} engine has no default command line` });
  if (config.command === undefined && !known) ctx.addIssue({ code: 'custom', path: ['command'], message: `give the binary to run for the ${engine} engine` });
  if (config.urlFromOutput !== undefined) {
    try {
      new RegExp(config.urlFromOutput);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['urlFromOutput'], message: `not a regular expression: ${(error as Error).message}` });
    }
  }
}

export const ProcessEngineConfigSchema = ProcessEngineOptionsSchema.extend({ kind: z.literal('process'), model: ModelSpecSchema.optional() }).superRefine((config, ctx) => {
  checkProcessOptions(config, ctx);
  if (config.args === undefined && (KNOWN_SERVERS as readonly string[]).includes(config.engine) && !config.model) ctx.addIssue({ code: 'custom', path: ['model'], message: 'the default command line needs the model (path, servedName, …)' });
});
export type ProcessEngineConfigInput = z.input<typeof ProcessEngineConfigSchema>;
export type ProcessEngineConfig = z.infer<typeof ProcessEngineConfigSchema>;
