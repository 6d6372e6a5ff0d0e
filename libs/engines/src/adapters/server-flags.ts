import type { ToolFormat } from './model-spec.ts';

/** The engines whose server flags this library knows (GeulPU's come from configuration). */
export const KNOWN_SERVERS = ['llama.cpp', 'vllm', 'sglang'] as const;
export type KnownServer = (typeof KNOWN_SERVERS)[number];

export interface ServerFlagsInput {
  /** The weights as the server sees them (a path inside the container, or on the host for a process). */
  modelPath: string;
  chatTemplate: string | undefined;
  servedName: string;
  contextLength: number;
  toolFormat: ToolFormat;
  host: string;
  port: number;
  seed: number;
  /** Concurrent sequences: llama.cpp slots (`-np`), vLLM `--max-num-seqs`. */
  parallel: number;
  deterministic: boolean;
}

/** How each server is launched: the image's entrypoint (Docker) or the binary (process), then its flags. */
export const SERVER_LAUNCH: Readonly<Record<KnownServer, { dockerCmdPrefix: readonly string[]; processCommand: string; processArgsPrefix: readonly string[] }>> = {
  // The image's ENTRYPOINT is /app/llama-server: Cmd holds only flags.
  'llama.cpp': { dockerCmdPrefix: [], processCommand: 'llama-server', processArgsPrefix: [] },
  // The image's ENTRYPOINT is `vllm serve`: the model path comes first, as a positional argument.
  vllm: { dockerCmdPrefix: [], processCommand: 'vllm', processArgsPrefix: ['serve'] },
  sglang: { dockerCmdPrefix: ['python3', '-m', 'sglang.launch_server'], processCommand: 'python3', processArgsPrefix: ['-m', 'sglang.launch_server'] },
};

/** The in-container port each image expects (llama.cpp's image HEALTHCHECK probes 8080). */
export const SERVER_PORTS: Readonly<Record<KnownServer, number>> = { 'llama.cpp': 8080, vllm: 8000, sglang: 30_000 };

const VLLM_TOOL_PARSER: Readonly<Record<ToolFormat, string>> = { qwen: 'hermes', llama3: 'llama3_json' };
const SGLANG_TOOL_PARSER: Readonly<Record<ToolFormat, string>> = { qwen: 'qwen', llama3: 'llama3' };

/**
 * Each server's flags per the engine table of the spec (name, tools, template, context, determinism, port).
 * Why these: llama.cpp needs `--jinja` for tool calls and its context is split over `-np` slots; vLLM and SGLang
 * would otherwise apply the model's generation_config.json and their own sampling defaults.
 */
export function serverFlags(server: KnownServer, f: ServerFlagsInput): string[] {
  const template = (flag: string) => (f.chatTemplate ? [flag, f.chatTemplate] : []);
  switch (server) {
    case 'llama.cpp':
      return [
        '-m', f.modelPath, '--alias', f.servedName, '--jinja', ...template('--chat-template-file'),
        '-c', String(f.contextLength * f.parallel), '-np', String(f.parallel), '-ngl', '99', '-fa', 'auto',
        '-s', String(f.seed), '--host', f.host, '--port', String(f.port),
      ];
    case 'vllm':
      return [
        f.modelPath, '--served-model-name', f.servedName, '--enable-auto-tool-choice', '--tool-call-parser', VLLM_TOOL_PARSER[f.toolFormat],
        ...template('--chat-template'), '--chat-template-content-format', 'string',
        '--max-model-len', String(f.contextLength), '--max-num-seqs', String(f.parallel),
        '--seed', String(f.seed), '--generation-config', 'vllm', '--host', f.host, '--port', String(f.port),
      ];
    case 'sglang':
      return [
        '--model-path', f.modelPath, '--served-model-name', f.servedName, '--tool-call-parser', SGLANG_TOOL_PARSER[f.toolFormat],
        ...template('--chat-template'), '--context-length', String(f.contextLength),
        '--random-seed', String(f.seed), '--sampling-defaults', 'openai', ...(f.deterministic ? ['--enable-deterministic-inference'] : []),
        '--host', f.host, '--port', String(f.port),
      ];
  }
}

/** Environment each server needs: weights are mounted, so nothing is fetched; vLLM's batch-invariant kernels. */
export function serverEnv(server: KnownServer, deterministic: boolean): Record<string, string> {
  if (server === 'vllm') return { HF_HUB_OFFLINE: '1', ...(deterministic ? { VLLM_BATCH_INVARIANT: '1' } : {}) };
  if (server === 'sglang') return { HF_HUB_OFFLINE: '1' };
  return {};
}

/** Replaces `{model}`, `{servedName}`, `{host}`, `{port}`, `{contextLength}`, `{seed}`, `{chatTemplate}`; other braces stay. */
export function expandPlaceholders(args: readonly string[], values: Readonly<Record<string, string | number | undefined>>): string[] {
  return args.map((arg) => arg.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  }));
}

export const PLACEHOLDERS = ['model', 'servedName', 'host', 'port', 'contextLength', 'seed', 'chatTemplate'] as const;
