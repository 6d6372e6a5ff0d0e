import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a command printed and returned. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ADAPTER_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Runs the entry's `fetch` command in a child process with its own environment (PATH, HF_ENDPOINT), stdout and
 * stderr. A thrown error with a code (a user error, which the CLI prints as one line) is written to stderr as
 * `<code>: <message>` with exit code 2; anything else is a crash.
 */
export function runFetchCommandIn(args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<CommandResult> {
  const entry = pathToFileURL(fileURLToPath(new URL('../entry.ts', import.meta.url))).href;
  const code = `import { register } from 'tsx/esm/api';
register();
const { toolmazeEntry } = await import(${JSON.stringify(entry)});
try {
  process.exitCode = await toolmazeEntry.fetch.run(${JSON.stringify(args)});
} catch (error) {
  if (typeof error?.code !== 'string' || error.code === 'internal') throw error;
  process.stderr.write(error.code + ': ' + error.message + '\\n');
  process.exitCode = 2;
}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ADAPTER_ROOT, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit, stdout, stderr }));
    child.stdin.end();
  });
}
