import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProxy, type ProxyHandle } from '@recovery-bench/proxy';
import { startSimEngine, type SimEngine } from '@recovery-bench/sim-engine';
import type { Form, RuleSetName } from '@recovery-bench/toolerror-core';

/** One request an engine received: its path and its body, byte for byte. */
export interface Received {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** A recording pass-through: every POST is kept, then forwarded to `upstream` and its answer streamed back. */
export interface Tap {
  url: string;
  received: Received[];
  /** The JSON bodies received so far. */
  bodies(): Record<string, unknown>[];
  clear(): void;
  close(): Promise<void>;
}

export async function startTap(upstream: string): Promise<Tap> {
  const received: Received[] = [];
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ path: req.url ?? '', body: body.toString('utf8'), headers: req.headers });
      const headers = { ...req.headers, host: target.host };
      delete headers['content-length'];
      const out = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...headers, 'content-length': body.length } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `tap: ${error.message}` } }));
      });
      out.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    bodies: () => received.map((r) => JSON.parse(r.body) as Record<string, unknown>),
    clear: () => void received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The sim engine behind a tap, and two proxies in front of the tap: one with the layer (`form`, `rules`), one with
 * it off (a plain surface converter for the Anthropic and Responses surfaces). What the engine received is in
 * `tap.received`, whichever way a request came.
 */
export interface Stack {
  sim: SimEngine;
  tap: Tap;
  /** The proxy with the layer on. */
  layered: ProxyHandle;
  /** The proxy with the layer off. */
  plain: ProxyHandle;
  /** The sim's served model name. */
  model: string;
  close(): Promise<void>;
}

export async function startStack(opts: { form?: Form; rules?: RuleSetName; profile?: string; seed?: number } = {}): Promise<Stack> {
  const sim = await startSimEngine({ profile: opts.profile ?? 'ideal', seed: opts.seed ?? 1 });
  const tap = await startTap(sim.url);
  const upstream = { url: tap.url };
  const model = { servedName: sim.model };
  const layered = await startProxy({ upstream, model, layer: { form: opts.form ?? 'c3', rules: opts.rules ?? 'paper' } });
  const plain = await startProxy({ upstream, model, layer: { form: 'off', rules: opts.rules ?? 'paper' } });
  return {
    sim,
    tap,
    layered,
    plain,
    model: sim.model,
    async close() {
      await layered.close(1_000);
      await plain.close(1_000);
      await tap.close();
      await sim.close();
    },
  };
}
