import type { Sandbox, SandboxPolicy } from '@recovery-bench/harness';
/** The coding agents the testbed drives, by the names `recovery-bench agents install` knows them under. */
export const AGENT_IDS = ['qwen-code', 'opencode', 'kilo', 'claude-code', 'codex'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** How to start an installed agent: the program and the arguments that come before the agent's own. */
export interface AgentCommand {
  command: string;
  args: string[];
  /** The agent's pinned version, for the record. */
  version: string;
  /** The folders of its installation and runtime, which its sandbox lets it read. */
  paths: string[];
}

/** Finds an installed agent; throws a one-line error naming the install command when it is missing. */
export type AgentLocator = (agent: AgentId) => Promise<AgentCommand>;

/** Where the agent sends its model calls: the proxy's route for this run's system. */
export interface AgentEndpoint {
  /** OpenAI-compatible base URL, ending in `/v1`. */
  openaiBaseUrl: string;
  /** The same route without `/v1`, for clients that append their own paths (Anthropic Messages). */
  rootUrl: string;
  model: string;
}

/** What every agent is given: the output limit and context window it must declare, and its time limit. */
export interface AgentLimits {
  maxOutputTokens: number;
  /** Declared to the agent; `agent-default`: not declared, so the agent assumes its own (as in the paper's runs). */
  contextWindow: number | 'agent-default';
  timeoutMs: number;
}

/** One headless run of an agent in a folder. */
export interface AgentRunInput {
  agent: AgentCommand;
  prompt: string;
  /** The copy of the repository; the agent's working folder. */
  cwd: string;
  /** A folder of the run's own, outside `cwd`: HOME and settings go here. */
  scratch: string;
  endpoint: AgentEndpoint;
  limits: AgentLimits;
  /** The agent's PATH: the caller's, with the folder of the Python that has pytest first, so its shell finds it. */
  path: string;
  signal?: AbortSignal;
  /** Where the agent runs, and what it may reach there (the driver's policy; the suite's mechanism). */
  sandbox: Sandbox;
  policy: SandboxPolicy;
}

export interface AgentRunResult {
  /** The agent's last message to the user ('' when it gave none). */
  finalMessage: string;
  exitCode: number | null;
  timedOut: boolean;
  /** Model turns and tool calls, as the agent reports them (null when it does not). */
  turns: number | null;
  toolCalls: number | null;
  /** Errors the agent reported from its model calls (HTTP errors of the engine behind the proxy). */
  apiErrors: number;
  wallMs: number;
  /** The end of the agent's output, for reading a failed run. */
  outputTail: string;
  /** Processes the agent left behind that its sandbox killed when it ended (0 without a sandbox: not counted). */
  leftovers: number;
}

/**
 * One agent behind the interface the driver uses: write its settings so that it talks to the proxy with the pinned
 * limits and approves every tool call, start it headless, read its final message.
 */
export interface AgentDriver {
  id: AgentId;
  /** `name/version` fragment its User-Agent carries, which the layer's agent rules key on. */
  userAgentMarker: string;
  /** A call of the agent's own shell tool, for the sim's scripts. */
  shellCall(command: string): { name: string; arguments: Record<string, unknown> };
  /**
   * A harmless call of another of its tools (listing files). The sim tracks a script's progress by the names of
   * calls whose results do not read as failures, and an agent's shell results never do (they start with the
   * command), so a retried fetch would count as the next shell step; a step of another name after the fetch keeps
   * the script in place however often the fetch ran.
   */
  checkpointCall(): { name: string; arguments: Record<string, unknown> };
  run(input: AgentRunInput): Promise<AgentRunResult>;
}
