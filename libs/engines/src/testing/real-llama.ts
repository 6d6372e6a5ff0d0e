import { existsSync } from 'node:fs';

/**
 * The real llama.cpp server and model for the `*.llamacpp.test.ts` tier, from LLAMA_SERVER_BIN and LLAMA_SERVER_MODEL
 * (CI: ../shared/engines/llama.cpp/), or undefined; LLAMA_SKIP then says what is missing.
 */
const bin = process.env.LLAMA_SERVER_BIN;
const model = process.env.LLAMA_SERVER_MODEL;
const absent = [bin, model].find((path) => path !== undefined && path !== '' && !existsSync(path));

export const LLAMA_SERVER: { bin: string; model: string } | undefined = bin && model && absent === undefined ? { bin, model } : undefined;

export const LLAMA_SKIP = absent !== undefined
  ? `${absent} (from LLAMA_SERVER_BIN or LLAMA_SERVER_MODEL) does not exist`
  : 'set LLAMA_SERVER_BIN and LLAMA_SERVER_MODEL (e.g. ../shared/engines/llama.cpp/llama-server and tiny-qwen3-scripted.gguf) to run against a real llama.cpp server';
