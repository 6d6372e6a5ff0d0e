import { describe, expect, it } from 'vitest';
import { GUIDANCE } from '@recovery-bench/toolerror-core';
import { allTexts, generateStimuli, KINDS } from './stimuli.ts';
import { STUDY_TOOLS, STUDY2_TOOLS, TOOL_SPECS, toolSpecs } from './tools.ts';

describe('the stimuli', () => {
  const all = generateStimuli();

  it('are six tools × ten scenarios × three kinds, every tool with its schema', () => {
    expect(all).toHaveLength(180);
    expect(new Set(all.map((s) => s.scenario)).size).toBe(60);
    for (const tool of STUDY_TOOLS) expect(new Set(all.filter((s) => s.tool === tool.name).map((s) => s.scenario)).size).toBe(10);
    expect(TOOL_SPECS.map((t) => t.function.name)).toEqual(['get_flight_status', 'get_order', 'track_parcel', 'find_book', 'check_room', 'get_menu']);
    for (const st of all) {
      const schema = TOOL_SPECS.find((t) => t.function.name === st.tool)!.function.parameters as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(st.arguments).sort()).toEqual([...schema.required].sort());
    }
  });

  it('are drawn from the seed: the same seed gives the same stimuli, another seed other values', () => {
    expect(generateStimuli()).toEqual(all);
    const other = generateStimuli(7);
    expect(other.map((s) => s.request)).not.toEqual(all.map((s) => s.request));
    expect(new Set(all.map((s) => s.variant))).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('give a fixable error that names the value to use, and a correct action that is checkable', () => {
    for (const st of all) {
      if (st.kind === 'fixable') {
        const [key] = Object.keys(st.expected!).filter((k) => st.expected![k] !== st.arguments[k]);
        expect(st.error).toContain(st.expected![key!]!);
      }
      if (st.kind === 'transient') expect(st.expected).toEqual(st.arguments);
      if (st.kind === 'unrecoverable') expect(st.expected).toBeNull();
      expect(st.result).toContain(st.key);
    }
  });

  it('have five distinct texts per kind and tool, none of a fixable text borrowing another kind\'s words', () => {
    for (const tool of STUDY_TOOLS) {
      const texts = allTexts(tool, { good: 'GOOD-1234', bad: 'bad1234' });
      for (const kind of KINDS) expect(new Set(texts[kind]).size).toBe(5);
      for (const text of texts.fixable) expect(text).not.toMatch(/\b(401|403|429|50[234])\b|forbidden|permission|denied|unavailable|timeout|timed out|try again|busy/i);
      for (const text of Object.values(texts).flat()) expect(text).not.toContain(GUIDANCE.transient);
    }
  });

  it('never put a bare status code into a value (a scenario value must not read as an error kind)', () => {
    for (const st of all) for (const v of [...Object.values(st.arguments), ...Object.values(st.expected ?? {})]) expect(v).not.toMatch(/\b(401|403|429|50[234])\b/);
  });
});

describe('Study 2\'s own stimuli', () => {
  const study2 = generateStimuli(undefined, 'study2');

  it('are 60 fresh scenarios on six tools other than Study 1\'s, three kinds each: 900 conversations per model in C0–C4', () => {
    expect(study2).toHaveLength(180);
    expect(study2.every((s) => s.set === 'study2')).toBe(true);
    const names = toolSpecs('study2').map((t) => t.function.name);
    expect(names).toHaveLength(6);
    for (const name of names) expect(TOOL_SPECS.map((t) => t.function.name)).not.toContain(name);
    for (const tool of STUDY2_TOOLS) expect(new Set(study2.filter((s) => s.tool === tool.name).map((s) => s.scenario)).size).toBe(10);
    expect(study2.length * 5).toBe(900);
    // Study 1's stimuli are unchanged by Study 2's (their own streams and tools).
    expect(generateStimuli()).toEqual(generateStimuli(undefined, 'study1'));
    expect(new Set(study2.map((s) => s.request)).size).toBe(60);
  });

  it('hold the same rules: checkable actions, the arguments the schema requires, no status code in a value', () => {
    for (const st of study2) {
      const schema = toolSpecs('study2').find((t) => t.function.name === st.tool)!.function.parameters as { required: string[] };
      expect(Object.keys(st.arguments).sort()).toEqual([...schema.required].sort());
      if (st.kind === 'fixable') {
        const [key] = Object.keys(st.expected!).filter((k) => st.expected![k] !== st.arguments[k]);
        expect(key).toBeDefined();
        expect(st.error).toContain(st.expected![key!]!);
      }
      expect(st.result).toContain(st.key);
      for (const v of [...Object.values(st.arguments), ...Object.values(st.expected ?? {})]) expect(v).not.toMatch(/\b(401|403|429|50[234])\b/);
    }
  });
});
