import { join } from 'node:path';
import { parseEngineConfig, withStartDetails } from '../config-error.ts';
import { containerName } from '../docker/spec.ts';
import { abortedError } from '../errors.ts';
import { freePort } from '../free-port.ts';
import { probeHealth } from '../health.ts';
import { LogCapture } from '../log-capture.ts';
import { postReadyChecks } from '../post-ready.ts';
import type { EngineHandle, EngineStartContext } from '../types.ts';
import { waitUntilReady } from '../wait.ts';
import { EngineProcess } from './child.ts';
import { buildProcessCommand } from './command.ts';
import { ProcessEngineConfigSchema, type ProcessEngineConfigInput } from './config.ts';

/** Starts a local engine binary (e.g. `llama-server`) and waits for its health endpoint, as the Docker adapter does. */
export async function startProcessEngine(input: ProcessEngineConfigInput, ctx: EngineStartContext): Promise<EngineHandle> {
  const config = parseEngineConfig(ProcessEngineConfigSchema, input, 'process');
  const servedName = config.model?.servedName ?? 'model';
  const what = `${config.engine} process (${servedName})`;
  if (ctx.signal?.aborted) throw abortedError(ctx.signal, what);
  const port = config.port || (config.urlFromOutput ? 0 : await freePort());
  const cmd = buildProcessCommand(config, port);
  const logDir = ctx.logDir ? join(ctx.logDir, 'engines') : undefined;
  const capture = new LogCapture({ dir: logDir, name: containerName(ctx.runId, config.engine, servedName) });
  const hostForUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  ctx.onProgress?.({ phase: 'start', message: cmd.line });
  const child = new EngineProcess(cmd, capture, {
    cwd: config.cwd,
    stopTimeoutMs: config.stopTimeoutMs,
    ...(config.urlFromOutput ? { urlPattern: new RegExp(config.urlFromOutput) } : { url: `http://${hostForUrl}:${port}` }),
  });
  try {
    await waitUntilReady({
      what,
      probe: async () => (child.url ? probeHealth(`${child.url}${config.healthPath}`) : { ok: false, message: 'its URL is not in its output yet' }),
      alive: async () => child.assertAlive(),
      died: child.died,
      timeoutMs: config.healthTimeoutMs,
      intervalMs: config.pollIntervalMs,
      signal: ctx.signal,
      onWait: (health) => ctx.onProgress?.({ phase: 'wait', message: `${what}: ${health.message}` }),
    });
  } catch (error) {
    const lastLogLines = capture.lines(20);
    await child.stop();
    throw withStartDetails(error, { lastLogLines, commandLine: cmd.line, ...(logDir ? { logDir } : {}) }, what);
  }
  const url = child.url!;
  const checks = config.model ? await postReadyChecks(config.engine, url, config.model.contextLength, config.parallel) : [];
  ctx.onProgress?.({ phase: 'ready', message: `${what} ready at ${url}` });
  const stop = () => child.stop();
  return {
    url,
    baseUrl: `${url}/v1`,
    model: servedName,
    engineKind: config.engine,
    detail: { adapter: 'process', engine: config.engine, command: cmd.line, pid: child.pid, url, checks, ...(capture.files ? { logFiles: capture.files } : {}) },
    health: () => probeHealth(`${url}${config.healthPath}`),
    logs: () => capture.lines(),
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
