import { contentText, originOf, type CanonicalMessage, type Conversation } from '@recovery-bench/toolerror-core';

/** How a framework's list is written back from the canonical conversation the layer returned. */
export interface ListCodec<T> {
  /**
   * The framework's item `raw` rebuilt from what the layer left of its canonical messages (in order, some changed,
   * some gone); `undefined` drops the item.
   */
  rebuild(raw: T, messages: readonly CanonicalMessage[]): T | undefined;
  /** A user message the layer added, holding `text`. */
  user(text: string): T;
}

/**
 * The framework's list after the layer: each item whose canonical messages all came through untouched is the very
 * item; an item with a changed or removed message is rebuilt by the codec; the layer's own messages are made by
 * it; items the reader made no canonical message of stay in place. Every canonical message of `before` must carry
 * its origin (the item's index). Returns `items` itself when nothing changed.
 */
export function writeBack<T>(items: readonly T[], before: Conversation, after: Conversation, codec: ListCodec<T>): T[] {
  const originals = new Map<number, CanonicalMessage[]>();
  for (const m of before.messages) {
    const index = originOf(m)!.index;
    const list = originals.get(index);
    if (list) list.push(m);
    else originals.set(index, [m]);
  }
  const out: T[] = [];
  let next = 0;
  // Items the layer cannot see (no canonical message) keep their place before whatever follows them.
  const flushUnseen = (until: number) => {
    for (; next < until; next++) if (!originals.has(next)) out.push(items[next]!);
  };
  const messages = after.messages;
  for (let i = 0; i < messages.length; ) {
    const origin = originOf(messages[i]!);
    if (origin === undefined) {
      // Unseen items right after what came before (a tool message of approvals only) belong before the layer's own.
      while (next < items.length && !originals.has(next)) out.push(items[next++]!);
      out.push(codec.user(contentText(messages[i]!.content)));
      i++;
      continue;
    }
    let end = i + 1;
    while (end < messages.length && originOf(messages[end]!)?.index === origin.index) end++;
    const group = messages.slice(i, end);
    i = end;
    flushUnseen(origin.index);
    next = Math.max(next, origin.index + 1);
    const was = originals.get(origin.index)!;
    const untouched = group.length === was.length && group.every((m, k) => m === was[k]);
    const item = untouched ? items[origin.index]! : codec.rebuild(items[origin.index]!, group);
    if (item !== undefined) out.push(item);
  }
  flushUnseen(items.length);
  return out.length === items.length && out.every((item, k) => item === items[k]) ? (items as T[]) : out;
}
