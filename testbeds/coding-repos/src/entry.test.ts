import { describe, expect, it } from 'vitest';
import { CodingConfigSchema, OUTPUT_LIMITS } from './entry.ts';

describe('the coding section of a run config', () => {
  it("gives every agent the paper's output limit (32,000 tokens) unless told otherwise", () => {
    expect(CodingConfigSchema.parse({}).agentLimits).toEqual({ maxOutputTokens: 32_000, contextWindow: 32_768, timeoutMs: 180_000 });
  });

  it('takes the deviation run\'s 8,192 by name, or any number of tokens', () => {
    expect(OUTPUT_LIMITS).toEqual({ paper: 32_000, 'capped-8192': 8_192 });
    expect(CodingConfigSchema.parse({ agentLimits: { maxOutputTokens: 'capped-8192' } }).agentLimits.maxOutputTokens).toBe(8_192);
    expect(CodingConfigSchema.parse({ agentLimits: { maxOutputTokens: 4096 } }).agentLimits.maxOutputTokens).toBe(4096);
    // A parsed section parses again to itself (a resumed run re-reads the config its manifest keeps).
    const parsed = CodingConfigSchema.parse({ agentLimits: { maxOutputTokens: 'paper' } });
    expect(CodingConfigSchema.parse(parsed)).toEqual(parsed);
    expect(CodingConfigSchema.safeParse({ agentLimits: { maxOutputTokens: 'short' } }).success).toBe(false);
  });

  it('takes the agent runs at once as one number for every model (default 4) or one per model, and rejects anything else', () => {
    expect(CodingConfigSchema.parse({}).concurrency).toBe(4);
    expect(CodingConfigSchema.parse({ concurrency: 6 }).concurrency).toBe(6);
    const perModel = CodingConfigSchema.parse({ concurrency: { 'qwen3-8b': 4, 'qwen3-32b': 1, default: 2 } });
    expect(perModel.concurrency).toEqual({ 'qwen3-8b': 4, 'qwen3-32b': 1, default: 2 });
    expect(CodingConfigSchema.parse(perModel)).toEqual(perModel);
    const message = (concurrency: unknown) => {
      const parsed = CodingConfigSchema.safeParse({ concurrency });
      return parsed.success ? 'accepted' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    };
    expect(message({ 'qwen3-32b': 0 })).toBe('concurrency.qwen3-32b: Too small: expected number to be >=1');
    expect(message({ 'qwen3-8b': 1.5 })).toBe('concurrency.qwen3-8b: expected a whole number of agent runs');
    expect(message(17)).toBe('concurrency: Too big: expected number to be <=16');
    expect(message({})).toBe('concurrency: name at least one model, or give one number for every model');
    for (const bad of ['four', { 'qwen3-8b': 'four' }, [4], null]) expect(message(bad)).toMatch(/^concurrency: agent runs at once: a whole number from 1 to 16 for every model, or one per model/);
  });
});
