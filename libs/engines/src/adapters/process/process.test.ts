import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildContainerPlan } from '../docker/spec.ts';
import { DockerEngineConfigSchema } from '../docker/config.ts';
import { EngineError } from '../errors.ts';
import { liveEngineCount } from '../reaper.ts';
import { eventually, isAlive } from '../../testing/pids.ts';
import { processAdapter } from './adapter.ts';
import { buildProcessCommand } from './command.ts';
import { ProcessEngineConfigSchema } from './config.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = join(REPO_ROOT, 'apps/bench-runner/bin/recovery-bench.mjs');

async function startError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

/** A fake engine that starts a grandchild (`sleep`), prints its pid, and never becomes healthy. */
const NEVER_READY = `const { spawn } = require('node:child_process'); const c = spawn('sleep', ['300'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000);`;
const grandchildPid = (lines: readonly string[]) => Number(/grandchild (\d+)/.exec(lines.join('\n'))?.[1]);

describe('process engines', () => {
  it('starts the sim engine as a real process, learns its port from its output, serves, logs, and stops without a trace', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'rb-process-'));
    const engine = await processAdapter.start({
      kind: 'process', command: process.execPath, args: [BIN, 'sim-engine', '--port', '0', '--profile', 'ideal', '--model', '{servedName}'],
      urlFromOutput: 'listening on (?<url>http://\\S+)', model: { path: '-', servedName: 'sim-in-a-process' }, cwd: REPO_ROOT, pollIntervalMs: 100, healthTimeoutMs: 30_000,
    }, { runId: 'proc-test', logDir });
    const pid = engine.detail.pid as number;
    expect(isAlive(pid)).toBe(true);
    expect(engine.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(engine.baseUrl).toBe(`${engine.url}/v1`);
    expect(engine.model).toBe('sim-in-a-process');
    expect(await engine.health()).toMatchObject({ ok: true, status: 200 });
    const reply = await fetch(`${engine.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { model: string }).model).toBe('sim-in-a-process');
    expect(engine.logs().join('\n')).toMatch(/sim-engine listening on http:\/\/127\.0\.0\.1:\d+ \(profile ideal\)/);
    const files = engine.detail.logFiles as { stdout: string; stderr: string };
    expect(files.stdout).toBe(join(logDir, 'engines', 'eng-proc-test-generic-sim-in-a-process.stdout.log'));

    await engine[Symbol.asyncDispose]();
    expect(await eventually(() => !isAlive(pid))).toBe(true);
    expect(readFileSync(files.stdout, 'utf8')).toMatch(/sim-engine listening/);
    expect(liveEngineCount()).toBe(0);
    await engine.stop(); // idempotent
  }, 60_000);

  it('a process that exits before it is healthy fails the start at once, with its exit code and last lines', async () => {
    const started = Date.now();
    const error = await startError(processAdapter.start({
      kind: 'process', command: process.execPath, args: ['-e', `console.log('loading /models/x.gguf'); console.error('error: failed to load model'); process.exit(4)`],
      healthTimeoutMs: 60_000,
    }, { runId: 'proc-exit' }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error.code).toBe('engine:process-exited');
    expect(error.details.exitCode).toBe(4);
    expect(error.details.lastLogLines).toEqual(expect.arrayContaining(['loading /models/x.gguf', 'error: failed to load model']));
    expect(error.details.commandLine).toContain(process.execPath);
    expect(error.report()).toMatch(/exited with code 4[\s\S]*\| error: failed to load model[\s\S]*command:/);
    expect(liveEngineCount()).toBe(0);
  }, 30_000);

  it('a binary that is not there is a spawn failure', async () => {
    const error = await startError(processAdapter.start({ kind: 'process', command: 'no-such-engine-binary-rb', args: [], healthTimeoutMs: 5_000 }, { runId: 'proc-enoent' }));
    expect(error.code).toBe('engine:spawn-failed');
    expect(error.hint).toMatch(/PATH/);
  });

  it('a health timeout kills the whole process group, grandchildren included', async () => {
    const error = await startError(processAdapter.start({ kind: 'process', command: process.execPath, args: ['-e', NEVER_READY], healthTimeoutMs: 1_500, pollIntervalMs: 100, stopTimeoutMs: 500 }, { runId: 'proc-timeout' }));
    expect(error.code).toBe('engine:health-timeout');
    const grandchild = grandchildPid(error.details.lastLogLines ?? []);
    expect(grandchild).toBeGreaterThan(0);
    expect(await eventually(() => !isAlive(grandchild))).toBe(true);
    expect(liveEngineCount()).toBe(0);
  }, 30_000);

  it('an abort during the wait stops the start and leaves no process', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort('SIGINT'), 800);
    const error = await startError(processAdapter.start({ kind: 'process', command: process.execPath, args: ['-e', NEVER_READY], healthTimeoutMs: 60_000, pollIntervalMs: 100 }, { runId: 'proc-abort', signal: controller.signal }));
    expect(error.code).toBe('engine:aborted');
    expect(error.message).toMatch(/SIGINT/);
    const grandchild = grandchildPid(error.details.lastLogLines ?? []);
    expect(await eventually(() => !isAlive(grandchild))).toBe(true);
    expect(liveEngineCount()).toBe(0);
  }, 30_000);
});

describe('process command lines', () => {
  it('the Docker adapter runs the same server flags as the process adapter, but for the paths and the address', () => {
    const shared = { model: { path: '/weights/q8.gguf', servedName: 'q', contextLength: 4096 }, parallel: 4, seed: 7 };
    const process = buildProcessCommand(ProcessEngineConfigSchema.parse({ kind: 'process', engine: 'llama.cpp', ...shared }), 8081);
    const docker = buildContainerPlan(DockerEngineConfigSchema.parse({ kind: 'docker', engine: 'llama.cpp', network: 'host', ...shared }), { runId: 'r', hostPort: 8081 });
    const inContainer = (docker.spec.Cmd ?? []).map((arg) => (arg.endsWith(`/${basename(shared.model.path)}`) ? shared.model.path : arg));
    expect(inContainer).toEqual(process.args);
  });
  it('defaults to the engine\'s own server with the same flags as its container', () => {
    const config = ProcessEngineConfigSchema.parse({ kind: 'process', engine: 'llama.cpp', port: 8081, model: { path: '/m/q.gguf', servedName: 'q', contextLength: 4096 } });
    expect(buildProcessCommand(config, 8081)).toMatchObject({
      command: 'llama-server',
      args: ['-m', '/m/q.gguf', '--alias', 'q', '--jinja', '-c', '4096', '-np', '1', '-ngl', '99', '-fa', 'auto', '-s', '0', '--host', '127.0.0.1', '--port', '8081'],
      line: 'llama-server -m /m/q.gguf --alias q --jinja -c 4096 -np 1 -ngl 99 -fa auto -s 0 --host 127.0.0.1 --port 8081',
    });
    const vllm = buildProcessCommand(ProcessEngineConfigSchema.parse({ kind: 'process', engine: 'vllm', model: { path: '/m/Qwen3-8B' } }), 8000);
    expect([vllm.command, ...vllm.args.slice(0, 2)]).toEqual(['vllm', 'serve', '/m/Qwen3-8B']);
    expect(vllm.line.startsWith('HF_HUB_OFFLINE=1 VLLM_BATCH_INVARIANT=1 vllm serve')).toBe(true);
  });

  it('needs arguments and a binary for an engine without a default, and the model for a default command line', () => {
    const issues = (input: object) => ProcessEngineConfigSchema.safeParse({ kind: 'process', ...input }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ engine: 'geulpu' })).toEqual(['args', 'command']);
    expect(issues({ engine: 'sglang' })).toEqual(['model']);
    expect(issues({ command: 'x', args: [], urlFromOutput: '(' })).toEqual(['urlFromOutput']);
    expect(existsSync(BIN)).toBe(true);
  });
});
