import { isRecoveryBenchError } from '@recovery-bench/errors';
import { CliError } from '@recovery-bench/harness/cli';

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
