/**
 * The proxy's added latency and throughput against a fast local fake engine, and its memory over many
 * requests. Run: `npx tsx --conditions=@recovery-bench/source libs/proxy/src/perf/bench.ts [--quick] [--no-records] [--keep]`.
 * Engine and proxy run in their own processes; this process is the client (undici, keep-alive).
 * `--keep` leaves the calls.jsonl files it wrote in place and prints where.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { benchBody } from './bench-body.ts';

const quick = process.argv.includes('--quick');
const withRecords = !process.argv.includes('--no-records');
const MEMORY_REQUESTS = quick ? 20_000 : 100_000;
const here = fileURLToPath(new URL('.', import.meta.url));

interface Child {
  process: ChildProcess;
  url: string;
}

async function spawn(script: string, args: string[] = []): Promise<Child> {
  const child = fork(join(here, script), args, { execArgv: ['--conditions=@recovery-bench/source', '--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [message] = (await once(child, 'message')) as [{ port: number }];
  return { process: child, url: `http://127.0.0.1:${message.port}` };
}

async function stop(child: Child): Promise<void> {
  const exited = once(child.process, 'exit');
  child.process.disconnect();
  await exited;
}

interface RunResult {
  p50: number;
  p99: number;
  rps: number;
  /** Median of the proxy's own `x-proxy-overhead-duration-ms`, when it sent one. */
  selfP50: number | null;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;

/** `total` requests with `concurrency` in flight; latency is request start to the last body byte. */
async function load(url: string, body: string, concurrency: number, total: number): Promise<RunResult> {
  const pool = new Pool(url, { connections: concurrency, keepAliveTimeout: 60_000, pipelining: 1 });
  const latencies: number[] = [];
  const self: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      next++;
      const started = performance.now();
      const response = await pool.request({ path: '/v1/chat/completions', method: 'POST', body, headers: { 'content-type': 'application/json', 'user-agent': 'QwenCode/0.24.4 (linux; x64)' } });
      await response.body.dump({ limit: Infinity });
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      const overhead = response.headers['x-proxy-overhead-duration-ms'];
      if (typeof overhead === 'string') self.push(Number(overhead));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  self.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: total / seconds, selfP50: self.length > 0 ? percentile(self, 0.5) : null };
}

const ms = (n: number): string => n.toFixed(3);

interface Target {
  name: string;
  url: string;
  /** The process serving it, whose CPU time per request is reported (the engine's for direct calls). */
  process: ChildProcess;
}

/** CPU time (user + system) of a child process, in microseconds. */
async function cpuOf(child: ChildProcess): Promise<number> {
  child.send({ type: 'cpu' });
  const [usage] = (await once(child, 'message')) as [{ user: number; system: number }];
  return usage.user + usage.system;
}

async function measureWithCpu(target: Target, body: string, concurrency: number): Promise<RunResult & { cpuUs: number }> {
  const total = concurrency === 1 ? (quick ? 2_000 : 5_000) : quick ? 10_000 : 30_000;
  await load(target.url, body, concurrency, Math.min(2_000, total));
  const before = await cpuOf(target.process);
  const result = await load(target.url, body, concurrency, total);
  return { ...result, cpuUs: ((await cpuOf(target.process)) - before) / total };
}

/** Direct calls, the pass-through reference, and the proxy with layer off and c3, for one body and concurrency. */
async function latencyRows(targets: Target[], stream: boolean, concurrency: number): Promise<string[]> {
  const body = benchBody(stream);
  const results = new Map<string, RunResult & { cpuUs: number }>();
  for (const target of targets) results.set(target.name, await measureWithCpu(target, body, concurrency));
  const direct = results.get('direct')!;
  return targets.map(({ name }) => {
    const r = results.get(name)!;
    const added = name === 'direct' ? '' : `${ms(r.p50 - direct.p50)} | ${ms(r.p99 - direct.p99)}`;
    return `| ${name} | ${stream ? 'yes' : 'no'} | ${concurrency} | ${ms(r.p50)} | ${ms(r.p99)} | ${added || ' | '} | ${r.selfP50 === null ? '' : ms(r.selfP50)} | ${r.rps.toFixed(0)} | ${(r.rps / direct.rps * 100).toFixed(0)} % | ${r.cpuUs.toFixed(0)} |`;
  });
}

