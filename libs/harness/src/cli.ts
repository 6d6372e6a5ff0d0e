import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BenchError } from './errors.ts';

/** A mistake in how a command was called: one clear line, exit 2, no stack trace. */
export class UsageError extends BenchError {
  constructor(message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super('usage:invalid', message, opts);
    this.name = 'UsageError';
  }
}

/** Node's `parseArgs`, strict, with its complaint turned into a UsageError (its first line). */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
}
