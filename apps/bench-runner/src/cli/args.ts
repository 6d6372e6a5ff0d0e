import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how a command was called: one clear line, exit 2, no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
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

/** Runs a command body, turning usage and input errors into one line on stderr and exit code 2. */
export async function withCliErrors(prefix: string, body: () => Promise<number>, isUserError: (e: unknown) => boolean): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError || isUserError(error)) {
      const hint = (error as { hint?: unknown }).hint;
      process.stderr.write(`${prefix}: ${(error as Error).message}\n${typeof hint === 'string' ? `hint: ${hint}\n` : ''}`);
      return 2;
    }
    throw error;
  }
}
