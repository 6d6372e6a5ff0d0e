import { resolve } from 'node:path';
import { CLAMP_MODES, ENGINE_KIND_IDS, ProxyConfigError, startProxy, type ProxyHandle, type ProxyOptions } from '@recovery-bench/proxy';
import { FORMS, RULE_SETS } from '@recovery-bench/toolerror-core';
import { oneOfOption, parseCommandArgs, UsageError } from './args.ts';
import type { ProxyCommandIo } from './proxy-io.ts';

const PROXY_HELP = `usage: recovery-bench proxy --upstream URL --port N [--form off|c1|c2|c3|c4] [--rules paper|extended]
                            [--engine-layer] [--served-model NAME] [--records FILE]
                            [--engine llama.cpp|vllm|sglang|geulpu|generic] [--clamp count|on-error|off]
                            [--context-length N] [--max-tokens-cap N] [--host ADDR]
       recovery-bench proxy matrix [--json] [--upstream URL]

Starts the OpenAI-compatible proxy in front of one engine and runs until SIGINT or SIGTERM.
Clients use http://HOST:PORT/v1 (or /runs/<runId>/v1). Every call is appended to --records
(default ./calls.jsonl). --engine-layer passes geulpu_tool_errors to an engine with its own layer
instead of running the layer here. --port 0 picks a free port. \`proxy matrix\` prints the error-flag fidelity
matrix: each recorded agent's failed turn (streamed and not) through the proxy, what reached the detector and what
the engine got (the sim engine, or --upstream).`;

const OPTIONS = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  form: { type: 'string' },
  rules: { type: 'string' },
  'engine-layer': { type: 'boolean', default: false },
  'served-model': { type: 'string' },
  records: { type: 'string' },
  engine: { type: 'string' },
  clamp: { type: 'string' },
  'context-length': { type: 'string' },
  'max-tokens-cap': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>['values'];

export type { ProxyCommandIo } from './proxy-io.ts';

const PROCESS_IO: ProxyCommandIo = { out: (line) => process.stdout.write(`${line}\n`) };

export async function runProxyCommand(args: string[], io: ProxyCommandIo = PROCESS_IO): Promise<number> {
  if (args[0] === 'matrix') return (await import('./proxy-matrix.ts')).runProxyMatrixCommand(args.slice(1), io);
  const { values } = parseCommandArgs(args, OPTIONS);
  if (values.help) {
    io.out(PROXY_HELP);
    return 0;
  }
  const options = proxyOptions(values);
  const proxy = await start(options);
  const form = options.layer?.engineLayer ? `engine layer, ${options.layer.form}` : options.layer?.form;
  io.out(`proxy listening on ${proxy.url} → ${options.upstream.url} (form ${form})`);
  io.out(`records: ${options.records?.path}`);
  await (io.stopped ?? signalled());
  await proxy.close();
  io.out(`proxy stopped after ${proxy.counters.requests} requests`);
  return 0;
}

function proxyOptions(values: Values): ProxyOptions & { upstream: { url: string } } {
  if (values.upstream === undefined) throw new UsageError('--upstream URL is required (the engine, e.g. http://127.0.0.1:8000)');
  if (values.port === undefined) throw new UsageError('--port N is required (0 picks a free port)');
  return {
    upstream: { url: values.upstream, engine: oneOfOption(values.engine, ENGINE_KIND_IDS, '--engine') ?? 'generic' },
    listen: { port: integer(values.port, '--port', 0, 65_535), ...(values.host ? { host: values.host } : {}) },
    layer: {
      form: oneOfOption(values.form, FORMS, '--form') ?? 'off',
      rules: oneOfOption(values.rules, RULE_SETS, '--rules') ?? 'paper',
      engineLayer: values['engine-layer'],
    },
    model: {
      ...(values['served-model'] ? { servedName: values['served-model'] } : {}),
      ...(values['context-length'] ? { contextLength: integer(values['context-length'], '--context-length', 1) } : {}),
    },
    clamp: {
      ...(values.clamp ? { mode: oneOfOption(values.clamp, CLAMP_MODES, '--clamp') } : {}),
      ...(values['max-tokens-cap'] ? { maxTokensCap: integer(values['max-tokens-cap'], '--max-tokens-cap', 1) } : {}),
    },
    records: { path: resolve(values.records ?? 'calls.jsonl') },
  };
}

function integer(text: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}; got "${text}"`);
  return Number(text);
}

async function start(options: ProxyOptions): Promise<ProxyHandle> {
  try {
    return await startProxy(options);
  } catch (error) {
    // zod's report lists each problem on its own line; a user mistake gets one line.
    if (error instanceof ProxyConfigError) throw new UsageError(error.message.replace(/\s*\n\s*/g, '; '));
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${options.listen?.port} is already in use`);
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${options.listen?.host ?? '127.0.0.1'}:${options.listen?.port}: ${code}`);
    throw error;
  }
}

function signalled(): Promise<NodeJS.Signals> {
  return new Promise((done) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      done(signal);
    };
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  });
}
