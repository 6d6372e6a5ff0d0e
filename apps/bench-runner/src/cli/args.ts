import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './errors.ts';

/** A mistake in how a command was called: one clear line, exit 2, no stack trace. */
export class UsageError extends CliError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super('cli:usage', message, options);
    this.name = 'UsageError';
  }
}

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
}

export function oneOfOption<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got "${value}"`);
  return value as T;
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
