import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateAgent } from '@recovery-bench/agents';
import { parseCallRecords, startProxy, type CallRecord, type ProxyHandle } from '@recovery-bench/proxy';
import { ScriptRegistry, startSimEngine, type SimEngine } from '@recovery-bench/sim-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectOutput, type CliResult } from '../testing/run-cli.ts';

// Claude Code (Anthropic Messages) and Codex CLI (OpenAI Responses), pinned and installed by
// `recovery-bench agents install claude-code codex`, run headless against the sim engine behind the proxy with the
// layer in form c3. Each task's tool fails; the sim engine, following its script, answers the runtime note the
// layer writes. Slow and large (the agents are ~400 MB each), so gated like the Docker and GPU tiers.
const ENABLED = process.env.BENCH_AGENTS === '1';
const SKIP_REASON = 'set BENCH_AGENTS=1 (after `recovery-bench agents install claude-code codex`) to run real agents through the proxy';

// The deploy script fails as a tool whose token lacks a permission: an unrecoverable failure, which the sim
// answers (when it reads the note) by reporting it, so that the agent finishes.
const FAILING_SCRIPT = 'echo "error: permission denied: the deploy token is read-only" >&2\nexit 1\n';
const NOTE = 'Note from the tool runtime: the last attempt called';

const SCRIPTS = `
- id: agents/claude-code-deploy
  match: { marker: "[task:claude-code-deploy]" }
  steps:
    - call: { name: Bash, arguments: { command: "sh deploy.sh", description: "Run the deploy script" } }
    - answer: "Deployed."
- id: agents/codex-deploy
  # Codex's first user message is its environment context, which names the working folder: the marker is there.
  match: { marker: "codex-deploy-task" }
  steps:
    - call: { name: exec_command, arguments: { cmd: "sh deploy.sh" } }
    - answer: "Deployed."
`;

function run(command: string[], args: string[], options: { cwd: string; env: Record<string, string> }): Promise<CliResult> {
  const child = spawn(command[0]!, [...command.slice(1), ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 150_000 });
  return collectOutput(child);
}

/** The agent sees no credentials or endpoints of the machine it runs on: only what the test gives it. */
function agentEnv(home: string, extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', TERM: 'dumb', ...extra };
}

/** The record of the turn that answered the failed call: the layer rewrote it. */
function rewrittenTurn(records: CallRecord[]): CallRecord | undefined {
  return records.find((r) => r.layer.changed && r.detections.some((d) => d.scope === 'decision'));
}

function forwardedMessages(record: CallRecord): { role: string; content: unknown }[] {
  return (record.forwarded as { messages: { role: string; content: unknown }[] }).messages;
}

