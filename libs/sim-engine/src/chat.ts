import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { invalidChatRequest, refusedHistory, type SimDialect } from './dialect.ts';
import { parseJsonBody, sendJson } from './http-body.ts';
import type { SimProfile } from './profiles.ts';
import { breakArguments, callMarkup, contextRejection, llamaParseError, singleCallRefusal, triggerFires, type SimQuirks, type TriggerContext } from './quirks.ts';
import { responseIdentity } from './random.ts';
import { ChatRequestSchema } from './request.ts';
import { completionBody, errorBody, streamEvents, type ResponseParts } from './respond.ts';
import type { ScriptRegistry } from './scripts.ts';
import { simulateTurn } from './simulate.ts';
import { countTokens, renderPrompt } from './tokens.ts';
import type { SimTrace } from './types.ts';

export interface ChatContext {
  profile: SimProfile;
  seed: number;
  model: string;
  scripts: ScriptRegistry;
  quirks: SimQuirks;
  /** Whose answers bad requests get. */
  dialect: SimDialect;
  /** Chat requests served so far; only `everyNth` triggers read it. */
  requestCount: number;
}

export const TRACE_HEADER = 'x-sim-trace';

/** `POST /v1/chat/completions`. */
export function handleChat(text: string | undefined, res: ServerResponse, context: ChatContext): void {
  const parsed = parseJsonBody(text, res, context.dialect);
  if (!parsed.ok) return;
  const result = ChatRequestSchema.safeParse(parsed.value);
  if (!result.success) {
    const answer = invalidChatRequest(context.dialect, parsed.value, z.prettifyError(result.error).split('\n').slice(0, 2).join(' '));
    return sendJson(res, answer.status, answer.body);
  }
  const request = result.data;
  const refused = refusedHistory(context.dialect, request);
  if (refused) return sendJson(res, refused.status, refused.body);
  const requestNumber = ++context.requestCount;
  const promptTokens = countTokens(renderPrompt(request.messages, request.tools ?? []));
  const { quirks } = context;
  const singleCall = quirks.singleCallHistory && singleCallRefusal(quirks.singleCallHistory, request);
  if (singleCall) return sendJson(res, singleCall.status, singleCall.body);
  if (quirks.contextLimit) {
    const rejection = contextRejection(quirks.contextLimit, context.dialect, promptTokens, request.max_tokens ?? request.max_completion_tokens ?? undefined);
    if (rejection) return sendJson(res, rejection.status, rejection.body);
  }
  const turn = simulateTurn(request, { ...context, redrawShare: quirks.weightsDiffer?.share ?? 0 });
  const headers = { [TRACE_HEADER]: traceHeader(turn.trace) };
  const stream = request.stream === true;
  let action = turn.action;
  const at = (quirk: keyof SimQuirks): TriggerContext => ({ quirk, seed: context.seed, requestNumber, request, ...(action.type === 'tool_calls' ? { calls: action.calls } : {}) });
  if (action.type === 'tool_calls') {
    if (triggerFires(quirks.llamaParse500?.trigger, at('llamaParse500'))) {
      return sendParseFailure(res, stream, llamaParseError(), headers);
    }
    if (triggerFires(quirks.rawToolMarkup?.trigger, at('rawToolMarkup'))) {
      action = { type: 'text', content: callMarkup(action.calls, quirks.rawToolMarkup?.markup ?? 'hermes') };
    } else if (triggerFires(quirks.badArguments?.trigger, at('badArguments'))) {
      action = { type: 'tool_calls', calls: action.calls.map((c) => ({ ...c, arguments: breakArguments(c.arguments) })) };
    }
  }
  const completionTokens = countTokens(action.type === 'text' ? action.content : callMarkup(action.calls, 'hermes'));
  const parts: ResponseParts = {
    identity: responseIdentity(context.seed, parsed.value),
    model: context.model,
    action,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
  if (!stream) return sendJson(res, 200, completionBody(parts), headers);
  const events = streamEvents(parts, request.stream_options?.include_usage === true);
  const truncate = quirks.streamTruncate;
  // Never past the chunk that carries finish_reason: a truncated stream must not look finished.
  const finishAt = events.findIndex((e) => /"finish_reason":"/.test(e));
  const cutAt = truncate && triggerFires(truncate.trigger, at('streamTruncate'))
    ? Math.min(truncate.afterChunks ?? Math.floor(finishAt / 2), finishAt)
    : undefined;
  sendStream(res, events, cutAt, headers);
}

/** Non-ASCII escaped, so the JSON is a valid header value whatever the script ids contain. */
function traceHeader(trace: SimTrace): string {
  return JSON.stringify(trace).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

function sendStream(res: ServerResponse, events: readonly string[], cutAt: number | undefined, headers: Record<string, string>): void {
  res.writeHead(200, { ...SSE_HEADERS, ...headers });
  if (cutAt === undefined) {
    res.end(events.join(''));
    return;
  }
  // The truncated stream must look like an engine that died: the socket is destroyed, not ended.
  const head = events.slice(0, Math.max(cutAt, 0)).join('');
  res.flushHeaders();
  if (head === '') setImmediate(() => res.destroy());
  else res.write(head, () => res.destroy());
}

function sendParseFailure(res: ServerResponse, stream: boolean, error: ReturnType<typeof llamaParseError>, headers: Record<string, string>): void {
  if (!stream) return sendJson(res, 500, { error }, headers);
  // llama.cpp (since PR #16109) reports a failure after the stream has started as an error event.
  res.writeHead(200, { ...SSE_HEADERS, ...headers });
  res.end(`data: ${JSON.stringify({ error })}\n\n`);
}
