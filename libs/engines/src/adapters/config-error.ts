import { z } from 'zod';
import { EngineError } from './errors.ts';

/** Parses an adapter's config; a mistake is `engine:bad-config` with every problem named. */
export function parseEngineConfig<S extends z.ZodType>(schema: S, input: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new EngineError('engine:bad-config', `invalid ${what} engine config:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Adds what a user needs to reproduce a failed start (last log lines, the command) to the error. */
export function withStartDetails(error: unknown, details: EngineError['details'], what: string): EngineError {
  const base = error instanceof EngineError ? error : new EngineError('engine:docker-error', `${what}: ${(error as Error).message ?? String(error)}`, { cause: error });
  const message = base.message.includes(what) ? base.message : `${what}: ${base.message}`;
  return new EngineError(base.code, message, { hint: base.hint, details: { ...base.details, ...details }, cause: base.cause ?? error });
}
