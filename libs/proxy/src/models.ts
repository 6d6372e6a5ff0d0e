import type { IncomingHttpHeaders } from 'node:http';
import { isRecord } from './error-body.ts';
import { ProxyError } from './errors.ts';
import type { ProxyRuntime } from './runtime.ts';

/** `GET /v1/models` and `GET /v1/models/<id>`, under `/runs/<runId>/` too. */
export const MODELS_ROUTE = /^\/(?:runs\/[A-Za-z0-9._~-]{1,128}\/)?v1\/models(?:\/([^/]+))?\/?$/;

/** How long the engine may take to list its models before the proxy answers from its configuration. */
const ENGINE_LIST_TIMEOUT_MS = 5_000;

export interface ModelsAnswer {
  status: number;
  body: unknown;
  /** `engine`: the engine's own list; `config`: the engine did not answer, so the configured served name. */
  source: 'engine' | 'config';
}

/**
 * The engine's models, in one shape that both OpenAI's and Anthropic's clients read: OpenAI's list (`object`,
 * `data[].{id, object, created, owned_by}`) with Anthropic's fields beside (`has_more`, `first_id`, `last_id`,
 * `data[].{type, display_name, created_at}`). Clients probe this route before their first request (Claude Code,
 * the SDKs' `models.list()`); the engine's own answer keeps its extra fields (vLLM's `max_model_len`).
 */
export async function answerModels(rt: ProxyRuntime, id: string | undefined, headers: IncomingHttpHeaders): Promise<ModelsAnswer> {
  const { models, source } = await engineModels(rt);
  if (id === undefined) {
    return { status: 200, source, body: { object: 'list', data: models, has_more: false, first_id: models[0]?.id ?? null, last_id: models.at(-1)?.id ?? null } };
  }
  const wanted = decodeURIComponent(id);
  const found = models.find((m) => m.id === wanted);
  if (found) return { status: 200, source, body: found };
  const message = `model "${wanted}" is not served here; the engine serves ${models.map((m) => `"${String(m.id)}"`).join(', ')} (a request naming any model is answered by "${rt.config.model.servedName}")`;
  const anthropic = headers['anthropic-version'] !== undefined;
  return { status: 404, source, body: anthropic ? { type: 'error', error: { type: 'not_found_error', message } } : new ProxyError('proxy:not-found', message) };
}

interface ModelEntry extends Record<string, unknown> {
  id: string;
}

async function engineModels(rt: ProxyRuntime): Promise<{ models: ModelEntry[]; source: ModelsAnswer['source'] }> {
  try {
    const answer = await rt.upstream.getJson('/v1/models', AbortSignal.timeout(ENGINE_LIST_TIMEOUT_MS));
    const data = isRecord(answer) && Array.isArray(answer.data) ? answer.data.filter((m): m is ModelEntry => isRecord(m) && typeof m.id === 'string') : [];
    if (data.length > 0) return { models: data.map(withBothShapes), source: 'engine' };
  } catch {
    // An engine without the route, or one that is down: the configuration still names the model.
  }
  const model: ModelEntry = { id: rt.config.model.servedName, object: 'model', created: 0, owned_by: 'recovery-bench' };
  if (rt.config.model.contextLength !== undefined) model.max_model_len = rt.config.model.contextLength;
  return { models: [withBothShapes(model)], source: 'config' };
}

function withBothShapes(model: ModelEntry): ModelEntry {
  const created = typeof model.created === 'number' ? model.created : 0;
  return {
    ...model,
    object: 'model',
    created,
    owned_by: typeof model.owned_by === 'string' ? model.owned_by : 'recovery-bench',
    type: 'model',
    display_name: typeof model.display_name === 'string' ? model.display_name : model.id,
    created_at: new Date(created * 1000).toISOString(),
  };
}
