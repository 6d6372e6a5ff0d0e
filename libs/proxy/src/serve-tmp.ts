import { ScriptRegistry, startSimEngine } from '@recovery-bench/sim-engine';
import { startProxy } from './index.ts';
const scripts = new ScriptRegistry(); await scripts.loadDirectory(process.argv[2]!);
const sim = await startSimEngine({ profile: 'ideal', seed: 0, scripts });
const proxy = await startProxy({ upstream: { url: sim.url }, layer: { form: 'c3' }, records: { path: process.argv[3]! } });
console.log(proxy.url);
process.on('SIGTERM', async () => { await proxy.close(100); await sim.close(); process.exit(0); });