async function latencyTable(engine: Child, recordsDir: string): Promise<void> {
  const passthrough = await spawn('passthrough-process.ts', [engine.url]);
  const off = await spawn('proxy-process.ts', [engine.url, 'off', withRecords ? join(recordsDir, 'calls-off.jsonl') : '-']);
  const c3 = await spawn('proxy-process.ts', [engine.url, 'c3', withRecords ? join(recordsDir, 'calls-c3.jsonl') : '-']);
  const targets: Target[] = [
    { name: 'direct', url: engine.url, process: engine.process },
    { name: 'pass-through (reference)', url: passthrough.url, process: passthrough.process },
    { name: 'proxy, layer off', url: off.url, process: off.process },
    { name: 'proxy, layer c3', url: c3.url, process: c3.process },
  ];
  console.log(`\nLatency (ms, request start to last byte) and throughput; ${withRecords ? 'the proxy writes calls.jsonl' : 'no records'}; ${availableParallelism()} CPUs`);
  console.log('CPU µs/req: of the engine for direct calls, of the proxy process otherwise.');
  console.log('| target | stream | conc. | p50 | p99 | added p50 | added p99 | proxy header p50 | req/s | of direct | CPU µs/req |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const stream of [false, true]) {
    for (const concurrency of [1, 64]) for (const row of await latencyRows(targets, stream, concurrency)) console.log(row);
  }
  await Promise.all([stop(passthrough), stop(off), stop(c3)]);
}

interface Memory {
  rss: number;
  heapUsed: number;
  internalErrors: number;
}

async function memoryOf(proxy: Child): Promise<Memory> {
  proxy.process.send({ type: 'memory' });
  const [message] = (await once(proxy.process, 'message')) as [Memory];
  return message;
}

async function memoryTable(engine: Child, recordsDir: string): Promise<void> {
  const records = withRecords ? join(recordsDir, 'calls-memory.jsonl') : '-';
  const proxy = await spawn('proxy-process.ts', [engine.url, 'c3', records]);
  await load(proxy.url, benchBody(false), 64, 2_000);
  const before = await memoryOf(proxy);
  const half = MEMORY_REQUESTS / 2;
  await load(proxy.url, benchBody(false), 64, half);
  await load(proxy.url, benchBody(true), 64, half);
  const after = await memoryOf(proxy);
  const mib = (n: number): string => (n / 1024 / 1024).toFixed(1);
  console.log(`\nMemory of the proxy process (layer c3, ${MEMORY_REQUESTS} requests, half streamed, 64 in flight; after a full GC)`);
  console.log('| | RSS MiB | heap used MiB |');
  console.log('|---|---:|---:|');
  console.log(`| before | ${mib(before.rss)} | ${mib(before.heapUsed)} |`);
  console.log(`| after | ${mib(after.rss)} | ${mib(after.heapUsed)} |`);
  if (withRecords) console.log(`calls.jsonl: ${mib((await stat(records)).size)} MiB; internal errors: ${after.internalErrors}`);
  await stop(proxy);
}

const recordsDir = await mkdtemp(join(tmpdir(), 'proxy-bench-'));
const engine = await spawn('../testing/fixed-answer-engine-process.ts');
try {
  console.log(`request body: ${Buffer.byteLength(benchBody(false))} bytes; stream: 20 SSE events`);
  await latencyTable(engine, recordsDir);
  await memoryTable(engine, recordsDir);
} finally {
  await stop(engine);
  if (!process.argv.includes('--keep')) await rm(recordsDir, { recursive: true, force: true });
  else console.log(`records kept in ${recordsDir}`);
}