describe.skipIf(!ENABLED)(`real agents through the proxy (form c3) to the sim engine${ENABLED ? '' : ` — skipped: ${SKIP_REASON}`}`, () => {
  let dir: string;
  let sim: SimEngine;
  let proxy: ProxyHandle;
  let recordsPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agents-proxy-'));
    await writeFile(join(dir, 'scripts.yaml'), SCRIPTS);
    const scripts = new ScriptRegistry();
    await scripts.loadFile(join(dir, 'scripts.yaml'));
    sim = await startSimEngine({ profile: 'ideal', seed: 0, scripts });
    recordsPath = join(dir, 'calls.jsonl');
    proxy = await startProxy({ upstream: { url: sim.url }, layer: { form: 'c3' }, records: { path: recordsPath } });
  });

  afterAll(async () => {
    await proxy?.close(1_000);
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function records(runId: string): Promise<CallRecord[]> {
    await proxy.flushRecords();
    return parseCallRecords(await readFile(recordsPath, 'utf8')).filter((r) => r.runId === runId);
  }

  async function workFolder(prefix: string): Promise<string> {
    const work = await mkdtemp(join(dir, prefix));
    await writeFile(join(work, 'deploy.sh'), FAILING_SCRIPT);
    await chmod(join(work, 'deploy.sh'), 0o755);
    return work;
  }

  it('Claude Code (Anthropic Messages, headless -p) finishes a task whose tool fails; the engine gets the c3 rewrite', async () => {
    const claude = locateAgent('claude-code');
    const home = join(dir, 'claude-home');
    await mkdir(home);
    const work = await workFolder('claude-work-');
    const exit = await run(claude.command, [
      '-p', '[task:claude-code-deploy] Run the deploy script deploy.sh in this folder.',
      '--model', 'claude-sonnet-4-5', '--allowedTools', 'Bash', '--output-format', 'json',
    ], {
      cwd: work,
      env: agentEnv(home, {
        ANTHROPIC_BASE_URL: `${proxy.url}/runs/claude-code`, ANTHROPIC_API_KEY: 'sk-proxy-test',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1',
      }),
    });
    expect(exit.code, exit.stderr).toBe(0);
    const result = JSON.parse(exit.stdout) as { subtype: string; is_error: boolean; result: string };
    expect(result.subtype).toBe('success');
    expect(result.is_error).toBe(false);
    // The sim engine read the note and took the unrecoverable kind's correct action: report the failure.
    expect(result.result).toMatch(/^I could not complete this\. The Bash tool failed with: /);

    const calls = await records('claude-code');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.surface).toBe('anthropic');
      expect(call.userAgent).toMatch(/^claude-cli\/2\.1\.328 /);
      expect(call.status).toBe(200);
    }
    const turn = rewrittenTurn(calls);
    expect(turn, 'a turn rewritten by the layer').toBeDefined();
    // Claude Code marks the failed Bash result is_error: the flag reached the detector through the conversion.
    expect(turn!.detections).toContainEqual(expect.objectContaining({ rule: 'is_error', kind: 'unrecoverable', scope: 'decision' }));
    const messages = forwardedMessages(turn!);
    const tool = messages.findLastIndex((m) => m.role === 'tool');
    expect(String(messages[tool]!.content)).toContain('permission denied');
    // Form c3: everything kept, the note in a user message right after the failed exchange.
    expect(messages[tool + 1]!.role).toBe('user');
    expect(String(messages[tool + 1]!.content)).toContain(`${NOTE} Bash with command="sh deploy.sh"`);
  }, 180_000);

  it('Codex CLI (Responses, codex exec with a custom provider) finishes a task whose tool fails; the engine gets the c3 rewrite', async () => {
    const codex = locateAgent('codex');
    const home = join(dir, 'codex-home');
    const codexHome = join(dir, 'codex-config');
    await mkdir(home);
    await mkdir(codexHome);
    await writeFile(join(codexHome, 'config.toml'), [
      'model = "sim-model"',
      'model_provider = "recovery-bench"',
      '',
      '[model_providers.recovery-bench]',
      'name = "sim engine through the recovery-bench proxy"',
      `base_url = "${proxy.url}/runs/codex/v1"`,
      'wire_api = "responses"',
      'env_key = "RECOVERY_BENCH_PROXY_KEY"',
      '',
    ].join('\n'));
    const work = await workFolder('codex-deploy-task-');
    const exit = await run(codex.command, ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', 'Run the deploy script deploy.sh in this folder.'], {
      cwd: work,
      env: agentEnv(home, { CODEX_HOME: codexHome, RECOVERY_BENCH_PROXY_KEY: 'sk-proxy-test' }),
    });
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toMatch(/I could not complete this\. The exec_command tool failed with: /);

    const calls = await records('codex');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.surface).toBe('responses');
      expect(call.userAgent).toMatch(/^codex_exec\/0\.169\.0 /);
      expect(call.stream).toBe(true);
      expect(call.status).toBe(200);
    }
    const turn = rewrittenTurn(calls);
    expect(turn, 'a turn rewritten by the layer').toBeDefined();
    expect(turn!.detections).toContainEqual(expect.objectContaining({ rule: 'codex-exit', kind: 'unrecoverable', scope: 'decision' }));
    const messages = forwardedMessages(turn!);
    const tool = messages.findLastIndex((m) => m.role === 'tool');
    expect(String(messages[tool]!.content)).toContain('Process exited with code 1');
    expect(messages[tool + 1]!.role).toBe('user');
    expect(String(messages[tool + 1]!.content)).toContain(`${NOTE} exec_command with cmd="sh deploy.sh"`);
  }, 180_000);
});
