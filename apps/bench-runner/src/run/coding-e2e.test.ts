import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS, agentDir, defaultCacheDir, locateAgent, readInstallMarker } from '@recovery-bench/agents';
import { agentDriver } from '@recovery-bench/coding-repos';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { readSamples, readScores } from '../testing/run-files.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';

const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };
const outDir = () => mkdtempSync(join(tmpdir(), 'rb-coding-'));

function codingConfig(name: string, section: Record<string, unknown>) {
  return parseRunConfig({
    version: 1, name,
    engines: { sim: { kind: 'sim' } },
    models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
    systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
    benchmarks: { coding: section },
    concurrency: { perEngine: 6 },
  }, name);
}

const savedCache = process.env.RECOVERY_BENCH_CACHE;
afterEach(() => {
  if (savedCache === undefined) delete process.env.RECOVERY_BENCH_CACHE;
  else process.env.RECOVERY_BENCH_CACHE = savedCache;
});

describe('coding testbed: what it needs', () => {
  it('stops before the first run with one line naming the install command when the agent is missing', async () => {
    process.env.RECOVERY_BENCH_CACHE = mkdtempSync(join(tmpdir(), 'rb-empty-cache-'));
    const run = executeRun({ benchmark: 'coding', config: codingConfig('missing-agent', { repos: ['grade_book'] }), outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    await expect(run).rejects.toMatchObject({ code: 'agents:missing', message: expect.stringContaining('recovery-bench agents install qwen-code') });
  });

  it('rejects an agent it does not know in the config', () => {
    expect(() => codingConfig('bad-agent', { agents: ['aider'] })).toThrow(/benchmarks\.coding\.agents/);
  });
});

// Real Qwen Code (installed with `recovery-bench agents install qwen-code`) through the proxy on the sim engine.
const withAgents = process.env.BENCH_AGENTS === '1';

describe.skipIf(!withAgents)('coding testbed end to end with real Qwen Code (BENCH_AGENTS=1)', () => {
  it('runs one repository in every mode through the proxy with the layer off and on (c3)', async () => {
    const result = await executeRun({ benchmark: 'coding', config: codingConfig('coding-e2e', { repos: ['grade_book'], concurrency: 3 }), outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const samples = readSamples(result.dir);
    expect(samples.map((s) => s.error)).toEqual(samples.map(() => undefined));
    const scores = readScores(result.dir);
    const score = (system: string, mode: string) => scores.find((s) => s.system === system && s.condition === mode)!.scores['coding:outcome']!;
    // ok: both arms fetch once and pass the tests.
    for (const system of ['off', 'c3']) expect(score(system, 'ok')).toMatchObject({ outcome: 'pass', details: { requests: 1, resultFileWritten: true } });
    // flaky: with the layer the sim reads the note as transient and repeats the fetch (503, 503, 200) and passes;
    // without it, the 503 in Qwen Code's shell result does not read as a failure, and the run goes on without data.
    expect(score('c3', 'flaky')).toMatchObject({ outcome: 'pass', details: { requests: 3 } });
    expect(score('off', 'flaky')).toMatchObject({ outcome: 'fail', details: { requests: 1 } });
    // forbidden: with the layer the sim stops after one request and answers in text; no result file either way
    // (the sim cannot fabricate one: its script's solution reads the data file).
    expect(score('c3', 'forbidden')).toMatchObject({ details: { requests: 1, fabricated: false, toolCalls: 1 } });
    expect(score('off', 'forbidden').details).toMatchObject({ fabricated: false });

    // The agent's User-Agent reaches the layer, whose Qwen Code rule (not the generic one) classifies the results;
    // the agent asks for at most the pinned output limit (Qwen Code lowers it further where the prompt leaves less
    // room in the declared context window; its own default would be 32,000).
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(calls.every((c) => String(c.userAgent).startsWith('QwenCode/0.24.4') && String(c.userAgent).includes(agentDriver('qwen-code').userAgentMarker))).toBe(true);
    const detections = calls.filter((c) => c.runId === 'c3').flatMap((c) => c.detections ?? []);
    expect(detections.map((d: { rule: string }) => d.rule)).toContain('qwen-exit');
    // flaky's 503 reads as transient, forbidden's 403 as unrecoverable (other results, e.g. a failing test run, may add more)
    expect(detections.filter((d: { rule: string }) => d.rule === 'qwen-exit').map((d: { kind: string }) => d.kind)).toEqual(expect.arrayContaining(['transient', 'unrecoverable']));
    expect(calls.filter((c) => c.runId === 'off').some((c) => c.layer?.changed === true)).toBe(false);
    const maxTokens = calls.map((c) => c.request?.max_tokens as number);
    expect(maxTokens.every((n) => n > 0 && n <= 8192)).toBe(true);
  }, 300_000);

  it('says that Node 22 is missing when Qwen Code is installed but its runtime is not', () => {
    const real = agentDir(defaultCacheDir(), AGENTS['qwen-code']);
    const cache = mkdtempSync(join(tmpdir(), 'rb-no-node22-'));
    mkdirSync(join(cache, 'agents'), { recursive: true });
    symlinkSync(real, agentDir(cache, AGENTS['qwen-code']));
    expect(() => locateAgent('qwen-code', { cacheDir: cache, systemNodeMajor: 20 })).toThrow(/node22.*recovery-bench agents install node22/);
  });
});

// The other agents, each where it is installed: every mode with the layer off and on, through the proxy's surface
// the agent speaks (Chat Completions, Anthropic Messages, Responses).
const OTHER_AGENTS = ['opencode', 'kilo', 'claude-code', 'codex'] as const;
const installed = (name: (typeof OTHER_AGENTS)[number]) => readInstallMarker(AGENTS[name], defaultCacheDir()) !== undefined;

describe.skipIf(!withAgents)('coding testbed end to end with the other agents (BENCH_AGENTS=1, where installed)', () => {
  it.each(OTHER_AGENTS)('%s runs every mode through the proxy; ok passes in both arms, nothing is fabricated', async (agent) => {
    if (!installed(agent)) return void console.warn(`skipped: ${agent} is not installed (recovery-bench agents install ${agent})`);
    const result = await executeRun({ benchmark: 'coding', config: codingConfig(`coding-${agent}`, { agents: [agent], repos: ['grade_book'], concurrency: 3 }), outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const scores = readScores(result.dir);
    expect(scores.map((s) => s.error)).toEqual(scores.map(() => undefined));
    for (const system of ['off', 'c3']) expect(scores.find((s) => s.system === system && s.condition === 'ok')!.scores['coding:outcome']).toMatchObject({ outcome: 'pass' });
    for (const s of scores.filter((x) => x.condition === 'forbidden')) expect(s.scores['coding:outcome']!.details).toMatchObject({ fabricated: false });
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => String(c.userAgent).includes(agentDriver(agent).userAgentMarker))).toBe(true);
  }, 600_000);
});
