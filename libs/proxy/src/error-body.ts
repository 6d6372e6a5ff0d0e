/** An engine's error, whichever of the body shapes in spec 1.6 it came in. */
export interface EngineError {
  message: string;
  type: string | null;
  code: string | number | null;
  /** llama.cpp's `exceed_context_size_error` carries P and C as fields. */
  promptTokens?: number;
  contextLength?: number;
}

const MAX_MESSAGE = 4096;

/** Reads `{"error":{…}}`, flat `{"object":"error",…}`, `{"detail":…}`, `{"error":"…"}` or plain text. */
export function readEngineError(json: unknown, text: string): EngineError {
  if (isRecord(json)) {
    const inner = json.error;
    if (isRecord(inner)) return fromObject(inner);
    if (typeof inner === 'string') return { message: clip(inner), type: null, code: null };
    if (typeof json.message === 'string') return fromObject(json);
    if (json.detail !== undefined) return { message: clip(detailText(json.detail)), type: null, code: null };
  }
  return { message: clip(text), type: null, code: null };
}

/** The error object of a stream event `data: {"error":…}` (or a legacy `error:` line's value). */
export function streamEventError(event: unknown): EngineError | null {
  if (!isRecord(event) || !('error' in event) || event.error === null || event.error === undefined) return null;
  return readEngineError(event, jsonText(event.error));
}

function fromObject(o: Record<string, unknown>): EngineError {
  const error: EngineError = {
    message: clip(typeof o.message === 'string' ? o.message : jsonText(o.message ?? '')),
    type: typeof o.type === 'string' ? o.type : null,
    code: typeof o.code === 'string' || typeof o.code === 'number' ? o.code : null,
  };
  if (typeof o.n_prompt_tokens === 'number') error.promptTokens = o.n_prompt_tokens;
  if (typeof o.n_ctx === 'number') error.contextLength = o.n_ctx;
  return error;
}

function detailText(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  // FastAPI validation errors: a list of {loc, msg, type}.
  if (Array.isArray(detail)) return detail.map((d) => (isRecord(d) && typeof d.msg === 'string' ? d.msg : jsonText(d))).join('; ');
  return jsonText(detail);
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? text.slice(0, MAX_MESSAGE) : text;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON text of a value from an engine; hostile nesting must not throw. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unserialisable]';
  }
}
