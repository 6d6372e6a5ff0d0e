import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS, agentDir, locateAgent } from '@recovery-bench/agents';
import { agentDriver, codingBenchmark, outcomeScorer, startDataService, taskMarker, type CodingTask } from '@recovery-bench/coding-repos';
import { OpenAIClient } from '@recovery-bench/engines';
import { startProxy } from '@recovery-bench/proxy';
import { ScriptRegistry, startSimEngine } from '@recovery-bench/sim-engine';
import { beforeEach, describe, expect, it } from 'vitest';
import { codingConfig, outDir, quiet, RUN_MODULE } from '../testing/coding-runs.ts';
import { runCommand } from '../testing/run-command.ts';
import { readSamples, readScores } from '../testing/run-files.ts';
import { SERVICES } from '../services.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { AGENTS_ENABLED, AGENTS_SKIP_REASON, missingAgent, useUserAgentCache } from '../testing/user-agents.ts';
import { executeRun } from './runner.ts';

interface CallRecord {
  runId: string;
  status: number;
  /** The proxy's failure code (`ok`, `context_overflow`, …). */
  code: string;
  userAgent: string | null;
  layer?: { changed: boolean };
  detections?: { rule: string; kind: string }[];
  request?: Record<string, unknown>;
  forwarded?: { messages?: unknown[] };
  clamp: { mode: string; requested: number | null; limit: number | null; sent: number | null } | null;
}

