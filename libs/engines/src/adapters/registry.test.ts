import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { freePort } from './free-port.ts';
import { LogCapture } from './log-capture.ts';
import { ENGINE_ADAPTER_IDS, ENGINE_ADAPTERS, EngineConfigSchema, getEngineAdapterEntry, startEngine } from './registry.ts';
import { waitUntilReady } from './wait.ts';

describe('the adapter registry', () => {
  it('maps each config kind to its adapter, loaded on demand, with the same schema', async () => {
    expect(ENGINE_ADAPTER_IDS).toEqual(['sim', 'external', 'process', 'docker']);
    for (const id of ENGINE_ADAPTER_IDS) {
      const adapter = await ENGINE_ADAPTERS[id].load();
      expect(adapter.id).toBe(id);
      expect(adapter.configSchema).toBe(ENGINE_ADAPTERS[id].configSchema);
    }
  });

  it('misses helpfully and parses configs strictly', () => {
    expect(() => getEngineAdapterEntry('dokcer')).toThrow(/unknown engine adapter "dokcer" \(did you mean "docker"\?\)/);
    expect(EngineConfigSchema.safeParse({ kind: 'sim', profile: 'ideal', typo: 1 }).success).toBe(false);
    expect(EngineConfigSchema.safeParse({ kind: 'podman' }).success).toBe(false);
  });

  it('starts the sim engine in-process and an external engine in front of it, both healthy, both disposable', async () => {
    await using sim = await startEngine({ kind: 'sim', profile: 'ideal' }, { runId: 't' });
    expect(sim).toMatchObject({ model: 'sim-ideal', engineKind: 'generic', detail: { adapter: 'sim', profile: 'ideal', seed: 0 } });
    expect(await sim.health()).toMatchObject({ ok: true });
    await using external = await startEngine({ kind: 'external', url: `${sim.url}/v1/`, engine: 'vllm', model: 'm' }, { runId: 't' });
    expect(external).toMatchObject({ url: sim.url, baseUrl: `${sim.url}/v1`, model: 'm', engineKind: 'vllm' });
    expect(await external.health()).toMatchObject({ ok: true, status: 200 });
  });

  it('an external URL that does not answer fails the start, unless told to trust it', async () => {
    const port = await freePort();
    const error = await startEngine({ kind: 'external', url: `http://127.0.0.1:${port}/v1` }, { runId: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'engine:unreachable', message: expect.stringContaining('ECONNREFUSED') });
    const trusted = await startEngine({ kind: 'external', url: `http://127.0.0.1:${port}`, checkOnStart: false }, { runId: 't' });
    expect((await trusted.health()).ok).toBe(false);
  });

  it('a bad sim profile is a config error; an aborted signal stops before anything starts', async () => {
    await expect(startEngine({ kind: 'sim', profile: 'paper/qwen9' }, { runId: 't' })).rejects.toMatchObject({ code: 'engine:bad-config' });
    await expect(startEngine({ kind: 'sim', profile: 'ideal' }, { runId: 't', signal: AbortSignal.abort('stop') })).rejects.toMatchObject({ code: 'engine:aborted' });
  });
});

describe('log capture and waiting', () => {
  it('keeps the last lines of both streams and writes each to its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-logs-'));
    const capture = new LogCapture({ dir, name: 'e', ringSize: 3 });
    capture.stdout.write('one\ntwo\n');
    capture.stderr.write('three\r\nfour\nfi');
    capture.stdout.write('ve');
    await new Promise((r) => setImmediate(r));
    expect(capture.lines()).toEqual(['two', 'three', 'four', 've', 'fi']);
    await capture.close();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(dir, 'e.stdout.log'), 'utf8')).toBe('one\ntwo\nve');
    expect(readFileSync(join(dir, 'e.stderr.log'), 'utf8')).toBe('three\r\nfour\nfi');
  });

  it('fails at once when the engine dies between probes, not at the timeout', async () => {
    let died!: (e: EngineError) => void;
    const death = new Promise<EngineError>((r) => (died = r));
    setTimeout(() => died(new EngineError('engine:process-exited', 'gone')), 100);
    const started = Date.now();
    await expect(waitUntilReady({ what: 'x', probe: async () => ({ ok: false, message: '503' }), alive: async () => {}, died: death, timeoutMs: 60_000, intervalMs: 10_000 })).rejects.toMatchObject({ code: 'engine:process-exited' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(waitUntilReady({ what: 'x', probe: async () => ({ ok: false, message: '503 Loading model' }), alive: async () => {}, timeoutMs: 200, intervalMs: 50 })).rejects.toMatchObject({ code: 'engine:health-timeout', message: expect.stringContaining('503 Loading model') });
  });
});
