import { resolve } from 'node:path';
import {
  buildContainerPlan, DockerEngineConfigSchema, dockerRunLine, ENGINE_ADAPTERS, isEngineError, KNOWN_SERVERS, PINNED_IMAGES, pruneEngines, SERVER_PORTS,
  startEngine, type EngineConfigInput, type EngineHandle,
} from '@recovery-bench/engines';
import { startProxy, type ProxyHandle } from '@recovery-bench/proxy';
import { FORMS } from '@recovery-bench/toolerror-core';
import { z } from 'zod';
import { oneOfOption, parseCommandArgs, UsageError } from './args.ts';
import { ENGINE_OPTIONS, engineConfigFromArgs, integer, START_ENGINES } from './engine-args.ts';
import { userErrorReport } from './errors.ts';

const START_HELP = `usage: recovery-bench engines start <${START_ENGINES.join('|')}> --model PATH [--proxy-port N] [--dry-run]
         [--served-name N] [--context N] [--tool-format qwen|llama3] [--chat-template FILE]
         [--gpus all|none|0,1] [--network bridge|host] [--port N] [--parallel N] [--seed N] [--pull missing|always|never]
         [--arg=FLAG]… [--image IMG] [--cmd=WORD]… [--container-port N]   (--image/--cmd: GeulPU)
         [--form off|c1|c2|c3|c4] [--engine-layer] [--records FILE] [--run-id ID] [--log-dir DIR]
       recovery-bench engines start --config engine.yaml [--proxy-port N] …   (any engine config: docker, process, external, sim)

Starts the engine (llama.cpp, vLLM and SGLang from their pinned images; GeulPU from --image and --cmd) with the
proxy in front of it and prints the proxy's URL; Ctrl-C stops both and removes the container. --dry-run prints the
exact \`docker run\` line the start would use and exits. --model is a .gguf file (llama.cpp, GeulPU), a model
directory (vLLM, SGLang) or, for sim, a sim profile. The engine's host port defaults to its own (8080, 8000, 30000).
--arg and --cmd take one word each, repeated; write --cmd=--flag for a word that starts with a dash.`;

const PRUNE_HELP = `usage: recovery-bench engines prune [--run ID] [--stopped] [--images]

Removes the containers recovery-bench started (label engines.managed=true): all of them, those of one run
(--run), or only stopped ones (--stopped, which leaves engines of live runs alone). --images also removes their
images when no other container uses them.`;

const START_OPTIONS = {
  ...ENGINE_OPTIONS,
  'proxy-port': { type: 'string' },
  form: { type: 'string' },
  'engine-layer': { type: 'boolean', default: false },
  records: { type: 'string' },
  'run-id': { type: 'string' },
  'log-dir': { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface EnginesCommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the engine should stop; by default on SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
}

const PROCESS_IO: EnginesCommandIo = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };

const RunIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/, 'letters, digits and _ . - (starting with a letter or digit)');

/** `recovery-bench engines <start|prune>`. */
export async function runEnginesCommand(args: string[], io: EnginesCommandIo = PROCESS_IO): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'start') return engineErrors(io, () => startCommand(rest, io));
  if (sub === 'prune') return engineErrors(io, () => pruneCommand(rest, io));
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.out(`${START_HELP}\n\n${PRUNE_HELP}`);
    return sub === undefined ? 2 : 0;
  }
  io.err(`recovery-bench engines: unknown subcommand "${sub}"; use start or prune`);
  return 2;
}

/**
 * This command writes through `io` (tests pass their own), so it reports its errors there itself. An engine failure
 * prints its report (last log lines, the docker run line) and hint, exit 1 (2 for a bad engine config, 130 when
 * interrupted); any other user error is the one line every command prints, exit 2.
 */
async function engineErrors(io: EnginesCommandIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (isEngineError(error)) {
      io.err(`recovery-bench engines: ${error.report()}${error.hint ? `\nhint: ${error.hint}` : ''}`);
      return error.code === 'engine:bad-config' ? 2 : error.code === 'engine:aborted' ? 130 : 1;
    }
    const report = userErrorReport('engines', error);
    if (report === undefined) throw error;
    io.err(report.text.replace(/\n$/, ''));
    return report.exitCode;
  }
}