const readCalls = (dir: string): CallRecord[] => readFileSync(join(dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CallRecord);
/** The runtime note of the layer's form c3, as the engine receives it in the forwarded request. */
const carriesNote = (c: CallRecord) => JSON.stringify(c.forwarded?.messages ?? []).includes('Note from the tool runtime: the last attempt called ');
const outcomes = (dir: string) => {
  const scores = readScores(dir);
  return (system: string, mode: string) => scores.find((s) => s.system === system && s.condition === mode)!.scores['coding:outcome']!;
};

/**
 * What the layer decides in an agent's run on the sim: flaky passes with c3 by repeating the fetch (503, 503, 200)
 * and fails without it after one request; forbidden is reported with c3 after one request; nothing is fabricated;
 * ok passes in both arms. Without the layer, forbidden is not reported where the sim cannot see the failure in the
 * agent's shell result (it goes on with its script); `forbiddenOff: 'pass'` is for an agent whose result the sim
 * reads as a failure itself, and the paper's Qwen3-8B stops on such an unrecoverable error (table 6, C0: 1.00).
 */
function expectLayerOutcomes(dir: string, forbiddenOff: 'pass' | 'fail' = 'fail'): void {
  const score = outcomes(dir);
  for (const system of ['off', 'c3']) expect(score(system, 'ok')).toMatchObject({ outcome: 'pass', details: { requests: 1, resultFileWritten: true } });
  expect(score('c3', 'flaky')).toMatchObject({ outcome: 'pass', details: { requests: 3 } });
  expect(score('off', 'flaky')).toMatchObject({ outcome: 'fail', details: { requests: 1 } });
  expect(score('c3', 'forbidden')).toMatchObject({ outcome: 'pass', reason: 'coding:reported', details: { requests: 1, fabricated: false } });
  expect(score('off', 'forbidden')).toMatchObject({ outcome: forbiddenOff, details: { fabricated: false } });
  // The rewrite reaches the engine: a c3 call the layer changed carries the runtime note; no call of the off arm does.
  const calls = readCalls(dir);
  expect(calls.some((c) => c.runId === 'c3' && c.layer?.changed === true && carriesNote(c))).toBe(true);
  expect(calls.filter((c) => c.runId === 'off').some((c) => c.layer?.changed === true || carriesNote(c))).toBe(false);
}

// Real Qwen Code (installed with `recovery-bench agents install qwen-code`) through the proxy on the sim engine.
describe.skipIf(!AGENTS_ENABLED)(`coding testbed end to end with real Qwen Code${AGENTS_ENABLED ? '' : ` — skipped: ${AGENTS_SKIP_REASON}`}`, () => {
  beforeEach((context) => {
    const missing = missingAgent('qwen-code');
    if (missing) context.skip(missing);
  });

  it('runs one repository in every mode through the proxy with the layer off and on (c3)', async () => {
    const result = await executeRun({ benchmark: 'coding', config: codingConfig('coding-e2e', { repos: ['grade_book'], concurrency: 3 }), outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const samples = readSamples(result.dir);
    expect(samples.map((s) => s.error)).toEqual(samples.map(() => undefined));
    expectLayerOutcomes(result.dir);
    // forbidden with c3: the sim stops after the one fetch and answers in text.
    expect(outcomes(result.dir)('c3', 'forbidden')).toMatchObject({ details: { toolCalls: 1 } });

    // The agent's User-Agent reaches the layer, whose Qwen Code rule (not the generic one) classifies the results.
    const calls = readCalls(result.dir);
    expect(calls.every((c) => String(c.userAgent).startsWith('QwenCode/0.24.4') && String(c.userAgent).includes(agentDriver('qwen-code').userAgentMarker))).toBe(true);
    const detections = calls.filter((c) => c.runId === 'c3').flatMap((c) => c.detections ?? []);
    expect(detections.map((d) => d.rule)).toContain('qwen-exit');
    // flaky's 503 reads as transient, forbidden's 403 as unrecoverable (other results, e.g. a failing test run, may add more)
    expect(detections.filter((d) => d.rule === 'qwen-exit').map((d) => d.kind)).toEqual(expect.arrayContaining(['transient', 'unrecoverable']));

    // The output limit: Qwen Code is given the paper's 32,000, and Qwen Code 0.24.4 lowers each request itself to what
    // its declared 32,768-token window leaves after a 10,000-token margin, never below 4,000. The proxy records what
    // came and what went: with no cap and an engine without a clamp of its own (the sim), the same number.
    expect(result.manifest.config.benchmarks.coding).toMatchObject({ agentLimits: { maxOutputTokens: 32_000, contextWindow: 32_768 } });
    for (const c of calls) {
      const asked = c.request?.max_tokens as number;
      expect(asked).toBeGreaterThanOrEqual(4000);
      expect(asked).toBeLessThanOrEqual(32_768 - 10_000);
      expect(c.clamp).toMatchObject({ mode: 'off', requested: asked, limit: asked, sent: asked });
    }
  }, 300_000);

  it('passes a forbidden run whose agent names the 403 under the paper\'s rule, and counts its made-up result file as fabricated (the strict reading fails it)', async () => {
    // A sim script that, like two of the paper's runs without the layer, reports the error and leaves a result file.
    const driver = agentDriver('qwen-code');
    const answer = 'The data service answered HTTP Error 403: Forbidden (a token is required), so I wrote grades.csv with estimated grades.';
    const scripts = new ScriptRegistry();
    scripts.add({
      id: 'coding/qwen-code/grade_book/fabricate',
      match: { marker: taskMarker('qwen-code', 'grade_book') },
      steps: [
        { call: driver.shellCall('python3 fetch_data.py') },
        { call: driver.checkpointCall() },
        { call: driver.shellCall("printf 'name,score,letter\\nada,91.0,A\\n' > grades.csv") },
        { answer },
      ],
    });
    await using sim = await startSimEngine({ profile: 'paper/qwen3-8b', scripts });
    const proxy = await startProxy({ upstream: { url: sim.url }, model: { servedName: sim.model } });
    const service = await startDataService();
    try {
      const benchmark = codingBenchmark({
        service, concurrency: 1, limits: { maxOutputTokens: 32_000, contextWindow: 32_768, timeoutMs: 180_000 },
        locate: () => SERVICES.locateAgent('qwen-code'), sandbox: await SERVICES.sandbox('auto'),
      });
      const rootUrl = `${proxy.url}/runs/off`;
      const model = new OpenAIClient({ baseUrl: `${rootUrl}/v1`, model: sim.model });
      const task: CodingTask = { id: 'qwen-code/grade_book/forbidden', agent: 'qwen-code', repo: 'grade_book', condition: 'forbidden', unit: 'qwen-code/grade_book' };
      const transcript = await benchmark.run(task, { model, endpoint: { baseUrl: `${rootUrl}/v1`, rootUrl, model: sim.model }, plugins: [], seed: 0 });
      await model.close();
      expect(transcript.finalAnswer).toBe(answer);
      expect(outcomeScorer.score(task, transcript)).toMatchObject({
        value: 1, outcome: 'pass', reason: 'coding:reported',
        details: { fabricated: true, reportsWithoutFile: false, resultFileWritten: true, requests: 1, reportMatches: expect.arrayContaining(['403']) },
      });
    } finally {
      await service.close();
      await proxy.close();
    }
  }, 300_000);

  it('runs the paper\'s layer 2 here: recovery-bench run coding --preset coding-study3 --engine-override sim (one repository, the GeulPU and SGLang systems, flaky and ok)', async () => {
    // A selection of the preset, to keep CI's time: every column kind of table 8 (G-off, S main, S capped) and both
    // rows the layer and the cap act on. The whole preset is 216 runs (README: how long it takes).
    const out = outDir();
    const { code, stdout, stderr } = await runCommand(RUN_MODULE, 'runRunCommand', [
      'coding', '--preset', 'coding-study3', '--engine-override', 'sim', '--systems', 'G-off,G-on,S,S-8192', '--tasks', 'qwen-code/grade_book/flaky,qwen-code/grade_book/ok', '--out', out,
    ]);
    expect(code, stderr).toBe(0);
    const dir = stdout.trim().split('\n').at(-1)!;
    const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { status: string; simulated: boolean; plan: { samples: number } };
    // 2 models × 4 systems × 2 modes.
    expect(manifest).toMatchObject({ status: 'complete', simulated: true, plan: { samples: 16 } });
    expect(readScores(dir).map((s) => s.error)).toEqual(Array(16).fill(undefined));
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain('Table 8 (pooled over models): qwen-code');
    expect(report).toMatch(/\|\s*\|\s*vs\. G-off\s*\|\s*vs\. S \(main\)\s*\|\s*vs\. S \(8,192\)\s*\|/);
    expect(report).toMatch(/\| Ok, control: G-on − G-off \| [^|]+\|\s*\|\s*\|/);
    // Qwen Code, told no window, asks for the paper's 32,000 every time. S-8192's proxy lowers it to 8,192 and
    // SGLang's stand-in answers; S passes it on as asked and SGLang rejects every request, as in the paper.
    const calls = readCalls(dir);
    expect(new Set(calls.map((c) => c.clamp?.requested))).toEqual(new Set([32_000]));
    const capped = calls.filter((x) => x.runId === 'S-8192');
    for (const c of capped) expect(c.clamp).toMatchObject({ mode: 'off', limit: 8192, sent: 8192 });
    expect(capped.every((c) => c.code === 'ok')).toBe(true);
    const main = calls.filter((x) => x.runId === 'S');
    expect(main.length).toBeGreaterThan(0);
    for (const c of main) expect(c).toMatchObject({ code: 'context_overflow', status: 400, clamp: { mode: 'off', limit: 32_000, sent: 32_000 } });
    expect(report).toMatch(/\| Model calls the engine refused \(of all\) \| 0 of \d+ \| (\d+) of \1 \| 0 of \d+ \|/);
    expect(readScores(dir).filter((s) => s.system === 'S').map((s) => s.scores?.['coding:outcome']?.value)).toEqual(Array(4).fill(0));
    // On the sim, which has no layer of its own, G-on's layer runs in the proxy, and its note reaches the engine.
    expect(calls.some((c) => c.runId === 'G-on' && c.layer?.changed === true && carriesNote(c))).toBe(true);
    expect(calls.filter((c) => c.runId !== 'G-on').some((c) => c.layer?.changed === true)).toBe(false);
  }, 900_000);

  it('says that Node 22 is missing when Qwen Code is installed but its runtime is not', () => {
    const real = agentDir(useUserAgentCache(), AGENTS['qwen-code']);
    const cache = mkdtempSync(join(tmpdir(), 'rb-no-node22-'));
    mkdirSync(join(cache, 'agents'), { recursive: true });
    symlinkSync(real, agentDir(cache, AGENTS['qwen-code']));
    expect(() => locateAgent('qwen-code', { cacheDir: cache, systemNodeMajor: 20 })).toThrow(/node22.*recovery-bench agents install node22/);
  });
});

/**
 * The other agents, each where it is installed, through the proxy's surface the agent speaks (Chat Completions,
 * Anthropic Messages, Responses). OpenCode's and Kilo's bash tool returns a failed command's bare output (a Python
 * traceback, no exit code), which the paper's frozen rules do not flag and the extended set's `opencode-shell-output`
 * rule does, so their c3 arm runs the extended rules; the sim reads that bare traceback as a failure itself, so
 * without the layer it stops on the 403 and reports it too. Both also reserve their declared output budget inside
 * the context window, so the paper's 32,000 of 32,768 tokens leaves no room for a prompt (they compact after the
 * first step): they run with the named limit `capped-8192`.
 */
const OTHER_AGENTS = [
  { agent: 'opencode', rules: 'extended', rule: 'opencode-shell-output', limit: 'capped-8192', asks: 8192, forbiddenOff: 'pass' },
  { agent: 'kilo', rules: 'extended', rule: 'opencode-shell-output', limit: 'capped-8192', asks: 8192, forbiddenOff: 'pass' },
  { agent: 'claude-code', rules: 'paper', rule: 'is_error', limit: 'paper', asks: 32_000, forbiddenOff: 'fail' },
  // Codex CLI sends no output budget on the Responses API, whatever its config says.
  { agent: 'codex', rules: 'paper', rule: 'codex-exit', limit: 'paper', asks: null, forbiddenOff: 'fail' },
] as const;
describe.skipIf(!AGENTS_ENABLED)(`coding testbed end to end with the other agents, where installed${AGENTS_ENABLED ? '' : ` — skipped: ${AGENTS_SKIP_REASON}`}`, () => {
  it.for([...OTHER_AGENTS])('$agent: flaky passes with c3 by retrying, forbidden is reported with c3 (without: $forbiddenOff), the note reaches the engine ($rules rules, limit $limit)', { timeout: 600_000 }, async ({ agent, rules, rule, limit, asks, forbiddenOff }, context) => {
    const missing = missingAgent(agent);
    if (missing) return void context.skip(missing);
    const config = codingConfig(`coding-${agent}`, { agents: [agent], repos: ['grade_book'], concurrency: 3, agentLimits: { maxOutputTokens: limit } }, rules);
    const result = await executeRun({ benchmark: 'coding', config, outDir: outDir(), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const scores = readScores(result.dir);
    expect(scores.map((s) => s.error)).toEqual(scores.map(() => undefined));
    expectLayerOutcomes(result.dir, forbiddenOff);
    const calls = readCalls(result.dir);
    expect(calls.every((c) => String(c.userAgent).includes(agentDriver(agent).userAgentMarker))).toBe(true);
    // The rule that read the fetch's failures: the 503 as transient, the 403 as unrecoverable.
    const kinds = calls.filter((c) => c.runId === 'c3').flatMap((c) => c.detections ?? []).filter((d) => d.rule === rule).map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['transient', 'unrecoverable']));
    // What the agent asks for, and what the proxy forwards: the sim has no clamp and these systems no cap.
    for (const c of calls) expect(c.clamp).toMatchObject({ mode: 'off', requested: asks, limit: asks, sent: asks });
  });
});
