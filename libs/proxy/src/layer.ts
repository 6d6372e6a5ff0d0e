import {
  detectFailures,
  processConversation,
  REQUEST_FIELD,
  type Conversation,
  type LayerOptions,
  type ReportedDetection,
} from '@recovery-bench/toolerror-core';
import type { LayerConfig } from './config.ts';
import type { ProxySurface } from './surfaces/surface.ts';

export interface LayerOutcome {
  /** The canonical conversation after the layer: rewritten by a form, or as read from the request. */
  conversation: Conversation;
  /**
   * The request's top-level fields as they go on: the request field removed, or in engine-layer mode set. Its own
   * messages or items are the ones before the layer; `conversation` holds the ones after.
   */
  fields: Record<string, unknown>;
  detections: ReportedDetection[];
  changed: boolean;
  /** The form in force (the request field overrides the configured one); as sent, in engine-layer mode. */
  form: string;
  /** Our `X-GeulPU-Tool-Errors` value; `null` in engine-layer mode, where the engine's passes through. */
  header: string | null;
}

function layerOptions(config: LayerConfig): LayerOptions {
  return { retry_safety: config.retrySafety, note_quoting: config.noteQuoting };
}

/**
 * Runs on the request's own surface before any stripping, so that detection sees `is_error`, `tool_error_kind`,
 * the User-Agent and the surface's own indexes; the conversation it returns is what the engine's request is made of,
 * so the client's request is converted once. In engine-layer mode nothing is rewritten: detection still runs for the
 * record, and the engine gets the request field (the client's, else the configured form).
 */
export function runLayer(request: Record<string, unknown>, userAgent: string | undefined, config: LayerConfig, surface: ProxySurface): LayerOutcome {
  const options = layerOptions(config);
  if (config.engineLayer) return engineLayer(request, userAgent, config, options, surface);
  const result = processConversation(request, { api: surface.id, userAgent, form: config.form, rules: config.rules, options });
  return { conversation: result.conversation, fields: result.request, detections: result.detections, changed: result.changed, form: result.form, header: result.header };
}

function engineLayer(request: Record<string, unknown>, userAgent: string | undefined, config: LayerConfig, options: LayerOptions, surface: ProxySurface): LayerOutcome {
  const conversation = surface.converters.from(request);
  const detections = detectFailures(conversation, { userAgent, rules: config.rules, options }).map(
    ({ messageIndex, kind, rule, scope, withheld }): ReportedDetection => (withheld ? { messageIndex, kind, rule, scope, withheld } : { messageIndex, kind, rule, scope }),
  );
  const sent = request[REQUEST_FIELD];
  const form = typeof sent === 'string' ? sent : config.form;
  const fields = Object.hasOwn(request, REQUEST_FIELD) ? request : { ...request, [REQUEST_FIELD]: config.form };
  return { conversation, fields, detections, changed: false, form, header: null };
}
