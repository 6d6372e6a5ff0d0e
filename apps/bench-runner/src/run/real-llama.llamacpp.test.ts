import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRealLlama } from '@recovery-bench/proxy/testing/real-llama';
import { describe, expect, it } from 'vitest';
import { RUN_MODULE } from '../testing/coding-runs.ts';
import { fileURLToPath } from 'node:url';
import { runCommand } from '../testing/run-command.ts';
import { readSamples, readScores } from '../testing/run-files.ts';
import { AGENTS_ENABLED, missingAgent } from '../testing/user-agents.ts';

// Each benchmark, briefly, as a user runs it (`recovery-bench run <benchmark> --config lab.yaml`) on a real llama.cpp
// server started by the process adapter, through the proxy (off and c3). The tiny scripted model knows nothing (it answers empty unless a tool call is forced), so no score is
// asserted: the pipeline is, from the engine's start to the report.
const real = findRealLlama();
const SHOW_MODULE = fileURLToPath(new URL('../cli/show.ts', import.meta.url));

interface CallLine {
  runId: string;
  code: string;
  upstreamStatus: number | null;
  forwarded?: { model?: string; temperature?: number };
}

/** A run config as a user writes it (JSON is YAML), in a fresh folder. */
function configFile(name: string, benchmark: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const path = join(mkdtempSync(join(tmpdir(), 'rb-llama-run-')), 'lab.yaml');
  writeFileSync(path, JSON.stringify({
    version: 1, name,
    engines: { llama: { kind: 'process', engine: 'llama.cpp', command: real.files!.bin, pollIntervalMs: 50 } },
    models: { tiny: { servedName: 'tiny-qwen3', weights: { gguf: real.files!.model }, contextLength: 4096 } },
    systems: [{ id: 'off', engine: 'llama', arm: 'off' }, { id: 'c3', engine: 'llama', arm: 'proxy-c3' }],
    benchmarks: benchmark,
    concurrency: { perEngine: 2 },
    ...extra,
  }));
  return path;
}

async function runOnLlama(benchmark: string, section: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const config = configFile(`${benchmark}-llama`, { [benchmark]: section }, extra);
  const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', [benchmark, '--config', config, '--out', join(config, '..', 'runs')]);
  expect(code, stderr).toBe(0);
  const dir = stdout.trim().split('\n').at(-1)!;
  const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string; simulated: boolean; plan: { samples: number }; engines: unknown[] };
  expect(manifest).toMatchObject({ status: 'complete', simulated: false });
  expect(manifest.engines).toEqual([expect.objectContaining({ name: 'llama', kind: 'process', model: 'tiny', detail: expect.objectContaining({ engine: 'llama.cpp', checks: [expect.objectContaining({ name: 'context', ok: true })] }) })]);
  const samples = readSamples(dir);
  expect(samples).toHaveLength(manifest.plan.samples);
  expect(readScores(dir)).toHaveLength(manifest.plan.samples);
  const calls = readFileSync(join(dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CallLine);
  // Every model call went through a proxy to the real engine, pinned as llama.cpp needs (greedy).
  expect(calls.length).toBeGreaterThan(0);
  expect(new Set(calls.map((c) => c.runId))).toEqual(new Set(['off', 'c3']));
  for (const c of calls) expect(c.forwarded).toMatchObject({ model: 'tiny-qwen3', temperature: 0 });
  const report = readFileSync(join(dir, 'report.md'), 'utf8');
  expect(report).not.toMatch(/simulated/i);
  expect(report).toContain('tiny');
  expect(existsSync(join(dir, 'report.html'))).toBe(true);
  return { dir, samples, calls };
}

describe.skipIf(!real.files)(`each benchmark, briefly, on a real llama.cpp server${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  it('ToolMaze, two tasks', async () => {
    const { calls } = await runOnLlama('toolmaze', { tasks: ['FX_001', 'FX_002'] });
    // An empty answer is asked again at once, up to five attempts: every call answered 200.
    expect(calls.every((c) => c.upstreamStatus === 200)).toBe(true);
  }, 120_000);

  it('Loud/Quiet, two tasks', async () => {
    await runOnLlama('loudquiet', { source: 'fixture', tasks: ['F001', 'F002'] });
  }, 120_000);

  it('the delivery study, one scenario, with the prompts as llama.cpp rendered them, shown at the decision step', async () => {
    const { dir } = await runOnLlama('delivery', { limit: 1, kinds: ['transient'] }, { records: { rendered: true } });
    const shown = await runCommand(SHOW_MODULE, 'runShowCommand', [dir, '--system', 'c3', '--task', 'S01-transient-C0']);
    expect(shown.code, shown.stderr).toBe(0);
    // The client's form C0 with the proxy's c3: the first call is the decision step, and the model read the failed
    // result in llama.cpp's <tool_response> user turn, then the runtime note as a user turn of its own.
    expect(shown.stdout).toMatch(/^model call 1: \S+ · 200 ok · layer c3 changed the request · failed result: transient \(generic\) at message \d+   ← decision step$/m);
    const prompt = shown.stdout.split('--- the prompt the engine rendered (/apply-template) at the decision step ---\n')[1]!.split('--- end of prompt ---')[0]!;
    expect(prompt).toMatch(/<\|im_start\|>user\n<tool_response>\n[^]*\n<\/tool_response><\|im_end\|>\n<\|im_start\|>user\nNote from the tool runtime: the last attempt called /);
  }, 120_000);

  it('the coding testbed, one repository, with real Qwen Code', async (context) => {
    const missing = AGENTS_ENABLED ? missingAgent('qwen-code') : 'set BENCH_AGENTS=1 after `recovery-bench agents install qwen-code`';
    if (missing) return context.skip(missing);
    const { calls } = await runOnLlama('coding', { repos: ['grade_book'], modes: ['flaky'] });
    // Qwen Code's prompt alone is longer than the tiny model's 4,096-token context: llama.cpp's refusal is recorded
    // under its own code.
    expect(calls.map((c) => c.code)).toContain('prompt_too_long');
  }, 300_000);
});
