/** The proxy under test, in its own process; answers `{type: 'memory'}` with its memory after a full GC. */
import type { Form } from '@recovery-bench/toolerror-core';
import { startProxy } from '../server.ts';

const [upstream, form, records] = process.argv.slice(2) as [string, Form, string];

const proxy = await startProxy({
  upstream: { url: upstream, engine: 'vllm' },
  clamp: { mode: 'off' },
  layer: { form },
  records: records === '-' ? {} : { path: records },
});

process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send?.({ type: 'cpu', ...process.cpuUsage() });
  if (message.type !== 'memory') return;
  void proxy.flushRecords().then(() => {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, internalErrors: proxy.counters.internalErrors });
  });
});
process.on('disconnect', () => void proxy.close(1_000).then(() => process.exit(0)));
process.send?.({ port: proxy.port });
