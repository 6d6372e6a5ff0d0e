import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/**
 * A real llama.cpp server for the `*.llamacpp.test.ts` tier: the binary and a GGUF model named by LLAMA_SERVER_BIN and
 * LLAMA_SERVER_MODEL (CI points them at the server and tiny scripted model beside the clone). Elsewhere those tests
 * skip with REAL_LLAMA_SKIP.
 */
export interface RealLlamaFiles {
  bin: string;
  model: string;
}

export const REAL_LLAMA_SKIP = 'set LLAMA_SERVER_BIN and LLAMA_SERVER_MODEL (a llama-server binary and a GGUF model, e.g. ../shared/engines/llama.cpp/llama-server and tiny-qwen3-scripted.gguf) to run against a real llama.cpp server';

/** The files, or why the real-server tests cannot run here. */
export function findRealLlama(env: NodeJS.ProcessEnv = process.env): { files: RealLlamaFiles; missing?: undefined } | { files?: undefined; missing: string } {
  const bin = env.LLAMA_SERVER_BIN;
  const model = env.LLAMA_SERVER_MODEL;
  if (!bin || !model) return { missing: REAL_LLAMA_SKIP };
  for (const [name, path] of [['LLAMA_SERVER_BIN', bin], ['LLAMA_SERVER_MODEL', model]] as const) {
    if (!existsSync(path)) return { missing: `${name} names ${path}, which does not exist` };
  }
  return { files: { bin, model } };
}

export interface RealLlama {
  /** `http://127.0.0.1:PORT`, without `/v1`. */
  url: string;
  /** The `--alias` it serves under. */
  alias: string;
  /** What the server printed so far (for a failing test's message). */
  output(): string;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface RealLlamaOptions {
  /** Context per slot (`-c` is this times `slots`). */
  contextPerSlot?: number;
  /** `-np`; `auto`: none given, llama.cpp's default (4 slots sharing one cache of `-c contextPerSlot`). */
  slots?: number | 'auto';
  alias?: string;
}

/** Starts llama-server on a free port of 127.0.0.1 and waits for `/health`; under a second with the tiny model. */
export async function startRealLlama(files: RealLlamaFiles, options: RealLlamaOptions = {}): Promise<RealLlama> {
  const { contextPerSlot = 4096, slots = 1, alias = 'tiny' } = options;
  const port = await freePort();
  const slotArgs = slots === 'auto' ? ['-c', String(contextPerSlot)] : ['-c', String(contextPerSlot * slots), '-np', String(slots)];
  const args = ['-m', files.model, '--jinja', '--alias', alias, ...slotArgs, '--host', '127.0.0.1', '--port', String(port)];
  const child = spawn(files.bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama-server exited with code ${child.exitCode} before it was ready:\n${output.slice(-2000)}`);
    const healthy = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`llama-server did not answer /health within 30 s:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, alias, output: () => output, close, [Symbol.asyncDispose]: close };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
