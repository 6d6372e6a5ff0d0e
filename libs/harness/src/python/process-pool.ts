/** What a pool needs of a process client. */
export interface PooledProcess {
  /** False once the client can serve no more requests (it is dropped, never handed out again). */
  readonly alive: boolean;
  close(): void | Promise<void>;
}

export interface ProcessPoolOptions<TLaunch, TClient extends PooledProcess> {
  /** Launches with the same key share processes. */
  key(launch: TLaunch): string;
  /** A new client for a launch (started now, or on its first request). */
  create(launch: TLaunch): TClient | Promise<TClient>;
}

/**
 * Processes for concurrent runs, keyed by launch: a run takes one and gives it back, so concurrent runs each get
 * their own process (one per worker) and sequential runs reuse one.
 */
export class ProcessPool<TLaunch, TClient extends PooledProcess> {
  readonly #options: ProcessPoolOptions<TLaunch, TClient>;
  readonly #idle = new Map<string, TClient[]>();
  /** Every client handed out and not dropped, with its key. */
  readonly #all = new Map<TClient, string>();

  constructor(options: ProcessPoolOptions<TLaunch, TClient>) {
    this.#options = options;
  }

  async acquire(launch: TLaunch): Promise<TClient> {
    const key = this.#options.key(launch);
    const idle = this.#idle.get(key) ?? [];
    while (idle.length > 0) {
      const client = idle.pop()!;
      if (client.alive) return client;
      this.#all.delete(client);
    }
    const client = await this.#options.create(launch);
    this.#all.set(client, key);
    return client;
  }

  /** Gives a client back; a dead one is dropped. */
  release(client: TClient): void {
    const key = this.#all.get(client);
    if (key === undefined) return;
    if (!client.alive) {
      this.#all.delete(client);
      return;
    }
    const idle = this.#idle.get(key) ?? [];
    if (!idle.includes(client)) idle.push(client);
    this.#idle.set(key, idle);
  }

  /** Runs `fn` with a client of the pool, given back afterwards. */
  async with<T>(launch: TLaunch, fn: (client: TClient) => Promise<T>): Promise<T> {
    const client = await this.acquire(launch);
    try {
      return await fn(client);
    } finally {
      this.release(client);
    }
  }

  /** Stops every process this pool started. */
  async closeAll(): Promise<void> {
    const all = [...this.#all.keys()];
    this.#all.clear();
    this.#idle.clear();
    // An idle process does not hold the event loop open; while they shut down, this timer does, so the program
    // does not end with their exits still pending (Node's "unsettled top-level await", exit 13).
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      await Promise.all(all.map((c) => c.close()));
    } finally {
      clearInterval(keepAlive);
    }
  }
}
