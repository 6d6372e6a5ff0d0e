import type { AgentName } from './catalog.ts';

/** The API surface an agent speaks to its model: the proxy serves all three. */
export type AgentSurface = 'anthropic' | 'responses' | 'chat';

export const AGENT_SURFACES: Readonly<Record<Exclude<AgentName, 'node22'>, AgentSurface>> = {
  'claude-code': 'anthropic',
  codex: 'responses',
  'qwen-code': 'chat',
  opencode: 'chat',
  kilo: 'chat',
};

export interface ProxyTarget {
  /** The proxy's root URL (`http://127.0.0.1:9000`, or a run's `…/runs/<id>`), without `/v1`. */
  url: string;
  /** The model name requests carry; the proxy answers any name with its engine's model. */
  model: string;
  /** Sent as the agent's API key (the proxy checks none). */
  apiKey?: string;
}

/** What starts an agent against the proxy: variables for its environment and arguments before the user's own. */
export interface ProxyConnection {
  env: Record<string, string>;
  args: string[];
}

const PROVIDER = 'recovery-bench';
const DEFAULT_KEY = 'sk-recovery-bench';

/**
 * How a user points each agent at the proxy with nothing but its documented settings: Claude Code's
 * `ANTHROPIC_BASE_URL`, Codex's `-c` overrides naming a provider with `wire_api = "responses"`, Qwen Code's
 * `OPENAI_*` variables, and OpenCode's and Kilo's inline config (`OPENCODE_CONFIG_CONTENT`, `KILO_CONFIG_CONTENT`)
 * with an OpenAI-compatible provider. Nothing else of the agent's defaults is changed.
 */
export function proxyConnection(name: string, target: ProxyTarget): ProxyConnection {
  const root = target.url.replace(/\/+$/, '').replace(/\/v1$/, '');
  const key = target.apiKey ?? DEFAULT_KEY;
  switch (name) {
    case 'claude-code':
      return { env: { ANTHROPIC_BASE_URL: root, ANTHROPIC_API_KEY: key }, args: [] };
    case 'codex': {
      const provider = `{ name = "recovery-bench proxy", base_url = ${JSON.stringify(`${root}/v1`)}, wire_api = "responses", env_key = "RECOVERY_BENCH_API_KEY" }`;
      return {
        env: { RECOVERY_BENCH_API_KEY: key },
        args: ['-c', `model_provider="${PROVIDER}"`, '-c', `model_providers.${PROVIDER}=${provider}`, '-c', `model=${JSON.stringify(target.model)}`],
      };
    }
    case 'qwen-code':
      return { env: { OPENAI_BASE_URL: `${root}/v1`, OPENAI_API_KEY: key, OPENAI_MODEL: target.model }, args: [] };
    case 'opencode':
      return { env: { OPENCODE_CONFIG_CONTENT: openCodeConfig(root, target.model, key) }, args: [] };
    case 'kilo':
      return { env: { KILO_CONFIG_CONTENT: openCodeConfig(root, target.model, key) }, args: [] };
    default:
      throw new Error(`no proxy connection is known for "${name}"`);
  }
}

/** An OpenAI-compatible provider at the proxy, and its model as the default (OpenCode's config, which Kilo shares). */
function openCodeConfig(root: string, model: string, key: string): string {
  return JSON.stringify({
    provider: { [PROVIDER]: { npm: '@ai-sdk/openai-compatible', name: 'recovery-bench proxy', options: { baseURL: `${root}/v1`, apiKey: key }, models: { [model]: { name: model, tool_call: true } } } },
    model: `${PROVIDER}/${model}`,
  });
}
