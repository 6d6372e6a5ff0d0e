import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '@recovery-bench/proxy';
import { EngineError } from '../errors.ts';
import { liveEngineCount } from '../reaper.ts';
import { startEngine } from '../registry.ts';
import { containersOfRun, ensureTestImage, fakeEngineConfig, REPO_ROOT, TEST_IMAGE, uniqueRunId } from '../../testing/docker.ts';
import { connectDocker, dockerStatus } from './client.ts';
import { LABELS } from './config.ts';
import { pruneEngines } from './prune.ts';

const docker = await dockerStatus();
const HOLD = fileURLToPath(new URL('../../testing/hold-engine-process.ts', import.meta.url));

async function failedStart(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe.skipIf(!docker.ok)(`Docker lifecycle against a real engine${docker.ok ? ` (${docker.version})` : ` — skipped: ${docker.reason}`}`, () => {
  beforeAll(ensureTestImage, 120_000);

  it('creates, starts, waits through "Loading model", captures logs, labels the container, mounts the model read-only, and removes it', async () => {
    const runId = uniqueRunId('life');
    const logDir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/rb-int-`);
    const phases: string[] = [];
    const engine = await startEngine(fakeEngineConfig({ FAKE_READY_AFTER_MS: '1200' }, { sourceRef: 'test-ref' }), { runId, logDir, onProgress: (e) => phases.push(`${e.phase}: ${e.message}`) });
    expect(phases.some((p) => p.startsWith('wait:') && p.includes('503'))).toBe(true);
    expect(phases.at(-1)).toMatch(/^ready:/);
    expect(engine).toMatchObject({ model: 'fake-model', engineKind: 'geulpu', detail: { adapter: 'docker', image: TEST_IMAGE, pulled: false, source: { ref: 'test-ref', revision: null } } });
    expect(await engine.health()).toMatchObject({ ok: true, status: 200 });

    const [info] = await containersOfRun(runId);
    expect(info).toBeDefined();
    expect(info!.Labels).toMatchObject({ [LABELS.managed]: 'true', [LABELS.run]: runId, [LABELS.engine]: 'geulpu', [LABELS.model]: 'fake-model' });
    expect(info!.State).toBe('running');
    expect(await (await fetch(`${engine.url}/probe/model-writable`)).json()).toMatchObject({ writable: false, code: 'EROFS' });

    expect(engine.logs().join('\n')).toMatch(/fake-engine: loading model \/models\/fake-Q8_0\.gguf as fake-model/);
    expect(engine.logs().join('\n')).toMatch(/a line on stderr/);
    await engine.stop();
    const files = engine.detail.logFiles as { stdout: string; stderr: string };
    expect(readFileSync(files.stdout, 'utf8')).toMatch(/^\S+Z fake-engine: listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(readFileSync(files.stdout, 'utf8')).toMatch(/SIGTERM, stopping/);
    expect(readFileSync(files.stderr, 'utf8')).toMatch(/a line on stderr/);
    expect(await containersOfRun(runId)).toEqual([]);
    expect(liveEngineCount()).toBe(0);
  }, 60_000);

  it('a container that exits fails the start at once with its exit code, last log lines and docker run line, and is removed', async () => {
    const runId = uniqueRunId('exit');
    const started = Date.now();
    const error = await failedStart(startEngine(fakeEngineConfig({ FAKE_EXIT_AFTER_MS: '300', FAKE_EXIT_CODE: '3', FAKE_READY_AFTER_MS: '600000' }, { healthTimeoutMs: 120_000 }), { runId }));
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(error.code).toBe('engine:container-exited');
    expect(error.details.exitCode).toBe(3);
    expect(error.details.oomKilled).toBe(false);
    expect(error.details.lastLogLines?.at(-1)).toMatch(/fatal: cannot allocate 17179869184 bytes for the KV cache$/);
    expect(error.details.dockerRunLine).toMatch(new RegExp(`^docker run -d --name eng-${runId}-geulpu-fake-model --label engines.managed=true .* --network host .*${TEST_IMAGE.replace('/', '\\/')} sh -c`));
    expect(error.report()).toMatch(/exited with code 3[\s\S]*last \d+ log line\(s\):[\s\S]*KV cache[\s\S]*reproduce with:\n {2}docker run/);
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('a health timeout leaves no container behind', async () => {
    const runId = uniqueRunId('timeout');
    const error = await failedStart(startEngine(fakeEngineConfig({ FAKE_READY_AFTER_MS: '600000' }, { healthTimeoutMs: 2_500 }), { runId }));
    expect(error.code).toBe('engine:health-timeout');
    expect(error.message).toMatch(/503 .*Loading model/);
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('an abort while waiting (Ctrl-C in a run) leaves no container behind', async () => {
    const runId = uniqueRunId('abort');
    const controller = new AbortController();
    const start = startEngine(fakeEngineConfig({ FAKE_READY_AFTER_MS: '600000' }, { healthTimeoutMs: 120_000 }), {
      runId, signal: controller.signal, onProgress: (e) => e.phase === 'wait' && controller.abort('SIGINT'),
    });
    const error = await failedStart(start);
    expect(error.code).toBe('engine:aborted');
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('SIGTERM or SIGINT to a process that holds an engine (and has no handler of its own) removes the container', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const runId = uniqueRunId(`sig-${signal.toLowerCase()}`);
      const child = execa(process.execPath, ['--import', 'tsx', HOLD, JSON.stringify(fakeEngineConfig()), runId], { cwd: REPO_ROOT, reject: false });
      const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(chunk.toString()).toMatch(/^ready http/);
      expect(await containersOfRun(runId)).toHaveLength(1);
      child.kill(signal);
      const result = await child;
      expect(result.signal).toBe(signal);
      expect(await containersOfRun(runId)).toEqual([]);
    }
  }, 90_000);

  it('no GPU on this host: a GPU request fails as gpu-unavailable and leaves nothing behind', async () => {
    const info = (await (await connectDocker()).info()) as { Runtimes?: Record<string, unknown> };
    if (info.Runtimes && 'nvidia' in info.Runtimes) return; // a GPU host: nothing to show here
    const runId = uniqueRunId('gpu');
    const error = await failedStart(startEngine(fakeEngineConfig({}, { gpus: 'all' }), { runId }));
    expect(error.code).toBe('engine:gpu-unavailable');
    expect(error.hint).toMatch(/nvidia-container-toolkit/);
    expect(error.details.dockerRunLine).toContain(' --gpus all ');
    expect(await containersOfRun(runId)).toEqual([]);
  }, 60_000);

  it('images: a missing one with pull "never" is image-missing; a pull that cannot reach its registry is image-pull-failed', async () => {
    const missing = await failedStart(startEngine(fakeEngineConfig({}, { image: 'recovery-bench/not-built:0' }), { runId: uniqueRunId('img') }));
    expect(missing.code).toBe('engine:image-missing');
    const unreachable = await failedStart(startEngine(fakeEngineConfig({}, { image: 'registry.invalid/geulpu:0.15.0', pull: 'missing' }), { runId: uniqueRunId('img') }));
    expect(unreachable.code).toBe('engine:image-pull-failed');
    expect(unreachable.message).toMatch(/registry\.invalid/);
  }, 60_000);

  it('prune removes leftovers by label: one run, or only stopped containers', async () => {
    const client = await connectDocker();
    const [runA, runB] = [uniqueRunId('pruneA'), uniqueRunId('pruneB')];
    const kept = await startEngine(fakeEngineConfig({}, { keepContainer: true }), { runId: runA });
    await kept.stop();
    expect((await containersOfRun(runA)).map((c) => c.State)).toEqual(['exited']);
    // A running leftover, as a killed process would leave it.
    const orphan = await client.createContainer({ name: `eng-${runB}-orphan`, Image: TEST_IMAGE, Cmd: ['sleep', '300'], Labels: { [LABELS.managed]: 'true', [LABELS.run]: runB }, HostConfig: { NetworkMode: 'host', Mounts: [{ Type: 'bind', Source: '/usr', Target: '/usr', ReadOnly: true }] } });
    await orphan.start();

    const stoppedOnly = await pruneEngines({ stoppedOnly: true, runId: runB, docker: client });
    expect(stoppedOnly.removed).toEqual([]);
    const a = await pruneEngines({ runId: runA, docker: client });
    expect(a.removed.map((c) => [c.run, c.state])).toEqual([[runA, 'exited']]);
    expect(await containersOfRun(runB)).toHaveLength(1);
    const b = await pruneEngines({ runId: runB, docker: client });
    expect(b.removed.map((c) => [c.name, c.state])).toEqual([[`eng-${runB}-orphan`, 'running']]);
    expect([...(await containersOfRun(runA)), ...(await containersOfRun(runB))]).toEqual([]);
  }, 60_000);

  it('GeulPU behind the proxy in engine-layer mode: geulpu_tool_errors reaches the engine, X-GeulPU-Tool-Errors comes back', async () => {
    await using engine = await startEngine(fakeEngineConfig(), { runId: uniqueRunId('geulpu') });
    await using proxy = await startProxy({ upstream: { url: engine.url, engine: engine.engineKind }, model: { servedName: engine.model }, layer: { form: 'c3', engineLayer: true } });
    const response = await fetch(`${proxy.url}/runs/t/v1/chat/completions`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'anything', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-geulpu-tool-errors')).toBe('form=c3');
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toContain('tool errors c3');
    expect(await (await fetch(`${engine.url}/probe/seen`)).json()).toEqual([{ model: 'fake-model', geulpu_tool_errors: 'c3' }]);
  }, 60_000);
});
