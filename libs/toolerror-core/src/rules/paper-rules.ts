/**
 * The paper's detection rules (Appendix A, B.1), frozen. Each rule reads the raw text of a tool message.
 * Rule names are part of the command-line contract.
 */

import type { Kind } from '../types.ts';

export type Family = 'common' | 'wide';

export interface TextRule {
  name: string;
  /** Where the rule's text comes from. */
  source: string;
  /** Which word lists classify what this rule detects: `common` only, or `common` + `wide`. */
  family: Family;
  /** A kind the rule's source always means, which then stands instead of the words (extended rules only). */
  kind?: Kind;
  matches(text: string): boolean;
}

export const AGENT_IDS = ['qwen-code', 'codex', 'kilo-code', 'opencode'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** User-Agent markers, in the order a User-Agent naming several agents is resolved. */
export const AGENT_MARKERS: readonly { agent: AgentId; marker: string }[] = [
  { agent: 'qwen-code', marker: 'QwenCode/' },
  { agent: 'codex', marker: 'codex' },
  { agent: 'kilo-code', marker: 'Kilo-Code/' },
  { agent: 'opencode', marker: 'opencode/' },
];

export function agentOf(userAgent: string | undefined): AgentId | undefined {
  if (!userAgent) return undefined;
  return AGENT_MARKERS.find((m) => userAgent.includes(m.marker))?.agent;
}

/** The last text parsed and its object: the rules read one tool result after another, several of them as JSON. */
let lastParsed: { text: string; value: Record<string, unknown> | undefined } | undefined;

/** The JSON object a text holds, or undefined; the value is shared between callers, who must not change it. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (lastParsed?.text === text) return lastParsed.value;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  lastParsed = { text, value: object };
  return object;
}

/** Explicit flags in the text, read for every client (rules 2, 3 and 14). */
export const PAPER_EXPLICIT_RULES: readonly TextRule[] = [
  {
    name: 'cline',
    source: 'Cline tool results (paper, Appendix A, rule 2)',
    family: 'common',
    matches: (text) => text.startsWith('{"query":') && text.includes('"success"') && parseJsonObject(text)?.success === false,
  },
  {
    name: 'opencode',
    source: 'OpenCode tool-execution error objects (rule 3)',
    family: 'common',
    matches: (text) => text.startsWith('{"error":{"type":"tool.execution"'),
  },
  {
    name: 'mcp-iserror',
    source: 'MCP CallToolResult with isError (rule 14)',
    family: 'wide',
    matches: (text) => {
      // The substring test spares a JSON parse of every object-shaped result that cannot match.
      if (!text.includes('"isError"')) return false;
      const trimmed = text.trim();
      return trimmed.startsWith('{') && parseJsonObject(trimmed)?.isError === true;
    },
  },
];

/** The rest of the last line that starts with `label`, trimmed; undefined when there is no such line. */
function lastLabelled(text: string, label: string): string | undefined {
  let value: string | undefined;
  for (const line of text.split('\n')) if (line.startsWith(label)) value = line.slice(label.length).trim();
  return value;
}

const isNonZeroInteger = (value: string | undefined): boolean => value !== undefined && /^[+-]?\d+$/.test(value) && Number(value) !== 0;

function qwenShellFailed(text: string): boolean {
  if (!text.startsWith('Command:')) return false;
  if (isNonZeroInteger(lastLabelled(text, 'Exit Code:'))) return true;
  const error = lastLabelled(text, 'Error:');
  return error !== undefined && error !== '(none)';
}

function codexExited(text: string): boolean {
  for (const m of text.matchAll(/Process exited with code ([+-]?\d+)/g)) if (Number(m[1]) !== 0) return true;
  const start = /^Exit code: ([+-]?\d+)/.exec(text);
  return start !== null && Number(start[1]) !== 0;
}

function opencodeExited(text: string): boolean {
  const trimmed = text.trimEnd();
  const lastLine = trimmed.slice(trimmed.lastIndexOf('\n') + 1);
  const m = /^Exited with code ([+-]?\d+)$/.exec(lastLine);
  return m !== null && Number(m[1]) !== 0;
}

/** Agent rules (4–13), recorded from real sessions of each agent. */
export const PAPER_AGENT_RULES: Readonly<Record<AgentId, readonly TextRule[]>> = {
  'qwen-code': [
    { name: 'qwen-notfound', source: 'Qwen Code read tools', family: 'common', matches: (t) => t.startsWith('File not found:') },
    { name: 'qwen-exit', source: 'Qwen Code shell tool', family: 'common', matches: qwenShellFailed },
    {
      name: 'qwen-error',
      source: 'Qwen Code edit and other tools',
      family: 'common',
      matches: (t) => t.startsWith('Error') || (t.startsWith('File') && t.includes('has not been read')),
    },
  ],
  codex: [
    { name: 'codex-exit', source: 'Codex exec tool', family: 'common', matches: codexExited },
    { name: 'codex-timeout', source: 'Codex exec tool', family: 'common', matches: (t) => t.includes('command timed out') },
    { name: 'codex-patch', source: 'Codex apply_patch', family: 'common', matches: (t) => t.includes('apply_patch verification failed') },
  ],
  'kilo-code': [
    { name: 'kilo-notfound', source: 'Kilo Code read tools', family: 'common', matches: (t) => t.startsWith('File not found:') },
    { name: 'kilo-fs', source: 'Kilo Code file system errors', family: 'common', matches: (t) => t.startsWith('Unknown: FileSystem.') },
    { name: 'kilo-usage', source: 'Kilo Code edit tool', family: 'common', matches: (t) => t.startsWith('oldString') },
  ],
  opencode: [{ name: 'opencode-exit', source: 'OpenCode bash tool', family: 'common', matches: opencodeExited }],
};

/** White space the generic rule skips before its start texts (spec point 7). */
const LEADING_WS = /^[ \t\n\r\v\f]*/;

export function skipLeadingWhiteSpace(text: string): string {
  const first = text.charCodeAt(0);
  // Most texts start with a visible character: no regex, no new string.
  if (first !== 32 && (first < 9 || first > 13)) return text;
  return text.replace(LEADING_WS, '');
}

const GENERIC_PREFIXES = [
  'Error:', 'ERROR:', 'error:', 'Error executing tool', 'MCP error -', 'An error occurred while running the tool',
  'Traceback (most recent call last):', 'HTTP Error', 'HTTP 4', 'HTTP 5', "Client error '", "Server error '",
];
const EXCEPTION_NAME = /^(?:[A-Za-z0-9_]+\.)*[A-Za-z0-9_]*(?:Error|Exception|Timeout|timeout)[:(]/;
const REQUESTS_STATUS = /^\d{3} (?:Client|Server) Error:/;
/** `{"error":` then JSON white space, then an object or a non-empty string. */
const JSON_ERROR = /^\{"error":[ \t\n\r]*(?:\{|"[^"])/;

export function genericStartMatches(text: string): boolean {
  const t = skipLeadingWhiteSpace(text);
  return GENERIC_PREFIXES.some((p) => t.startsWith(p)) || EXCEPTION_NAME.test(t) || REQUESTS_STATUS.test(t) || JSON_ERROR.test(t);
}

/** Rule 15, for any client that is not one of the four agents. */
export const PAPER_GENERIC_RULES: readonly TextRule[] = [
  { name: 'generic', source: 'standard error texts (paper, Table 5)', family: 'wide', matches: genericStartMatches },
];
