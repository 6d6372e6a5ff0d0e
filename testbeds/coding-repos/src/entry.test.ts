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
});
