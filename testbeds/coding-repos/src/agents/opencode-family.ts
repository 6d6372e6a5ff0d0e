import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runResult } from './output.ts';
import type { AgentDriver, AgentId, AgentRunInput, AgentRunResult } from './types.ts';

const PROVIDER = 'recovery-bench';

/**
 * OpenCode and Kilo Code (a fork of it) share their headless mode and config: `<bin> run <prompt> --model
 * provider/model --format json`, a provider of `@ai-sdk/openai-compatible` pointed at the proxy with the model's
 * context and output limits, and every permission allowed. The config file sits in the working folder, where both
 * read it (`opencode.json`, `kilo.json`).
 */
function openCodeFamily(spec: { id: AgentId; userAgentMarker: string; configFile: string; extraArgs: string[]; env: Record<string, string> }): AgentDriver {
  return {
    id: spec.id,
    userAgentMarker: spec.userAgentMarker,
    shellCall: (command) => ({ name: 'bash', arguments: { command, description: 'run a command' } }),
    // `glob` needs ripgrep, which these agents download on first use; `read` needs nothing.
    checkpointCall: () => ({ name: 'read', arguments: { filePath: 'README.md' } }),
    async run(input) {
      await writeConfig(join(input.cwd, spec.configFile), input);
      const home = join(input.scratch, 'home');
      await mkdir(home, { recursive: true });
      const env = { PATH: input.path, HOME: home, LANG: 'C.UTF-8', NO_PROXY: '127.0.0.1,localhost', ...spec.env };
      const args = [...input.agent.args, 'run', input.prompt, '--model', `${PROVIDER}/${input.endpoint.model}`, '--format', 'json', ...spec.extraArgs];
      const result = await input.sandbox.run(input.agent.command, args, { cwd: input.cwd, env, timeoutMs: input.limits.timeoutMs, signal: input.signal, policy: input.policy });
      return runResult(readOpenCodeEvents(result.stdout), result);
    },
  };
}

async function writeConfig(path: string, input: AgentRunInput): Promise<void> {
  const config = {
    provider: {
      [PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: PROVIDER,
        options: { baseURL: input.endpoint.openaiBaseUrl, apiKey: 'sk-recovery-bench' },
        models: { [input.endpoint.model]: { name: input.endpoint.model, tool_call: true, ...(input.limits.contextWindow === 'agent-default' ? {} : { limit: { context: input.limits.contextWindow, output: input.limits.maxOutputTokens } }) } },
      },
    },
    model: `${PROVIDER}/${input.endpoint.model}`,
    autoupdate: false,
    share: 'disabled',
    // A headless run rejects every permission it would ask for and ends, so the tools would never run.
    permission: { edit: 'allow', bash: 'allow', webfetch: 'allow', external_directory: 'allow' },
  };
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
}

interface OpenCodeEvent {
  type?: string;
  part?: { type?: string; text?: string };
  error?: { name?: string; data?: { message?: string } };
}

/** Reads `--format json`: one event per line; steps, tool uses, texts (the last is the final message), errors. */
export function readOpenCodeEvents(stdout: string): Pick<AgentRunResult, 'finalMessage' | 'turns' | 'toolCalls' | 'apiErrors'> {
  const events: OpenCodeEvent[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      events.push(JSON.parse(line) as OpenCodeEvent);
    } catch {
      // a line cut off by the time limit
    }
  }
  if (events.length === 0) return { finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 };
  const texts = events.filter((e) => e.type === 'text' && typeof e.part?.text === 'string').map((e) => e.part!.text!);
  return {
    finalMessage: texts.at(-1) ?? '',
    turns: events.filter((e) => e.type === 'step_start').length,
    toolCalls: events.filter((e) => e.type === 'tool_use').length,
    apiErrors: events.filter((e) => e.type === 'error' && e.error?.name === 'APIError').length,
  };
}

/** OpenCode (`opencode-ai`). */
export const openCode = openCodeFamily({ id: 'opencode', userAgentMarker: 'opencode/', configFile: 'opencode.json', extraArgs: [], env: { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' } });

/** Kilo Code's CLI (`@kilocode/cli`); `--auto` approves what the config does not deny. */
export const kiloCode = openCodeFamily({ id: 'kilo', userAgentMarker: 'Kilo-Code/', configFile: 'kilo.json', extraArgs: ['--auto'], env: { KILO_DISABLE_AUTOUPDATE: '1' } });
