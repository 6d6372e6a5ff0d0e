import { z } from 'zod';
import { errorBody } from './respond.ts';
import type { ChatRequest } from './request.ts';

/**
 * Whose answers the sim gives to requests a model never sees (bad JSON, a bad request, an unknown route, a history
 * that cannot be rendered). `openai`: OpenAI's envelope with the sim's own wording. `llama.cpp`: the status codes,
 * types and messages of the real llama.cpp server (build b10573, measured), so that anything tested against the sim
 * meets what it will meet on llama.cpp; its context check is llama.cpp's too (see `quirks.contextLimit`).
 */
export const SIM_DIALECTS = ['openai', 'llama.cpp'] as const;
export const SimDialectSchema = z.enum(SIM_DIALECTS);
export type SimDialect = z.infer<typeof SimDialectSchema>;

export interface EngineAnswer {
  status: number;
  body: unknown;
}

const llamaError = (status: number, message: string, type: string): EngineAnswer => ({ status, body: { error: { code: status, message, type } } });

/** nlohmann::json's wording, which llama.cpp relays for any JSON it cannot read. */
function nlohmannParseError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const at = Math.min(position ? Number(position[1]) : text.length, text.length);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  // nlohmann counts columns from 1, one past the characters it read (the end of the input included).
  const column = at - before.lastIndexOf('\n');
  const what = at >= text.length ? 'unexpected end of input' : `syntax error (${error.message})`;
  return `[json.exception.parse_error.101] parse error at line ${line}, column ${column}: syntax error while parsing value - ${what}`;
}

/** A body that is not JSON. */
export function malformedJson(dialect: SimDialect, text: string, error: Error): EngineAnswer {
  if (dialect === 'llama.cpp') return llamaError(500, nlohmannParseError(text, error), 'server_error');
  return { status: 400, body: errorBody(`We could not parse the JSON body of your request. (${error.message})`, 'invalid_request_error', null) };
}

/** A chat request the schema refuses; `first` is the schema's first complaint. */
export function invalidChatRequest(dialect: SimDialect, value: unknown, first: string): EngineAnswer {
  if (dialect === 'llama.cpp' && (typeof value !== 'object' || value === null || !('messages' in value))) return llamaError(400, "'messages' is required", 'invalid_request_error');
  return { status: 400, body: errorBody(`invalid chat completion request: ${first}`, 'invalid_request_error', 400) };
}

export function notFound(dialect: SimDialect, method: string, path: string): EngineAnswer {
  // llama.cpp's key order: message, type, code.
  if (dialect === 'llama.cpp') return { status: 404, body: { error: { message: 'File Not Found', type: 'not_found_error', code: 404 } } };
  return { status: 404, body: errorBody(`no route for ${method} ${path}`, 'not_found_error', 404) };
}

/**
 * What llama.cpp refuses before rendering the prompt: an assistant tool call whose `arguments` string is not JSON
 * (500, every later turn of that conversation too), and a custom grammar beside tools (400).
 */
export function refusedHistory(dialect: SimDialect, request: ChatRequest): EngineAnswer | undefined {
  if (dialect !== 'llama.cpp') return undefined;
  if ((request as { grammar?: unknown }).grammar !== undefined && (request.tools?.length ?? 0) > 0) return llamaError(400, 'Cannot use custom grammar constraints with tools.', 'invalid_request_error');
  for (const message of request.messages) {
    for (const call of message.tool_calls ?? []) {
      const args = call.function.arguments;
      if (typeof args !== 'string') continue;
      try {
        JSON.parse(args);
      } catch (error) {
        return llamaError(500, `Failed to parse tool call arguments as JSON: ${nlohmannParseError(args, error as Error)}`, 'server_error');
      }
    }
  }
  return undefined;
}
