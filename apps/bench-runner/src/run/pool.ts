/**
 * Runs `work` on every item with at most `size` at once, in the items' order. Workers pull the next item when
 * they finish one, so nothing is allocated per waiting item: a plan of any length costs the same memory.
 */
export async function runPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
