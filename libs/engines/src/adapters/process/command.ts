import { shellQuote } from '../docker/run-line.ts';
import { expandPlaceholders, SERVER_LAUNCH, serverEnv, serverFlags, type KnownServer } from '../server-flags.ts';
import type { ProcessEngineConfig } from './config.ts';

export interface ProcessCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** For error reports and the run record. */
  line: string;
}

/** The command line of a process engine: the configured one with placeholders filled, or the engine's default. */
export function buildProcessCommand(config: ProcessEngineConfig, port: number): ProcessCommand {
  const server = config.engine as KnownServer;
  const model = config.model;
  const values = {
    model: model?.path, servedName: model?.servedName, host: config.host, port, contextLength: model?.contextLength, seed: config.seed, chatTemplate: model?.chatTemplate,
  };
  const args = config.args !== undefined
    ? expandPlaceholders(config.args, values)
    : [...SERVER_LAUNCH[server].processArgsPrefix, ...serverFlags(server, {
      modelPath: model!.path, chatTemplate: model!.chatTemplate, servedName: model!.servedName, contextLength: model!.contextLength, toolFormat: model!.toolFormat,
      host: config.host, port, seed: config.seed, parallel: config.parallel, deterministic: config.deterministic,
    })];
  const command = config.command ?? SERVER_LAUNCH[server].processCommand;
  const env = { ...(config.args === undefined ? serverEnv(server, config.deterministic) : {}), ...config.env };
  const envPrefix = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)} `).join('');
  return { command, args, env, line: `${envPrefix}${[command, ...args].map(shellQuote).join(' ')}` };
}
