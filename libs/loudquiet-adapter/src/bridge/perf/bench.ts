/**
 * The bridge's round trip per tool call: the median time from writing a `call` line to reading its reply, over one
 * long-lived process, against a baseline in the same run (a bare Python JSON-lines echo over the same kind of pipe).
 * Run: `npm run bench:perf` in libs/loudquiet-adapter (`-- --calls N`). With LOUDQUIET_GORILLA_DIR and the data
 * configured it calls the real BFCL classes; otherwise the fixture environment.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { resolveSuiteSource } from '../../suite/source.ts';
import { BridgeClient, bridgeEnv } from '../client.ts';
import { fixtureLaunch } from '../fixture-launch.ts';
import type { BridgeLaunch } from '../protocol.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('--calls', 3000);
const WARMUP = 200;
const TRIALS = 200;
const TARGET_MS = 2;

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;

/** The floor: a Python process that parses each JSON line and writes a JSON reply, nothing else. */
async function baseline(n: number): Promise<number[]> {
  const echo = 'import json,sys\nfor line in sys.stdin:\n    r = json.loads(line)\n    sys.stdout.write(json.dumps({"id": r["id"], "ok": True, "body": "x" * 40}) + "\\n")\n    sys.stdout.flush()\n';
  const child = spawn('python3', ['-u', '-c', echo], { env: bridgeEnv('UTC'), stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const times: number[] = [];
  for (let id = 0; id < n; id++) {
    const started = performance.now();
    child.stdin.write(`${JSON.stringify({ id, op: 'call', env: 'e1', name: 'status', arguments: '{}' })}\n`);
    await lines.next();
    times.push(performance.now() - started);
  }
  child.stdin.end();
  return times;
}

async function bridgeCalls(launch: BridgeLaunch, task: string, calls: [string, string][], n: number): Promise<number[]> {
  const client = await BridgeClient.start(launch);
  try {
    const times: number[] = [];
    let env = await client.environment(task, 'clean', 0);
    for (let i = 0; i < n; i++) {
      // A fresh environment every 15 calls, as a trial would reset it.
      if (i > 0 && i % 15 === 0) {
        await env.close();
        env = await client.environment(task, 'clean', 0);
      }
      const [name, args] = calls[i % calls.length]!;
      const started = performance.now();
      await env.call(name, args);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await client.close();
  }
}

/** A trial's bridge work without the model: init, specs before each of 10 calls, snapshot, summary, close. */
async function trials(launch: BridgeLaunch, tasks: string[], calls: [string, string][], n: number): Promise<number[]> {
  const client = await BridgeClient.start(launch);
  try {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const env = await client.environment(tasks[i % tasks.length]!, 'silent_corruption', i % 2);
      for (let k = 0; k < 10; k++) {
        await env.specs();
        const [name, args] = calls[k % calls.length]!;
        await env.call(name, args);
      }
      await env.snapshotJson();
      await env.summaryJson();
      await env.close();
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await client.close();
  }
}

function summarize(times: number[]): { p50: number; p90: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99) };
}

async function main(): Promise<void> {
  const source = resolveSuiteSource();
  const gorilla = process.env.LOUDQUIET_GORILLA_DIR;
  const real = source !== undefined && gorilla !== undefined;
  const launch: BridgeLaunch = real ? { suitePath: source.suitePath, classes: { kind: 'gorilla', dir: gorilla } } : fixtureLaunch();
  const task = real ? 'T008' : 'F005';
  const calls: [string, string][] = real
    ? [['displayCarStatus', '{"option": "doors"}'], ['check_tire_pressure', '{}'], ['lockDoors', '{"unlock": false, "door": ["driver"]}'], ['get_current_speed', '{}']]
    : [['status', '{}'], ['deposit', '{"amount": 1}'], ['deposit', '{"amount": 2, "memo": "x"}']];

  await baseline(WARMUP);
  const base = summarize(await baseline(CALLS));
  await bridgeCalls(launch, task, calls, WARMUP);
  const bridge = summarize(await bridgeCalls(launch, task, calls, CALLS));
  const trial = summarize(await trials(launch, [task], calls, TRIALS));
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  process.stdout.write(`Loud/Quiet bridge round trip per tool call (${CALLS} calls, ${real ? `real BFCL classes, ${task}` : `fixture environment, ${task}`}, Node ${process.version})\n`);
  process.stdout.write(`  baseline (Python JSON-lines echo): median ${ms(base.p50)}  p90 ${ms(base.p90)}  p99 ${ms(base.p99)}\n`);
  process.stdout.write(`  bridge call:                       median ${ms(bridge.p50)}  p90 ${ms(bridge.p90)}  p99 ${ms(bridge.p99)}\n`);
  process.stdout.write(`  one trial's bridge work (init, 10 × specs + call, snapshot, summary, close; ${TRIALS} trials): median ${ms(trial.p50)}  p90 ${ms(trial.p90)}\n`);
  process.stdout.write(`  bridge / baseline (median): ${(bridge.p50 / base.p50).toFixed(2)}x; target median ≤ ${TARGET_MS} ms: ${bridge.p50 <= TARGET_MS ? 'met' : 'NOT met'}\n`);
}

await main();
