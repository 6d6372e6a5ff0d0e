import { isRecord, readEngineError, type EngineError } from './error-body.ts';
import { isJsonObjectText, type MessageFlags } from './messages.ts';
import { parseOverflow } from './overflow.ts';

/** One code per attempt (spec 1.6). `ok` and `length` are not failures. */
export const FAILURE_CODES = [
  'ok',
  'length',
  'tool_parse_error',
  'tool_args_invalid',
  'history_args_invalid',
  'template_error',
  'context_overflow',
  'prompt_too_long',
  'bad_request',
  'engine_error',
  'engine_unavailable',
  'stream_error',
  'stream_truncated',
  'timeout',
  'client_abort',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/**
 * llama.cpp's tool-call parser failure, as a 500 or a stream error: "Failed to parse input at pos N: …" (older
 * builds), "The model produced output that does not match the expected peg-native format" (b10573).
 */
const TOOL_PARSE = /Failed to parse input at pos|does not match the expected [\w-]+ format/;
/** llama.cpp rejecting a history tool call whose `arguments` are not JSON (500), whatever the request's flags say. */
const HISTORY_ARGS = /Failed to parse tool call arguments as JSON/;
/** llama.cpp cannot parse the request body itself: a 500, but the request's fault. */
const BODY_PARSE = /^\[json\.exception\.parse_error\.\d+\]/;
/** Template exceptions as engines relay them (vLLM's 400 ends in " None"). */
const TEMPLATE = /only supports single tool-calls|TemplateError|jinja2?\.exceptions|raise_exception|Conversation roles must alternate|chat template/i;

/**
 * An engine's rejection, as an HTTP error (`status`) or a stream error event (`status` null).
 * Message patterns come first: they name the cause; the request's flags explain the rest.
 */
export function classifyEngineError(error: EngineError, status: number | null, flags: MessageFlags): FailureCode {
  const overflow = parseOverflow(error);
  if (overflow) return overflow.code;
  if (TOOL_PARSE.test(error.message)) return 'tool_parse_error';
  if (HISTORY_ARGS.test(error.message)) return 'history_args_invalid';
  if (TEMPLATE.test(error.message)) return 'template_error';
  if (flags.historyBadArguments) return 'history_args_invalid';
  if (BODY_PARSE.test(error.message)) return 'bad_request';
  if (flags.multiCallHistory) return 'template_error';
  if (status === null) return 'stream_error';
  if (status === 503) return 'engine_unavailable';
  return status < 500 ? 'bad_request' : 'engine_error';
}

export interface AnswerFacts {
  finishReason: string | null;
  toolCallArguments: unknown[];
  content: string;
}

/** A complete answer (HTTP 200, or a finished stream). */
export function classifyAnswer(facts: AnswerFacts, callMarkup: readonly string[]): FailureCode {
  if (facts.finishReason === 'length') return 'length';
  if (facts.toolCallArguments.length > 0) {
    return facts.toolCallArguments.every((a) => typeof a === 'string' && isJsonObjectText(a)) ? 'ok' : 'tool_args_invalid';
  }
  // vLLM and SGLang answer 200 with the call markup as text when their parser fails.
  return callMarkup.some((m) => facts.content.includes(m)) ? 'tool_parse_error' : 'ok';
}

export interface JsonAnswer {
  code: FailureCode;
  error: EngineError | null;
  usage: unknown;
}

/** A buffered (non-streamed) upstream answer: its status, its parsed body (or `undefined`) and its text. */
export function classifyResponse(status: number, json: unknown, text: string, flags: MessageFlags, callMarkup: readonly string[]): JsonAnswer {
  const usage = isRecord(json) && isRecord(json.usage) ? json.usage : null;
  if (status >= 400 || (isRecord(json) && json.error !== undefined && json.error !== null && !Array.isArray(json.choices))) {
    const error = readEngineError(json, text);
    return { code: classifyEngineError(error, status >= 400 ? status : 500, flags), error, usage };
  }
  const facts = answerFacts(json);
  if (!facts) return { code: 'engine_error', error: { message: 'upstream answered 2xx without a chat completion', type: null, code: null }, usage };
  return { code: classifyAnswer(facts, callMarkup), error: null, usage };
}

function answerFacts(json: unknown): AnswerFacts | null {
  if (!isRecord(json) || !Array.isArray(json.choices)) return null;
  const choice: unknown = json.choices[0];
  if (!isRecord(choice)) return { finishReason: null, toolCallArguments: [], content: '' };
  const message = isRecord(choice.message) ? choice.message : {};
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return {
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    toolCallArguments: calls.map((c) => (isRecord(c) && isRecord(c.function) ? c.function.arguments : undefined)),
    content: typeof message.content === 'string' ? message.content : '',
  };
}
