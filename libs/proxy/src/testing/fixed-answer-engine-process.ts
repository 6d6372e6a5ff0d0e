/**
 * The perf benchmark's engine (`src/perf/bench.ts`), in its own process: answers at once with a fixed completion,
 * or a fixed SSE stream of STREAM_CHUNKS events, so that only the proxy's cost differs between direct and proxied
 * runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const STREAM_CHUNKS = 20;

const completion = JSON.stringify({
  id: 'chatcmpl-bench', object: 'chat.completion', created: 1, model: 'bench',
  choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"/src/main.py"}' } }] }, finish_reason: 'tool_calls' }],
  usage: { prompt_tokens: 512, completion_tokens: 24, total_tokens: 536 },
});

const chunk = (delta: unknown, finish: string | null): string =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const stream: string[] = [chunk({ role: 'assistant', content: '' }, null)];
for (let i = 0; i < STREAM_CHUNKS - 2; i++) stream.push(chunk({ content: `word${i} ` }, null));
stream.push(chunk({}, 'stop'), 'data: [DONE]\n\n');

const server = createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    // The body is read, not parsed: an engine's own parsing is not the proxy's overhead.
    const streaming = Buffer.concat(parts).includes('"stream":true');
    if (!streaming) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(completion) });
      res.end(completion);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of stream) res.write(event);
    res.end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() });
});
process.on('disconnect', () => process.exit(0));
