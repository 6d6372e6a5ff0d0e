import { isDeepStrictEqual } from 'node:util';
import { contentText, type Content } from '@recovery-bench/toolerror-core';
import { expect } from 'vitest';

/**
 * The messages an engine received, comparable across two runs: tool call ids (which the sim derives from the whole
 * request, so they differ where a proxy added its pinned fields) are renamed `call_1`, `call_2`, … in order of first
 * appearance. Everything else (texts, places, roles, arguments) is compared as received.
 */
export function comparableMessages(body: Record<string, unknown>): unknown[] {
  const ids = new Map<string, string>();
  const rename = (id: unknown) => {
    if (typeof id !== 'string') return id;
    if (!ids.has(id)) ids.set(id, `call_${ids.size + 1}`);
    return ids.get(id);
  };
  const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
  return messages.map((m) => {
    const out: Record<string, unknown> = { ...m };
    if (Array.isArray(m.tool_calls)) out.tool_calls = (m.tool_calls as Record<string, unknown>[]).map((c) => ({ ...c, id: rename(c.id) }));
    if ('tool_call_id' in m) out.tool_call_id = rename(m.tool_call_id);
    return out;
  });
}

/** The user messages holding a runtime note, with their index in the list. */
export function notesIn(messages: readonly unknown[]): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  messages.forEach((m, index) => {
    const message = m as { role?: string; content?: Content };
    const text = contentText(message.content);
    if (message.role === 'user' && text.includes('Note from the tool runtime:')) out.push({ index, text });
  });
  return out;
}

/** The messages without the user messages holding a runtime note. */
export function withoutNotes(messages: readonly unknown[]): unknown[] {
  const notes = new Set(notesIn(messages).map((n) => n.index));
  return messages.filter((_m, i) => !notes.has(i));
}

/** A decision-step detection, as the middleware reports it or the proxy's header states it. */
export interface DecisionKind {
  kind: string;
  rule: string;
}

/**
 * The middleware's request against the proxy's: with the same kind the engine must get the very same messages (note
 * text and place, the failed result). A different kind may come only from what the proxy cannot see (an error
 * object: rule `error-*`; the error flag the framework's provider dropped on the wire: `is_error` against a text
 * rule), and then everything but the note must be the same. Returns `same` or `differ` for the table.
 */
export function compareArms(mine: unknown[], theirs: unknown[], ours: DecisionKind | undefined, proxy: DecisionKind | undefined): 'same' | 'differ' {
  const sameKind = ours?.kind === proxy?.kind || (ours?.kind === 'ambiguous' && proxy === undefined) || (ours === undefined && proxy?.kind === 'ambiguous');
  if (sameKind) {
    expect(mine).toEqual(theirs);
    return 'same';
  }
  const knewMore = ours !== undefined && (ours.rule.startsWith('error-') || (ours.rule === 'is_error' && proxy?.rule !== 'is_error'));
  expect(knewMore, `the middleware (${ours?.kind}/${ours?.rule}) and the proxy (${proxy?.kind}/${proxy?.rule}) differ without a reason`).toBe(true);
  expect(withoutNotes(mine)).toEqual(withoutNotes(theirs));
  return isDeepStrictEqual(mine, theirs) ? 'same' : 'differ';
}
