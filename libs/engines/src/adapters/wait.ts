import { abortedError, EngineError } from './errors.ts';
import type { EngineHealth } from './types.ts';

export interface WaitOptions {
  what: string;
  /** The health endpoint, asked once per interval. */
  probe: () => Promise<EngineHealth>;
  /** Throws when the engine is gone (container exited, process died): the wait fails at once, not at the timeout. */
  alive: () => Promise<void>;
  /** Settles with the reason when the engine dies between probes. */
  died?: Promise<EngineError>;
  timeoutMs: number;
  intervalMs: number;
  signal?: AbortSignal;
  onWait?: (health: EngineHealth, elapsedMs: number) => void;
}

/** Polls until the health endpoint answers 200, the engine dies, the time is up, or the signal aborts. */
export async function waitUntilReady(opts: WaitOptions): Promise<EngineHealth> {
  const started = Date.now();
  let last: EngineHealth = { ok: false, message: 'not asked yet' };
  for (;;) {
    if (opts.signal?.aborted) throw abortedError(opts.signal, opts.what);
    await opts.alive();
    last = await opts.probe();
    if (last.ok) return last;
    const elapsed = Date.now() - started;
    if (elapsed >= opts.timeoutMs) {
      throw new EngineError('engine:health-timeout', `${opts.what} was not healthy after ${Math.round(elapsed / 1000)} s (last answer: ${last.message})`);
    }
    opts.onWait?.(last, elapsed);
    const outcome = await pause(Math.min(opts.intervalMs, opts.timeoutMs - elapsed), opts.signal, opts.died);
    if (outcome instanceof EngineError) throw outcome;
  }
}

/** Sleeps, or ends early on abort (returns nothing; the loop reports it) or on death (returns the reason). */
function pause(ms: number, signal: AbortSignal | undefined, died: Promise<EngineError> | undefined): Promise<EngineError | void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    function finish(value?: EngineError): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    }
    function onAbort(): void {
      finish();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    died?.then(finish, () => finish());
  });
}
