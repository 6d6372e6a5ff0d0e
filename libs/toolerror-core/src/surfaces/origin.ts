import { ORIGIN, type CanonicalMessage, type Message, type Origin } from '../types.ts';

/** A copy of `message` that remembers its origin. */
export function withOrigin<M extends Message>(message: M, index: number, raw: unknown, block?: unknown): M & CanonicalMessage {
  // The symbol goes first in the literal: adding a key to a spread copy afterwards costs V8 ten times more.
  return { [ORIGIN]: block === undefined ? { index, raw } : { index, raw, block }, ...message };
}

export function originOf(message: CanonicalMessage): Origin | undefined {
  return message[ORIGIN];
}

/** A copy of the message without its origin, as plain JSON-able data. */
export function stripOrigin(message: CanonicalMessage): Message {
  const { [ORIGIN]: _origin, ...rest } = message;
  return rest;
}

/** Extension fields a client may put on a tool result, on any surface. */
export const TOOL_RESULT_EXTENSIONS = ['is_error', 'tool_error_kind', 'retry_safe'] as const;

export function copyToolResultExtensions(from: Record<string, unknown>, to: Message): void {
  if (typeof from.is_error === 'boolean') to.is_error = from.is_error;
  if (typeof from.tool_error_kind === 'string') to.tool_error_kind = from.tool_error_kind;
  if (typeof from.retry_safe === 'boolean') to.retry_safe = from.retry_safe;
}
