import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { didYouMean } from './main.ts';

describe('recovery-bench', () => {
  it('suggests the closest command on a miss', async () => {
    expect(didYouMean('layr', ['layer', 'proxy'])).toBe('layer');
    expect(didYouMean('zzzzzz', ['layer', 'proxy'])).toBeUndefined();
    const r = await runCli(['layr']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('recovery-bench: unknown command "layr" (did you mean "layer"?); see `recovery-bench help`\n');
  });

  it('lists its commands', async () => {
    const r = await runCli(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: recovery-bench <command>/);
    expect(r.stdout).toMatch(/\n {2}layer +run the recovery layer/);
  });
});
