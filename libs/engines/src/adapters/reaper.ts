/**
 * Engines must not outlive the process that started them. Each live engine registers here; on SIGINT or SIGTERM
 * they are stopped (asynchronously, as a normal stop), and at exit whatever is still running is killed
 * synchronously (the only kind of work an exit handler can do).
 */
export interface Reapable {
  /** The engine's normal stop. */
  stop(): Promise<void>;
  /** Best effort, synchronous: used while the process exits. */
  killNow(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const live = new Set<Reapable>();
let installed = false;

function onSignal(signal: NodeJS.Signals): void {
  // Alone on this signal we replaced Node's default (exit): exit as it would, once the engines are down.
  const alone = process.listenerCount(signal) === 1;
  const stops = [...live].map((engine) => engine.stop().catch(() => undefined));
  void Promise.allSettled(stops).then(() => {
    if (!alone) return;
    uninstall();
    process.kill(process.pid, signal);
  });
}

function onExit(): void {
  for (const engine of live) {
    try {
      engine.killNow();
    } catch {
      // The process is exiting; `engines prune` finds what is left by its labels.
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  // First in line, so the count of other listeners is read before any of them removes itself.
  for (const signal of SIGNALS) process.prependListener(signal, onSignal);
  process.on('exit', onExit);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('exit', onExit);
}

/** Registers a live engine; the returned function unregisters it (call it when the engine is stopped). */
export function track(engine: Reapable): () => void {
  live.add(engine);
  install();
  return () => {
    live.delete(engine);
    if (live.size === 0) uninstall();
  };
}

/** How many engines this process has running (tests check that a failed start leaves none). */
export function liveEngineCount(): number {
  return live.size;
}
