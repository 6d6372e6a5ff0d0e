import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * The sandbox has a network namespace of its own with nothing but loopback, so it reaches the host's allowed ports
 * through Unix sockets: outside, one server per port in the run's bridge folder forwards to 127.0.0.1:port; inside,
 * FORWARDER listens on 127.0.0.1:port of the sandbox and forwards to that socket. A program inside connects to the
 * same URL as outside, and to no other port: there is no other way out.
 */
export interface HostBridge {
  close(): Promise<void>;
}

export const socketPath = (dir: string, port: number): string => join(dir, `${port}.sock`);

export async function openHostBridge(dir: string, ports: readonly number[]): Promise<HostBridge> {
  const servers: Server[] = [];
  for (const port of ports) {
    const server = createServer((inside) => {
      const outside = createConnection({ host: '127.0.0.1', port });
      inside.pipe(outside).pipe(inside);
      const end = () => {
        inside.destroy();
        outside.destroy();
      };
      inside.once('error', end).once('close', end);
      outside.once('error', end).once('close', end);
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath(dir, port), () => resolve()));
    servers.push(server);
  }
  return {
    close: () => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))).then(() => undefined),
  };
}

/**
 * The program the sandbox runs first, as `node --input-type=module -e FORWARDER <bridgeDir> <ports> <census file>
 * <command> <args…>`: it opens the forwarders, runs the command with the terminal's streams, and when the command
 * ends writes how many other processes of the sandbox are still alive (detached, daemonised) before it exits, which
 * ends the sandbox and them with it.
 */
export const FORWARDER = `
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
const [dir, portList, census, command, ...args] = process.argv.slice(1);
const ports = portList === '' ? [] : portList.split(',').map(Number);
await Promise.all(ports.map((port) => new Promise((resolve, reject) => {
  const server = createServer((local) => {
    const remote = createConnection(dir + '/' + port + '.sock');
    local.pipe(remote).pipe(local);
    const end = () => { local.destroy(); remote.destroy(); };
    local.once('error', end).once('close', end);
    remote.once('error', end).once('close', end);
  });
  server.once('error', reject).listen(port, '127.0.0.1', resolve);
})));
const zombie = (pid) => { try { return / Z /.test(readFileSync('/proc/' + pid + '/stat', 'utf8').replace(/^.*\\)/, '')); } catch { return true; } };
const child = spawn(command, args, { stdio: 'inherit' });
child.once('error', (error) => { console.error('sandbox: cannot start ' + command + ': ' + error.message); process.exit(127); });
child.once('exit', (code, signal) => {
  const alive = readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name) && Number(name) !== process.pid && Number(name) !== 1 && !zombie(name));
  writeFileSync(census, String(alive.length));
  process.exit(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15));
});
`;
