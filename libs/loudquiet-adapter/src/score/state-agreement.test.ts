import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dumpsPy, field, isPyDict, parsePyJson, type PyDict, type PyValue } from '../records/pyjson.ts';
import { stateAgreement } from './state-agreement.ts';

describe('state agreement (self-authored states)', () => {
  const ref = parsePyJson('{"Fuel": {"level": 40.0, "tank": {"max": 50.0}, "ids": "{67410}"}, "Mail": {}, "Clock": {"now": null}}');
  it('pools fields over classes; a reference class {} adds none; a missing field encodes as null', () => {
    expect(stateAgreement(ref, ref)).toEqual({ matched: 4, total: 4, value: 1 });
    const agent = parsePyJson('{"Fuel": {"level": 40, "tank": {"max": 50.0}}}');
    // level: 40 is not 40.0; ids missing; Clock.now missing encodes as null and matches the reference's null.
    expect(stateAgreement(agent, ref)).toEqual({ matched: 2, total: 4, value: 0.5 });
    expect(stateAgreement(parsePyJson('{}'), ref).matched).toBe(1);
  });
  it('compares nested values with sorted keys, and gives NaN against an empty reference', () => {
    const a = parsePyJson('{"Fuel": {"level": 40.0, "tank": {"max": 50.0}, "ids": "{67410}"}}');
    const b = parsePyJson('{"Fuel": {"ids": "{67410}", "tank": {"max": 50.0}, "level": 40.0}}');
    expect(stateAgreement(a, b).value).toBe(1);
    expect(stateAgreement(a, parsePyJson('{}')).value).toBeNaN();
  });
});

/** The real reference states, when a Loud/Quiet data folder is configured (spec §13 "from the data alone"). */
const dataDir = process.env.LOUDQUIET_DATA_DIR;
const refsPath = dataDir ? join(dataDir, 'reference_states.json') : undefined;
const real = refsPath !== undefined && existsSync(refsPath);

describe.runIf(real)('state agreement on reference_states.json (spec §13)', () => {
  const refs = real ? parsePyJson(readFileSync(refsPath!, 'latin1'), refsPath) : null;
  const state = (t: string): PyValue => field(field(refs!, t), 'state')!;
  const score = (agent: string, ref: string) => {
    const r = stateAgreement(state(agent), state(ref));
    return `${r.matched}/${r.total}`;
  };

  it('writes the file back byte for byte', () => {
    expect(dumpsPy(refs!, { indent: 2 })).toBe(readFileSync(refsPath!, 'latin1'));
  });

  it('scores every task 1.0 against itself, with the spec field totals', () => {
    const totals = [16, 10, 18, 15, 9, 10, 26, 20, 28, 2, 17, 13, 12, 23, 2, 2, 10, 10, 18, 15, 9, 10, 20, 20];
    totals.forEach((total, k) => {
      const t = `T${String(k + 1).padStart(3, '0')}`;
      expect(score(t, t), t).toBe(`${total}/${total}`);
    });
  });

  it('scores one task\'s state against another\'s reference as the spec lists', () => {
    const pairs: [string, string, string][] = [
      ['T019', 'T003', '12/18'], ['T011', 'T004', '9/15'], ['T020', 'T004', '6/15'], ['T013', 'T005', '7/9'], ['T024', 'T007', '19/26'],
      ['T007', 'T024', '19/20'], ['T008', 'T024', '12/20'], ['T017', 'T001', '5/16'],
    ];
    for (const [a, b, want] of pairs) expect(score(a, b), `${a}→${b}`).toBe(want);
  });

  it('scores {} and edited states as the spec lists', () => {
    const empty = parsePyJson('{}');
    const vs = (s: PyValue, t: string) => { const r = stateAgreement(s, state(t)); return `${r.matched}/${r.total}`; };
    expect(vs(empty, 'T001')).toBe('0/16');
    expect(vs(empty, 'T010')).toBe('0/2');
    expect(vs(empty, 'T012')).toBe('1/13');
    expect(stateAgreement(state('T001'), empty).value).toBeNaN();

    const t024 = parsePyJson(dumpsPy(state('T024'))) as PyDict;
    const vehicle = [...t024.values()].find((c) => isPyDict(c) && c.has('fuelLevel')) as PyDict;
    vehicle.set('fuelLevel', parsePyJson('40'));
    expect(vs(t024, 'T024')).toBe('19/20');

    const t005 = parsePyJson(dumpsPy(state('T005'))) as PyDict;
    const bot = [...t005.values()].find((c) => isPyDict(c) && c.has('watch_list')) as PyDict;
    bot.set('watch_list', [...(bot.get('watch_list') as PyValue[])].reverse());
    expect(vs(t005, 'T005')).toBe('8/9');
  });
});
