/**
 * The closest known name for a helpful miss: one that ends with what was typed (`llama-3.1-8b` →
 * `paper/llama-3.1-8b`), else the nearest within three edits.
 */
export function suggestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const suffix = known.find((k) => k.toLowerCase().endsWith(`/${lower}`));
  if (suffix) return suffix;
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase());
    if (d <= 3 && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
