import { BridgeClient, BridgeOptionsSchema, type BridgeOptionsInput } from './bridge-client.ts';

/**
 * Idle bridges by (interpreter, checkout, timeout). A task run takes one and gives it back, so concurrent runs
 * each get their own process and sequential runs reuse one.
 */
export class BridgePool {
  readonly #idle = new Map<string, BridgeClient[]>();
  readonly #all = new Set<BridgeClient>();

  acquire(options: BridgeOptionsInput): BridgeClient {
    const key = poolKey(options);
    const client = this.#idle.get(key)?.pop() ?? new BridgeClient(options);
    this.#all.add(client);
    return client;
  }

  release(client: BridgeClient): void {
    const key = poolKey(client.options);
    const list = this.#idle.get(key) ?? [];
    if (!list.includes(client)) list.push(client);
    this.#idle.set(key, list);
  }

  /** Stops every bridge process this pool started. */
  closeAll(): void {
    for (const client of this.#all) client.close();
    this.#all.clear();
    this.#idle.clear();
  }
}

function poolKey(options: BridgeOptionsInput): string {
  const o = BridgeOptionsSchema.parse(options);
  return JSON.stringify([o.python, o.root, o.timeoutMs]);
}

/** The pool `toolmazeBenchmark.run` uses in checkout mode. */
export const sharedBridgePool = new BridgePool();
