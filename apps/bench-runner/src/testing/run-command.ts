import { spawn } from 'node:child_process';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectOutput, REPO_ROOT, type CliResult } from './run-cli.ts';

const ERRORS_MODULE = fileURLToPath(new URL('../cli/errors.ts', import.meta.url));

/**
 * Runs one command module's entry point (`run…Command(args)`) in a child process, as the bin would, without
 * loading the other commands: a command's tests then do not depend on every command compiling. Its user errors are
 * reported as `main` reports them, under the command the module is named after (`cli/fetch.ts` is `fetch`), or
 * `opts.command`.
 */
export function runCommand(modulePath: string, entry: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; command?: string } = {}): Promise<CliResult> {
  const command = opts.command ?? basename(modulePath, '.ts');
  const code = `import { register } from 'tsx/esm/api';
register();
const { runReportingUserErrors } = await import(${JSON.stringify(pathToFileURL(ERRORS_MODULE).href)});
const m = await import(${JSON.stringify(pathToFileURL(modulePath).href)});
process.exitCode = await runReportingUserErrors(${JSON.stringify(command)}, () => m[${JSON.stringify(entry)}](${JSON.stringify(args)}));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: opts.cwd ?? REPO_ROOT, env: { ...process.env, ...opts.env } });
  const result = collectOutput(child);
  child.stdin.end();
  return result;
}
