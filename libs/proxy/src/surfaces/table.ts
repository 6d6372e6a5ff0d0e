import { SURFACES as CONVERTERS, type Api } from '@recovery-bench/toolerror-core';
import { checkChatRequest } from '../request-schema.ts';
import { ANTHROPIC_TO_CHAT, checkAnthropicCountTokensRequest, checkAnthropicRequest } from './anthropic-request.ts';
import { ANTHROPIC_WRITER, anthropicErrorBody } from './anthropic-response.ts';
import { CHAT_AS_SENT, chatErrorBody } from './chat.ts';
import { checkResponsesRequest, RESPONSES_TO_CHAT } from './responses-request.ts';
import { RESPONSES_WRITER, responsesErrorBody } from './responses-response.ts';
import type { ProxySurface, SurfaceRoute, SurfaceSpec } from './surface.ts';

/**
 * The API surfaces the proxy serves, keyed once by toolerror-core's surface ids (a surface the layer reads and the
 * proxy does not serve is a compile error here). Per surface: its routes with the request schema each takes, its
 * conversion to the engine's Chat Completions request (after the layer, from the canonical conversation), and how
 * answers, streams and errors reach its clients.
 */
const TABLE = {
  chat: {
    routes: [{ path: 'v1/chat/completions', action: 'generate', check: checkChatRequest }],
    toChat: CHAT_AS_SENT,
    writer: null,
    errorBody: chatErrorBody,
  },
  anthropic: {
    routes: [
      { path: 'v1/messages', action: 'generate', check: checkAnthropicRequest },
      { path: 'v1/messages/count_tokens', action: 'count', check: checkAnthropicCountTokensRequest },
    ],
    toChat: ANTHROPIC_TO_CHAT,
    writer: ANTHROPIC_WRITER,
    errorBody: anthropicErrorBody,
  },
  responses: {
    routes: [{ path: 'v1/responses', action: 'generate', check: checkResponsesRequest }],
    toChat: RESPONSES_TO_CHAT,
    writer: RESPONSES_WRITER,
    errorBody: responsesErrorBody,
  },
} as const satisfies { readonly [K in Api]: SurfaceSpec };

export type SurfaceId = keyof typeof TABLE;

/** The values of a record's `surface`: the API the client spoke. */
export const SURFACE_IDS = Object.keys(TABLE) as readonly SurfaceId[];

/** Each row with its id and toolerror-core's converters, both from its key. */
export const SURFACES = Object.fromEntries(
  SURFACE_IDS.map((id): [SurfaceId, ProxySurface] => [id, { ...TABLE[id], id, converters: CONVERTERS[id] }]),
) as unknown as { readonly [K in SurfaceId]: ProxySurface<K> };

/** A route of the table, matched with or without the `/runs/<runId>/` prefix (its first group is the run id). */
export interface ModelRoute {
  pattern: RegExp;
  surface: ProxySurface;
  route: SurfaceRoute;
}

const escaped = (path: string): string => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const MODEL_ROUTES: readonly ModelRoute[] = Object.values(SURFACES).flatMap((surface) =>
  surface.routes.map((route) => ({ pattern: new RegExp(`^\\/(?:runs\\/([A-Za-z0-9._~-]{1,128})\\/)?${escaped(route.path)}\\/?$`), surface, route })),
);
