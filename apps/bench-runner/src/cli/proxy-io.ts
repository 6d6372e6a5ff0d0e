/** What `recovery-bench proxy` and `proxy matrix` write to and wait on (a test gives its own). */
export interface ProxyCommandIo {
  out(line: string): void;
  /** Resolves when the proxy should stop; by default on SIGINT or SIGTERM. */
  stopped?: Promise<unknown>;
}
