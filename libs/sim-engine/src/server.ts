import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleChat, type ChatContext } from './chat.ts';
import { SimConfigError } from './errors.ts';
import { resolveProfile, type SimProfile, type SimProfileInput } from './profiles.ts';
import { parseQuirks, type SimQuirksInput } from './quirks.ts';
import { sendJson } from './http-body.ts';
import { errorBody } from './respond.ts';
import { notFound, SimDialectSchema, type SimDialect } from './dialect.ts';
import { ScriptRegistry } from './scripts.ts';
import { handleTokenize } from './tokenize.ts';

export interface SimEngineOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** A built-in id (`ideal`, `paper/qwen3-8b`, …), a profile file path, or a profile object. */
  profile: string | SimProfileInput;
  /** The served model name; default `sim-<profile id>`. */
  model?: string;
  seed?: number;
  scripts?: ScriptRegistry;
  quirks?: SimQuirksInput;
  /** Whose answers bad requests get: `openai` (default) or `llama.cpp` (the real server's codes and bodies). */
  dialect?: SimDialect;
}

export interface SimEngine {
  /** `http://host:port`. */
  url: string;
  /** `http://host:port/v1`, for OpenAI clients. */
  baseUrl: string;
  port: number;
  model: string;
  profile: SimProfile;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export function defaultModelName(profileId: string): string {
  return `sim-${profileId.replaceAll('/', '-')}`;
}

/** Starts the sim on node:http. It answers only what a model would; see README.md for the contract. */
export async function startSimEngine(options: SimEngineOptions): Promise<SimEngine> {
  const profile = await resolveProfile(options.profile);
  const seed = options.seed ?? 0;
  if (!Number.isSafeInteger(seed)) throw new SimConfigError('sim:bad-option', `seed must be an integer; got ${seed}`);
  const model = options.model ?? defaultModelName(profile.id);
  const context: ChatContext = {
    profile,
    seed,
    model,
    scripts: options.scripts ?? new ScriptRegistry(),
    quirks: parseQuirks(options.quirks, 'quirks'),
    dialect: parseDialect(options.dialect),
    requestCount: 0,
  };
  const server = createServer((req, res) => {
    res.sendDate = false;
    route(req, res, context).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`sim engine error: ${(error as Error).message}`, 'server_error', 500));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  return { url, baseUrl: `${url}/v1`, port, model, profile, close, [Symbol.asyncDispose]: close };
}

async function route(req: IncomingMessage, res: ServerResponse, context: ChatContext): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  const method = req.method ?? 'GET';
  const routes: Record<string, { method: string; run: () => Promise<void> | void }> = {
    '/health': { method: 'GET', run: () => sendJson(res, 200, { status: 'ok' }) },
    '/v1/models': { method: 'GET', run: () => sendJson(res, 200, modelList(context)) },
    '/v1/chat/completions': { method: 'POST', run: async () => handleChat(await readBody(req), res, context) },
    '/tokenize': { method: 'POST', run: async () => handleTokenize(await readBody(req), res, context) },
  };
  const target = path === undefined ? undefined : routes[path];
  if (!target) {
    const answer = notFound(context.dialect, method, path ?? '/');
    return sendJson(res, answer.status, answer.body);
  }
  if (method !== target.method) return sendJson(res, 405, errorBody(`${path} takes ${target.method}`, 'invalid_request_error', 405));
  await target.run();
}

function parseDialect(value: unknown): SimDialect {
  const parsed = SimDialectSchema.safeParse(value ?? 'openai');
  if (!parsed.success) throw new SimConfigError('sim:bad-option', `dialect must be one of ${SimDialectSchema.options.join(', ')}; got ${JSON.stringify(value)}`);
  return parsed.data;
}

function modelList(context: ChatContext): unknown {
  const maxModelLen = context.quirks.contextLimit?.contextTokens ?? null;
  return { object: 'list', data: [{ id: context.model, object: 'model', created: 0, owned_by: 'recovery-bench-sim', max_model_len: maxModelLen }] };
}

/** The body as text, or undefined when it exceeds the limit (the caller answers 413). */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
