import { BridgeClient } from '../bridge/client.ts';
import type { BridgeLaunch } from '../bridge/protocol.ts';

/**
 * Bridge processes for concurrent trials: one per worker, reused across trials (each trial's `init` is a clean
 * reset). A process that died is dropped, never reused; the trial that saw it die fails with the bridge's error.
 */
export class BridgePool {
  readonly #idle = new Map<string, BridgeClient[]>();
  readonly #all = new Set<BridgeClient>();

  async acquire(launch: BridgeLaunch): Promise<BridgeClient> {
    const key = JSON.stringify(launch);
    const idle = this.#idle.get(key) ?? [];
    while (idle.length > 0) {
      const client = idle.pop()!;
      if (client.alive) return client;
      this.#all.delete(client);
    }
    const client = await BridgeClient.start(launch);
    this.#all.add(client);
    return client;
  }

  release(client: BridgeClient): void {
    if (!client.alive) {
      this.#all.delete(client);
      return;
    }
    const key = JSON.stringify(client.launch);
    this.#idle.set(key, [...(this.#idle.get(key) ?? []), client]);
  }

  /** Runs `fn` with a process of the pool, given back afterwards. */
  async with<T>(launch: BridgeLaunch, fn: (client: BridgeClient) => Promise<T>): Promise<T> {
    const client = await this.acquire(launch);
    try {
      return await fn(client);
    } finally {
      this.release(client);
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.#all];
    this.#all.clear();
    this.#idle.clear();
    // An idle bridge process does not hold the event loop open; while they shut down, this timer does, so the
    // program does not end with their exits still pending (Node's "unsettled top-level await", exit 13).
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await Promise.all(all.map((c) => c.close()));
    } finally {
      clearInterval(keepAlive);
    }
  }
}

export const sharedBridgePool = new BridgePool();
