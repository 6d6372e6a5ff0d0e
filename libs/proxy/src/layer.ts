import {
  detectFailures,
  processRequest,
  REQUEST_FIELD,
  SURFACES,
  type Api,
  type LayerOptions,
  type ReportedDetection,
} from '@recovery-bench/toolerror-core';
import type { LayerConfig } from './config.ts';

export interface LayerOutcome {
  /** The request after the layer: rewritten by a form, or the very input. */
  request: Record<string, unknown>;
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
 * Runs before any stripping, so that detection sees `is_error`, `tool_error_kind` and the User-Agent.
 * In engine-layer mode nothing is rewritten: detection still runs for the record, and the engine gets the
 * request field (the client's, else the configured form).
 */
export function runLayer(request: Record<string, unknown>, userAgent: string | undefined, config: LayerConfig, api: Api = 'chat'): LayerOutcome {
  const options = layerOptions(config);
  if (config.engineLayer) return engineLayer(request, userAgent, config, options, api);
  // On the request's own surface: an Anthropic tool_result's is_error reaches the detector before any conversion.
  const result = processRequest(request, { api, userAgent, form: config.form, rules: config.rules, options });
  return { request: result.body, detections: result.detections, changed: result.changed, form: result.form, header: result.header };
}

function engineLayer(request: Record<string, unknown>, userAgent: string | undefined, config: LayerConfig, options: LayerOptions, api: Api): LayerOutcome {
  const detections = detectFailures(SURFACES[api].from(request), { userAgent, rules: config.rules, options }).map(
    ({ messageIndex, kind, rule, scope, withheld }): ReportedDetection => (withheld ? { messageIndex, kind, rule, scope, withheld } : { messageIndex, kind, rule, scope }),
  );
  const sent = request[REQUEST_FIELD];
  const form = typeof sent === 'string' ? sent : config.form;
  const forwarded = Object.hasOwn(request, REQUEST_FIELD) ? request : { ...request, [REQUEST_FIELD]: config.form };
  return { request: forwarded, detections, changed: false, form, header: null };
}
