// Starts one engine from the JSON config in argv[2] with no signal handling of its own, prints "ready", and
// waits: the reaper alone must remove the container when this process gets SIGINT or SIGTERM.
import { startEngine } from '../adapters/registry.ts';

const config = JSON.parse(process.argv[2] ?? '{}');
const engine = await startEngine(config, { runId: process.argv[3] ?? 'hold' });
process.stdout.write(`ready ${engine.url}\n`);
setInterval(() => {}, 60_000);
