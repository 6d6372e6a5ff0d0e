import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENTS } from '@recovery-bench/agents';
import { AGENT_IDS, type AgentId } from '@recovery-bench/coding-repos';
import {
  AGENT_SHAPES_DIR, AgentShapeSchema, agentShapeFile, parseCallRecords, requestPaths, shapeOfSession, shapePaths, startProxy, type CallRecord, type ProxyHandle,
} from '@recovery-bench/proxy';
import { startSimEngine, type SimEngine } from '@recovery-bench/sim-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forwardedMessages, NOTE, rewrittenTurn, runSession, SESSION_RULES, sessionFolder, sessionScripts, surfaceOf, type SessionMode,
} from '../testing/agent-sessions.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { AGENTS_ENABLED, AGENTS_SKIP_REASON, missingAgent } from '../testing/user-agents.ts';

// Every pinned agent twice through the proxy (form c3) to the sim engine: with the coding testbed driver's pinned
// settings, and in its own default headless mode as its users run it (`recovery-bench agents exec`; Claude Code
// without --bare, Codex with nothing but a provider). Slow (real agents, ~400 MB each), so gated like the Docker
// and GPU tiers. RECORD_AGENT_SHAPES=1 writes the request shapes each agent version sends into libs/proxy's
// agent-shapes/, which its fast replay test reads; otherwise a field the recorded shape lacks fails here, named.
const RECORD = process.env.RECORD_AGENT_SHAPES === '1';

describe.skipIf(!AGENTS_ENABLED)(`real agents through the proxy, pinned and plain${AGENTS_ENABLED ? '' : ` — skipped: ${AGENTS_SKIP_REASON}`}`, () => {
  let dir: string;
  let codexDir: string;
  let sim: SimEngine;
  const proxies = new Map<string, { proxy: ProxyHandle; recordsPath: string }>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agents-proxy-'));
    // Codex's sessions not under /tmp: its own sandbox (its default, the plain mode) mounts a fresh /tmp, where its
    // work folder and CODEX_HOME would vanish, with the helper it runs commands through.
    await mkdir(join(REPO_ROOT, '.cache'), { recursive: true });
    codexDir = await mkdtemp(join(REPO_ROOT, '.cache', 'agents-proxy-codex-'));
    sim = await startSimEngine({ profile: 'ideal', seed: 0, scripts: sessionScripts(AGENT_IDS) });
    for (const rules of ['paper', 'extended'] as const) {
      const recordsPath = join(dir, `calls-${rules}.jsonl`);
      proxies.set(rules, { proxy: await startProxy({ upstream: { url: sim.url }, layer: { form: 'c3', rules }, records: { path: recordsPath } }), recordsPath });
    }
  });

  afterAll(async () => {
    for (const { proxy } of proxies.values()) await proxy.close(1_000);
    await sim?.close();
    for (const root of [dir, codexDir]) if (root) await rm(root, { recursive: true, force: true });
  });

  async function records(rules: string, runId: string): Promise<CallRecord[]> {
    const { proxy, recordsPath } = proxies.get(rules)!;
    await proxy.flushRecords();
    return parseCallRecords(await readFile(recordsPath, 'utf8')).filter((r) => r.runId === runId);
  }

  const cases = AGENT_IDS.flatMap((agent) => (['pinned', 'plain'] as const).map((mode) => ({ agent, mode })));

  it.for(cases)('$agent ($mode) exits 0 with every request answered 200, and the engine gets the c3 rewrite', { timeout: 300_000 }, async ({ agent, mode }, context) => {
    const missing = missingAgent(agent);
    if (missing) return void context.skip(missing);
    const rules = SESSION_RULES[agent];
    const runId = `${agent}-${mode}`;
    const { proxy } = proxies.get(rules)!;
    const folder = await sessionFolder(agent === 'codex' ? codexDir : dir, agent, mode);
    const result = await runSession(agent, mode, `${proxy.url}/runs/${runId}`, folder, sim.model);
    expect(result.exitCode, result.output).toBe(0);

    const calls = await records(rules, runId);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.map((c) => [c.surface, c.status])).toEqual(calls.map(() => [surfaceOf(agent), 200]));
    const turn = rewrittenTurn(calls);
    expect(turn, `a turn rewritten by the layer; detections: ${JSON.stringify(calls.map((c) => c.detections))}; last request: ${JSON.stringify(calls.at(-1)?.forwarded ?? null).slice(-1500)}`).toBeDefined();
    expect(turn!.detections).toContainEqual(expect.objectContaining({ kind: 'unrecoverable', scope: 'decision' }));
    const messages = forwardedMessages(turn!);
    const tool = messages.findLastIndex((m) => m.role === 'tool');
    expect(String(messages[tool]!.content)).toContain('permission denied');
    // Form c3: everything kept, the note in the user message right after the failed exchange.
    expect(messages[tool + 1]!.role).toBe('user');
    expect(String(messages[tool + 1]!.content)).toContain(NOTE);

    const shape = shapeOfSession({ agent, version: AGENTS[agent].version, mode, rules }, calls);
    const file = join(AGENT_SHAPES_DIR, agentShapeFile(shape));
    if (RECORD) {
      mkdirSync(AGENT_SHAPES_DIR, { recursive: true });
      writeFileSync(file, `${JSON.stringify(shape, null, 2)}\n`);
      return;
    }
    expect(existsSync(file), `no recorded shape for ${agent} ${AGENTS[agent].version} (${mode}): record it with RECORD_AGENT_SHAPES=1`).toBe(true);
    const recorded = new Set(shapePaths(AgentShapeSchema.parse(JSON.parse(readFileSync(file, 'utf8')))));
    const added = [...new Set(calls.flatMap((c) => requestPaths(c.request)))].filter((p) => !recorded.has(p));
    expect(added, `${agent} ${AGENTS[agent].version} (${mode}) sends fields its recorded shape lacks: record it again with RECORD_AGENT_SHAPES=1 and review the replay test`).toEqual([]);
  });
});
