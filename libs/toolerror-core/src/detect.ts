import { agentOf, type AgentId, type Family } from './rules/paper-rules.ts';
import { ruleSet, type RuleSet } from './rules/rule-sets.ts';
import { kindOfWords } from './rules/classify.ts';
import { messageText } from './text.ts';
import type { ActionableKind, Conversation, Detection, Kind, LayerOptions, Message, RuleSetName, ToolCall } from './types.ts';
import { originOf } from './surfaces/origin.ts';

const ACTIONABLE = new Set<string>(['transient', 'fixable', 'unrecoverable']);

export interface FailureMatch {
  rule: string;
  kind: Kind;
}

export interface DetectOptions {
  userAgent?: string;
  rules?: RuleSetName;
  options?: LayerOptions;
  /**
   * A kind known before any rule reads the text (an in-process adapter that saw the thrown error object): asked
   * first for every tool message; `undefined` leaves the message to the rules.
   */
  knownKind?(message: Message, index: number): FailureMatch | undefined;
}

/**
 * The words of `family` in a rule set decide the kind of a detected failure (Appendix A "Kinds"); a set may
 * read the text's structure before them (`structureFirst`) and when none decides (`structureFallback`).
 */
export function classifyFailure(text: string, family: Family, rules: RuleSetName = 'paper'): Kind {
  return classify(ruleSet(rules), family, text);
}

/**
 * Is this tool message a failure, and of what kind? Precedence (spec point 9): `client-kind`, `is_error`, the
 * explicit text flags, then the agent's rules (for a known agent) or the generic rules.
 */
export function detectToolResult(message: Message, agent: AgentId | undefined, rules: RuleSetName = 'paper'): FailureMatch | undefined {
  if (typeof message.tool_error_kind === 'string' && ACTIONABLE.has(message.tool_error_kind)) {
    return { rule: 'client-kind', kind: message.tool_error_kind as ActionableKind };
  }
  const set = ruleSet(rules);
  const text = messageText(message);
  if (message.is_error === true) return detected(set, 'is_error', text, classify(set, set.isError, text));
  const rule = firstMatch(set, agent, text);
  return rule && detected(set, rule.name, text, rule.kind ?? classify(set, rule.family, text));
}

function detected(set: RuleSet, rule: string, text: string, kind: Kind): FailureMatch {
  return { rule, kind: set.detectedKind?.(kind, text, rule) ?? kind };
}

function classify(set: RuleSet, family: Family, text: string): Kind {
  const words = set.words[family];
  const first = set.structureFirst?.(text, words) ?? kindOfWords(text, words);
  if (first) return first;
  return (family === 'wide' ? set.structureFallback?.(text) : undefined) ?? 'ambiguous';
}

function firstMatch(set: RuleSet, agent: AgentId | undefined, text: string) {
  return set.explicit.find((r) => r.matches(text)) ?? (agent ? set.agents[agent] : set.generic).find((r) => r.matches(text));
}

/** The index of the last assistant message, or -1: tool results after it are the decision step. */
export function lastAssistantIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'assistant') return i;
  return -1;
}

/** Detects and classifies every failed tool result of a conversation. */
export function detectFailures(conversation: Conversation, opts: DetectOptions = {}): Detection[] {
  const agent = agentOf(opts.userAgent);
  const rules = opts.rules ?? 'paper';
  const { messages } = conversation;
  const decisionFrom = lastAssistantIndex(messages) + 1;
  const detections: Detection[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'tool') return;
    const match = opts.knownKind?.(message, i) ?? detectToolResult(message, agent, rules);
    if (!match) return;
    const detection: Detection = {
      canonicalIndex: i,
      messageIndex: originOf(message)?.index ?? i,
      kind: match.kind,
      rule: match.rule,
      scope: i >= decisionFrom ? 'decision' : 'history',
    };
    if (match.kind === 'transient' && opts.options?.retry_safety === 'annotations' && retryUnsafe(conversation, message)) {
      detection.kind = 'ambiguous';
      detection.withheld = 'retry-unsafe';
    }
    detections.push(detection);
  });
  return detections;
}

/** The tool call a tool message answers, matched by `tool_call_id` in the nearest earlier assistant message. */
export function findAnsweredCall(messages: readonly Message[], toolMessage: Message, before = messages.indexOf(toolMessage)): { call: ToolCall; index: number } | undefined {
  const id = toolMessage.tool_call_id;
  for (let i = before - 1; i >= 0; i--) {
    const call = messages[i]!.tool_calls?.find((c) => c.id === id);
    if (call) return { call, index: i };
  }
  return undefined;
}

/** MCP annotations say the tool is not read-only and not idempotent (or destructive), and the client did not vouch. */
function retryUnsafe(conversation: Conversation, message: Message): boolean {
  if (message.retry_safe === true) return false;
  const name = findAnsweredCall(conversation.messages, message)?.call.function.name;
  const annotations = conversation.tools.find((t) => t.name === name)?.annotations;
  if (!annotations) return false;
  return annotations.readOnlyHint === false && (annotations.idempotentHint === false || annotations.destructiveHint === true);
}
