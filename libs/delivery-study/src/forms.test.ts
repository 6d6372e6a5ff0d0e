import { describe, expect, it } from 'vitest';
import { GUIDANCE } from '@recovery-bench/toolerror-core';
import { clientConversation, DELIVERY_FORMS, stimulusConversation } from './forms.ts';
import { generateStimuli } from './stimuli.ts';

const st = generateStimuli().find((s) => s.kind === 'fixable')!;
const note = (withGuidance: boolean) => {
  const args = Object.entries(st.arguments).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
  const text = `Note from the tool runtime: the last attempt called ${st.tool} with ${args} and it failed with: ${st.error}`;
  return withGuidance ? `${text}\n\n${GUIDANCE.fixable}` : text;
};

describe('the six deliveries, made by applyForm', () => {
  it('C0 is what the client sends; C1 appends the guidance sentence to the tool message', () => {
    expect(stimulusConversation(st, 'C0')).toEqual(clientConversation(st));
    const c1 = stimulusConversation(st, 'C1');
    expect(c1.slice(0, 2)).toEqual(clientConversation(st).slice(0, 2));
    expect(c1[2]).toMatchObject({ role: 'tool', content: `${st.error}\n${GUIDANCE.fixable}` });
  });

  it('A2B1 and C2 drop the failed exchange and append the note to the request, A2B1 without guidance', () => {
    expect(stimulusConversation(st, 'A2B1')).toEqual([{ role: 'user', content: `${st.request}\n\n${note(false)}` }]);
    expect(stimulusConversation(st, 'C2')).toEqual([{ role: 'user', content: `${st.request}\n\n${note(true)}` }]);
  });

  it('C3 keeps the exchange and adds the note as a new user turn; C4 drops it and adds the same turn', () => {
    expect(stimulusConversation(st, 'C3')).toEqual([...clientConversation(st), { role: 'user', content: note(true) }]);
    expect(stimulusConversation(st, 'C4')).toEqual([{ role: 'user', content: st.request }, { role: 'user', content: note(true) }]);
  });

  it('every form of every stimulus differs from every other (the study varies the delivery only)', () => {
    for (const s of generateStimuli().slice(0, 30)) {
      const rendered = DELIVERY_FORMS.map((f) => JSON.stringify(stimulusConversation(s, f)));
      expect(new Set(rendered).size).toBe(6);
      for (const r of rendered) expect(r).toContain(JSON.stringify(s.error).slice(1, -1));
    }
  });
});
