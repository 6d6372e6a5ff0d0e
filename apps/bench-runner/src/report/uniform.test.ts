import type { Sample } from '@recovery-bench/analysis';
import { describe, expect, it } from 'vitest';
import { uniformOutcome } from './summarize.ts';

const sample = (system: string, condition: string, value: number, outcome: Sample['outcome'] = value === 1 ? 'pass' : 'fail'): Sample =>
  ({ benchmark: 'echo', system, model: 'm', task: `${system}-${condition}`, condition, value, outcome });

describe('a run whose samples all ended the same way', () => {
  it('is said, with the generic policy named on the sim engine', () => {
    const samples = [sample('off', 'transient', 0), sample('proxy-c3', 'transient', 0), sample('off', 'control', 0)];
    const [warning] = uniformOutcome(samples, true);
    expect(warning).toMatch(/^Every one of the 3 samples scored 0 \(2 systems, 2 conditions\): the run cannot tell the systems apart\. On the sim engine /);
    expect(warning).toContain('`key=value`');
    expect(uniformOutcome(samples, false)[0]).toMatch(/Check the tasks' tools and scorer on one sample/);
  });

  it('says errors as errors', () => {
    expect(uniformOutcome([sample('off', 'x', 0, 'error'), sample('c3', 'x', 0, 'error')], false)[0]).toMatch(/^Every one of the 2 samples ended in an error/);
  });

  it('is silent when any sample differs, or with one sample', () => {
    expect(uniformOutcome([sample('off', 'x', 0), sample('c3', 'x', 1)], true)).toEqual([]);
    expect(uniformOutcome([sample('off', 'x', 0), sample('c3', 'x', 0, 'error')], true)).toEqual([]);
    expect(uniformOutcome([sample('off', 'x', 0)], true)).toEqual([]);
  });
});
