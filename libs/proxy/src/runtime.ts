import type { ClampMode, ProxyConfig } from './config.ts';
import type { ProxyCounters } from './counters.ts';
import type { EngineKind } from './engine-kinds.ts';
import type { RecordSink } from './records.ts';
import type { RetryIndex } from './retry-index.ts';
import type { Upstream } from './upstream.ts';

/** Everything one running proxy shares between its calls. */
export interface ProxyRuntime {
  config: ProxyConfig;
  kind: EngineKind;
  clampMode: ClampMode;
  peekFirstEvent: boolean;
  upstream: Upstream;
  counters: ProxyCounters;
  sink: RecordSink;
  retries: RetryIndex;
  /** `X-GeulPU-Tool-Errors` for a request the layer never saw (bad input): the configured form, nothing found. */
  idleToolErrorsHeader: string;
}
