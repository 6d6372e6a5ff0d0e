import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runResult } from './output.ts';
import { readClaudeStyleEvents } from './qwen-code.ts';
import type { AgentDriver } from './types.ts';

/** The tools a run may use without asking: a headless run that would ask for a tool denies it instead. */
const ALLOWED_TOOLS = 'Bash,Read,Write,Edit,Glob,Grep';

/**
 * Claude Code (`@anthropic-ai/claude-code`): `claude -p <prompt> --output-format stream-json --verbose`, with
 * ANTHROPIC_BASE_URL at the proxy's route (which serves Anthropic Messages), the output limit pinned through
 * CLAUDE_CODE_MAX_OUTPUT_TOKENS, and its tools allowed by name (as root, Claude Code refuses to skip permissions
 * altogether). `--bare` leaves out hooks, plugins, MCP servers and memory files, so runs are alike on any machine.
 */
export const claudeCode: AgentDriver = {
  id: 'claude-code',
  userAgentMarker: 'claude-cli/',
  shellCall: (command) => ({ name: 'Bash', arguments: { command, description: 'run a command' } }),
  checkpointCall: () => ({ name: 'Glob', arguments: { pattern: '*.md' } }),
  async run(input) {
    const home = join(input.scratch, 'home');
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(join(home, '.claude', 'settings.json'), `${JSON.stringify({ permissions: { allow: ALLOWED_TOOLS.split(',') } }, null, 2)}\n`);
    const env = {
      PATH: input.path,
      HOME: home,
      LANG: 'C.UTF-8',
      NO_PROXY: '127.0.0.1,localhost',
      ANTHROPIC_BASE_URL: input.endpoint.rootUrl,
      ANTHROPIC_API_KEY: 'sk-ant-recovery-bench',
      ANTHROPIC_MODEL: input.endpoint.model,
      ANTHROPIC_SMALL_FAST_MODEL: input.endpoint.model,
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: String(input.limits.maxOutputTokens),
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const args = [...input.agent.args, '-p', input.prompt, '--output-format', 'stream-json', '--verbose', '--bare', '--model', input.endpoint.model, '--allowedTools', ALLOWED_TOOLS];
    const result = await input.sandbox.run(input.agent.command, args, { cwd: input.cwd, env, timeoutMs: input.limits.timeoutMs, signal: input.signal, policy: input.policy });
    const events = result.stdout.split('\n').filter((l) => l.startsWith('{')).flatMap((l) => {
      try {
        return [JSON.parse(l) as { type?: string }];
      } catch {
        return [];
      }
    });
    return runResult(readClaudeStyleEvents(events), result);
  },
};
