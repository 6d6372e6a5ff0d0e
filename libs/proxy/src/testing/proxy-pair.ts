import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import type { ProxyOptions } from '../config.ts';
import { parseCallRecords, type CallRecord } from '../record-format.ts';
import { startProxy, type ProxyHandle } from '../server.ts';
import { startFakeEngine, type FakeEngine, type FakeHandler } from './fake-engine.ts';

/** A proxy recording to a fresh temporary calls.jsonl, in front of any engine. */
export interface RecordingProxy {
  proxy: ProxyHandle;
  recordsPath: string;
  /** Every record so far (waits for calls in flight). */
  records(): Promise<CallRecord[]>;
  /** POSTs a raw body to the proxy (default: its chat route). */
  post(body: string | Buffer, headers?: Record<string, string>, path?: string): Promise<RawAnswer>;
  close(): Promise<void>;
}

export interface Pair extends RecordingProxy {
  engine: FakeEngine;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export type PairOptions = Omit<ProxyOptions, 'upstream'> & { upstream?: Partial<ProxyOptions['upstream']> };

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

/** A proxy in front of the engine at `url`, recording to a fresh temporary calls.jsonl. */
export async function startRecordingProxy(url: string, options: PairOptions = {}): Promise<RecordingProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'proxy-test-'));
  const recordsPath = join(dir, 'calls.jsonl');
  const proxy = await startProxy({
    ...options,
    upstream: { url, ...options.upstream },
    records: { path: recordsPath, ...options.records },
  });
  return {
    proxy,
    recordsPath,
    async records() {
      await proxy.flushRecords();
      return parseCallRecords(await readFile(recordsPath, 'utf8').catch(() => ''));
    },
    post: (body, headers = {}, path = '/v1/chat/completions') => postRaw(`${proxy.url}${path}`, body, headers),
    async close() {
      await proxy.close(1_000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fake engine and a proxy in front of it, recording to a fresh temporary calls.jsonl. */
export async function startPair(handler: FakeHandler, options: PairOptions = {}): Promise<Pair> {
  const engine = await startFakeEngine(handler);
  const recording = await startRecordingProxy(engine.url, options);
  return {
    ...recording,
    engine,
    async close() {
      await recording.close();
      await engine.close();
    },
  };
}

export async function postRaw(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await request(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, dispatcher: agent });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

/** A minimal valid request. */
export function chatBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'client-model', messages: [{ role: 'user', content: 'hi' }], ...extra };
}

export const WEATHER_TOOL = {
  type: 'function',
  function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
} as const;

/** Sends every item with `concurrency` requests in flight over keep-alive connections; an error is kept in place. */
export async function sendAll<T>(items: T[], send: (item: T, index: number) => Promise<RawAnswer>, concurrency = 32): Promise<(RawAnswer | Error)[]> {
  const results: (RawAnswer | Error)[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await send(items[i]!, i).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
