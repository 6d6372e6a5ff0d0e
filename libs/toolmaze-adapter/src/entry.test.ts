import { fileURLToPath } from 'node:url';
import { NO_SERVICES } from '@recovery-bench/harness';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sharedBridgePool } from './bridge/bridge-client.ts';
import { TOOLMAZE_ROOT_ENV, toolmazeEntry, ToolmazeConfigSchema } from './entry.ts';

const FAKE_CHECKOUT = fileURLToPath(new URL('./testdata/fake-toolmaze', import.meta.url));
const ctx = { limits: { maxRounds: 25, requestTimeoutMs: 45_000 }, services: NO_SERVICES };
const saved = process.env[TOOLMAZE_ROOT_ENV];

afterEach(() => {
  if (saved === undefined) delete process.env[TOOLMAZE_ROOT_ENV];
  else process.env[TOOLMAZE_ROOT_ENV] = saved;
});
afterAll(() => sharedBridgePool.closeAll());

describe('the ToolMaze entry\'s task source', () => {
  it('runs the fixture suite by default, named as fixture tasks with the way to the real ones, and no warning', async () => {
    const prepared = await toolmazeEntry.prepare(ToolmazeConfigSchema.parse({}), ctx);
    expect(prepared.source).toEqual({
      kind: 'fixture',
      label: "ToolMaze fixture suite (self-authored stand-ins in ToolMaze's format, not ToolMaze's tasks)",
      getReal: `recovery-bench fetch toolmaze --dest ToolMaze && export ${TOOLMAZE_ROOT_ENV}=$PWD/ToolMaze`,
    });
    expect(prepared.warnings).toEqual([]);
  });

  it('falls back from auto to the fixture suite with one warning naming what was missing', async () => {
    delete process.env[TOOLMAZE_ROOT_ENV];
    const prepared = await toolmazeEntry.prepare(ToolmazeConfigSchema.parse({ source: 'auto' }), ctx);
    expect(prepared.source.kind).toBe('fixture');
    expect(prepared.warnings).toEqual([`toolmaze: source auto: ${TOOLMAZE_ROOT_ENV} is not set, so the fixture suite runs, not ToolMaze's tasks (${prepared.source.getReal})`]);
  });

  it('reads the checkout TOOLMAZE_ROOT names under auto, and names it with its data hash', async () => {
    process.env[TOOLMAZE_ROOT_ENV] = FAKE_CHECKOUT;
    const prepared = await toolmazeEntry.prepare(ToolmazeConfigSchema.parse({ source: 'auto' }), ctx);
    expect(prepared.source.kind).toBe('real');
    expect(prepared.source.label).toMatch(new RegExp(`^ToolMaze checkout ${FAKE_CHECKOUT} at an unknown commit \\(no \\.git\\), data revision not the pinned one \\(perturbed tasks SHA-256 [0-9a-f]{12}\\)$`));
    expect(prepared.warnings.some((w) => w.startsWith('data-hash-mismatch'))).toBe(true);
    expect(await toolmazeEntry.stimuli(ToolmazeConfigSchema.parse({ source: 'auto' }))).toEqual([`${FAKE_CHECKOUT}/data/perturbed_tasks`, `${FAKE_CHECKOUT}/tools`]);
  });
});
