import type { ResponseIdentity } from './random.ts';
import type { SimAction } from './types.ts';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ResponseParts {
  identity: ResponseIdentity;
  model: string;
  action: SimAction;
  usage: Usage;
}

const FINGERPRINT = 'recovery-bench-sim-v1';

function finishReason(action: SimAction): 'tool_calls' | 'stop' {
  return action.type === 'tool_calls' ? 'tool_calls' : 'stop';
}

/** A non-streaming `chat.completion` object, shaped like OpenAI's. */
export function completionBody({ identity, model, action, usage }: ResponseParts): unknown {
  const message = action.type === 'tool_calls'
    ? {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: action.calls.map((c, i) => ({ id: identity.callId(i), type: 'function', function: { name: c.name, arguments: c.arguments } })),
      }
    : { role: 'assistant', content: action.content, refusal: null };
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(action) }],
    usage,
    system_fingerprint: FINGERPRINT,
  };
}

/**
 * The SSE events of a streamed answer, each a complete `data: …\n\n` string, as OpenAI sends them: a call's
 * first chunk carries index, id, type, name and empty arguments; argument fragments follow; then a chunk
 * with finish_reason; with `include_usage` every chunk has `usage: null` and a last chunk with no choices
 * carries the usage; then `data: [DONE]`.
 */
export function streamEvents(parts: ResponseParts, includeUsage: boolean): string[] {
  const { identity, model, action, usage } = parts;
  const chunk = (delta: unknown, finish: string | null) => ({
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model,
    system_fingerprint: FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: unknown[] = [];
  if (action.type === 'tool_calls') {
    action.calls.forEach((call, index) => {
      const head = { index, id: identity.callId(index), type: 'function', function: { name: call.name, arguments: '' } };
      chunks.push(chunk(index === 0 ? { role: 'assistant', content: null, tool_calls: [head] } : { tool_calls: [head] }, null));
      for (const fragment of fragments(call.arguments, 16)) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }, null));
    });
  } else {
    chunks.push(chunk({ role: 'assistant', content: '', refusal: null }, null));
    for (const piece of action.content.match(/\S+\s*|\s+/g) ?? []) chunks.push(chunk({ content: piece }, null));
  }
  chunks.push(chunk({}, finishReason(action)));
  if (includeUsage) {
    chunks.push({ id: identity.id, object: 'chat.completion.chunk', created: identity.created, model, system_fingerprint: FINGERPRINT, choices: [], usage });
  }
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'];
}

/** Cuts text into pieces of at most `size` code points (never splitting a surrogate pair). */
function fragments(text: string, size: number): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

export function errorBody(message: string, type: string, code: number | string | null, param: string | null = null): unknown {
  return { error: { message, type, param, code } };
}
