import { detectFailures } from './detect.ts';
import { isPlainObject, LayerInputError } from './errors.ts';
import { applyForm } from './forms.ts';
import { formatHeader } from './header.ts';
import { fromAnthropicMessages, toAnthropicMessages } from './surfaces/anthropic.ts';
import { fromChatCompletions, toChatCompletions } from './surfaces/chat.ts';
import { fromResponses, toResponses } from './surfaces/responses.ts';
import { FORMS, type Api, type Conversation, type Form, type LayerOptions, type Kind, type RuleSetName, type Scope } from './types.ts';

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

export interface ProcessResult<B> {
  /** The request to forward, in the input's surface; the very input when nothing had to change. */
  body: B;
  header: string;
  detections: ReportedDetection[];
  changed: boolean;
  /** The form in force for this request (after the request field). */
  form: Form;
}

interface Surface {
  from(body: unknown): Conversation;
  to(conversation: Conversation, body: Record<string, unknown>): Record<string, unknown>;
}

export const SURFACES: Readonly<Record<Api, Surface>> = {
  chat: { from: fromChatCompletions, to: toChatCompletions },
  anthropic: { from: fromAnthropicMessages, to: toAnthropicMessages },
  responses: { from: fromResponses, to: toResponses },
};

/**
 * The layer's one entry point: detect and classify failed tool results, rewrite the decision step into the
 * active form, and describe it all in the `X-GeulPU-Tool-Errors` header. A string body is returned as a string
 * (the same string when nothing changed, so the bytes reach the engine untouched); an object as an object.
 */
export function processRequest<B extends string | Record<string, unknown>>(body: B, opts: ProcessOptions = {}): ProcessResult<B> {
  const request = typeof body === 'string' ? parseBody(body) : body;
  if (!isPlainObject(request)) throw new LayerInputError('layer:not-a-request', 'the request body must be a JSON object');
  const api = opts.api ?? 'chat';
  const rules = opts.rules ?? 'paper';
  const requested = request[REQUEST_FIELD];
  const hasField = Object.hasOwn(request, REQUEST_FIELD);
  const form = typeof requested === 'string' && (FORMS as readonly string[]).includes(requested) ? (requested as Form) : (opts.form ?? 'off');
  const surface = SURFACES[api];
  const conversation = surface.from(request);
  const detections = detectFailures(conversation, { userAgent: opts.userAgent, rules, options: opts.options });
  const result = applyForm(conversation, form, detections, opts.options);
  let out: Record<string, unknown> | undefined;
  if (result.changed || hasField) {
    const { [REQUEST_FIELD]: _field, ...rest } = request;
    out = result.changed ? surface.to(result.conversation, rest) : rest;
  }
  const reported = detections.map(({ messageIndex, kind, rule, scope, withheld }): ReportedDetection =>
    withheld ? { messageIndex, kind, rule, scope, withheld } : { messageIndex, kind, rule, scope },
  );
  const header = formatHeader({ form, rules, changed: result.changed, failures: reported });
  const finalBody = out === undefined ? body : typeof body === 'string' ? JSON.stringify(out) : out;
  return { body: finalBody as B, header, detections: reported, changed: result.changed, form };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new LayerInputError('layer:not-json', `the request body is not JSON: ${(error as Error).message}`);
  }
}
