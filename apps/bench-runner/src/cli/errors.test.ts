import { afterEach, describe, expect, it, vi } from 'vitest';
import { BenchError } from '@recovery-bench/harness';
import { LayerInputError } from '@recovery-bench/toolerror-core';
import { UsageError } from './args.ts';
import { CliError } from '@recovery-bench/harness';
import { runReportingUserErrors, userErrorReport } from './errors.ts';

function captureStderr(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

describe('the command line reports user errors in one place', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints a user error of any library as one line, then its hint, and exits 2', async () => {
    const stderr = captureStderr();
    const code = await runReportingUserErrors('run', async () => {
      throw new BenchError('config:invalid', 'lab.yaml: unknown key "enignes"', { hint: 'see `recovery-bench validate --schema`' });
    });
    expect(code).toBe(2);
    expect(stderr.join('')).toBe('recovery-bench run: lab.yaml: unknown key "enignes"\nhint: see `recovery-bench validate --schema`\n');
    expect(userErrorReport('layer', new LayerInputError('layer:not-json', 'stdin is not JSON'))).toEqual({ text: 'recovery-bench layer: stdin is not JSON\n', exitCode: 2 });
    expect(userErrorReport('list', new UsageError('list what?'))).toEqual({ text: 'recovery-bench list: list what?\n', exitCode: 2 });
  });

  it('keeps the exit code and command words a command error carries', () => {
    const offline = new CliError('fetch:offline', 'offline: cannot reach github.com', { exitCode: 1, command: 'fetch toolmaze' });
    expect(userErrorReport('fetch', offline)).toEqual({ text: 'recovery-bench fetch toolmaze: offline: cannot reach github.com\n', exitCode: 1 });
  });

  it('throws anything else on, so that its stack trace is printed', async () => {
    const bug = new BenchError('internal', 'run log is closed');
    const plain = new TypeError('x is undefined');
    await expect(runReportingUserErrors('run', async () => { throw bug; })).rejects.toBe(bug);
    await expect(runReportingUserErrors('run', async () => { throw plain; })).rejects.toBe(plain);
    expect(userErrorReport('run', Object.assign(new Error('look-alike'), { code: 'config:invalid', userError: true }))).toBeUndefined();
  });
});
