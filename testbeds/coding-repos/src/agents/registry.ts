import { CodingError } from '../errors.ts';
import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import { kiloCode, openCode } from './opencode-family.ts';
import { qwenCode } from './qwen-code.ts';
import { AGENT_IDS, type AgentDriver, type AgentId } from './types.ts';

/** The agents the testbed can drive; the others of AGENT_IDS are named in errors until they have a driver. */
export const AGENTS: Partial<Record<AgentId, AgentDriver>> & Record<'qwen-code', AgentDriver> = {
  'qwen-code': qwenCode,
  opencode: openCode,
  kilo: kiloCode,
  'claude-code': claudeCode,
  codex,
};

export function agentDriver(id: string): AgentDriver {
  const driver = (AGENTS as Record<string, AgentDriver | undefined>)[id];
  if (driver) return driver;
  const known = Object.keys(AGENTS).join(', ');
  throw new CodingError('coding:unknown-agent', AGENT_IDS.includes(id as AgentId) ? `the coding testbed has no driver for ${id} yet; agents: ${known}` : `unknown agent "${id}"; agents: ${known}`);
}
