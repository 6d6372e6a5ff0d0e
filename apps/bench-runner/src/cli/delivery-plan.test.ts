import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

describe('recovery-bench delivery plan', () => {
  it('answers with a number of scenarios, the power there and its simulation error', async () => {
    const r = await runCli(['delivery', 'plan', '--profile', 'paper/llama-3.1-8b', '--effect', '5', '--simulations', '500']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^plan: paper\/llama-3\.1-8b \(simulated rates\), C3 over C2 by \+5\.0 points/);
    expect(r.stdout).toMatch(/scenarios needed for 80\.0% power: \d+ \(\d+ pairs per form\)/);
    expect(r.stdout).toMatch(/simulated power at \d+: \d+\.\d% ± \d+\.\d% \(simulation standard error\)/);
    const json = JSON.parse((await runCli(['delivery', 'plan', '--profile', 'paper/llama-3.1-8b', '--json', '--simulations', '500'])).stdout);
    expect(json).toMatchObject({ profile: 'paper/llama-3.1-8b', form: 'C3', baselineForm: 'C2' });
    expect(json.scenarios).toBeGreaterThan(5);
    expect(json.compared.unrecoverable).toBe(0.98);
  }, 60_000);

  it('user mistakes are one line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['delivery', 'plan'], /needs --profile/],
      [['delivery', 'plan', '--profile', 'paper/qwen3-8b', '--effect', '5'], /cannot be reached/],
      [['delivery', 'plan', '--profile', 'paper/qwen3-8b', '--form', 'C9'], /--form must be one of/],
      [['delivery', 'plan', '--profile', 'llama-3.1-8b-nope'], /did you mean|unknown/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  }, 60_000);
});
