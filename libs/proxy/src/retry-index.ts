/**
 * The last record id per (run, body hash), so that a client retry can name the attempt it repeats.
 * Bounded: a long run sends many distinct bodies and retries follow their originals within seconds.
 */
export class RetryIndex {
  private readonly last = new Map<string, string>();

  constructor(private readonly capacity = 10_000) {}

  /** Remembers this record and returns the previous one with the same key, if any. */
  remember(runId: string | null, bodyHash: string, recordId: string): string | null {
    const key = `${runId ?? ''}\u0000${bodyHash}`;
    const previous = this.last.get(key) ?? null;
    if (previous !== null) this.last.delete(key);
    this.last.set(key, recordId);
    if (this.last.size > this.capacity) this.last.delete(this.last.keys().next().value!);
    return previous;
  }
}
