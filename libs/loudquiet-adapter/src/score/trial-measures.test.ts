import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../records/pyjson.ts';
import { recoveryMeasures } from './trial-measures.ts';

/** A trajectory record with just what the measures read: the fault step and the tool results. */
function record(faultStep: number | null, results: readonly [step: number, tool: string, args: string][]): ReturnType<typeof parsePyJson> {
  const events = results.map(([step, tool, args]) => `{"type": "tool_result", "turn": 0, "step": ${step}, "tool": "${tool}", "args": ${args}, "ok": true, "faulted": false, "result": "{}"}`);
  return parsePyJson(`{"env_summary": {"fault_step": ${faultStep === null ? 'null' : faultStep}}, "transcript": [${events.join(', ')}]}`);
}

describe('recovery measures', () => {
  it('scores replanned only against the failed call\'s own event', () => {
    // The first call after the fault differs from the failed one: replanned.
    expect(recoveryMeasures(record(2, [[1, 'ls', '{}'], [2, 'cd', '{"folder": "a"}'], [3, 'mkdir', '{"dir_name": "b"}']])).replanned).toBe(true);
    // It repeats the failed call (same tool, same arguments): not replanned.
    expect(recoveryMeasures(record(2, [[1, 'ls', '{}'], [2, 'cd', '{"folder": "a"}'], [3, 'cd', '{"folder": "a"}']])).replanned).toBe(false);
  });

  it('says not replanned when the fault step left no event (E2 retried the call inside the tool layer)', () => {
    // E2's hidden retries: the environment counted the failed step 2, but the transcript holds only the retry's result.
    const hidden = record(2, [[1, 'ls', '{}'], [3, 'cd', '{"folder": "a"}'], [4, 'mkdir', '{"dir_name": "b"}']]);
    expect(recoveryMeasures(hidden)).toEqual({ replanned: false, perseveration: false, repeatIdentical: false });
  });

  it('is all false when the fault never fired', () => {
    expect(recoveryMeasures(record(null, [[1, 'ls', '{}'], [2, 'cd', '{}']]))).toEqual({ replanned: false, perseveration: false, repeatIdentical: false });
  });
});
