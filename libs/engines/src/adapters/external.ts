import { z } from 'zod';
import { ENGINE_KIND_IDS } from '@recovery-bench/proxy';
import { parseEngineConfig } from './config-error.ts';
import { EngineError, abortedError } from './errors.ts';
import { probeHealth } from './health.ts';
import type { EngineAdapter, EngineHandle, EngineStartContext } from './types.ts';

export const ExternalEngineConfigSchema = z.strictObject({
  kind: z.literal('external'),
  /** Any OpenAI-compatible base URL; a trailing `/v1` is accepted. */
  url: z.url({ protocol: /^https?$/ }),
  engine: z.enum(ENGINE_KIND_IDS).default('generic'),
  /** The served model name requests carry. */
  model: z.string().min(1).default('model'),
  apiKey: z.string().min(1).optional(),
  /** Asked once at start and by `health()`; `/v1/models` is the one endpoint every OpenAI-style server has. */
  healthPath: z.string().startsWith('/').default('/v1/models'),
  /** `false`: trust the URL without asking (the engine may still be starting elsewhere). */
  checkOnStart: z.boolean().default(true),
  healthTimeoutMs: z.number().int().positive().default(10_000),
});
export type ExternalEngineConfigInput = z.input<typeof ExternalEngineConfigSchema>;

async function startExternal(input: ExternalEngineConfigInput, ctx: EngineStartContext): Promise<EngineHandle> {
  const config = parseEngineConfig(ExternalEngineConfigSchema, input, 'external');
  const url = config.url.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (ctx.signal?.aborted) throw abortedError(ctx.signal, url);
  const headers = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : undefined;
  const health = () => probeHealth(`${url}${config.healthPath}`, { timeoutMs: config.healthTimeoutMs, headers });
  if (config.checkOnStart) {
    const answer = await health();
    if (!answer.ok) throw new EngineError('engine:unreachable', `${url}${config.healthPath}: ${answer.message}`, { hint: 'is the engine running, and is the URL right?' });
  }
  const stop = async () => {};
  return {
    url,
    baseUrl: `${url}/v1`,
    model: config.model,
    engineKind: config.engine,
    detail: { adapter: 'external', url: config.url, engine: config.engine },
    health,
    logs: () => [],
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

export const externalAdapter: EngineAdapter<typeof ExternalEngineConfigSchema> = {
  id: 'external',
  configSchema: ExternalEngineConfigSchema,
  start: startExternal,
};
