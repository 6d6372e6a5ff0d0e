import type { Api, Conversation, SurfaceConverters } from '@recovery-bench/toolerror-core';
import type { ChatRequest } from '../request-schema.ts';
import type { FieldMap } from './field-map.ts';

/** What one answer of a surface echoes: ids are made from the call's id, the model is the one the client named. */
export interface SurfaceEcho {
  id: string;
  model: string;
  createdAt: number;
  request: Record<string, unknown>;
}

/** A route that reaches the engine, under `/v1/…` and `/runs/<runId>/v1/…`. */
export interface SurfaceRoute {
  /** After the optional `/runs/<runId>/` prefix, e.g. `v1/messages/count_tokens`. */
  path: string;
  /** `generate`: the engine answers; `count`: the engine's tokenizer counts the prompt and nothing is generated. */
  action: 'generate' | 'count';
  /** The request schema (zod) of this route: the checked request, or a 400 in the surface's words. */
  check(json: unknown): Record<string, unknown>;
}

/** The engine's Chat Completions request from a surface's, after the layer: one conversion of the conversation. */
export interface ChatConversion {
  /** The top-level fields with a Chat Completions meaning; every other field goes to the field filter as sent. */
  fields: FieldMap;
  /** The conversation the layer returned, and the request's top-level fields → a checked Chat Completions request. */
  convert(conversation: Conversation, request: Readonly<Record<string, unknown>>): { body: ChatRequest; dropped: string[] };
}

/** Writes the engine's Chat Completions answers in a surface's shape. */
export interface AnswerWriter {
  /** A `chat.completion` as the surface's answer; undefined when the engine's 2xx is not a chat completion. */
  answer(json: unknown, echo: SurfaceEcho): unknown;
  stream(echo: SurfaceEcho): StreamTranslator;
}

/** One row of the table of surfaces; its id and toolerror-core's converters come from its key. */
export interface SurfaceSpec {
  routes: readonly SurfaceRoute[];
  toChat: ChatConversion;
  /** Null: the engine speaks this surface, and its answers, streams and errors are relayed as they are. */
  writer: AnswerWriter | null;
  /** The proxy's own errors (and, with a writer, the engine's) in the surface's error shape. */
  errorBody(error: ProxyErrorFacts): unknown;
}

export interface ProxySurface<Id extends Api = Api> extends SurfaceSpec {
  id: Id;
  /** toolerror-core's converters of this surface: its request ⇄ the canonical conversation. */
  converters: SurfaceConverters;
}

/** An error as any surface writes it. */
export interface ProxyErrorFacts {
  status: number;
  message: string;
  type: string | null;
  code: string | number | null;
}

/** Turns Chat Completions stream chunks into a surface's events; each method returns the SSE text to send. */
export interface StreamTranslator {
  chunk(event: Record<string, unknown>): string;
  /** The engine's stream ended complete. */
  finish(): string;
  /** The engine's stream carried an error event. */
  error(error: ProxyErrorFacts): string;
}
