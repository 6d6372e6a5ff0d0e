import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runResult } from './output.ts';
import type { AgentDriver, AgentRunResult } from './types.ts';

/**
 * Codex CLI (`@openai/codex`): `codex exec --json`, with CODEX_HOME of the run's own whose config.toml names a
 * provider at the proxy's route with `wire_api = "responses"`, the pinned context window and output limit, and no
 * approvals or sandbox (the run's folder is a throw-away copy).
 */
export const codex: AgentDriver = {
  id: 'codex',
  userAgentMarker: 'codex',
  shellCall: (command) => ({ name: 'exec_command', arguments: { cmd: command } }),
  checkpointCall: () => ({ name: 'get_goal', arguments: {} }),
  async run(input) {
    const codexHome = join(input.scratch, 'codex-home');
    await mkdir(codexHome, { recursive: true });
    const q = (s: string) => JSON.stringify(s);
    const config = [
      `model = ${q(input.endpoint.model)}`,
      'model_provider = "recovery-bench"',
      ...(input.limits.contextWindow === 'agent-default' ? [] : [`model_context_window = ${input.limits.contextWindow}`]),
      `model_max_output_tokens = ${input.limits.maxOutputTokens}`,
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      '',
      '[model_providers.recovery-bench]',
      'name = "recovery-bench proxy"',
      `base_url = ${q(input.endpoint.openaiBaseUrl)}`,
      'wire_api = "responses"',
      'env_key = "RECOVERY_BENCH_API_KEY"',
      '',
    ].join('\n');
    await writeFile(join(codexHome, 'config.toml'), config);
    const env = { PATH: input.path, HOME: join(input.scratch, 'home'), CODEX_HOME: codexHome, LANG: 'C.UTF-8', NO_PROXY: '127.0.0.1,localhost', RECOVERY_BENCH_API_KEY: 'sk-recovery-bench' };
    const args = [...input.agent.args, 'exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', input.prompt];
    const result = await input.sandbox.run(input.agent.command, args, { cwd: input.cwd, env, timeoutMs: input.limits.timeoutMs, signal: input.signal, policy: input.policy });
    return runResult(readCodexEvents(result.stdout), result);
  },
};

interface CodexEvent {
  type?: string;
  item?: { type?: string; text?: string };
}

/** Reads `codex exec --json`: one event per line; agent messages (the last is the final one), commands, turns, errors. */
export function readCodexEvents(stdout: string): Pick<AgentRunResult, 'finalMessage' | 'turns' | 'toolCalls' | 'apiErrors'> {
  const events: CodexEvent[] = stdout.split('\n').filter((l) => l.startsWith('{')).flatMap((l) => {
    try {
      return [JSON.parse(l) as CodexEvent];
    } catch {
      return [];
    }
  });
  if (events.length === 0) return { finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 };
  const completed = events.filter((e) => e.type === 'item.completed' && e.item);
  const messages = completed.filter((e) => e.item!.type === 'agent_message' && typeof e.item!.text === 'string').map((e) => e.item!.text!);
  return {
    finalMessage: messages.at(-1) ?? '',
    turns: events.filter((e) => e.type === 'turn.completed').length,
    toolCalls: completed.filter((e) => e.item!.type !== 'agent_message' && e.item!.type !== 'reasoning').length,
    apiErrors: events.filter((e) => e.type === 'error' || e.type === 'turn.failed').length,
  };
}
