import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SERVICES } from '@recovery-bench/harness';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_SUITE } from './bridge/paths.ts';
import { loudquietEntry, LoudquietConfigSchema } from './entry.ts';
import { userText } from './loop/agent-loop.ts';
import { sharedBridgePool } from './bridge/client.ts';
import { GET_REAL_DATA } from './loop/source.ts';
import { LOUDQUIET_ENV } from './suite/source.ts';

afterAll(() => sharedBridgePool.closeAll());
const limits = { limits: { maxRounds: 25, requestTimeoutMs: 60_000 }, services: NO_SERVICES };

describe('the Loud/Quiet entry', () => {
  it('prepares the fixture suite: a trial per task and condition, the task as unit, sim scripts from the ground truth', async () => {
    const prepared = await loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: 'fixture' }), limits);
    try {
      expect(prepared.tasks).toHaveLength(25);
      expect(prepared.tasks.filter((t) => t.unit === 'F001').map((t) => t.id)).toEqual(['F001:clean', 'F001:timeout', 'F001:silent_corruption', 'F001:schema_drift', 'F001:missing_tool']);
      expect(prepared.tasks.every((t) => t.referenceStateJson !== null)).toBe(true);
      expect(prepared.manifest).toMatchObject({ source: 'fixture', tz: 'UTC', systemPromptSha256: 'cfe4c00b5f952456ad0497eb2f768508a9166dbb73cebe6ec0258baac2b58ad4' });
      const scripts = readdirSync(prepared.simScriptsDir!).map((f) => JSON.parse(readFileSync(join(prepared.simScriptsDir!, f), 'utf8')));
      expect(scripts).toHaveLength(5);
      const suite = JSON.parse(readFileSync(FIXTURE_SUITE, 'utf8')) as { task_id: string; turns: { role: string; content: string }[][] }[];
      const f001 = scripts.find((s) => s.id === 'loudquiet-F001');
      expect(f001.match.firstUserSha256).toBe(createHash('sha256').update(userText(suite[0]!.turns[0]!)).digest('hex'));
      // A user turn's calls are one step of that turn (a model may send them in one message); a turn without calls has none.
      expect(f001.steps).toEqual([
        { call: { name: 'plant', arguments: '{"crop": "beans", "count": 2}' }, turn: 1 },
        { calls: [{ name: 'water', arguments: '{"liters": 2.5}' }, { name: 'label_plot', arguments: '{"plot": 3, "label": "herbs"}' }], turn: 3 },
        { answer: 'Done.' },
      ]);
      // Ground truth that fails on a clean environment (a TypeError, an unknown tool, an unparsable string) is left out.
      const f003 = scripts.find((s) => s.id === 'loudquiet-F003');
      const names = (s: { call?: { name: string }; calls?: { name: string }[] }) => (s.calls ? s.calls.map((c) => c.name) : s.call?.name ?? 'answer');
      expect(f003.steps.map(names)).toEqual(['admit', 'deposit', 'tag_entries', ['status', 'dog_info'], 'answer']);
    } finally {
      await prepared.close?.();
    }
  });

  it('selects tasks or trials and conditions, and names its stimuli', async () => {
    const prepared = await loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: 'fixture', conditions: ['clean', 'timeout'], tasks: ['F002', 'F005:timeout'] }), limits);
    expect(prepared.tasks.map((t) => t.id)).toEqual(['F002:clean', 'F002:timeout', 'F005:timeout']);
    await prepared.close?.();
    expect(await loudquietEntry.stimuli(LoudquietConfigSchema.parse({ source: 'fixture' }))).toEqual([FIXTURE_SUITE, FIXTURE_SUITE.replace('task_suite.json', 'reference_states.json')]);
  });

  it('falls back from auto to the fixture suite with one warning naming what was missing, and names the source', async () => {
    const saved = { ...process.env };
    for (const name of Object.values(LOUDQUIET_ENV)) delete process.env[name];
    try {
      const prepared = await loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: 'auto', tasks: ['F001'] }), limits);
      expect(prepared.warnings).toHaveLength(1);
      expect(prepared.warnings[0]).toBe(`loudquiet: source auto: LOUDQUIET_GORILLA_DIR (a gorilla checkout) and LOUDQUIET_DATA_DIR or LOUDQUIET_BRITTLE_DIR (the data) are not set, so the fixture suite runs, not Loud/Quiet's 24 tasks (${GET_REAL_DATA})`);
      expect(prepared.source).toMatchObject({ kind: 'fixture', label: expect.stringContaining('Loud/Quiet fixture suite'), getReal: GET_REAL_DATA });
      await prepared.close?.();
      process.env.LOUDQUIET_GORILLA_DIR = '/somewhere/gorilla';
      const half = await loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: 'auto', tasks: ['F001'] }), limits);
      expect(half.warnings[0]).toMatch(/^loudquiet: source auto: LOUDQUIET_DATA_DIR or LOUDQUIET_BRITTLE_DIR \(the data\) is not set, so/);
      await half.close?.();
      const fixture = await loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: 'fixture', tasks: ['F001'] }), limits);
      expect(fixture.warnings).toEqual([]);
      await fixture.close?.();
    } finally {
      process.env = saved;
    }
  });

  it('refuses a config that names no data, or names a condition it does not know, in one line', async () => {
    await expect(loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: { gorilla: '/nowhere' } }), limits)).rejects.toThrow('benchmarks.loudquiet.source: give the data as checkout, dataDir, or suite and reference');
    expect(LoudquietConfigSchema.safeParse({ conditions: ['late'] }).success).toBe(false);
    await expect(loudquietEntry.prepare(LoudquietConfigSchema.parse({ source: { gorilla: '/nowhere', dataDir: '/nowhere/data' } }), limits)).rejects.toThrow(/\/nowhere\/data\/task_suite\.json.*not found/);
  });
});
