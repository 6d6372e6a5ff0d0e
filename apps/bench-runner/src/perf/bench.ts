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
import type { Sample } from '@recovery-bench/analysis';
import { OpenAIClient } from '@recovery-bench/engines';
import { RunLogWriter, ScriptedModel, type GenerateRequest, type PreparedBenchmark, type TaskRef } from '@recovery-bench/harness';
import { startProxy } from '@recovery-bench/proxy';
import { ScriptRegistry, startSimEngine } from '@recovery-bench/sim-engine';
import { getBenchmark } from '../benchmarks.ts';
import { presetConfig } from '../config/load.ts';
import { summarize, type LoadedRun } from '../report/summarize.ts';
import { renderHtml, renderMarkdown } from '../report/render.ts';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';
import { prepareBenchmark, runScoring } from '../run/prepare.ts';
import { configHash, SAMPLE_FORMAT, type SampleRecord, type ScoreRecord } from '../run/run-dir.ts';
import { scoreSample, scoringOf } from '../run/score.ts';

/** The benchmark whose built-in tasks the figures are measured on. */
const MEASURED = 'toolmaze';

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

async function runnerOverhead(prepared: PreparedBenchmark<TaskRef>): Promise<{ steps: number; perStepUs: number }> {
  const dir = prepared.simScriptsDir!;
  const scripts = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GoldScript);
  const out = mkdtempSync(join(tmpdir(), 'rb-perf-'));
  const writer = new RunLogWriter<SampleRecord>(join(out, 'samples.jsonl'));
  const scoreWriter = new RunLogWriter<ScoreRecord>(join(out, 'scores.jsonl'));
  const scoring = scoringOf(prepared);
  let steps = 0;
  const once = async () => {
    for (const task of prepared.tasks) {
      const model = goldModel(scripts);
      const transcript = await prepared.benchmark.run(task, { model, plugins: [], seed: 0 });
      steps += transcript.events.filter((e) => e.type === 'model').length;
      const record: SampleRecord = { format: SAMPLE_FORMAT, benchmark: MEASURED, system: 'off', model: 'gold', task: task.id, unit: task.unit ?? task.id, condition: task.condition, seed: 0, startedAt: '', durationMs: 0, transcript };
      writer.append(record);
      scoreWriter.append(await scoreSample(scoring, record));
    }
  };
  await once();
  steps = 0;
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await once();
  const elapsed = performance.now() - t0;
  writer.close();
  scoreWriter.close();
  return { steps, perStepUs: (elapsed * 1000) / steps };
}

async function proxyPerStep(scriptsDir: string): Promise<{ directUs: number; proxiedUs: number }> {
  const sim = await startSimEngine({ profile: 'ideal', scripts: await ScriptRegistry.fromDirectory(scriptsDir) });
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
  const r = spawnSync(process.execPath, [BIN, 'run', MEASURED, '--out', mkdtempSync(join(tmpdir(), 'rb-perf-default-'))], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the default run failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

function reportTime(): { seconds: number; samples: number; contrasts: number } {
  const base = presetConfig('default');
  const systems = ['off', 'proxy-c3', 'e1', 'e2'];
  const contrasts = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, name: `contrast ${i}`, a: systems[i % 4]!, b: systems[(i + 1) % 4]!, conditions: [['P1', 'P2'], ['P0'], ['P1'], ['P2'], ['P3', 'P4']][i % 5]!, test: 'one-sided' as const, margin: 5 }));
  const config = { ...base, models: { 'qwen3-8b': base.models['qwen3-8b']! }, contrasts, seeds: [0, 1, 2, 3, 4] };
  const samples: Sample[] = [];
  for (let unit = 0; unit < 100; unit++) for (const condition of ['P0', 'P1', 'P2', 'P3', 'P4']) for (const seed of config.seeds) for (const system of systems) {
    const pass = (unit * 7 + seed * 3 + system.length + condition.charCodeAt(1)) % 3 !== 0;
    samples.push({ benchmark: MEASURED, system, model: 'qwen3-8b', task: `T${unit}`, condition, seed, value: pass ? 1 : 0, outcome: pass ? 'pass' : 'fail' });
  }
  const scoring = runScoring(getBenchmark(MEASURED));
  const run: LoadedRun = { dir: '/nonexistent', samples, scoring, manifest: { format: 'recovery-bench/run@1', id: 'perf', benchmark: MEASURED, createdAt: '', updatedAt: '', status: 'complete', simulated: true, config, configHash: configHash(config), versions: { recoveryBench: '', node: '', benchmark: '' }, git: { sha: null, dirty: null }, shard: null, selection: { systems: null, tasks: null }, plan: { samples: samples.length }, engines: [], benchmarkSource: null, scoring } };
  const t0 = performance.now();
  const summary = summarize([run], { resamples: 10_000 });
  renderMarkdown(summary);
  renderHtml(summary);
  return { seconds: (performance.now() - t0) / 1000, samples: samples.length, contrasts: summary.contrasts.length };
}

async function main(): Promise<void> {
  const prepared = await prepareBenchmark(getBenchmark(MEASURED), presetConfig('default'));
  const overhead = await runnerOverhead(prepared);
  console.log(`runner overhead per agent step: ${(overhead.perStepUs / 1000).toFixed(3)} ms (${overhead.steps} steps: loop, fixture tools, judge, run-log write; target ≤ 1 ms)`);
  const proxy = await proxyPerStep(prepared.simScriptsDir!);
  console.log(`one model call, median: sim direct ${(proxy.directUs / 1000).toFixed(3)} ms, through the proxy (c3) ${(proxy.proxiedUs / 1000).toFixed(3)} ms, added ${((proxy.proxiedUs - proxy.directUs) / 1000).toFixed(3)} ms`);
  const report = reportTime();
  console.log(`report: ${report.samples.toLocaleString('en')} samples × ${report.contrasts} contrasts × 10,000 resamples (plus pass-rate intervals): ${report.seconds.toFixed(2)} s (target < 5 s)`);
  const wall = defaultWallTime();
  console.log(`built-in default (npx recovery-bench run ${MEASURED}, 928 samples): ${wall.toFixed(1)} s wall (target < 60 s)`);
  await prepared.close?.();
}

await main();
