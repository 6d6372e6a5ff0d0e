import { tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveEngineCount } from '../reaper.ts';
import { eventually, isAlive } from '../../testing/pids.ts';
import { findRealLlama } from '@recovery-bench/proxy/testing/real-llama';
import { processAdapter } from './adapter.ts';

// The process adapter with its default llama.cpp command line, against the real server (LLAMA_SERVER_BIN and
// LLAMA_SERVER_MODEL; CI points them at ../shared/engines/llama.cpp/).
const real = findRealLlama();
const LLAMA_SERVER = real.files;

describe.skipIf(!LLAMA_SERVER)(`the process adapter on a real llama.cpp server${LLAMA_SERVER ? '' : ` — skipped: ${real.missing}`}`, () => {
  const model = () => ({ path: LLAMA_SERVER!.model, servedName: 'tiny-qwen3', contextLength: 2048 });

  it('starts it with the default flags, waits for ready, reads the slot context from /props, serves, and stops without a trace', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'rb-llama-'));
    const engine = await processAdapter.start({ kind: 'process', engine: 'llama.cpp', command: LLAMA_SERVER!.bin, model: model(), parallel: 2, pollIntervalMs: 50 }, { runId: 'llama-test', logDir });
    const pid = engine.detail.pid as number;
    try {
      expect(isAlive(pid)).toBe(true);
      expect(engine.engineKind).toBe('llama.cpp');
      expect(engine.model).toBe('tiny-qwen3');
      // -c 4096 -np 2: each slot has 2,048 tokens, which /props reports.
      expect(engine.detail.checks).toEqual([{ name: 'context', ok: true, message: '/props n_ctx 2048 (wanted 2048 per slot, 2 slot(s))' }]);
      expect(engine.detail.command).toMatch(/ -c 4096 -np 2 /);
      const models = (await (await fetch(`${engine.baseUrl}/models`)).json()) as { data: { id: string }[] };
      expect(models.data.map((m) => m.id)).toEqual(['tiny-qwen3']);
      expect(await engine.health()).toMatchObject({ ok: true, status: 200 });
    } finally {
      await engine.stop();
    }
    expect(await eventually(() => !isAlive(pid))).toBe(true);
    expect(liveEngineCount()).toBe(0);
    expect(engine.logs().join('\n')).toMatch(/n_slots = 2/);
  }, 60_000);

  it('says which context it got when the model is configured for more than the server gives', async () => {
    const engine = await processAdapter.start({ kind: 'process', engine: 'llama.cpp', command: LLAMA_SERVER!.bin, model: { ...model(), contextLength: 8192 }, pollIntervalMs: 50 }, { runId: 'llama-ctx' });
    try {
      // The tiny model was trained with a 4,096-token context: llama.cpp lowers -c 8192 to it.
      const [check] = engine.detail.checks as { ok: boolean; message: string }[];
      expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/^\/props n_ctx \d+ \(wanted 8192 per slot, 1 slot\(s\)\)$/) });
    } finally {
      await engine.stop();
    }
  }, 60_000);
});
