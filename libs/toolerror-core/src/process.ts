import { detectFailures, type DetectOptions } from './detect.ts';
import { isPlainObject, LayerInputError } from './errors.ts';
import { applyForm } from './forms.ts';
import { formatHeader } from './header.ts';
import { SURFACES, type Api, type SurfaceConverters } from './surfaces/table.ts';
import { FORMS, type Conversation, type Form, type LayerOptions, type Kind, type RuleSetName, type Scope } from './types.ts';

/** The request field that selects the form per request; always removed before forwarding. */
export const REQUEST_FIELD = 'geulpu_tool_errors';

export interface ProcessOptions {
  api?: Api;
  userAgent?: string;
  /** The server's or command line's form; the request field overrides it. Default `off`. */
  form?: Form;
  rules?: RuleSetName;
  options?: LayerOptions;
}

/** One detected failure, as reported in the header and on the command line. */
export interface ReportedDetection {
  messageIndex: number;
  kind: Kind;
  rule: string;
  scope: Scope;
  withheld?: 'retry-unsafe';
}

/** What the layer found and did, whichever shape the rewritten request is wanted in. */
interface LayerReport {
  header: string;
  detections: ReportedDetection[];
  changed: boolean;
  /** The form in force for this request (after the request field). */
  form: Form;
}

export interface ConversationResult extends LayerReport {
  /**
   * The canonical conversation after the form, as the rewritten request reads (the very conversation read from the
   * request when nothing changed).
   */
  conversation: Conversation;
  /**
   * The request without the request field (the very input when it had none): its top-level fields, for whoever
   * writes `conversation` out. Its own messages or items are the ones before the layer.
   */
  request: Record<string, unknown>;
}

export interface ProcessResult<B> extends ConversationResult {
  /** The request to forward, in the input's surface; the very input when nothing had to change. */
  body: B;
}

/**
 * The layer up to the canonical conversation: read the request on its surface, detect and classify failed tool
 * results, rewrite the decision step into the active form, and describe it all in the `X-GeulPU-Tool-Errors`
 * header. Nothing is written back: a caller that converts the conversation onward (the proxy, to Chat Completions)
 * converts the client's request once.
 */
export function processConversation(request: unknown, opts: ProcessOptions = {}): ConversationResult {
  if (!isPlainObject(request)) throw new LayerInputError('layer:not-a-request', 'the request body must be a JSON object');
  const requested = request[REQUEST_FIELD];
  const form = typeof requested === 'string' && (FORMS as readonly string[]).includes(requested) ? (requested as Form) : (opts.form ?? 'off');
  const surface: SurfaceConverters = SURFACES[opts.api ?? 'chat'];
  const layered = applyLayer(surface.from(request), { ...opts, form });
  const after = layered.changed && surface.normalize ? surface.normalize(layered.conversation) : layered.conversation;
  let fields = request;
  if (Object.hasOwn(request, REQUEST_FIELD)) {
    const { [REQUEST_FIELD]: _field, ...rest } = request;
    fields = rest;
  }
  return { ...layered, conversation: after, request: fields };
}

export interface LayerConversationOptions extends Omit<ProcessOptions, 'api'> {
  /** A kind known before the rules read the text (see `DetectOptions.knownKind`). */
  knownKind?: DetectOptions['knownKind'];
}

export interface LayerConversationResult extends LayerReport {
  /** The canonical conversation after the form; the very input when nothing changed. */
  conversation: Conversation;
}

/**
 * The layer on a canonical conversation, for callers that read and write their own message lists (the framework
 * adapters): detect, classify, rewrite into `form`, and the header that describes it. `messageIndex` in the
 * detections is each message's origin index, so it names the caller's own list.
 */
export function applyLayer(conversation: Conversation, opts: LayerConversationOptions = {}): LayerConversationResult {
  const rules = opts.rules ?? 'paper';
  const form = opts.form ?? 'off';
  const detections = detectFailures(conversation, { userAgent: opts.userAgent, rules, options: opts.options, knownKind: opts.knownKind });
  const result = applyForm(conversation, form, detections, opts.options, rules);
  const reported = detections.map(({ messageIndex, kind, rule, scope, withheld }): ReportedDetection =>
    withheld ? { messageIndex, kind, rule, scope, withheld } : { messageIndex, kind, rule, scope },
  );
  const header = formatHeader({ form, rules, changed: result.changed, failures: reported });
  return { conversation: result.conversation, header, detections: reported, changed: result.changed, form };
}

/**
 * The layer's one entry point for a request in and a request out: `processConversation`, then the conversation
 * written back into the input's surface. A string body is returned as a string (the same string when nothing
 * changed, so the bytes reach the engine untouched); an object as an object.
 */
export function processRequest<B extends string | Record<string, unknown>>(body: B, opts: ProcessOptions = {}): ProcessResult<B> {
  const request = typeof body === 'string' ? parseBody(body) : body;
  const result = processConversation(request, opts);
  let out: Record<string, unknown> | undefined;
  if (result.changed) out = SURFACES[opts.api ?? 'chat'].to(result.conversation, result.request);
  else if (result.request !== request) out = result.request;
  const finalBody = out === undefined ? body : typeof body === 'string' ? JSON.stringify(out) : out;
  return { ...result, body: finalBody as B };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LayerInputError('layer:not-json', `the request body is not JSON: ${(error as Error).message}`);
  }
}
