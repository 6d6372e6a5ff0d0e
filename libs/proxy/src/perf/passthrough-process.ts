/**
 * The benchmark's reference: the least a node:http + undici proxy can do (read, forward, relay bytes, no
 * parsing, no records). The difference between this and direct calls is the floor no proxy here goes below.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';

const origin = new URL(process.argv[2]!).origin;
const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });

const server = createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (chunk: Buffer) => parts.push(chunk));
  req.on('end', () => {
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart() {},
      onResponseStart(_controller, status, headers) {
        res.writeHead(status, { 'content-type': String(headers['content-type'] ?? 'application/json') });
      },
      onResponseData(_controller, chunk) {
        res.write(chunk);
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError(_controller, error) {
        if (res.headersSent) res.destroy();
        else res.writeHead(502).end(String(error));
      },
    };
    agent.dispatch({ origin, path: '/v1/chat/completions', method: 'POST', body: Buffer.concat(parts), headers: { 'content-type': 'application/json' } }, handler);
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
