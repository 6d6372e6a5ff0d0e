import { findAnsweredCall, lastAssistantIndex } from './detect.ts';
import { GUIDANCE, runtimeNote, type FailedCall } from './note.ts';
import { ruleSet } from './rules/rule-sets.ts';
import { appendToContent, hasNoText, messageText } from './text.ts';
import type { ActionableKind, CanonicalMessage, Conversation, Detection, Form, LayerOptions, Message, RuleSetName } from './types.ts';

export interface FormResult {
  conversation: Conversation;
  changed: boolean;
}

interface Target {
  index: number;
  message: Message;
  kind: ActionableKind;
  callId: string | undefined;
}

/**
 * Rewrites the decision step into `form` (section 3.2.3, Table 2). Only non-ambiguous failures with scope
 * `decision` are rewritten, in message order; several notes are joined with a blank line and placed once. The rule
 * set decides how a failure's text is quoted (the paper's: byte for byte).
 */
export function applyForm(conversation: Conversation, form: Form, detections: readonly Detection[], options: LayerOptions = {}, rules: RuleSetName = 'paper'): FormResult {
  const targets = decisionTargets(conversation.messages, detections);
  if (form === 'off' || targets.length === 0) return { conversation, changed: false };
  const quote = ruleSet(rules).quote ?? ((text: string) => text);
  const messages = conversation.messages.slice();
  if (form === 'c1') {
    for (const t of targets) {
      const text = messageText(t.message);
      const quoted = quote(text, t.kind);
      const content = quoted === text ? t.message.content : quoted;
      messages[t.index] = { ...t.message, content: appendToContent(content, `\n${GUIDANCE[t.kind]}`) };
    }
    return { conversation: { ...conversation, messages }, changed: true };
  }
  const note = targets.map((t) => runtimeNote(failedCall(messages, t), quote(messageText(t.message), t.kind), t.kind, options)).join('\n\n');
  const rewritten = form === 'c3' ? placeAfterExchange(messages, note) : placeAfterRemoval(removeFailedExchanges(messages, targets), note, form);
  return { conversation: { ...conversation, messages: rewritten }, changed: true };
}

function decisionTargets(messages: readonly CanonicalMessage[], detections: readonly Detection[]): Target[] {
  return detections
    .filter((d) => d.scope === 'decision' && d.kind !== 'ambiguous')
    .sort((a, b) => a.canonicalIndex - b.canonicalIndex)
    .map((d) => {
      const message = messages[d.canonicalIndex]!;
      return { index: d.canonicalIndex, message, kind: d.kind as ActionableKind, callId: message.tool_call_id };
    });
}

function failedCall(messages: readonly Message[], target: Target): FailedCall {
  const found = findAnsweredCall(messages, target.message, target.index);
  if (found) return { name: found.call.function.name, arguments: found.call.function.arguments };
  // A result whose call is not in the request: name it as the client did, if at all.
  return { name: typeof target.message.name === 'string' ? target.message.name : 'an unknown tool', arguments: '' };
}

/** c3: the first user message after the exchange's last tool result gets the note; else a new one goes there. */
function placeAfterExchange(messages: CanonicalMessage[], note: string): CanonicalMessage[] {
  let end = lastAssistantIndex(messages);
  for (let i = end + 1; i < messages.length; i++) if (messages[i]!.role === 'tool') end = i;
  for (let i = end + 1; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'user') {
      messages[i] = { ...m, content: appendToContent(m.content, `\n\n${note}`) };
      return messages;
    }
  }
  messages.splice(end + 1, 0, { role: 'user', content: note });
  return messages;
}

/** c2 and c4: remove each failed call from its assistant message, and its result. */
function removeFailedExchanges(messages: CanonicalMessage[], targets: readonly Target[]): CanonicalMessage[] {
  const removedResults = new Set(targets.map((t) => t.index));
  // Calls to remove, per assistant message: only the message each result answers, never an earlier twin id.
  const removedCalls = new Map<number, Set<string>>();
  for (const t of targets) {
    const found = findAnsweredCall(messages, t.message, t.index);
    if (found) removedCalls.set(found.index, (removedCalls.get(found.index) ?? new Set()).add(found.call.id));
  }
  const out: CanonicalMessage[] = [];
  messages.forEach((m, i) => {
    if (removedResults.has(i)) return;
    const ids = removedCalls.get(i);
    if (!ids || !m.tool_calls) {
      out.push(m);
      return;
    }
    const calls = m.tool_calls.filter((c) => !ids.has(c.id));
    if (calls.length > 0) out.push({ ...m, tool_calls: calls });
    else if (!hasNoText(m.content)) {
      const { tool_calls: _removed, ...rest } = m;
      out.push(rest);
    }
  });
  return out;
}

function placeAfterRemoval(messages: CanonicalMessage[], note: string, form: 'c2' | 'c4'): CanonicalMessage[] {
  const last = messages[messages.length - 1];
  if (form === 'c2' && last?.role === 'user') {
    messages[messages.length - 1] = { ...last, content: appendToContent(last.content, `\n\n${note}`) };
  } else {
    messages.push({ role: 'user', content: note });
  }
  return messages;
}
