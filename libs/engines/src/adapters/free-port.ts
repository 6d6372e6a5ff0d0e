import { createServer } from 'node:net';

/** A port free on 127.0.0.1 right now. Another process may take it before the engine binds it: the engine then fails with `port-in-use`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
