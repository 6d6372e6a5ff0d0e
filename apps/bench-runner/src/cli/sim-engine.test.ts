import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, exited, firstLine, REPO_ROOT } from '../testing/run-cli.ts';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = REPO_ROOT;

let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
});

function start(args: string[]): ChildProcessWithoutNullStreams {
  child = spawn(process.execPath, [BIN, 'sim-engine', ...args], { cwd: ROOT, stdio: 'pipe' });
  return child;
}

describe('recovery-bench sim-engine as a real process', () => {
  it('prints where it listens for --port 0, answers /health and a scripted chat request, and stops on SIGTERM', async () => {
    const scripts = await mkdtemp(join(tmpdir(), 'sim-cli-'));
    await writeFile(join(scripts, 'hello.yaml'), 'id: hello\nmatch: {marker: "[hello]"}\nsteps:\n  - answer: "scripted hello"\n');
    const proc = start(['--port', '0', '--profile', 'paper/qwen3-8b', '--seed', '3', '--model', 'sim-test', '--scripts', scripts]);
    const line = await firstLine(proc);
    const match = /^sim-engine listening on (http:\/\/127\.0\.0\.1:(\d+)) \(profile paper\/qwen3-8b\)$/.exec(line);
    expect(match, line).not.toBeNull();
    const url = match![1]!;
    expect(Number(match![2])).toBeGreaterThan(0);
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
    const chat = await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'sim-test', messages: [{ role: 'user', content: '[hello] hi' }] }) });
    const body = (await chat.json()) as { model: string; choices: Array<{ message: { content: string } }> };
    expect(body.model).toBe('sim-test');
    expect(body.choices[0]!.message.content).toBe('scripted hello');
    const done = exited(proc);
    proc.kill('SIGTERM');
    expect((await done).code).toBe(0);
  }, 30_000);

  it.each([
    [['--profile', 'llama-3.1-8b'], /^recovery-bench sim-engine: unknown profile "llama-3.1-8b" \(did you mean "paper\/llama-3.1-8b"\?\)/],
    [['--port', '80000', '--profile', 'ideal'], /--port must be an integer from 0 to 65535/],
    [[], /--profile is required/],
    [['--profile', 'ideal', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a user mistake: one line on stderr, exit 2', async (args, message) => {
    const { code, stderr } = await exited(start(args));
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  }, 30_000);
});
