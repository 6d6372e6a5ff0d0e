import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runResult } from './output.ts';
import type { AgentDriver, AgentRunInput, AgentRunResult } from './types.ts';

/**
 * Qwen Code (`@qwen-code/qwen-code`, the paper's agent): `qwen -p <prompt> --output-format json --yolo`, with an
 * OpenAI-compatible provider pointed at the proxy and settings in a HOME of the run's own.
 */
export const qwenCode: AgentDriver = {
  id: 'qwen-code',
  userAgentMarker: 'QwenCode/',
  shellCall: (command) => ({ name: 'run_shell_command', arguments: { command } }),
  checkpointCall: () => ({ name: 'glob', arguments: { pattern: '*.md' } }),
  async run(input) {
    const home = join(input.scratch, 'home');
    await writeQwenSettings(home, input);
    const env = {
      PATH: input.path,
      HOME: home,
      LANG: 'C.UTF-8',
      OPENAI_API_KEY: 'sk-recovery-bench',
      OPENAI_BASE_URL: input.endpoint.openaiBaseUrl,
      OPENAI_MODEL: input.endpoint.model,
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
      NO_PROXY: '127.0.0.1,localhost',
    };
    const args = [...input.agent.args, '-p', input.prompt, '--output-format', 'json', '--yolo', '--auth-type', 'openai'];
    const result = await input.sandbox.run(input.agent.command, args, { cwd: input.cwd, env, timeoutMs: input.limits.timeoutMs, signal: input.signal, policy: input.policy });
    return runResult(readQwenOutput(result.stdout), result);
  },
};

/**
 * The pinned output limit and context window, telemetry off, OpenAI auth (settings file of Qwen Code 0.24). With a
 * declared window Qwen Code 0.24.4 lowers each request to the window less the prompt and a 10,000-token margin (at
 * least 4,000); without one (`agent-default`) it asks for the whole output limit, as the paper's runs did.
 */
async function writeQwenSettings(home: string, input: AgentRunInput): Promise<void> {
  const settings = {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    security: { auth: { selectedType: 'openai' } },
    model: {
      name: input.endpoint.model,
      generationConfig: {
        samplingParams: { max_tokens: input.limits.maxOutputTokens },
        ...(input.limits.contextWindow === 'agent-default' ? {} : { contextWindowSize: input.limits.contextWindow }),
      },
    },
  };
  await mkdir(join(home, '.qwen'), { recursive: true });
  await writeFile(join(home, '.qwen', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

interface QwenResultEvent {
  type: 'result';
  result?: string;
  num_turns?: number;
  stats?: { tools?: { totalCalls?: number }; models?: Record<string, { api?: { totalErrors?: number } }> };
}

/** Reads `--output-format json`: one JSON array of events, the last a `result` with the final message and stats. */
export function readQwenOutput(stdout: string): Pick<AgentRunResult, 'finalMessage' | 'turns' | 'toolCalls' | 'apiErrors'> {
  let events: unknown;
  try {
    events = JSON.parse(stdout.trim());
  } catch {
    return { finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 };
  }
  return readClaudeStyleEvents(Array.isArray(events) ? (events as { type?: string }[]) : []);
}

/**
 * Events in the shape Claude Code's stream-json has and Qwen Code's JSON copies: `assistant` messages with
 * `tool_use` parts, and a last `result` event with the final message, the number of turns and (Qwen Code) stats.
 */
export function readClaudeStyleEvents(list: { type?: string }[]): Pick<AgentRunResult, 'finalMessage' | 'turns' | 'toolCalls' | 'apiErrors'> {
  if (list.length === 0) return { finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 };
  const result = list.findLast((e): e is QwenResultEvent => e?.type === 'result');
  const apiErrors = Object.values(result?.stats?.models ?? {}).reduce((n, m) => n + (m.api?.totalErrors ?? 0), 0);
  const toolUses = list.filter((e) => e.type === 'assistant').flatMap((e) => ((e as { message?: { content?: { type?: string }[] } }).message?.content ?? []).filter((c) => c.type === 'tool_use')).length;
  return {
    finalMessage: typeof result?.result === 'string' ? result.result : lastAssistantText(list),
    turns: result?.num_turns ?? null,
    toolCalls: result?.stats?.tools?.totalCalls ?? (list.length > 0 ? toolUses : null),
    apiErrors,
  };
}

function lastAssistantText(events: { type?: string }[]): string {
  for (const e of [...events].reverse()) {
    if (e.type !== 'assistant') continue;
    const text = ((e as { message?: { content?: { type?: string; text?: string }[] } }).message?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '').join('\n');
    if (text) return text;
  }
  return '';
}
