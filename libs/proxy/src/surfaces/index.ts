import type { Api } from '@recovery-bench/toolerror-core';
import { checkAnthropicRequest, anthropicToChat } from './anthropic-request.ts';
import { AnthropicStream, anthropicErrorBody, chatToAnthropicMessage } from './anthropic-response.ts';
import { checkResponsesRequest, responsesToChat } from './responses-request.ts';
import { chatToResponse, responsesErrorBody, ResponsesStream } from './responses-response.ts';
import { chatAnswerFacts, type ConvertedRequest, type ProxyErrorFacts, type StreamTranslator } from './shared.ts';

export { SURFACE_IDS, type SurfaceId, type ProxyErrorFacts } from './shared.ts';

/** What one answer of a surface echoes: ids are made from the call's id, the model is the one the client named. */
export interface SurfaceEcho {
  id: string;
  model: string;
  createdAt: number;
  request: Record<string, unknown>;
}

/**
 * An API surface besides Chat Completions: how its requests are checked and converted for the engine (after the
 * layer ran on the surface's own shape), and how the engine's Chat Completions answers, streams and errors are
 * written back in the surface's shape.
 */
export interface ProxySurface {
  id: 'anthropic' | 'responses';
  /** toolerror-core's name for the surface. */
  api: Api;
  check(json: unknown): Record<string, unknown>;
  toChat(request: Record<string, unknown>): ConvertedRequest;
  /** A `chat.completion` as the surface's answer; undefined when the engine's 2xx is not a chat completion. */
  answer(json: unknown, echo: SurfaceEcho): unknown;
  stream(echo: SurfaceEcho): StreamTranslator;
  errorBody(error: ProxyErrorFacts): unknown;
}

export const ANTHROPIC_SURFACE: ProxySurface = {
  id: 'anthropic',
  api: 'anthropic',
  check: (json) => checkAnthropicRequest(json),
  toChat: anthropicToChat,
  answer(json, echo) {
    const facts = chatAnswerFacts(json, echo);
    return facts === undefined ? undefined : chatToAnthropicMessage(facts);
  },
  stream: (echo) => new AnthropicStream(echo),
  errorBody: anthropicErrorBody,
};

export const RESPONSES_SURFACE: ProxySurface = {
  id: 'responses',
  api: 'responses',
  check: checkResponsesRequest,
  toChat: responsesToChat,
  answer(json, echo) {
    const facts = chatAnswerFacts(json, echo);
    return facts === undefined ? undefined : chatToResponse(facts, echo);
  },
  stream: (echo) => new ResponsesStream(echo),
  errorBody: responsesErrorBody,
};
