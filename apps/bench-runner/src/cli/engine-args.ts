import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { DOCKER_ENGINE_IDS, EngineConfigSchema, SERVER_PORTS, TOOL_FORMATS, type EngineConfigInput } from '@recovery-bench/engines';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { oneOfOption, parseCommandArgs, UsageError } from './args.ts';

/** What `engines start` can start by name: the four Docker engines and the sim. Anything else goes in `--config`. */
export const START_ENGINES = [...DOCKER_ENGINE_IDS, 'sim'] as const;
export type StartEngine = (typeof START_ENGINES)[number];

export const ENGINE_OPTIONS = {
  model: { type: 'string' },
  'served-name': { type: 'string' },
  context: { type: 'string' },
  'tool-format': { type: 'string' },
  'chat-template': { type: 'string' },
  image: { type: 'string' },
  cmd: { type: 'string', multiple: true },
  'container-port': { type: 'string' },
  gpus: { type: 'string' },
  network: { type: 'string' },
  port: { type: 'string' },
  parallel: { type: 'string' },
  seed: { type: 'string' },
  pull: { type: 'string' },
  arg: { type: 'string', multiple: true },
  config: { type: 'string' },
} as const;

export type EngineArgs = ReturnType<typeof parseCommandArgs<typeof ENGINE_OPTIONS>>['values'];

export function integer(text: string | undefined, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}; got "${text}"`);
  return Number(text);
}

/** `--config FILE`: any engine config (YAML or JSON), checked strictly as the adapters check it. */
export function engineConfigFromFile(path: string): EngineConfigInput {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read --config ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message.split('\n')[0]}`);
  }
  const parsed = EngineConfigSchema.safeParse(data);
  if (!parsed.success) throw new UsageError(`${path} is not a valid engine config: ${z.prettifyError(parsed.error).replace(/\s*\n\s*/g, '; ')}`);
  return data as EngineConfigInput;
}

/**
 * The adapter config for `engines start <engine> --model …`. Unset ports default to the engine's own port, so the
 * `docker run` line of `--dry-run` is the one a start uses (`--port 0` picks a free port instead).
 */
export function engineConfigFromArgs(engine: string | undefined, values: EngineArgs): EngineConfigInput {
  if (values.config !== undefined) {
    if (engine !== undefined) throw new UsageError('give an engine name or --config, not both');
    return engineConfigFromFile(values.config);
  }
  const name = oneOfOption(engine, START_ENGINES, 'the engine');
  if (name === undefined) throw new UsageError(`name the engine: ${START_ENGINES.join(', ')} (or --config FILE)`);
  if (values.model === undefined) throw new UsageError(name === 'sim' ? '--model is required (a sim profile, e.g. paper/qwen3-8b)' : '--model is required (a .gguf file or a model directory on this host)');
  if (name === 'sim') return { kind: 'sim', profile: values.model, port: integer(values.port, '--port', 0, 65_535) ?? 0, seed: integer(values.seed, '--seed', 0) ?? 0 };
  const path = resolve(values.model);
  const servedName = values['served-name'] ?? basename(path).replace(/\.gguf$/i, '').replaceAll(':', '-');
  const network = oneOfOption(values.network, ['bridge', 'host'] as const, '--network') ?? 'bridge';
  const conventionalPort = name === 'geulpu' ? integer(values['container-port'], '--container-port', 1, 65_535) ?? 8080 : SERVER_PORTS[name];
  return {
    kind: 'docker',
    engine: name,
    model: {
      path, servedName,
      ...(values.context ? { contextLength: integer(values.context, '--context', 1) } : {}),
      ...(values['tool-format'] ? { toolFormat: oneOfOption(values['tool-format'], TOOL_FORMATS, '--tool-format') } : {}),
      ...(values['chat-template'] ? { chatTemplate: resolve(values['chat-template']) } : {}),
    },
    network,
    port: integer(values.port, '--port', 0, 65_535) ?? conventionalPort,
    gpus: gpus(values.gpus),
    ...(values.image ? { image: values.image } : {}),
    ...(values.cmd ? { command: values.cmd } : {}),
    ...(values['container-port'] ? { containerPort: integer(values['container-port'], '--container-port', 1, 65_535) } : {}),
    ...(values.parallel ? { parallel: integer(values.parallel, '--parallel', 1) } : {}),
    ...(values.seed ? { seed: integer(values.seed, '--seed', 0) } : {}),
    ...(values.pull ? { pull: oneOfOption(values.pull, ['missing', 'always', 'never'] as const, '--pull') } : {}),
    ...(values.arg ? { extraArgs: values.arg } : {}),
  };
}

function gpus(text: string | undefined): 'all' | 'none' | string[] {
  if (text === undefined || text === 'all' || text === 'none') return text ?? 'all';
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new UsageError(`--gpus takes all, none or device ids (0,1); got "${text}"`);
  return ids;
}
