import {
  applyLayer,
  type ActionableKind,
  type Conversation,
  type FailureMatch,
  type Form,
  type LayerOptions,
  type Message,
  type ReportedDetection,
  type RuleSetName,
} from '@recovery-bench/toolerror-core';
import { kindOfError, type ErrorKind } from './error-kind.ts';

/** What the layer found and did in one model call: what the proxy puts in its `X-GeulPU-Tool-Errors` header. */
export interface LayerReport {
  /** The header's value, exactly as the proxy would send it. */
  header: string;
  detections: ReportedDetection[];
  changed: boolean;
  form: Form;
}

/** The proxy's options, and what only an in-process layer has: the thrown error objects. */
export interface FrameworkLayerOptions {
  /** The form of the decision step; default `c3`. `off` leaves every request as the framework made it. */
  form?: Form;
  /** `paper` (default: the paper's rules, its forms byte for byte) or `extended`. */
  rules?: RuleSetName;
  /** `retry_safety: "annotations"` withholds transient guidance for tools whose metadata says a repeat is unsafe. */
  options?: LayerOptions;
  /** Names the client for the agent-specific rules, as a `User-Agent` does at the proxy. */
  userAgent?: string;
  /**
   * Tool metadata the framework does not put in the prompt: MCP-style annotations per tool name
   * (`readOnlyHint`, `idempotentHint`, `destructiveHint`), read with `retry_safety: "annotations"`.
   */
  toolAnnotations?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * The kind of a thrown error object, asked before the rules read the text. Default `kindOfError` (HTTP status,
   * network code, schema-validation class); `false` leaves every failure to the rules, as at the proxy.
   */
  errorKind?: ((error: unknown) => ErrorKind | undefined) | false;
  /** Called once per model call with what the layer found (also when it found nothing). */
  onDetections?(report: LayerReport): void;
  /**
   * The span to annotate, e.g. `() => trace.getActiveSpan()` from `@opentelemetry/api`: each model call sets
   * `recovery.tool_errors` to the header's value.
   */
  span?(): { setAttribute(key: string, value: string): unknown } | undefined;
}

export const SPAN_ATTRIBUTE = 'recovery.tool_errors';

/** How many error kinds a layer remembers (oldest forgotten first): far more than the calls of one conversation. */
const REMEMBERED = 10_000;

/**
 * Kinds read from thrown errors, by the key the framework's prompt carries for the failed result (a tool call id,
 * or the error text where the framework keeps no id). Bounded, so a long-lived agent does not grow it forever.
 */
export class ErrorKinds {
  readonly #kinds = new Map<string, ErrorKind>();
  readonly #read: ((error: unknown) => ErrorKind | undefined) | undefined;

  constructor(read: FrameworkLayerOptions['errorKind']) {
    this.#read = read === false ? undefined : (read ?? kindOfError);
  }

  /** Reads and keeps the kind of `error` under `key`; returns it. */
  remember(key: string, error: unknown): ErrorKind | undefined {
    const found = this.#read?.(error);
    if (!found) return undefined;
    this.#kinds.delete(key);
    this.#kinds.set(key, found);
    if (this.#kinds.size > REMEMBERED) this.#kinds.delete(this.#kinds.keys().next().value!);
    return found;
  }

  get(key: string | undefined): FailureMatch | undefined {
    const found = key === undefined ? undefined : this.#kinds.get(key);
    return found && { kind: found.kind as ActionableKind, rule: found.rule };
  }

  get size(): number {
    return this.#kinds.size;
  }
}

/**
 * The layer on a framework's conversation, read into canonical form: detect (the error objects' kinds first, by
 * `keyOf` the message), classify, rewrite, report. Returns the rewritten conversation and the report.
 */
export function layerConversation(
  conversation: Conversation,
  opts: FrameworkLayerOptions,
  kinds: ErrorKinds,
  keyOf: (message: Message) => string | undefined,
): { conversation: Conversation; report: LayerReport } {
  const withTools = opts.toolAnnotations ? { ...conversation, tools: annotate(conversation, opts.toolAnnotations) } : conversation;
  const result = applyLayer(withTools, {
    form: opts.form ?? 'c3',
    rules: opts.rules,
    options: opts.options,
    userAgent: opts.userAgent,
    knownKind: kinds.size === 0 ? undefined : (message) => kinds.get(keyOf(message)),
  });
  const report: LayerReport = { header: result.header, detections: result.detections, changed: result.changed, form: result.form };
  opts.span?.()?.setAttribute(SPAN_ATTRIBUTE, report.header);
  opts.onDetections?.(report);
  return { conversation: result.conversation, report };
}

function annotate(conversation: Conversation, annotations: NonNullable<FrameworkLayerOptions['toolAnnotations']>): Conversation['tools'] {
  const tools = conversation.tools.map((t) => (t.annotations || !annotations[t.name] ? t : { ...t, annotations: { ...annotations[t.name] } }));
  for (const [name, a] of Object.entries(annotations)) if (!tools.some((t) => t.name === name)) tools.push({ name, annotations: { ...a } });
  return tools;
}
