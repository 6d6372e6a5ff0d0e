/**
 * `npm run bench:perf -w @recovery-bench/bench-runner`: the runner's own figures.
 * 1. Runner overhead per agent step: the ToolMaze agent loop, fixture executor, judge and run-log write, with a
 *    model that answers at once (replaying the gold path), so only the runner's work is timed.
 * 2. Proxy and HTTP per step, in the same run: one model call straight to the sim engine against one through the proxy.
 * 3. Wall time of the built-in default (`recovery-bench run toolmaze`), as a child process.
 * 4. The report for 10,000 samples × 20 contrasts × 10,000 resamples.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAIClient } from '@recovery-bench/engines';
import { startProxy } from '@recovery-bench/proxy';
import { ScriptRegistry, startSimEngine } from '@recovery-bench/sim-engine';
import { RunLogWriter, runAndScore, ScriptedModel, type Benchmark, type GenerateRequest, type TaskRef } from '@recovery-bench/harness';
import { FIXTURE_SIM_SCRIPTS_DIR, prepareToolmaze, toolmazeBenchmark, type ToolmazeSample } from '@recovery-bench/toolmaze-adapter';
import { presetConfig } from '../config/load.ts';
import { summarize, type LoadedRun } from '../report/summarize.ts';
import { renderHtml, renderMarkdown } from '../report/render.ts';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';
import { configHash, SAMPLE_FORMAT, type SampleRecord } from '../run/run-dir.ts';

interface GoldScript { match: { marker: string }; steps: ({ call: { name: string; arguments: Record<string, unknown> } } | { answer: string })[] }

function goldModel(scripts: GoldScript[]): ScriptedModel {
  return new ScriptedModel((request: GenerateRequest, turn: number) => {
    const first = request.messages.find((m) => m.role === 'user')?.content ?? '';
    const script = scripts.find((s) => first.includes(s.match.marker));
    const done = request.messages.filter((m) => m.role === 'tool').length;
    const step = script?.steps.filter((s) => 'call' in s)[done];
    if (step && 'call' in step) return { calls: [{ name: step.call.name, arguments: step.call.arguments }] };
    return { answer: turn >= 0 ? 'Done: all steps completed.' : '' };
  });
}

async function runnerOverhead(): Promise<{ steps: number; perStepUs: number }> {
  const { samples } = await prepareToolmaze({ source: { kind: 'fixture' }, retry: { attempts: 1, baseDelayMs: 0 } });
  const scripts = readdirSync(FIXTURE_SIM_SCRIPTS_DIR).map((f) => JSON.parse(readFileSync(join(FIXTURE_SIM_SCRIPTS_DIR, f), 'utf8')) as GoldScript);
  const writer = new RunLogWriter<SampleRecord>(join(mkdtempSync(join(tmpdir(), 'rb-perf-')), 'samples.jsonl'));
  const benchmark = toolmazeBenchmark as unknown as Benchmark<TaskRef, never>;
  let steps = 0;
  const once = async () => {
    for (const sample of samples as ToolmazeSample[]) {
      const model = goldModel(scripts);
      const { transcript, scores } = await runAndScore(benchmark, sample, { model, plugins: [], seed: 0 });
      steps += transcript.events.filter((e) => e.type === 'model').length;
      writer.append({ format: SAMPLE_FORMAT, benchmark: 'toolmaze', system: 'off', model: 'gold', task: sample.id, unit: sample.id, condition: sample.condition, seed: 0, startedAt: '', durationMs: 0, transcript, scores });
    }
  };
  await once();
  steps = 0;
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await once();
  const elapsed = performance.now() - t0;
  writer.close();
  return { steps, perStepUs: (elapsed * 1000) / steps };
}

async function proxyPerStep(): Promise<{ directUs: number; proxiedUs: number }> {
  const sim = await startSimEngine({ profile: 'ideal', scripts: await ScriptRegistry.fromDirectory(FIXTURE_SIM_SCRIPTS_DIR) });
  const proxy = await startProxy({ upstream: { url: sim.url }, model: { servedName: sim.model }, layer: { form: 'c3' } });
  const direct = new OpenAIClient({ baseUrl: `${sim.url}/v1`, model: sim.model });
  const proxied = new OpenAIClient({ baseUrl: `${proxy.url}/v1`, model: sim.model });
  const request: GenerateRequest = { messages: [{ role: 'user', content: 'Find order O-1 and its price.' }], tools: [{ type: 'function', function: { name: 'fx_find_order', parameters: { type: 'object', properties: { order_id: { type: 'string' } } } } }] };
  const time = async (client: OpenAIClient) => {
    for (let i = 0; i < 200; i++) await client.generate(request);
    const samples: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      await client.generate(request);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return samples[samples.length >> 1]! * 1000;
  };
  const directUs = await time(direct);
  const proxiedUs = await time(proxied);
  await direct.close();
  await proxied.close();
  await proxy.close();
  await sim.close();
  return { directUs, proxiedUs };
}

function defaultWallTime(): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', 'toolmaze', '--out', mkdtempSync(join(tmpdir(), 'rb-perf-default-'))], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the default run failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

function reportTime(): { seconds: number; samples: number; contrasts: number } {
  const base = presetConfig('default');
  const systems = ['off', 'proxy-c3', 'e1', 'e2'];
  const contrasts = Array.from({ length: 20 }, (_, i) => ({ name: `contrast ${i}`, a: systems[i % 4]!, b: systems[(i + 1) % 4]!, conditions: [['P1', 'P2'], ['P0'], ['P1'], ['P2'], ['P3', 'P4']][i % 5]!, test: 'one-sided' as const, margin: 5 }));
  const config = { ...base, models: { 'qwen3-8b': base.models['qwen3-8b']! }, contrasts, seeds: [0, 1, 2, 3, 4] };
  const samples: SampleRecord[] = [];
  for (let unit = 0; unit < 100; unit++) for (const condition of ['P0', 'P1', 'P2', 'P3', 'P4']) for (const seed of config.seeds) for (const system of systems) {
    const pass = (unit * 7 + seed * 3 + system.length + condition.charCodeAt(1)) % 3 !== 0;
    samples.push({ format: SAMPLE_FORMAT, benchmark: 'toolmaze', system, model: 'qwen3-8b', task: `T${unit}_${condition}`, unit: `T${unit}`, condition, seed, startedAt: '', durationMs: 0, transcript: null, scores: { judge: { value: pass ? 1 : 0, outcome: pass ? 'pass' : 'fail' } } });
  }
  const run: LoadedRun = { dir: '/nonexistent', samples, manifest: { format: 'recovery-bench/run@1', id: 'perf', benchmark: 'toolmaze', createdAt: '', updatedAt: '', status: 'complete', simulated: true, config, configHash: configHash(config), versions: { recoveryBench: '', node: '', benchmark: '' }, git: { sha: null, dirty: null }, shard: null, selection: { systems: null, tasks: null }, plan: { samples: samples.length }, engines: [], benchmarkSource: null } };
  const t0 = performance.now();
  const summary = summarize([run], { resamples: 10_000 });
  renderMarkdown(summary);
  renderHtml(summary);
  return { seconds: (performance.now() - t0) / 1000, samples: samples.length, contrasts: summary.contrasts.length };
}

async function main(): Promise<void> {
  const overhead = await runnerOverhead();
  console.log(`runner overhead per agent step: ${(overhead.perStepUs / 1000).toFixed(3)} ms (${overhead.steps} steps: loop, fixture tools, judge, run-log write; target ≤ 1 ms)`);
  const proxy = await proxyPerStep();
  console.log(`one model call, median: sim direct ${(proxy.directUs / 1000).toFixed(3)} ms, through the proxy (c3) ${(proxy.proxiedUs / 1000).toFixed(3)} ms, added ${((proxy.proxiedUs - proxy.directUs) / 1000).toFixed(3)} ms`);
  const report = reportTime();
  console.log(`report: ${report.samples.toLocaleString('en')} samples × ${report.contrasts} contrasts × 10,000 resamples (plus pass-rate intervals): ${report.seconds.toFixed(2)} s (target < 5 s)`);
  const wall = defaultWallTime();
  console.log(`built-in default (npx recovery-bench run toolmaze, 928 samples): ${wall.toFixed(1)} s wall (target < 60 s)`);
}

await main();