async function startCommand(args: string[], io: EnginesCommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, START_OPTIONS, true);
  if (values.help) {
    io.out(START_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`one engine at a time; got ${positionals.join(', ')}`);
  const config = engineConfigFromArgs(positionals[0], values);
  const runId = values['run-id'] ?? 'manual';
  if (!RunIdSchema.safeParse(runId).success) throw new UsageError(`--run-id: letters, digits and _ . - only; got "${runId}"`);
  if (values['dry-run']) return dryRun(config, runId, io);
  const proxyPort = integer(values['proxy-port'], '--proxy-port', 0, 65_535) ?? 0;
  const form = oneOfOption(values.form, FORMS, '--form') ?? 'off';
  const controller = new AbortController();
  const stopped = io.stopped ?? signalled(controller);
  const engine = await startEngine(config, {
    runId, signal: controller.signal, logDir: values['log-dir'] ? resolve(values['log-dir']) : undefined,
    onProgress: throttled((line) => io.err(line)),
  });
  let proxy: ProxyHandle | undefined;
  try {
    proxy = await startProxy({
      upstream: { url: engine.url, engine: engine.engineKind },
      model: { servedName: engine.model, ...(config.kind === 'docker' && config.model.contextLength ? { contextLength: config.model.contextLength } : {}) },
      layer: { form, engineLayer: values['engine-layer'] },
      listen: { port: proxyPort },
      records: { path: resolve(values.records ?? 'calls.jsonl') },
    });
    io.out(`engine: ${describe(engine)}`);
    io.out(`proxy: ${proxy.url}/v1`);
    await stopped;
  } finally {
    await proxy?.close();
    await engine.stop();
  }
  io.out('engine stopped');
  return 0;
}

function dryRun(config: EngineConfigInput, runId: string, io: EnginesCommandIo): number {
  if (config.kind !== 'docker') throw new UsageError(`--dry-run prints a docker run line; a ${config.kind} engine has none`);
  const parsed = DockerEngineConfigSchema.safeParse(config);
  if (!parsed.success) throw new UsageError(`invalid engine options: ${z.prettifyError(parsed.error).replace(/\s*\n\s*/g, '; ')}`);
  io.out(dockerRunLine(buildContainerPlan(parsed.data, { runId, hostPort: parsed.data.port })));
  return 0;
}

async function pruneCommand(args: string[], io: EnginesCommandIo): Promise<number> {
  const { values } = parseCommandArgs(args, { run: { type: 'string' }, stopped: { type: 'boolean', default: false }, images: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } });
  if (values.help) {
    io.out(PRUNE_HELP);
    return 0;
  }
  const result = await pruneEngines({ runId: values.run, stoppedOnly: values.stopped, images: values.images });
  for (const c of result.removed) io.out(`removed ${c.name} (run ${c.run}${c.engine ? `, ${c.engine}` : ''}, was ${c.state})`);
  for (const id of result.images) io.out(`removed image ${id}`);
  for (const f of result.failed) io.err(`could not remove ${f.name}: ${f.error}`);
  io.out(`${result.removed.length} container(s) removed`);
  return result.failed.length > 0 ? 1 : 0;
}

function describe(engine: EngineHandle): string {
  const where = typeof engine.detail.container === 'string' ? ` (container ${engine.detail.container})` : typeof engine.detail.pid === 'number' ? ` (pid ${engine.detail.pid})` : '';
  return `${engine.engineKind} serving "${engine.model}" at ${engine.url}${where}`;
}

function throttled(write: (line: string) => void): (event: { phase: string; message: string }) => void {
  let last = 0;
  return (event) => {
    const now = Date.now();
    if (event.phase === 'wait' && now - last < 5_000) return;
    last = now;
    write(`${event.phase}: ${event.message}`);
  };
}

/** Ctrl-C during the start aborts it (the container is removed); after it, stops the engine. */
function signalled(controller: AbortController): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      controller.abort(signal);
      done(signal);
    };
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  });
}

/** `recovery-bench list engines`: the adapter registry and the engines the docker adapter knows. */
export function listEngines(): string[] {
  const adapters = Object.entries(ENGINE_ADAPTERS).map(([id, a]) => `  ${id.padEnd(10)} ${a.summary}`);
  const docker = [...KNOWN_SERVERS.map((id) => `  ${id.padEnd(10)} ${PINNED_IMAGES[id]} (port ${SERVER_PORTS[id]})`), `  ${'geulpu'.padEnd(10)} image and command from config (libs/engines/README.md)`];
  return ['adapters (engine config `kind`):', ...adapters, '', 'docker engines (`engine`):', ...docker];
}
