import { parseArgs, type ParseArgsConfig } from 'node:util';
import { RecoveryBenchError } from '@recovery-bench/errors';

export { suggestName } from './suggest.ts';

export interface CliErrorOptions {
  /** 2 unless the command documents another code (a fetch exits 1 when the network or a download fails). */
  exitCode?: number;
  /** The command words the line names, where narrower than the command (`fetch toolmaze`). */
  command?: string;
  hint?: string;
  cause?: unknown;
}

/**
 * A mistake a command finds itself (a flag, a file, a download): always the user's to fix. The CLI prints it as one
 * line, `recovery-bench <command>: <message>`, and exits with its code. Benchmarks' subcommands throw these too.
 */
export class CliError extends RecoveryBenchError {
  readonly exitCode: number;
  readonly command: string | undefined;

  constructor(code: string, message: string, options: CliErrorOptions = {}) {
    super(code, message, { userError: true, hint: options.hint, cause: options.cause });
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? 2;
    this.command = options.command;
  }
}

/** A mistake in how a command was called: one clear line, exit 2, no stack trace. */
export class UsageError extends CliError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super('cli:usage', message, options);
    this.name = 'UsageError';
  }
}

/** Node's `parseArgs`, strict, with its complaint turned into a UsageError (its first line). */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[], options: T, allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!);
  }
}

/** A flag's value when it is one of `allowed` (undefined when the flag was not given); else a UsageError naming them. */
export function oneOfOption<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got "${value}"`);
  return value as T;
}
