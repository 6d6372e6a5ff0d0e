import { isRecoveryBenchError, RecoveryBenchError } from '@recovery-bench/errors';

export interface CliErrorOptions {
  /** 2 unless the command documents another code (fetch exits 1 when the network or a download fails). */
  exitCode?: number;
  /** The command words the line names, where narrower than the command (`fetch toolmaze`). */
  command?: string;
  hint?: string;
  cause?: unknown;
}

/** A mistake the command line finds itself (a flag, a file, a download): always the user's to fix. */
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

export interface UserErrorReport {
  /** `recovery-bench <command>: <message>`, then `hint: <hint>` when there is one, each ending in a newline. */
  text: string;
  exitCode: number;
}

/** What the command line prints for a user error, and its exit code; undefined for any other thrown value. */
export function userErrorReport(command: string, error: unknown): UserErrorReport | undefined {
  if (!isRecoveryBenchError(error) || !error.userError) return undefined;
  const cli = error instanceof CliError ? error : undefined;
  const hint = error.hint === undefined ? '' : `hint: ${error.hint}\n`;
  return { text: `recovery-bench ${cli?.command ?? command}: ${error.message}\n${hint}`, exitCode: cli?.exitCode ?? 2 };
}

/**
 * Runs one command. A user error becomes one line (and its hint) on stderr and exit code 2, or the code its error
 * carries; anything else is a fault of recovery-bench and is thrown on, so that its stack trace is printed.
 */
export async function runReportingUserErrors(command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    const report = userErrorReport(command, error);
    if (report === undefined) throw error;
    process.stderr.write(report.text);
    return report.exitCode;
  }
}
