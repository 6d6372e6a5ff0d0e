import { approximateTokenizer, costPerForm, generateStimuli, httpTokenizer, recomputedTokens } from '@recovery-bench/delivery-study';
import { startSimEngine, type SimEngine } from '@recovery-bench/sim-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** S6 with an engine's own /tokenize: the sim engine's, over HTTP on 127.0.0.1. */
describe('the delivery study\'s recomputed-prompt cost', () => {
  let sim: SimEngine;
  beforeAll(async () => {
    sim = await startSimEngine({ profile: 'paper/qwen3-8b' });
  });
  afterAll(() => sim.close());

  it('counts with the engine\'s tokenizer: C3 keeps the cached prefix but recomputes the kept result and the note', async () => {
    const stimuli = generateStimuli().slice(0, 12);
    const tokenize = httpTokenizer(`${sim.url}/tokenize`);
    const cost = await costPerForm(stimuli, ['C0', 'C2', 'C3'], tokenize);
    expect(cost.C0!.median).toBeGreaterThan(0);
    expect(cost.C3!.median).toBeGreaterThan(cost.C2!.median);
    expect(cost.C2!.median).toBeGreaterThan(cost.C0!.median);
    // The approximation ranks the forms the same way.
    const approx = await costPerForm(stimuli, ['C0', 'C2', 'C3'], approximateTokenizer);
    expect(approx.C3!.median).toBeGreaterThan(approx.C2!.median);
    expect(await recomputedTokens(stimuli[0]!, 'C0', tokenize)).toBeLessThan(await recomputedTokens(stimuli[0]!, 'C3', tokenize));
  });

  it('a URL that does not tokenize is a one-line user error', async () => {
    await expect(httpTokenizer(`${sim.url}/nope`)([], [])).rejects.toThrow(/did not answer a \/tokenize request with tokens \(HTTP 404\)/);
  });
});
