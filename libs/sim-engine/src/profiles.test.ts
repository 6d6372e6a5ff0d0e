import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimConfigError } from './errors.ts';
import { TABLE_6, TABLE_6_FORMS } from './testing/paper-table6.ts';
import { resolveProfile, SIM_PROFILE_IDS } from './profiles.ts';
import { SIM_ERROR_KINDS, SIM_SITUATIONS } from './types.ts';

describe('built-in profiles', () => {
  it('lists ideal, stubborn, the eight models of Table 6, Llama-3.3-70B and Study 2\'s other four: all thirteen of Study 2', () => {
    const study2 = ['paper/llama-3.3-70b', 'paper/llama-3.2-3b', 'paper/gemma-4-31b', 'paper/qwen3.5-27b', 'paper/qwen3.6-27b'];
    expect(SIM_PROFILE_IDS).toEqual(['ideal', 'stubborn', ...Object.keys(TABLE_6), ...study2]);
  });

  it.each(['paper/llama-3.2-3b', 'paper/gemma-4-31b', 'paper/qwen3.5-27b', 'paper/qwen3.6-27b'])('%s: no Table 6 row, so every rate is marked interpolated and says where it comes from', async (id) => {
    const profile = await resolveProfile(id);
    for (const kind of SIM_ERROR_KINDS) {
      for (const rate of Object.values(profile.rates[kind])) {
        expect(rate.interpolated).toBe(true);
        expect(rate.source).toMatch(/^(interpolated|assumption): /);
      }
      // Appendix H: outside Llama-3.1 and Llama-3.3, C3 − C2 lay within a few points (C3 = C2 here), and C4 = C2 (S3).
      expect(profile.rates[kind].C3.p).toBe(profile.rates[kind].C2.p);
      expect(profile.rates[kind].C4.p).toBe(profile.rates[kind].C2.p);
    }
  });

  it.each(SIM_PROFILE_IDS)('%s loads, validates and carries its own id', async (id) => {
    const profile = await resolveProfile(id);
    expect(profile.id).toBe(id);
    expect(profile.title).toMatch(/not a language model/);
  });

  it.each(Object.keys(TABLE_6))('%s has Table 6’s row for C0, C1, note-no-guidance and C2', async (id) => {
    const profile = await resolveProfile(id);
    for (const kind of SIM_ERROR_KINDS) {
      TABLE_6_FORMS.forEach((form, col) => {
        expect(profile.rates[kind][form].p, `${kind} ${form}`).toBe(TABLE_6[id]![kind][col]);
        expect(profile.rates[kind][form].source).toMatch(/^Table 6, /);
        expect(profile.rates[kind][form].interpolated).toBe(false);
      });
      for (const form of ['C3', 'C4'] as const) {
        const rate = profile.rates[kind][form];
        expect(rate.source.length).toBeGreaterThan(20);
        expect(rate.interpolated).toBe(rate.source.startsWith('interpolated'));
      }
    }
  });

  it('gives Llama-3.1-8B the Study 2 rates reported for C3 and C4', async () => {
    const { rates } = await resolveProfile('paper/llama-3.1-8b');
    expect([rates.transient.C3.p, rates.unrecoverable.C3.p, rates.unrecoverable.C4.p]).toEqual([0.82, 0.98, 0]);
    expect([rates.transient.C3.interpolated, rates.unrecoverable.C3.interpolated, rates.fixable.C3.interpolated]).toEqual([false, false, true]);
  });

  it('gives Llama-3.3-70B Study 2\'s large-tier values: stopping 95/2/100% with C0/C2/C3, C3 − C2 +32.8 and S1 −1.9 over six models', async () => {
    const { rates } = await resolveProfile('paper/llama-3.3-70b');
    expect([rates.unrecoverable.C0.p, rates.unrecoverable.C2.p, rates.unrecoverable.C3.p]).toEqual([0.95, 0.02, 1]);
    expect([rates.unrecoverable.C0, rates.unrecoverable.C2, rates.unrecoverable.C3].every((r) => !r.interpolated && /large tier/.test(r.source))).toBe(true);
    const mean = (form: 'C2' | 'C3' | 'C4') => SIM_ERROR_KINDS.reduce((s, k) => s + rates[k][form].p, 0) / 3;
    // Reported to one decimal: +32.8 points for this model; S1 over the six large-tier models, the other five at 0.
    expect(Math.abs((mean('C3') - mean('C2')) * 100 - 32.8)).toBeLessThan(0.15);
    expect(Math.abs(((mean('C4') - mean('C3')) * 100) / 6 - -1.9)).toBeLessThan(0.05);
    for (const kind of SIM_ERROR_KINDS) {
      for (const form of ['C0', 'C1', 'note-no-guidance', 'C2', 'C3', 'C4'] as const) {
        const rate = rates[kind][form];
        expect(rate.interpolated, `${kind} ${form}`).toBe(/^(interpolated|assumption):/.test(rate.source));
        expect(rate.source.length).toBeGreaterThan(20);
      }
    }
  });

  it('makes Qwen2.5-7B 2.8 points worse with C3 than with C2, pooled over kinds', async () => {
    const { rates } = await resolveProfile('paper/qwen2.5-7b');
    const mean = (form: 'C2' | 'C3') => SIM_ERROR_KINDS.reduce((s, k) => s + rates[k][form].p, 0) / 3;
    expect(mean('C2') - mean('C3')).toBeCloseTo(0.028, 6);
  });

  it('ideal and stubborn are all ones and all zeros', async () => {
    for (const [id, p] of [['ideal', 1], ['stubborn', 0]] as const) {
      const { rates } = await resolveProfile(id);
      for (const kind of SIM_ERROR_KINDS) for (const s of SIM_SITUATIONS) expect(rates[kind][s].p).toBe(p);
    }
  });
});

describe('resolving a profile', () => {
  it('says "did you mean" on a miss', async () => {
    await expect(resolveProfile('llama-3.1-8b')).rejects.toThrow(/unknown profile "llama-3.1-8b" \(did you mean "paper\/llama-3.1-8b"\?\)/);
    await expect(resolveProfile('stubbron')).rejects.toThrow(/did you mean "stubborn"/);
    await expect(resolveProfile('nothing-like-it')).rejects.toMatchObject({ code: 'sim:unknown-profile' });
  });

  it('loads a profile file and names the file when it is invalid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-profile-'));
    const good = join(dir, 'mine.json');
    const row = { C0: 0.5, C1: 0.5, 'note-no-guidance': 0.5, C2: 0.5, C3: 0.5, C4: 0.5 };
    await writeFile(good, JSON.stringify({ id: 'mine', title: 't', unknownKind: { kind: 'fixable', source: 's' }, rates: { transient: row, fixable: row, unrecoverable: row } }));
    expect((await resolveProfile(good)).rates.fixable.C3).toEqual({ p: 0.5, source: 'unstated', interpolated: false });
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, 'id: bad\ntitle: t\nunknownKind: {kind: fixable, source: s}\nrates: {transient: {C0: 2}}\n');
    const error = await resolveProfile(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimConfigError);
    expect((error as SimConfigError).message).toContain(bad);
    expect((error as SimConfigError).code).toBe('sim:invalid-profile');
  });
});
