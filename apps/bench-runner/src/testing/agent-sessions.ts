import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AGENT_SURFACES } from '@recovery-bench/agents';
import { agentDriver, agentPolicy, type AgentId } from '@recovery-bench/coding-repos';
import type { CallRecord } from '@recovery-bench/proxy';
import { ScriptRegistry } from '@recovery-bench/sim-engine';
import { SERVICES } from '../services.ts';
import { runCli } from './run-cli.ts';

/**
 * One task for a real agent, with the failing tool the layer is there for: a deploy script that fails as a tool
 * whose token lacks a permission (unrecoverable). The sim engine's script calls it with the agent's own shell tool;
 * reading the runtime note, the sim reports the failure, so the agent ends.
 */
// The pause lets an agent's terminal capture read the message before the process is gone (Qwen Code once recorded
// an empty output for a script that exited at once).
export const FAILING_SCRIPT = 'echo "error: permission denied: the deploy token is read-only" >&2\nsleep 0.3\nexit 1\n';
export const NOTE = 'Note from the tool runtime: the last attempt called';

export type SessionMode = 'pinned' | 'plain';

/** The marker that ties a session to its sim script: in the prompt and in the work folder's name. */
export const sessionMarker = (agent: AgentId): string => `deploy-task-${agent}`;

export const sessionPrompt = (agent: AgentId): string => `Run the deploy script deploy.sh in this folder (task ${sessionMarker(agent)}).`;

/** The scripts of every agent's session, one registry for the sim engine. */
export function sessionScripts(agents: readonly AgentId[]): ScriptRegistry {
  const scripts = new ScriptRegistry();
  for (const agent of agents) {
    const call = agentDriver(agent).shellCall('sh deploy.sh');
    // Codex returns a command still running after `yield_time_ms` (10 s by default) without its exit code; on a
    // loaded machine the deploy script's shell can start that late, so the call waits as long as Codex allows.
    if (agent === 'codex') call.arguments.yield_time_ms = 30_000;
    scripts.add({ id: `sessions/${agent}`, match: { marker: sessionMarker(agent) }, steps: [{ call }, { answer: 'Deployed.' }] });
  }
  return scripts;
}

/**
 * What a user of each agent types after `recovery-bench agents exec <agent> --proxy URL --`: its own headless
 * mode with its defaults. Qwen Code needs `--yolo` and Kilo `--auto` to run a shell command without a person to
 * approve it; Claude Code names the tools it may use (as root it refuses to skip permissions altogether).
 */
export const PLAIN_ARGS: Readonly<Record<AgentId, (prompt: string) => string[]>> = {
  'claude-code': (prompt) => ['-p', prompt, '--allowedTools', 'Bash,Read'],
  codex: (prompt) => ['exec', '--skip-git-repo-check', prompt],
  'qwen-code': (prompt) => ['-p', prompt, '--yolo'],
  opencode: (prompt) => ['run', prompt],
  kilo: (prompt) => ['run', prompt, '--auto'],
};

/**
 * The layer's rule set for each agent's shell results: OpenCode and Kilo print a failed command's output bare, with
 * no exit code, which only the `extended` rules read (`opencode-shell-output`); the paper's rules stay as frozen.
 */
export const SESSION_RULES: Readonly<Record<AgentId, 'paper' | 'extended'>> = {
  'claude-code': 'paper', codex: 'paper', 'qwen-code': 'paper', opencode: 'extended', kilo: 'extended',
};

export interface SessionResult {
  exitCode: number | null;
  output: string;
}

/** A fresh work folder (named with the session's marker) holding the failing deploy script. */
export async function sessionFolder(root: string, agent: AgentId, mode: SessionMode): Promise<{ work: string; home: string; scratch: string }> {
  const base = await mkdtemp(join(root, `${mode}-`));
  const work = join(base, sessionMarker(agent));
  const home = join(base, 'home');
  const scratch = join(base, 'scratch');
  await Promise.all([mkdir(work), mkdir(home), mkdir(scratch)]);
  await writeFile(join(work, 'deploy.sh'), FAILING_SCRIPT);
  await chmod(join(work, 'deploy.sh'), 0o755);
  return { work, home, scratch };
}

/**
 * Runs one agent's session against the proxy route `route` (`<proxy>/runs/<id>`): `plain` through `recovery-bench
 * agents exec` exactly as a user would, `pinned` through the coding testbed's driver with its settings.
 */
export async function runSession(agent: AgentId, mode: SessionMode, route: string, folder: { work: string; home: string; scratch: string }, model: string): Promise<SessionResult> {
  const prompt = sessionPrompt(agent);
  const env = { HOME: folder.home, LANG: 'C.UTF-8', NO_PROXY: '127.0.0.1,localhost', QWEN_CODE_SUPPRESS_YOLO_WARNING: '1', CODEX_HOME: folder.home };
  if (mode === 'plain') {
    // The real bin (the built CLI), run in the agent's folder, as a user types it.
    const result = await runCli(['agents', 'exec', agent, '--proxy', route, '--', ...PLAIN_ARGS[agent](prompt)], '', { cwd: folder.work, env });
    return { exitCode: result.code, output: `${result.stdout}\n${result.stderr}` };
  }
  // Sandboxed as the testbed runs agents (`auto`: bubblewrap where it works).
  const located = await SERVICES.locateAgent(agent);
  const result = await agentDriver(agent).run({
    agent: located, prompt, cwd: folder.work, scratch: folder.scratch, path: process.env.PATH ?? '/usr/bin:/bin',
    endpoint: { openaiBaseUrl: `${route}/v1`, rootUrl: route, model },
    limits: { maxOutputTokens: 8192, contextWindow: 32_768, timeoutMs: 240_000 },
    sandbox: await SERVICES.sandbox('auto'), policy: agentPolicy({ dir: folder.work, scratch: dirname(folder.work) }, located.paths, [], [route]),
  });
  return { exitCode: result.exitCode, output: result.outputTail };
}

/** The agent's surface, as the proxy records it. */
export const surfaceOf = (agent: AgentId): string => AGENT_SURFACES[agent];

/** The record of the turn the layer rewrote: the failed tool result at the decision step. */
export function rewrittenTurn(records: readonly CallRecord[]): CallRecord | undefined {
  return records.find((r) => r.layer.changed && r.detections.some((d) => d.scope === 'decision'));
}

/** The messages the engine got for a recorded call (the proxy always forwards Chat Completions). */
export function forwardedMessages(record: CallRecord): { role: string; content: unknown; is_error?: boolean }[] {
  return (record.forwarded as { messages: { role: string; content: unknown; is_error?: boolean }[] }).messages;
}
