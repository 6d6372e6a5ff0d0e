import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { parseQuirks, ScriptRegistry, SIM_PROFILE_IDS, SimConfigError, startSimEngine, type SimDialect, type SimQuirks } from '@recovery-bench/sim-engine';
import { parseCommandArgs, UsageError } from './args.ts';

const SIM_HELP = `usage: recovery-bench sim-engine --profile P [--port N] [--host H] [--seed S] [--model NAME]
                                 [--scripts DIR] [--quirks FILE] [--dialect openai|llama.cpp]

Starts the sim engine, a deterministic behavioural simulator of a tool-calling model (not a language model),
and serves OpenAI Chat Completions until SIGINT or SIGTERM. --port 0 (the default) picks a free port; the
line "sim-engine listening on http://HOST:PORT (profile P)" tells which.
Profiles: ${SIM_PROFILE_IDS.join(', ')}, or a .yaml/.json profile file.
--scripts: a directory of script files (YAML/JSON) for the scripted policy. --quirks: a YAML/JSON file of quirks.
--dialect llama.cpp: bad requests get the real llama.cpp server's status codes and bodies (default openai).`;

const OPTIONS = {
  profile: { type: 'string' },
  port: { type: 'string', default: '0' },
  host: { type: 'string', default: '127.0.0.1' },
  seed: { type: 'string', default: '0' },
  model: { type: 'string' },
  scripts: { type: 'string' },
  quirks: { type: 'string' },
  dialect: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function runSimEngineCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, OPTIONS);
  if (values.help) {
    process.stdout.write(`${SIM_HELP}\n`);
    return 0;
  }
  if (values.profile === undefined) throw new UsageError('--profile is required (e.g. --profile ideal)');
  const port = integerOption(values.port, '--port', 0, 65_535);
  const seed = integerOption(values.seed, '--seed', 0, Number.MAX_SAFE_INTEGER);
  const sim = await oneLineConfigErrors(async () => {
    const scripts = new ScriptRegistry();
    if (values.scripts !== undefined) await scripts.loadDirectory(values.scripts);
    const quirks = values.quirks === undefined ? undefined : await readQuirks(values.quirks);
    return startSimEngine({ profile: values.profile!, port, host: values.host, seed, model: values.model, scripts, quirks, dialect: values.dialect as SimDialect | undefined });
  });
  process.stdout.write(`sim-engine listening on ${sim.url} (profile ${sim.profile.id})\n`);
  await untilSignal();
  await sim.close();
  return 0;
}

/** A bad profile, script or quirks file is a user mistake: its (multi-line) zod report becomes one line. */
async function oneLineConfigErrors<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof SimConfigError) throw new UsageError(error.message.replace(/\s*\n\s*/g, '; '));
    throw error;
  }
}

function integerOption(text: string, flag: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}; got "${text}"`);
  return value;
}

async function readQuirks(path: string): Promise<SimQuirks> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --quirks ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new UsageError(`--quirks ${path} is not YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  return parseQuirks(data, path);
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
