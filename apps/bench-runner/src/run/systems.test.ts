import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';

const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };

describe('a system with an output cap', () => {
  it('has the proxy lower every output budget to maxTokensCap, as calls.jsonl\'s clamp records; the same engine without it is untouched', async () => {
    const config = parseRunConfig({
      version: 1, name: 'capped',
      engines: { sglang: { kind: 'sim' } },
      models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
      systems: [{ id: 'S', engine: 'sglang', arm: 'off' }, { id: 'S-8192', engine: 'sglang', arm: 'off', maxTokensCap: 8192 }],
      benchmarks: { toolmaze: { conditions: ['P1'], limit: 2 } },
    }, 'capped');
    expect(config.systems.map((s) => s.maxTokensCap)).toEqual([undefined, 8192]);
    const result = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-capped-')), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const of = (system: string) => calls.filter((c) => c.runId === system);
    expect(of('S-8192').length).toBeGreaterThan(0);
    for (const c of of('S-8192')) {
      expect(c.clamp).toMatchObject({ limit: 8192, sent: 8192 });
      expect(c.forwarded.max_tokens).toBe(8192);
    }
    for (const c of of('S')) expect(c.clamp.limit).toBe(c.clamp.requested);
  }, 60_000);
});

describe('a system with the engine\'s own layer (engine-c3)', () => {
  it('gets form c3 from the proxy on the sim engine, which has no layer of its own; the off system on the same engine is untouched', async () => {
    const config = parseRunConfig({
      version: 1, name: 'g-on-sim',
      engines: { geulpu: { kind: 'sim' } },
      models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
      systems: [{ id: 'G-off', engine: 'geulpu', arm: 'off' }, { id: 'G-on', engine: 'geulpu', arm: 'engine-c3' }],
      benchmarks: { toolmaze: { conditions: ['P1'], limit: 4 } },
    }, 'g-on-sim');
    const result = await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-g-on-')), repoRoot: REPO_ROOT, ...quiet });
    expect(result.manifest.status).toBe('complete');
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const on = calls.filter((c) => c.runId === 'G-on');
    expect(on.every((c) => c.layer.mode === 'proxy' && c.layer.form === 'c3' && !('geulpu_tool_errors' in c.forwarded))).toBe(true);
    expect(on.some((c) => c.layer.changed === true && JSON.stringify(c.forwarded.messages).includes('Note from the tool runtime:'))).toBe(true);
    expect(calls.filter((c) => c.runId === 'G-off').some((c) => c.layer.changed === true)).toBe(false);
  }, 60_000);
});
