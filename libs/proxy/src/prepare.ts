import { LayerInputError } from '@recovery-bench/toolerror-core';
import type { ProxySurface, SurfaceRoute } from './surfaces/surface.ts';
import type { ProxyConfig } from './config.ts';
import type { EngineKind } from './engine-kinds.ts';
import { ProxyError } from './errors.ts';
import { shapeFields, sideQueryTag, type SideTag } from './fields.ts';
import { runLayer, type LayerOutcome } from './layer.ts';
import { LAYER_MESSAGE_FIELDS, shapeMessages, type MessageFlags, type ShapedMessages } from './messages.ts';

/** A request ready to forward, but for `max_tokens`, which the clamp sets. */
export interface PreparedCall {
  stream: boolean;
  forwarded: Record<string, unknown>;
  requestedMaxTokens: number | undefined;
  /** The client's budget lowered to `maxTokensCap`. */
  limit: number | undefined;
  side: SideTag | null;
  layer: LayerOutcome;
  flags: MessageFlags;
  dropped: { fields: string[]; messageFields: string[] };
  originals: Record<string, unknown>;
  repaired: ShapedMessages['repaired'];
  /** Set when a policy makes the proxy answer instead of the engine. */
  rejection: ProxyError | null;
}

export interface PrepareContext {
  config: ProxyConfig;
  kind: EngineKind;
  userAgent: string | undefined;
}

const NO_EXTRA_FIELDS: ReadonlySet<string> = new Set();

export function parseRequestJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProxyError('proxy:malformed-json', `request body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * A request on one of a surface's routes, ready to forward (spec 1.1): checked by the route's schema, the layer run
 * on the surface's own shape (before any stripping, so that it sees `is_error`, `tool_error_kind` and the surface's
 * indexes), the conversation it returns converted once to Chat Completions, then the side-query tag, fields,
 * messages and budget.
 */
export function prepareCall(json: unknown, surface: ProxySurface, route: SurfaceRoute, ctx: PrepareContext): PreparedCall {
  const request = route.check(json);
  const layer = applyLayer(request, ctx, surface);
  const chat = surface.toChat.convert(layer.conversation, layer.fields);
  return prepareChat(chat.body, layer, chat.dropped, ctx);
}

/** `chatRequest`: the Chat Completions request made of the layer's conversation. */
function prepareChat(chatRequest: Record<string, unknown>, layer: LayerOutcome, droppedBefore: string[], ctx: PrepareContext): PreparedCall {
  const { config, kind } = ctx;
  const fields = shapeFields(chatRequest, {
    kind,
    model: config.model,
    deterministic: config.upstream.deterministic,
    keepLayerField: config.layer.engineLayer,
  });
  const shaped = shapeMessages(chatRequest.messages as Record<string, unknown>[], {
    keepReasoningContent: config.model.keepReasoningContent,
    singleToolCallTemplate: config.model.singleToolCallTemplate,
    badArguments: config.model.badArguments,
    extraFields: config.layer.engineLayer ? LAYER_MESSAGE_FIELDS : NO_EXTRA_FIELDS,
  });
  fields.body.messages = shaped.messages;
  const limit = capped(fields.requestedMaxTokens, config.clamp.maxTokensCap);
  return {
    stream: chatRequest.stream === true,
    forwarded: fields.body,
    requestedMaxTokens: fields.requestedMaxTokens,
    limit,
    side: sideQueryTag(chatRequest, config.model.sideMaxTokens, fields.requestedMaxTokens),
    layer,
    flags: shaped.flags,
    dropped: { fields: [...droppedBefore, ...fields.dropped], messageFields: shaped.droppedFields },
    originals: fields.originals,
    repaired: shaped.repaired,
    rejection: policyRejection(shaped.flags, config),
  };
}

function applyLayer(request: Record<string, unknown>, ctx: PrepareContext, surface: ProxySurface): LayerOutcome {
  try {
    return runLayer(request, ctx.userAgent, ctx.config.layer, surface);
  } catch (error) {
    if (error instanceof LayerInputError) throw new ProxyError('proxy:invalid-request', error.message);
    throw error;
  }
}

function capped(requested: number | undefined, cap: number | undefined): number | undefined {
  if (cap === undefined) return requested;
  return requested === undefined ? cap : Math.min(requested, cap);
}

function policyRejection(flags: MessageFlags, config: ProxyConfig): ProxyError | null {
  if (!flags.multiCallHistory || config.model.multiCallHistory !== 'reject') return null;
  return new ProxyError(
    'proxy:multi-call-history',
    `an assistant message carries several tool calls, but the template of "${config.model.servedName}" allows one per turn`,
  );
}
