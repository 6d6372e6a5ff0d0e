import type { z } from 'zod';
import type { EngineKindId } from '@recovery-bench/proxy';

/** What a start reports while it runs (image pull, container creation, waiting for health). */
export interface EngineProgress {
  phase: 'pull' | 'create' | 'start' | 'wait' | 'ready' | 'stop';
  message: string;
  /** Bytes done and total over all layers of a pull, when Docker reports them. */
  current?: number;
  total?: number;
}

export interface EngineStartContext {
  /** Names the run in container names and labels, so leftovers can be found and pruned. */
  runId: string;
  /** Aborting stops the start and removes what it created; after the start it is not watched. */
  signal?: AbortSignal;
  /** Engine logs go to `<logDir>/engines/<name>.stdout.log` and `.stderr.log`; without it they are kept in memory only. */
  logDir?: string;
  onProgress?: (event: EngineProgress) => void;
}

export interface EngineHealth {
  ok: boolean;
  /** HTTP status of the health endpoint, absent when it did not answer. */
  status?: number;
  message: string;
}

/** A started engine. Dispose it (`await using`) or call `stop()`; both are idempotent. */
export interface EngineHandle {
  /** `http://host:port`: health and tokenizer endpoints live here; the proxy's upstream. */
  readonly url: string;
  /** `http://host:port/v1`, for OpenAI clients. */
  readonly baseUrl: string;
  /** The served model name requests must carry. */
  readonly model: string;
  /** The engine family, which decides the proxy's pins, clamp and failure parsing. */
  readonly engineKind: EngineKindId;
  /** Facts for the run record: image and digests, container or process id, command, ports. */
  readonly detail: Readonly<Record<string, unknown>>;
  health(): Promise<EngineHealth>;
  /** The last lines the engine wrote (up to 200), oldest first. */
  logs(): string[];
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface EngineAdapter<S extends z.ZodType = z.ZodType> {
  id: string;
  /** Strict: an unknown key is an error. `start` parses its input with it. */
  configSchema: S;
  start(config: z.input<S>, context: EngineStartContext): Promise<EngineHandle>;
}
